/**
 * How a checkout session ends. Completion is called by the transaction engine inside the database transaction that
 * approved a charge made in the session (`changeTransactionIn`), abandonment by the session's `checkout.abandon` job
 * at `expires_at`. Each is one conditional move out of `open` (sessions-repo), so whichever comes first wins, and a
 * repeated approval (a dispute won), a re-run job or a second worker changes nothing and records no second event.
 */
import type { Db, Queryable } from '../../db/types';
import { recordEvent, type EventType } from '../../webhooks/outbox';
import { merchantOf } from '../access/merchants';
import type { TransactionRow } from '../transactions/repo';
import * as repo from './sessions-repo';
import { sessionView } from './view';

async function emitSession(q: Queryable, s: repo.SessionRow, type: Extract<EventType, `checkout.${string}`>, at: Date): Promise<void> {
  const object = sessionView(s, await merchantOf(q, s.merchant_id));
  await recordEvent(q, { merchantId: s.merchant_id, mode: s.mode }, { type, resource: 'checkout', resourceId: s.id, object }, at);
}

/**
 * A change of a charge tagged with a session recorded `events`: its approval completes the session if still open
 * (the link counts one more completed payment, and `checkout.completed` is recorded). An approval after the session
 * was abandoned leaves it abandoned: the charge is an ordinary approved transaction all the same.
 */
export async function checkoutOutcome(q: Queryable, t: TransactionRow, events: readonly EventType[], at: Date): Promise<void> {
  if (!t.checkout_session_id || !events.includes('transaction.approved')) return;
  const s = await repo.completeSession(q, t.checkout_session_id, { transactionId: t.id, method: t.method, amount: t.captured_amount }, at);
  if (!s) return;
  await repo.countCompletion(q, s.payment_link_id);
  await emitSession(q, s, 'checkout.completed', at);
}

/** `checkout.abandon`: a session still open at its `expires_at` is abandoned, with `checkout.abandoned`. */
export async function abandonCheckout(db: Db, sessionId: string): Promise<void> {
  await db.transaction(async (q) => {
    const at = new Date();
    const s = await repo.abandonSession(q, sessionId, at);
    if (s) await emitSession(q, s, 'checkout.abandoned', at);
  });
}
