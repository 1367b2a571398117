/**
 * The balance of a merchant and mode, read in one round trip: `available` is the sum of the ledger entries and
 * `pending` what the pending receivables will settle net of their fees, per currency. Nothing stored can drift.
 */
import type { Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';

export interface CurrencyBalance {
  currency: 'BRL';
  available: number;
  pending: number;
}

/** The merchant's own currency, listed even before its first entry so the answer is never empty. */
const HOME_CURRENCY = 'BRL';

export async function balanceOf(q: Queryable, scope: Scope): Promise<CurrencyBalance[]> {
  const res = await q.query<{ currency: string; available: string; pending: string }>(
    `WITH available AS (
       SELECT currency, sum(amount) AS amount FROM ledger_entries
        WHERE merchant_id = $1 AND mode = $2 GROUP BY currency
     ), pending AS (
       SELECT t.currency, sum(r.amount) AS amount FROM receivables r JOIN transactions t ON t.id = r.transaction_id
        WHERE t.merchant_id = $1 AND t.mode = $2 AND r.status = 'pending' GROUP BY t.currency
     ), currencies AS (
       SELECT currency FROM available UNION SELECT currency FROM pending UNION SELECT $3::text
     )
     SELECT c.currency, COALESCE(a.amount, 0)::bigint::text AS available, COALESCE(p.amount, 0)::bigint::text AS pending
       FROM currencies c LEFT JOIN available a ON a.currency = c.currency LEFT JOIN pending p ON p.currency = c.currency
      ORDER BY c.currency`,
    [scope.merchantId, scope.mode, HOME_CURRENCY],
  );
  // v1 settles in BRL only (the column's default and the spec's enum); another currency would be a bug upstream.
  return res.rows.map((r) => {
    if (r.currency !== 'BRL') throw new Error(`balance in an unsupported currency: ${r.currency}`);
    return { currency: r.currency, available: Number(r.available), pending: Number(r.pending) };
  });
}
