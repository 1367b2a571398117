/**
 * Day-by-day figures of a merchant's charges in one mode, for the dashboard's charts: per São Paulo calendar day
 * (the merchants' day) and method, the charges made, those approved (their authorization succeeded: `approved`,
 * `pre-authorized`, and what only an approved charge becomes: `refunded`, `dispute`, `chargeback`), those declined
 * (`failed`, `refused`, `canceled`), and the approved amount in cents. A charge still undecided (`pending`,
 * `analyzing`, `fraud-review`, `awaiting`) counts in `total` only, so the approval rate is approved / (approved +
 * declined), as card networks and Stripe's dashboard count it.
 */
import type { Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import type { TransactionStatus } from './status';

export const APPROVED: readonly TransactionStatus[] = ['approved', 'pre-authorized', 'refunded', 'dispute', 'chargeback'];
export const DECLINED: readonly TransactionStatus[] = ['failed', 'refused', 'canceled'];

export interface DayFigures {
  /** `YYYY-MM-DD` in America/Sao_Paulo. */
  day: string;
  method: 'pix' | 'credit' | 'billet';
  total: number;
  approved: number;
  declined: number;
  approvedAmount: number;
}

/** The figures of every day from `since` on that had a charge (days without one are absent). */
export async function dailyFigures(q: Queryable, scope: Scope, since: Date): Promise<DayFigures[]> {
  const res = await q.query<{ day: string; method: DayFigures['method']; total: number; approved: number; declined: number; approved_amount: string }>(
    `SELECT to_char(created_at AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS day, method,
            count(*)::int AS total,
            count(*) FILTER (WHERE status = ANY ($4::text[]))::int AS approved,
            count(*) FILTER (WHERE status = ANY ($5::text[]))::int AS declined,
            coalesce(sum(amount) FILTER (WHERE status = ANY ($4::text[])), 0)::text AS approved_amount
       FROM transactions
      WHERE merchant_id = $1 AND mode = $2 AND created_at >= $3
      GROUP BY 1, 2
      ORDER BY 1, 2`,
    [scope.merchantId, scope.mode, since, APPROVED, DECLINED],
  );
  return res.rows.map((r) => ({ day: r.day, method: r.method, total: r.total, approved: r.approved, declined: r.declined, approvedAmount: Number(r.approved_amount) }));
}
