/**
 * The split rule of a subscription is a template: each cycle's charge gets a copy of it at billing time
 * (`transactions.splits`), and the charge's receivables are divided by that copy, so a later change of the rule
 * never rewrites a charge already made.
 */
import type { Queryable } from '../../db/types';

/** One recipient's share as copied onto a charge. `value`: hundredths of a percent (`percentage`) or cents (`fixed`). */
export interface AppliedSplit {
  splitId: string;
  recipient: string;
  type: 'percentage' | 'fixed';
  value: number;
  liable: boolean;
  chargeProcessingFee: boolean;
}

/** The subscription's split rule as it stands, to copy onto a cycle's charge; null when the subscription has none. */
export async function splitTemplateOf(q: Queryable, subscriptionId: string): Promise<AppliedSplit[] | null> {
  const res = await q.query<AppliedSplit & { value: string | number }>(
    `SELECT id AS "splitId", recipient_id AS recipient, type, value, liable, charge_processing_fee AS "chargeProcessingFee"
       FROM subscription_splits WHERE subscription_id = $1 ORDER BY seq`,
    [subscriptionId],
  );
  if (res.rows.length === 0) return null;
  return res.rows.map((r) => ({ ...r, value: Number(r.value) }));
}
