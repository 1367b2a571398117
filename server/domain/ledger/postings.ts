/**
 * The entry rules of a charge's money, one function per cause (the table is in the spec's Balance chapter). Each is
 * called inside the database transaction that makes the change it records, and posts under the cause's id, so work
 * that runs twice finds its entry written (`UNIQUE (type, source_id, merchant_id)`).
 */
import type { Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import { post } from './entries';

/** The entry types that move a charge's gross money in and out of the balance (fees and holds are apart). */
export const GROSS_TYPES = ['settlement', 'refund', 'chargeback'] as const;

/** A receivable became `paid`: its gross is credited and its fee debited, both caused by the receivable. */
export async function postSettlement(
  q: Queryable,
  scope: Scope,
  r: { id: string; gross_amount: number; fee: number },
  transactionId: string,
  at: Date,
): Promise<void> {
  if (r.gross_amount > 0) {
    await post(q, scope, { type: 'settlement', amount: r.gross_amount, source: { kind: 'receivable', id: r.id }, transactionId, description: `Settlement of ${r.id}` }, at);
  }
  if (r.fee > 0) {
    await post(q, scope, { type: 'fee', amount: -r.fee, source: { kind: 'receivable', id: r.id }, transactionId, description: `Processing fee of ${r.id}` }, at);
  }
}

/** The part of a succeeded refund that came out of settled money (the rest only changed the schedule). */
export async function postRefund(q: Queryable, scope: Scope, refundId: string, transactionId: string, fromBalance: number, at: Date): Promise<void> {
  if (fromBalance <= 0) return;
  await post(q, scope, { type: 'refund', amount: -fromBalance, source: { kind: 'refund', id: refundId }, transactionId, description: `Refund ${refundId}` }, at);
}

/** A dispute opened: its whole amount is held until it is decided. */
export async function postDisputeHold(q: Queryable, scope: Scope, disputeId: string, transactionId: string, amount: number, at: Date): Promise<void> {
  await post(q, scope, { type: 'dispute_hold', amount: -amount, source: { kind: 'dispute', id: disputeId }, transactionId, description: `Hold for dispute ${disputeId}` }, at);
}

/** A dispute decided (won or lost): its hold is released. */
export async function postDisputeRelease(q: Queryable, scope: Scope, disputeId: string, transactionId: string, amount: number, at: Date): Promise<void> {
  await post(q, scope, { type: 'dispute_release', amount, source: { kind: 'dispute', id: disputeId }, transactionId, description: `Release of dispute ${disputeId}` }, at);
}

/** A dispute lost: the part of its amount that had settled is debited (the rest is taken from the schedule). */
export async function postChargeback(q: Queryable, scope: Scope, disputeId: string, transactionId: string, fromBalance: number, at: Date): Promise<void> {
  if (fromBalance <= 0) return;
  await post(q, scope, { type: 'chargeback', amount: -fromBalance, source: { kind: 'dispute', id: disputeId }, transactionId, description: `Chargeback of dispute ${disputeId}` }, at);
}

/**
 * What of a charge's gross money is in one merchant's balance now: its settlements less its refunds and chargebacks
 * (a split charge's money is in several balances: the charge's merchant's and each recipient's).
 */
export async function grossInBalance(q: Queryable, transactionId: string, merchantId: string): Promise<number> {
  const res = await q.query<{ amount: string }>(
    `SELECT COALESCE(sum(amount), 0)::bigint::text AS amount FROM ledger_entries
      WHERE transaction_id = $1 AND merchant_id = $2 AND type IN ('settlement', 'refund', 'chargeback')`,
    [transactionId, merchantId],
  );
  return Number(res.rows[0]!.amount);
}
