/**
 * Who bears money taken back from a charge (a refund, a chargeback), fixed when the taking starts so that what a party
 * has set aside is exactly what is later taken from it: a refund's parts are stored with it (`refund_burdens`) when it
 * is requested, a dispute's are its `dispute_hold` entries, one per party, written when it opens. Each party's balance
 * is locked, in merchant-id order (one order for every caller, so two changes never wait on each other in a circle),
 * before any of it is set aside or debited.
 */
import type { Scope } from '../../core/tenancy';
import { lockBalance } from '../ledger/entries';
import { burdens, type Burden } from '../splits/allocate';
import type { Change } from './change';

/**
 * What of the charge is already taken back or being taken, besides `exceptId`: refunds not failed and disputes not
 * won. Pending ones count: their parts are set aside now, so the next take's rounding starts where theirs ends (one
 * that then fails or is won leaves its parties bearing less, never more, than their share).
 */
export async function takenBefore(c: Change, exceptId: string): Promise<number> {
  const res = await c.q.query<{ n: string }>(
    `SELECT (COALESCE((SELECT sum(amount) FROM refunds WHERE transaction_id = $1 AND status <> 'failed' AND id <> $2), 0)
           + COALESCE((SELECT sum(amount) FROM disputes WHERE transaction_id = $1 AND status <> 'won' AND id <> $2), 0))::bigint::text AS n`,
    [c.row.id, exceptId],
  );
  return Number(res.rows[0]!.n);
}

/** The parties of a new take of `amount`: the merchant alone, or on a split charge as `burdens` divides it. */
export async function partiesOf(c: Change, causeId: string, amount: number): Promise<Burden[]> {
  if (!c.row.splits) return [{ split: null, merchantId: c.row.merchant_id, amount }];
  return burdens(c.row.splits, c.row.merchant_id, c.row.captured_amount, c.row.installments, amount, await takenBefore(c, causeId));
}

/** Locks the balances of the parties (and the charge's merchant's, always), in merchant-id order. */
export async function lockParties(c: Change, parties: readonly Burden[]): Promise<void> {
  const ids = [...new Set([c.row.merchant_id, ...parties.map((p) => p.merchantId)])].sort();
  for (const merchantId of ids) await lockBalance(c.q, scopeOf(c, merchantId));
}

/** The ledger a party's money of this charge is in: the party's own, in the charge's mode. */
export function scopeOf(c: Change, merchantId: string): Scope {
  return { merchantId, mode: c.row.mode };
}

/** A stored party back as a burden: the split it is paid by is the charge's split of that recipient. */
function partyOf(c: Change, merchantId: string, amount: number): Burden {
  if (merchantId === c.row.merchant_id) return { split: null, merchantId, amount };
  const split = c.row.splits?.find((s) => s.recipient === merchantId);
  if (!split) throw new Error(`${merchantId} bears part of ${c.row.id} but is none of its split recipients`);
  return { split, merchantId, amount };
}

/** Writes the parts of a new refund (those above 0), in the refund's transaction. */
export async function storeRefundParties(c: Change, refundId: string, parties: readonly Burden[]): Promise<void> {
  for (const p of parties) {
    if (p.amount <= 0) continue;
    await c.q.query(`INSERT INTO refund_burdens (refund_id, merchant_id, split_id, amount) VALUES ($1, $2, $3, $4)`, [
      refundId, p.merchantId, p.split?.splitId ?? null, p.amount,
    ]);
  }
}

/** The parts of a refund as they were set aside; a refund with none stored (older than them) is divided now. */
export async function refundParties(c: Change, refund: { id: string; amount: number }): Promise<Burden[]> {
  const res = await c.q.query<{ merchant_id: string; amount: string }>(
    `SELECT merchant_id, amount::bigint::text AS amount FROM refund_burdens WHERE refund_id = $1 ORDER BY merchant_id`,
    [refund.id],
  );
  if (res.rows.length === 0) return partiesOf(c, refund.id, refund.amount);
  return res.rows.map((r) => partyOf(c, r.merchant_id, Number(r.amount)));
}

/** The parts of a dispute as they were held; a dispute with no hold (opened before the ledger) is divided now. */
export async function disputeParties(c: Change, dispute: { id: string; amount: number }): Promise<Burden[]> {
  const res = await c.q.query<{ merchant_id: string; amount: string }>(
    `SELECT merchant_id, (-amount)::bigint::text AS amount FROM ledger_entries
      WHERE type = 'dispute_hold' AND source_id = $1 ORDER BY merchant_id`,
    [dispute.id],
  );
  if (res.rows.length === 0) return partiesOf(c, dispute.id, dispute.amount);
  return res.rows.map((r) => partyOf(c, r.merchant_id, Number(r.amount)));
}
