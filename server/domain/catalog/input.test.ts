/** The rules between the fields of a pricing (spec: VariantPricingInput), without a database. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/errors';
import { pricingOf, variantValues, type VariantInput } from './input';
import { cyclesOf, daysTrialOf } from './pricing';

type P = VariantInput['pricing'];
const monthly: P = { type: 'recurring', unitPrice: 5000, billingFrequency: 'monthly' };

describe('pricingOf', () => {
  it('fills a recurring price\'s defaults: prepaid, every 1 period, until canceled, no trial', () => {
    expect(pricingOf(monthly)).toEqual({
      type: 'recurring', unitPrice: 5000, oldPrice: null, costPerItem: null, billingType: 'prepaid', billingFrequency: 'monthly',
      billingFrequencyCount: 1, billingExactDay: null, cycles: null, trialInterval: null, trialIntervalCount: 0,
    });
  });

  it.each([
    [0, null],
    [null, null],
    [undefined, null],
    [1, 1],
    [12, 12],
  ] as const)('cycles %s reads as %s', (cycles, shown) => {
    const p = pricingOf({ ...monthly, ...(cycles === undefined ? {} : { cycles }) });
    expect(p.cycles).toBe(shown);
  });

  it('stores until canceled as 0 and shows a stored 0 as null', () => {
    expect(variantValues({ productId: 'prd_1', name: 'x', pricing: { ...monthly, cycles: null } }).cycles).toBe(0);
    expect(variantValues({ productId: 'prd_1', name: 'x', pricing: { type: 'one-time', unitPrice: 1 } }).cycles).toBeNull();
    expect(cyclesOf(0)).toBeNull();
    expect(cyclesOf(null)).toBeNull();
    expect(cyclesOf(3)).toBe(3);
  });

  it.each([
    [{ trialInterval: 'day', trialIntervalCount: 7 }, 'day', 7, 7],
    [{ trialInterval: 'week', trialIntervalCount: 2 }, 'week', 2, 14],
    [{ trialInterval: 'month', trialIntervalCount: 1 }, 'month', 1, 30],
    [{ trialInterval: 'month', trialIntervalCount: 1, daysTrial: 30 }, 'month', 1, 30],
    [{ daysTrial: 10 }, 'day', 10, 10],
    [{ daysTrial: 0 }, null, 0, 0],
  ] as const)('trial %j is %s × %s, %s days', (trial, interval, count, days) => {
    const p = pricingOf({ ...monthly, ...trial });
    expect([p.trialInterval, p.trialIntervalCount, daysTrialOf(p)]).toEqual([interval, count, days]);
  });

  it('accepts billingExactDay 1 to 31 on monthly and yearly prices', () => {
    expect(pricingOf({ ...monthly, billingExactDay: 31 }).billingExactDay).toBe(31);
    expect(pricingOf({ ...monthly, billingFrequency: 'yearly', billingExactDay: 1 }).billingExactDay).toBe(1);
  });

  it.each([
    [{ type: 'recurring', unitPrice: 5000 }, 'pricing[billingFrequency]'],
    [{ ...monthly, billingFrequency: null }, 'pricing[billingFrequency]'],
    [{ ...monthly, unitPrice: 0 }, 'pricing[unitPrice]'],
    [{ ...monthly, billingFrequency: 'daily', billingExactDay: 1 }, 'pricing[billingExactDay]'],
    [{ ...monthly, trialInterval: 'week' }, 'pricing[trialIntervalCount]'],
    [{ ...monthly, trialIntervalCount: 2 }, 'pricing[trialInterval]'],
    [{ ...monthly, trialInterval: 'month', trialIntervalCount: 1, daysTrial: 31 }, 'pricing[daysTrial]'],
    [{ type: 'one-time', unitPrice: 100, billingType: 'prepaid' }, 'pricing[billingType]'],
    [{ type: 'one-time', unitPrice: 100, billingExactDay: 5 }, 'pricing[billingExactDay]'],
    [{ type: 'one-time', unitPrice: 100, trialInterval: 'day' }, 'pricing[trialInterval]'],
    [{ type: 'one-time', unitPrice: 100, trialIntervalCount: 1 }, 'pricing[trialIntervalCount]'],
  ] as [P, string][])('refuses %j with 422 invalidPricing naming %s', (pricing, field) => {
    let caught: unknown;
    try {
      pricingOf(pricing);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect((caught as ApiError).code).toBe('invalidPricing');
    expect((caught as ApiError).params?.flatMap(Object.keys)).toEqual([field]);
  });

  it('lets a one-time price carry null billing fields and zero trial counts', () => {
    const p = pricingOf({ type: 'one-time', unitPrice: 0, billingType: null, cycles: null, trialIntervalCount: 0, daysTrial: 0, oldPrice: 10 });
    expect(p).toMatchObject({ type: 'one-time', unitPrice: 0, oldPrice: 10, billingFrequency: null, cycles: null, trialInterval: null });
  });
});
