/**
 * The recurring plan a subscription copies from its variant when it starts. Later changes of the variant (a new
 * price, disabling it) never reach a subscription already running: it keeps the copy.
 */
import type { Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import { variantDisabled, variantNotFound, variantNotRecurring } from './errors';
import { cyclesOf, daysTrialOf, type BillingFrequency, type BillingType, type TrialInterval } from './pricing';
import { findVariant } from './repo';

export interface RecurringPlan {
  variantId: string;
  /** Cents charged each cycle (the variant's `unitPrice`). */
  amount: number;
  currency: 'BRL';
  billingType: BillingType;
  billingFrequency: BillingFrequency;
  billingFrequencyCount: number;
  /** Day of the month (1–31) monthly and yearly cycles fall on; null: the anniversary of the start. */
  billingExactDay: number | null;
  /** Cycles of a fixed-term plan; null when it renews until canceled. */
  cycles: number | null;
  trialInterval: TrialInterval | null;
  trialIntervalCount: number;
  /** Trial length in days (a week 7, a month 30); 0 without trial. */
  daysTrial: number;
}

/**
 * The variant's recurring pricing. 404 `variantNotFound` when this merchant and mode have no such variant; 422
 * `variantDisabled` when it or its product is disabled, `variantNotRecurring` when its price is one-time.
 */
export async function recurringPlanOf(q: Queryable, scope: Scope, variantId: string): Promise<RecurringPlan> {
  const v = await findVariant(q, scope, variantId);
  if (!v) throw variantNotFound(variantId);
  if (!v.enabled || !v.product_enabled) throw variantDisabled(variantId, v.enabled);
  if (v.price_type !== 'recurring' || !v.billing_type || !v.billing_frequency || v.billing_frequency_count === null) {
    throw variantNotRecurring(variantId);
  }
  const trial = { trialInterval: v.trial_interval, trialIntervalCount: v.trial_interval_count };
  return {
    variantId: v.id,
    amount: v.unit_price,
    currency: 'BRL',
    billingType: v.billing_type,
    billingFrequency: v.billing_frequency,
    billingFrequencyCount: v.billing_frequency_count,
    billingExactDay: v.billing_exact_day,
    cycles: cyclesOf(v.cycles),
    ...trial,
    daysTrial: daysTrialOf(trial),
  };
}
