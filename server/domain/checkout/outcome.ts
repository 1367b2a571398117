/**
 * How a checkout session ends. Completion is called by the transaction engine inside the database transaction that
 * approved a charge made in the session (`changeTransactionIn`), or by a recurring link's subscription that starts
 * with a trial (`completeTrialing`); abandonment by the session's `checkout.abandon` job at `expires_at`. Each is one
 * conditional move out of `open` (sessions-repo), so whichever comes first wins, and a repeated approval (a dispute
 * won), a re-run job or a second worker changes nothing and records no second event.
 */
import type { Db, Queryable } from '../../db/types';
import { findMethod } from '../../payments/methods';
import { recordEvent, type EventType } from '../../webhooks/outbox';
import { merchantOf } from '../access/merchants';
import type { TransactionRow } from '../transactions/repo';
import { ENDED_UNPAID_EVENTS } from '../transactions/status';
import type { LinkMethod } from './links-repo';
import { givePlaceBack, placeCompleted } from './places';
import * as repo from './sessions-repo';
import { livePayment } from './under-way';
import { sessionView } from './view';

async function emitSession(q: Queryable, s: repo.SessionRow, type: Extract<EventType, `checkout.${string}`>, at: Date): Promise<void> {
  const object = sessionView(s, await merchantOf(q, s.merchant_id));
  await recordEvent(q, { merchantId: s.merchant_id, mode: s.mode }, { type, resource: 'checkout', resourceId: s.id, object }, at);
}

/**
 * A change of a charge tagged with a session recorded `events`: its approval completes the session if still open
 * (the link counts one more completed payment, from the place the payment held, and `checkout.completed` is
 * recorded). A charge approved after its session was abandoned (processed late: its place was kept for it) leaves
 * the session abandoned, with no new event, but the session takes the charge and its amount and the link counts the
 * payment: once, since the session takes one approval only (a dispute won re-approves the same charge). A charge
 * that ended unpaid gives the session's place back: the session has no other payment under way, since it starts one
 * only once the previous one ended.
 */
export async function checkoutOutcome(q: Queryable, t: TransactionRow, events: readonly EventType[], at: Date): Promise<void> {
  if (!t.checkout_session_id) return;
  if (events.some((e) => ENDED_UNPAID_EVENTS.includes(e))) return givePlaceBack(q, t.checkout_session_id);
  if (!events.includes('transaction.approved')) return;
  const approval = { transactionId: t.id, method: t.method, amount: t.captured_amount };
  const s = await repo.completeSession(q, t.checkout_session_id, approval, at);
  if (s) {
    await placeCompleted(q, s.id, s.payment_link_id);
    await emitSession(q, s, 'checkout.completed', at);
    return;
  }
  const late = await repo.approveAbandoned(q, t.checkout_session_id, approval, at);
  if (late) await placeCompleted(q, late.id, late.payment_link_id);
}

/**
 * A recurring link's subscription that starts with a trial charges nothing now: the session is completed at once
 * (with no transaction and an `approvedAmount` of 0), counted on the link, with `checkout.completed`. Runs in the
 * database transaction that writes the subscription.
 */
export async function completeTrialing(q: Queryable, sessionId: string, method: LinkMethod, at: Date): Promise<void> {
  const s = await repo.completeSession(q, sessionId, { transactionId: null, method, amount: 0 }, at);
  if (!s) return;
  await placeCompleted(q, s.id, s.payment_link_id);
  await emitSession(q, s, 'checkout.completed', at);
}

/** After a PIX's or billet's expiry, how long the job waits before it looks again (the expiry job cancels it first). */
const AFTER_EXPIRY_MS = 60_000;
/** How long past its expiry a charge still pending keeps its session open (an expiry job stuck or retrying). */
const EXPIRY_GRACE_MS = 3_600_000;

/**
 * When the session's latest charge can still be paid, the time to look again: a PIX or billet not yet paid nor
 * canceled, a little after its `expirationDate` (a billet is payable for days, a session lives 24 hours by default).
 * Null when nothing can still be paid, or the charge is past its expiry by more than the grace.
 */
async function payableUntil(q: Queryable, s: repo.SessionRow, now: Date): Promise<Date | null> {
  if (!s.transaction_id) return null;
  const res = await q.query<{ method: string; status: string; expiry: string | null }>(
    `SELECT method, status, payment->>'expirationDate' AS expiry FROM transactions WHERE id = $1`,
    [s.transaction_id],
  );
  const t = res.rows[0];
  // A code the payer pays later (a QR code, a billet) can still be paid until its expiry; a card's outcome is known.
  if (!t || findMethod(t.method)?.flow !== 'issue' || !['pending', 'awaiting'].includes(t.status) || !t.expiry) return null;
  const expiry = Date.parse(t.expiry);
  if (now.getTime() >= expiry + EXPIRY_GRACE_MS) return null;
  return new Date(Math.max(expiry, now.getTime()) + AFTER_EXPIRY_MS);
}

/**
 * `checkout.abandon`: a session still open at its `expires_at` is abandoned, with `checkout.abandoned`, unless its
 * charge can still be paid: the job then comes back after that charge's expiry, so a billet paid on its second day
 * completes the session as any payment does. An abandoned session gives its place back unless its payment is still
 * under way (a card processed late, a PIX whose expiry is late): that payment keeps it until it ends.
 */
export async function abandonCheckout(db: Db, sessionId: string): Promise<void | { retryAt: Date }> {
  return db.transaction(async (q) => {
    const at = new Date();
    // Locked: a charge approved meanwhile completes the session before this looks, or after it abandoned it.
    const s = await repo.selectSession(q, sessionId, true);
    if (!s || s.status !== 'open') return;
    const retryAt = await payableUntil(q, s, at);
    if (retryAt) return { retryAt };
    const done = await repo.abandonSession(q, sessionId, at);
    if (!done) return;
    if (!(await livePayment(q, done))) await givePlaceBack(q, done.id);
    await emitSession(q, done, 'checkout.abandoned', at);
  });
}
