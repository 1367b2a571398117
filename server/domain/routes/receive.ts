/**
 * A Pix received at a route's PSP, however it was learnt (the PSP's notification, a poll of its charge, the sweep of
 * its received list), moves the charge through the same engine as the simulator's `pay`: approved, receivables and
 * ledger, `transaction.approved`, the checkout and the billing cycle that follow it. Exactly once: every Pix is kept
 * in `pix_received` under its end-to-end id, written in the same database transaction as the approval, so a
 * repeated notification, or a notification and a sweep at once, finds it there and does nothing.
 *
 * A Pix that cannot approve its charge is never dropped: it is kept with what it found, for an operator
 * (`npm run admin -- routes received`):
 *
 * | found | outcome | the charge |
 * |---|---|---|
 * | the charge pending or awaiting, issued on this route, the same amount | `applied` | approved |
 * | not the charge's amount | `amount-mismatch` | stays pending; a timeline entry says what came |
 * | the charge still being issued (the route's answer not recorded yet) | `held` | applied by the next sweep |
 * | the charge approved, canceled, failed, or standing on another code | `settled` | unchanged; a timeline entry |
 * | no charge of ours has its txid | `unknown` | - |
 */
import type { Queryable } from '../../db/types';
import type { PixReceived } from '../../payments/api-pix/route';
import { changeTransaction, type Change } from '../transactions/change';
import type { Engine } from '../transactions/engine';
import { approve } from '../transactions/settle';

export type ReceivedOutcome = 'applied' | 'held' | 'unknown' | 'settled' | 'amount-mismatch';
export type ReceivedSource = 'notification' | 'poll' | 'sweep';

/** What one Pix did: its outcome, or `repeated` when it had been recorded already (nothing done again). */
export interface Received {
  outcome: ReceivedOutcome | 'repeated';
  transactionId: string | null;
}

/** An amount in words for a timeline note (`BRL 123.45`). */
export const brl = (cents: number) => `BRL ${(cents / 100).toFixed(2)}`;

async function priorOf(q: Queryable, routeId: string, e2eid: string, lock: boolean): Promise<ReceivedOutcome | null> {
  const res = await q.query<{ outcome: ReceivedOutcome }>(
    `SELECT outcome FROM pix_received WHERE route_id = $1 AND end_to_end_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [routeId, e2eid],
  );
  return res.rows[0]?.outcome ?? null;
}

async function keep(q: Queryable, routeId: string, pix: PixReceived, transactionId: string | null, outcome: ReceivedOutcome, source: ReceivedSource): Promise<boolean> {
  const res = await q.query(
    `INSERT INTO pix_received (route_id, end_to_end_id, txid, amount, paid_at, transaction_id, outcome, source, payload, received_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now(), now())
     ON CONFLICT (route_id, end_to_end_id) DO UPDATE SET outcome = EXCLUDED.outcome, source = EXCLUDED.source, updated_at = now()
       WHERE pix_received.outcome = 'held'`,
    [routeId, pix.endToEndId, pix.txid, pix.amount, pix.paidAt, transactionId, outcome, source, JSON.stringify(pix.payload)],
  );
  return (res.rowCount ?? 0) > 0;
}

/**
 * The charge a txid of the route belongs to, and the authorization key it was created under, from the record the
 * route wrote before it created the charge.
 */
async function chargeOf(q: Queryable, routeId: string, txid: string | null): Promise<{ transactionId: string; key: string } | null> {
  if (!txid) return null;
  const res = await q.query<{ transaction_id: string; idempotency_key: string }>(
    `SELECT transaction_id, idempotency_key FROM api_pix_charges WHERE route_id = $1 AND txid = $2`,
    [routeId, txid],
  );
  const r = res.rows[0];
  return r ? { transactionId: r.transaction_id, key: r.idempotency_key } : null;
}

/** Under the charge's row lock: what the Pix, paid on the charge created under `key`, does to it. */
async function decide(c: Change, routeId: string, key: string, pix: PixReceived): Promise<ReceivedOutcome> {
  const t = c.row;
  const route = t.processing.route;
  if (t.status !== 'pending' && t.status !== 'awaiting') {
    await c.timeline('note', `PIX of ${brl(pix.amount)} received after the charge was ${t.status}: kept for review, not applied`, { endToEndId: pix.endToEndId, route: routeId }, `pix-received:${pix.endToEndId}`);
    return 'settled';
  }
  if (!route) return 'held';
  if (route.provider !== routeId || route.key !== key) {
    // A code the charge no longer stands on (another route's, or one this route's void was releasing).
    await c.timeline('note', `PIX of ${brl(pix.amount)} received on a code of route ${routeId} the charge was not issued on: kept for review`, { endToEndId: pix.endToEndId, route: routeId }, `pix-received:${pix.endToEndId}`);
    return 'settled';
  }
  // A cancel may be open (sent, not confirmed): the Pix proves the PSP's charge was paid, so it was not removed (a
  // paid charge cannot be); the cancel, when confirmed, finds the charge approved and the PSP refusing it.
  if (pix.amount !== t.amount) {
    await c.timeline(
      'note',
      `PIX of ${brl(pix.amount)} received for a charge of ${brl(t.amount)}: not approved, kept for review`,
      { endToEndId: pix.endToEndId, route: routeId, received: pix.amount, expected: t.amount },
      `pix-received:${pix.endToEndId}`,
    );
    return 'amount-mismatch';
  }
  // The end-to-end id the payer's institution gave the Pix is the receivables' authorization code, as in the sandbox.
  await approve(c, pix.amount, pix.endToEndId);
  return 'applied';
}

/** Applies one Pix received on route `routeId` (the file's header): once, whatever repeats it. */
export async function receivePix(engine: Pick<Engine, 'db'>, routeId: string, pix: PixReceived, source: ReceivedSource): Promise<Received> {
  const charge = await chargeOf(engine.db, routeId, pix.txid);
  if (!charge) {
    const kept = await keep(engine.db, routeId, pix, null, 'unknown', source);
    return { outcome: kept ? 'unknown' : 'repeated', transactionId: null };
  }
  const { transactionId } = charge;
  const out = await changeTransaction(engine.db, { id: transactionId }, async (c): Promise<Received> => {
    const prior = await priorOf(c.q, routeId, pix.endToEndId, true);
    if (prior !== null && prior !== 'held') return { outcome: 'repeated', transactionId };
    const outcome = await decide(c, routeId, charge.key, pix);
    if (outcome === 'held' && prior === 'held') return { outcome: 'held', transactionId };
    await keep(c.q, routeId, pix, transactionId, outcome, source);
    return { outcome, transactionId };
  });
  if (!out) throw new Error(`the charge ${transactionId} of txid ${pix.txid} vanished`);
  return out.value;
}

/** The Pix of the route still `held` (their charge was not ready): the sweep applies them again. */
export async function heldPix(q: Queryable, routeId: string): Promise<PixReceived[]> {
  const res = await q.query<{ end_to_end_id: string; txid: string | null; amount: string; paid_at: Date | null; payload: Record<string, unknown> }>(
    `SELECT end_to_end_id, txid, amount::text AS amount, paid_at, payload FROM pix_received WHERE route_id = $1 AND outcome = 'held' ORDER BY received_at LIMIT 500`,
    [routeId],
  );
  return res.rows.map((r) => ({
    endToEndId: r.end_to_end_id,
    txid: r.txid,
    amount: Number(r.amount),
    paidAt: r.paid_at ? new Date(r.paid_at).toISOString() : null,
    devolucoes: [],
    payload: r.payload,
  }));
}
