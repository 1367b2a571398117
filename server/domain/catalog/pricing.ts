/**
 * A variant's pricing as plain data, and the rules that make it consistent. The database keeps `cycles` 0 for a
 * plan that renews until canceled (migration 016); the API shows that as `null`, and this module is the one place
 * that translates.
 */
export type PriceType = 'one-time' | 'recurring';
export type BillingType = 'prepaid' | 'postpaid';
export type BillingFrequency = 'daily' | 'weekly' | 'monthly' | 'yearly';
export type TrialInterval = 'day' | 'week' | 'month';

export interface Pricing {
  type: PriceType;
  unitPrice: number;
  oldPrice: number | null;
  costPerItem: number | null;
  billingType: BillingType | null;
  billingFrequency: BillingFrequency | null;
  billingFrequencyCount: number | null;
  billingExactDay: number | null;
  /** Cycles of a fixed-term plan; null when it renews until canceled, and for one-time prices. */
  cycles: number | null;
  trialInterval: TrialInterval | null;
  trialIntervalCount: number;
}

/** Days in one trial unit, as the spec fixes them (`VariantPricing.daysTrial`): a week 7, a month 30. */
const TRIAL_DAYS: Record<TrialInterval, number> = { day: 1, week: 7, month: 30 };

/** Length of the trial in days; 0 without trial. */
export function daysTrialOf(p: Pick<Pricing, 'trialInterval' | 'trialIntervalCount'>): number {
  return p.trialInterval === null ? 0 : TRIAL_DAYS[p.trialInterval] * p.trialIntervalCount;
}

/** `cycles` as the database keeps it: 0 is "until canceled" for a recurring price, null for a one-time one. */
export function cyclesColumn(p: Pricing): number | null {
  if (p.type === 'one-time') return null;
  return p.cycles ?? 0;
}

/** `cycles` as the API shows it, from the column. */
export function cyclesOf(column: number | null): number | null {
  return column === null || column === 0 ? null : column;
}
