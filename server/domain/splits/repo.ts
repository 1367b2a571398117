/** SQL of subscription splits and of what a split is checked against (its subscription, its recipient). */
import type { Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import type { CardBrand, PaymentMethod } from '../fees/plan';
import type { AppliedSplit } from './template';

export interface SplitRow extends AppliedSplit {
  createdAt: Date;
  updatedAt: Date;
}

/** What a split rule is checked against: the subscription's charge. */
export interface SubscriptionForSplits {
  id: string;
  merchantId: string;
  status: string;
  amount: number;
  method: PaymentMethod;
  brand: CardBrand | null;
}

const SPLIT_COLUMNS = `id AS "splitId", recipient_id AS recipient, type, value::text AS value, liable,
  charge_processing_fee AS "chargeProcessingFee", created_at AS "createdAt", updated_at AS "updatedAt"`;

type RawSplit = Omit<SplitRow, 'value'> & { value: string };
const parse = (r: RawSplit): SplitRow => ({ ...r, value: Number(r.value) });

/**
 * The subscription of the key's merchant and mode, its row locked until the caller's transaction ends: split
 * writes of one subscription run one at a time, so two of them cannot each pass the totals check alone. A read
 * passes `lock` false.
 */
export async function lockSubscription(q: Queryable, scope: Scope, id: string, lock = true): Promise<SubscriptionForSplits | null> {
  const res = await q.query<Omit<SubscriptionForSplits, 'amount'> & { amount: string }>(
    `SELECT id, merchant_id AS "merchantId", status, amount::text AS amount, payment_method AS method,
            card->>'brand' AS brand
       FROM subscriptions WHERE merchant_id = $1 AND mode = $2 AND id = $3${lock ? ' FOR UPDATE' : ''}`,
    [scope.merchantId, scope.mode, id],
  );
  const row = res.rows[0];
  return row ? { ...row, amount: Number(row.amount) } : null;
}

/** The splits of a subscription, oldest first (the order they divide a charge in). */
export async function listSplits(q: Queryable, subscriptionId: string): Promise<SplitRow[]> {
  return (await listSplitsOf(q, [subscriptionId])).get(subscriptionId) ?? [];
}

/** The splits of each of the subscriptions `ids` (a page of them), oldest first, in one query. */
export async function listSplitsOf(q: Queryable, ids: readonly string[]): Promise<Map<string, SplitRow[]>> {
  const out = new Map<string, SplitRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const res = await q.query<RawSplit & { subscriptionId: string }>(
    `SELECT subscription_id AS "subscriptionId", ${SPLIT_COLUMNS}
       FROM subscription_splits WHERE subscription_id = ANY ($1::text[]) ORDER BY seq`,
    [ids],
  );
  for (const { subscriptionId, ...r } of res.rows) out.get(subscriptionId)?.push(parse(r));
  return out;
}

export async function insertSplit(q: Queryable, scope: Scope, subscriptionId: string, s: AppliedSplit, at: Date): Promise<SplitRow> {
  const res = await q.query<RawSplit>(
    `INSERT INTO subscription_splits (id, subscription_id, merchant_id, mode, recipient_id, type, value, liable,
       charge_processing_fee, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING ${SPLIT_COLUMNS}`,
    [s.splitId, subscriptionId, scope.merchantId, scope.mode, s.recipient, s.type, s.value, s.liable, s.chargeProcessingFee, at],
  );
  return parse(res.rows[0]!);
}

export async function updateSplit(q: Queryable, splitId: string, s: Pick<AppliedSplit, 'type' | 'value'>, at: Date): Promise<SplitRow> {
  const res = await q.query<RawSplit>(
    `UPDATE subscription_splits SET type = $2, value = $3, updated_at = $4 WHERE id = $1 RETURNING ${SPLIT_COLUMNS}`,
    [splitId, s.type, s.value, at],
  );
  return parse(res.rows[0]!);
}

export async function deleteSplit(q: Queryable, splitId: string): Promise<void> {
  await q.query('DELETE FROM subscription_splits WHERE id = $1', [splitId]);
}

/** The parent of a merchant when it is a sub-account; null for a merchant that is not (or does not exist). */
export async function parentOf(q: Queryable, merchantId: string): Promise<string | null> {
  const res = await q.query<{ parent_id: string | null }>('SELECT parent_id FROM merchants WHERE id = $1', [merchantId]);
  return res.rows[0]?.parent_id ?? null;
}
