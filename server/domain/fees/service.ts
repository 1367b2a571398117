/**
 * Fee plans: the merchant's negotiated plan (or the default one), set from the admin command, and the fee
 * simulator of `GET /v1/simulators/payment-methods`. The payments engine prices an approved charge with
 * `planFor` + `receivableSchedule` (plan.ts). A plan belongs to the merchant, not to a mode: sandbox simulates
 * what production charges.
 */
import type { QueryOf } from '../../../generated/operations';
import type { Queryable } from '../../db/types';
import { ApiError } from '../../core/errors';
import { newId } from '../../ids';
import { methodOf } from '../../payments/methods';
import {
  basisPoints,
  CARD_BRANDS,
  DEFAULT_PLAN,
  isPercent,
  maxInstallments,
  noRateMessage,
  simulate,
  type CardBrand,
  type CreditRate,
  type FeePlan,
  type Rate,
  type Simulation,
} from './plan';
import * as repo from './repo';

/** The rates of a plan, what `setFeePlan` takes; a null method is not offered under the plan. */
export type FeePlanRates = Pick<FeePlan, 'pix' | 'billet' | 'credit'>;
export type SimulationQuery = QueryOf<'simulatePaymentMethod'>;

const percentOf = (bps: number | null) => (bps === null ? null : bps / 100);

function rateOf(bps: number | null, fixed: number | null): Rate | null {
  return bps === null || fixed === null ? null : { percent: bps / 100, fixed };
}

function toPlan(row: repo.FeePlanRow): FeePlan {
  const credit = rateOf(row.credit_bps, row.credit_fixed);
  let brands: CreditRate['brands'] = null;
  if (row.credit_brand_bps !== null) {
    brands = {};
    for (const [brand, bps] of Object.entries(row.credit_brand_bps)) brands[brand as CardBrand] = bps / 100;
  }
  return {
    id: row.id,
    isCustom: true,
    pix: rateOf(row.pix_bps, row.pix_fixed),
    billet: rateOf(row.billet_bps, row.billet_fixed),
    credit: credit && { ...credit, installmentPercent: percentOf(row.credit_installment_bps) ?? 0, brands },
  };
}

/** The merchant's negotiated plan, or `DEFAULT_PLAN` when it has none. */
export async function planFor(q: Queryable, merchantId: string): Promise<FeePlan> {
  const row = await repo.findByMerchant(q, merchantId);
  return row ? toPlan(row) : DEFAULT_PLAN;
}

function checkFixed(name: string, cents: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`${name}: a flat fee must be a non-negative integer of cents, got ${cents}`);
  return cents;
}

function bpsOf(name: string, percent: number): number {
  if (!isPercent(percent)) throw new RangeError(`${name}: a percentage must be 0 ≤ p < 100 with at most two decimals, got ${percent}`);
  return basisPoints(percent);
}

/** The row values of `rates`; throws a RangeError naming the first rate that a plan cannot hold. */
function valuesOf(rates: FeePlanRates): repo.FeePlanValues {
  const { pix, billet, credit } = rates;
  let brandBps: Record<string, number> | null = null;
  if (credit?.brands) {
    const entries = Object.entries(credit.brands);
    if (entries.length === 0) throw new RangeError('credit brands: name at least one brand, or none at all (one rate for every brand)');
    brandBps = {};
    for (const [brand, percent] of entries) {
      if (!CARD_BRANDS.includes(brand as CardBrand)) throw new RangeError(`credit brands: unknown brand ${brand}; brands: ${CARD_BRANDS.join(', ')}`);
      brandBps[brand] = bpsOf(`credit ${brand}`, percent!);
    }
  }
  if (credit) {
    // 12 installments must still cost less than the whole amount, whatever the brand.
    const base = Math.max(bpsOf('credit', credit.percent), ...Object.values(brandBps ?? {}));
    if (base + 11 * bpsOf('credit installment', credit.installmentPercent) >= 10_000) {
      throw new RangeError('credit: the base rate plus 11 installment surcharges must stay below 100 %');
    }
  }
  return {
    pix_bps: pix ? bpsOf('pix', pix.percent) : null,
    pix_fixed: pix ? checkFixed('pix', pix.fixed) : null,
    billet_bps: billet ? bpsOf('billet', billet.percent) : null,
    billet_fixed: billet ? checkFixed('billet', billet.fixed) : null,
    credit_bps: credit ? bpsOf('credit', credit.percent) : null,
    credit_fixed: credit ? checkFixed('credit', credit.fixed) : null,
    credit_installment_bps: credit ? bpsOf('credit installment', credit.installmentPercent) : null,
    credit_brand_bps: brandBps,
  };
}

/**
 * Creates the merchant's negotiated plan, or replaces the one it has (under a new `plan_…` id). Throws a
 * RangeError for a rate a plan cannot hold and an Error for an unknown merchant.
 */
export async function setFeePlan(q: Queryable, merchantId: string, rates: FeePlanRates): Promise<FeePlan> {
  const values = valuesOf(rates);
  try {
    return toPlan(await repo.upsert(q, merchantId, newId('plan'), values));
  } catch (err) {
    if ((err as { code?: unknown } | null)?.code === '23503') throw new Error(`merchant ${merchantId} does not exist`);
    throw err;
  }
}

/** Puts the merchant back on the default plan; false when it was already on it. */
export function removeFeePlan(q: Queryable, merchantId: string): Promise<boolean> {
  return repo.remove(q, merchantId);
}

/**
 * The fee simulation of `GET /v1/simulators/payment-methods` under the merchant's plan: 400 for more than one
 * installment of `pix` or `billet` or a `fee` with more than two decimals, 404 when the plan has no rate.
 */
export async function simulatePaymentMethod(q: Queryable, merchantId: string, query: SimulationQuery): Promise<Simulation> {
  const { method, amount, fee } = query;
  const installments = query.installment ?? 1;
  const params: Record<string, string>[] = [];
  if (installments > maxInstallments(method)) params.push({ installment: `must be 1 for ${method}` });
  // The schema bounds `fee` (0 ≤ fee < 100); "up to two decimals" is the spec's text, checked here.
  if (fee !== undefined && !isPercent(fee)) params.push({ fee: 'must have at most two decimals' });
  if (params.length > 0) throw new ApiError('invalidParameters', { resource: 'simulator', params });

  const plan = await planFor(q, merchantId);
  const result = simulate(plan, {
    method,
    amount,
    installments,
    // `brand` prices cards only; the spec ignores it for the other methods.
    brand: methodOf(method).takesCard ? (query.brand ?? null) : null,
    feeOverride: fee,
  });
  if ('kind' in result) throw new ApiError('resourceNotFound', { resource: 'simulator', message: noRateMessage(result) });
  return result;
}
