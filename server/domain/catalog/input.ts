/**
 * A variant as the merchant writes it, checked and put in column terms. Shape (types, ranges, unknown fields) is the
 * validator's; here are the rules between fields, each a `422 invalidPricing` naming the field (spec:
 * `VariantPricingInput`).
 */
import type { components } from '../../../generated/schema';
import { ApiError } from '../../core/errors';
import { cyclesColumn, daysTrialOf, type Pricing, type TrialInterval } from './pricing';
import type { VariantValues } from './repo';

export type VariantInput = components['schemas']['VariantInput'];
type PricingInput = VariantInput['pricing'];

function invalid(field: string, reason: string): ApiError {
  return new ApiError('invalidPricing', {
    resource: 'variant',
    message: `The pricing is not consistent: ${field} ${reason}.`,
    params: [{ [`pricing[${field}]`]: reason }],
  });
}

/** The trial as interval and count, from either form the request may use. */
function trialOf(p: PricingInput): { trialInterval: TrialInterval | null; trialIntervalCount: number } {
  const interval = p.trialInterval ?? null;
  const count = p.trialIntervalCount ?? 0;
  if (interval !== null && count === 0) throw invalid('trialIntervalCount', 'must be at least 1 with a trialInterval');
  if (interval === null && count > 0) throw invalid('trialInterval', 'is required with a trialIntervalCount');
  if (interval === null) {
    // `daysTrial` alone is a trial of that many days.
    const days = p.daysTrial ?? 0;
    return days > 0 ? { trialInterval: 'day', trialIntervalCount: days } : { trialInterval: null, trialIntervalCount: 0 };
  }
  const trial = { trialInterval: interval, trialIntervalCount: count };
  if (p.daysTrial !== undefined && p.daysTrial !== daysTrialOf(trial)) {
    throw invalid('daysTrial', `must be ${daysTrialOf(trial)} (${count} × ${interval}) or omitted`);
  }
  return trial;
}

function oneTime(p: PricingInput): Pricing {
  const billing = ['billingType', 'billingFrequency', 'billingFrequencyCount', 'billingExactDay', 'cycles', 'trialInterval'] as const;
  for (const f of billing) if (p[f] !== undefined && p[f] !== null) throw invalid(f, 'is only for a recurring price');
  for (const f of ['trialIntervalCount', 'daysTrial'] as const) if ((p[f] ?? 0) !== 0) throw invalid(f, 'is only for a recurring price');
  return {
    type: 'one-time', unitPrice: p.unitPrice, oldPrice: p.oldPrice ?? null, costPerItem: p.costPerItem ?? null,
    billingType: null, billingFrequency: null, billingFrequencyCount: null, billingExactDay: null, cycles: null,
    trialInterval: null, trialIntervalCount: 0,
  };
}

function recurring(p: PricingInput): Pricing {
  const frequency = p.billingFrequency ?? null;
  if (frequency === null) throw invalid('billingFrequency', 'is required for a recurring price');
  // A subscription's cycle charges something (subscriptions.amount > 0).
  if (p.unitPrice < 1) throw invalid('unitPrice', 'must be at least 1 cent for a recurring price');
  const exactDay = p.billingExactDay ?? null;
  if (exactDay !== null && (frequency === 'daily' || frequency === 'weekly')) {
    throw invalid('billingExactDay', `applies to monthly and yearly prices only, not ${frequency}`);
  }
  return {
    type: 'recurring', unitPrice: p.unitPrice, oldPrice: p.oldPrice ?? null, costPerItem: p.costPerItem ?? null,
    billingType: p.billingType ?? 'prepaid', billingFrequency: frequency, billingFrequencyCount: p.billingFrequencyCount ?? 1,
    billingExactDay: exactDay, cycles: p.cycles === undefined || p.cycles === null || p.cycles === 0 ? null : p.cycles,
    ...trialOf(p),
  };
}

/** The pricing of a request, checked. */
export function pricingOf(p: PricingInput): Pricing {
  return p.type === 'one-time' ? oneTime(p) : recurring(p);
}

/** The whole variant of a request, checked, as columns. */
export function variantValues(input: VariantInput): VariantValues {
  const p = pricingOf(input.pricing);
  return {
    product_id: input.productId,
    name: input.name,
    description: input.description ?? '',
    sku: input.sku ?? '',
    images: input.images ?? [],
    metadata: input.metadata ?? {},
    // The column is NOT NULL DEFAULT '' (migration 016): '' is "none", shown as null.
    external_reference: input.externalReference ?? '',
    attributes: input.attributes ?? null,
    price_type: p.type,
    unit_price: p.unitPrice,
    old_price: p.oldPrice,
    cost_per_item: p.costPerItem,
    billing_type: p.billingType,
    billing_frequency: p.billingFrequency,
    billing_frequency_count: p.billingFrequencyCount,
    billing_exact_day: p.billingExactDay,
    cycles: cyclesColumn(p),
    trial_interval: p.trialInterval,
    trial_interval_count: p.trialIntervalCount,
  };
}
