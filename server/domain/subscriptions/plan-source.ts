/**
 * The recurring plan of a variant. The catalogue's own reader (`domain/catalog/plan.ts` `recurringPlanOf`) takes
 * this one's place once merged: same signature, swapped in one import of create.ts.
 */
import type { Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import { ApiError } from '../../core/errors';
import type { Frequency, TrialInterval } from './calendar';

export interface RecurringPlan {
  amount: number;
  billingFrequency: Frequency;
  billingFrequencyCount: number;
  billingExactDay: number | null;
  /** Paid cycles of a fixed-term plan; null renews until canceled. */
  cycles: number | null;
  trialInterval: TrialInterval | null;
  trialIntervalCount: number;
  daysTrial: number;
  billingType: 'prepaid' | 'postpaid';
}

/** The variant's recurring plan; 404 `variantNotFound` when the merchant has no such variant, 422 when it is not recurring or disabled. */
export async function recurringPlanOf(q: Queryable, scope: Scope, variantId: string): Promise<RecurringPlan> {
  const res = await q.query<{
    enabled: boolean; price_type: string; unit_price: string | number; billing_frequency: Frequency | null;
    billing_frequency_count: number | null; billing_exact_day: number | null; cycles: number | null;
    trial_interval: TrialInterval | null; trial_interval_count: number; billing_type: 'prepaid' | 'postpaid' | null;
  }>(
    `SELECT enabled, price_type, unit_price, billing_frequency, billing_frequency_count, billing_exact_day, cycles,
            trial_interval, trial_interval_count, billing_type
       FROM variants WHERE merchant_id = $1 AND mode = $2 AND id = $3`,
    [scope.merchantId, scope.mode, variantId],
  );
  const v = res.rows[0];
  if (!v) throw new ApiError('variantNotFound', { message: `Variant ${variantId} was not found.` });
  const refuse = (why: string) =>
    new ApiError('unprocessableEntity', { resource: 'variant', message: `Variant ${variantId} ${why}.`, params: [{ variantId: why }] });
  if (!v.enabled) throw refuse('is disabled');
  if (v.price_type !== 'recurring' || !v.billing_frequency || !v.billing_frequency_count) throw refuse('has no recurring price');
  return {
    amount: Number(v.unit_price),
    billingFrequency: v.billing_frequency,
    billingFrequencyCount: v.billing_frequency_count,
    billingExactDay: v.billing_exact_day,
    cycles: v.cycles ? v.cycles : null,
    trialInterval: v.trial_interval,
    trialIntervalCount: v.trial_interval_count,
    daysTrial: v.trial_interval === 'day' ? v.trial_interval_count : 0,
    billingType: v.billing_type ?? 'prepaid',
  };
}
