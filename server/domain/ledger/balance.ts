/**
 * The balance of a merchant and mode, read in one statement (one snapshot): `reserved` is its part of the refunds
 * still `pending` (of its own charges, and as a liable split recipient of other merchants' charges), `available` the sum of the ledger entries less `reserved` (what a withdrawal can take), and
 * `pending` what its pending receivables will settle net of their fees (its own charges' share, and its split shares of
 * other merchants' charges when it is a recipient), per currency. Nothing stored can drift.
 */
import type { Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';

export interface CurrencyBalance {
  currency: 'BRL';
  available: number;
  reserved: number;
  pending: number;
}

/** The merchant's own currency, listed even before its first entry so the answer is never empty. */
const HOME_CURRENCY = 'BRL';

export async function balanceOf(q: Queryable, scope: Scope): Promise<CurrencyBalance[]> {
  // One statement, so the ledger and the refunds are read in the same snapshot: a refund that succeeds meanwhile
  // (its debit written, its reservation gone) is seen entirely or not at all, never counted twice nor missed.
  const res = await q.query<{ currency: string; ledger: string; reserved: string; pending: string }>(
    `WITH ledger AS (
       SELECT currency, sum(amount) AS amount FROM ledger_entries
        WHERE merchant_id = $1 AND mode = $2 GROUP BY currency
     ), reserved AS (
       SELECT t.currency, sum(b.amount) AS amount FROM refund_burdens b JOIN refunds f ON f.id = b.refund_id
         JOIN transactions t ON t.id = f.transaction_id
        WHERE b.merchant_id = $1 AND t.mode = $2 AND f.status = 'pending' GROUP BY t.currency
     ), pending AS (
       SELECT t.currency, sum(r.amount) AS amount FROM receivables r JOIN transactions t ON t.id = r.transaction_id
        WHERE r.recipient = $1 AND t.mode = $2 AND r.status = 'pending' GROUP BY t.currency
     ), currencies AS (
       SELECT currency FROM ledger UNION SELECT currency FROM reserved UNION SELECT currency FROM pending
       UNION SELECT $3::text
     )
     SELECT c.currency, COALESCE(l.amount, 0)::bigint::text AS ledger, COALESCE(s.amount, 0)::bigint::text AS reserved,
            COALESCE(p.amount, 0)::bigint::text AS pending
       FROM currencies c LEFT JOIN ledger l ON l.currency = c.currency LEFT JOIN reserved s ON s.currency = c.currency
       LEFT JOIN pending p ON p.currency = c.currency
      ORDER BY c.currency`,
    [scope.merchantId, scope.mode, HOME_CURRENCY],
  );
  // v1 settles in BRL only (the column's default and the spec's enum); another currency would be a bug upstream.
  return res.rows.map((r) => {
    if (r.currency !== 'BRL') throw new Error(`balance in an unsupported currency: ${r.currency}`);
    const reserved = Number(r.reserved);
    return { currency: r.currency, available: Number(r.ledger) - reserved, reserved, pending: Number(r.pending) };
  });
}
