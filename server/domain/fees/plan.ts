/**
 * Fee plans and their arithmetic (pure: no I/O, no clock). A percentage is kept as given (2.5 means 2.5 %) but is
 * computed with in basis points (hundredths of a percent, an integer), so `percent × amount` is an exact integer
 * product and the one rounding (half up to the cent) happens once, on the total percentage: 8.97 % of 30000 cents
 * is 2691, never 2690.9999….
 */
import type { components } from '../../../generated/schema';
import { saoPauloDate } from '../../core/calendar';
import type { CardBrand } from '../../payments/card';
import { methodOf } from '../../payments/methods';

export type { CardBrand };
export type PaymentMethod = components['schemas']['PaymentMethod'];

/** Every brand a plan may price, in the spec's order. */
export const CARD_BRANDS: readonly CardBrand[] = ['visa', 'mastercard', 'elo', 'amex', 'hipercard'];

/** A percentage of the amount plus a flat fee. */
export interface Rate {
  /** 2.5 means 2.5 %; at most two decimals, 0 ≤ percent < 100. */
  percent: number;
  /** Flat fee in cents. */
  fixed: number;
}

/** The card rate: a base percentage (per brand or general), plus `installmentPercent` per installment after the first. */
export interface CreditRate extends Rate {
  installmentPercent: number;
  /** Base percent per brand; null when one rate (`percent`) applies to every brand. */
  brands: Partial<Record<CardBrand, number>> | null;
}

/**
 * A merchant's fee plan: one rate per method of the contract; a method whose rate is null cannot be charged under it.
 * Which rate prices a method, and how, is the method's (`pricing` of its module).
 */
export interface FeePlan {
  /** `default`, or the `plan_…` id of a negotiated plan. */
  id: 'default' | (string & {});
  isCustom: boolean;
  pix: Rate | null;
  billet: Rate | null;
  credit: CreditRate | null;
}

/** The standard plan of the spec: PIX 0.99 %, billet a flat 349 cents, card 3.99 % + 2.49 % per extra installment. */
export const DEFAULT_PLAN: FeePlan = Object.freeze({
  id: 'default',
  isCustom: false,
  pix: Object.freeze({ percent: 0.99, fixed: 0 }),
  billet: Object.freeze({ percent: 0, fixed: 349 }),
  credit: Object.freeze({ percent: 3.99, fixed: 0, installmentPercent: 2.49, brands: null }),
});

/** The most installments a method allows (its module's `pricing`): 12 for `credit`, 1 otherwise. */
export function maxInstallments(method: PaymentMethod): number {
  return methodOf(method).pricing.maxInstallments;
}

/** True when `value` is a percentage a plan can hold: finite, 0 ≤ value < 100, at most two decimals. */
export function isPercent(value: number): boolean {
  if (!Number.isFinite(value) || value < 0 || value >= 100) return false;
  const hundredths = value * 100;
  // 8.97 × 100 is 896.9999999999999 in binary floating point: "two decimals" means within rounding noise.
  return Math.abs(hundredths - Math.round(hundredths)) < 1e-6;
}

/** The percentage in basis points (8.97 → 897); throws on anything `isPercent` refuses. */
export function basisPoints(percent: number): number {
  if (!isPercent(percent)) throw new RangeError(`a percentage must be 0 ≤ p < 100 with at most two decimals, got ${percent}`);
  return Math.round(percent * 100);
}

/** `bps` basis points of `cents`, rounded half up to the cent, in integers only. */
export function percentOf(cents: number, bps: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`an amount must be a non-negative integer of cents, got ${cents}`);
  // cents ≤ 10^9 and bps < 10^4: the product stays far below 2^53, so this is exact integer arithmetic.
  const n = cents * bps + 5_000;
  return (n - (n % 10_000)) / 10_000;
}

export interface FeeInput {
  method: PaymentMethod;
  /** 1 to the method's `maxInstallments` (12 for `credit`, 1 otherwise). */
  installments: number;
  /** Prices a card rate with brands; ignored by the other rates. */
  brand?: CardBrand | null;
  /** Cents the payer pays. */
  amount: number;
  /**
   * A what-if percentage (the simulator's `fee`): the whole rate for `pix`, the base rate for `credit` (the
   * per-installment surcharge is still added), and for `billet` a percentage charged instead of the flat fee.
   */
  feeOverride?: number;
}

/** What a charge costs under a plan. */
export interface Fee {
  kind: 'fee';
  /** The percentage charged, installment surcharge included; null when the fee is a flat fee only. */
  percent: number | null;
  /** The flat part, in cents. */
  fixed: number;
  /** The whole fee in cents: the percentage of the amount, rounded half up, plus `fixed`. */
  total: number;
}

/** The plan cannot price this charge: it has no rate for the method, or rates per brand and none for this brand. */
export interface NoRate {
  kind: 'noRate';
  planId: string;
  method: PaymentMethod;
  /** Set when the plan has a card rate but not for this brand. */
  brand: CardBrand | null;
}

function checkInstallments(method: PaymentMethod, installments: number): void {
  if (!Number.isInteger(installments) || installments < 1 || installments > maxInstallments(method)) {
    throw new RangeError(`${method} allows 1 to ${maxInstallments(method)} installments, got ${installments}`);
  }
}

/**
 * The rate in basis points and the flat fee, or `noRate` when the plan has none for this charge. The method says which
 * of the plan's rates prices it and what a what-if fee replaces; a card rate (with brands and a per-installment
 * surcharge) prices by brand and adds the surcharge.
 */
function rateOf(plan: FeePlan, input: FeeInput): { bps: number; fixed: number } | NoRate {
  const { method, installments, feeOverride } = input;
  const pricing = methodOf(method).pricing;
  const noRate = (brand: CardBrand | null = null): NoRate => ({ kind: 'noRate', planId: plan.id, method, brand });
  // A what-if fee prices a method the merchant has; it never makes a missing method (or brand) chargeable.
  const rate: Rate | CreditRate | null = plan[pricing.planRate];
  if (!rate) return noRate();
  const card = 'installmentPercent' in rate ? rate : null;
  const brand = input.brand ?? null;
  let base = rate.percent;
  if (card && brand !== null && card.brands !== null) {
    const own = card.brands[brand];
    if (own === undefined) return noRate(brand);
    base = own;
  }
  // `rate` (PIX: the whole rate; billet: a percentage instead of the flat fee): no flat part either way.
  if (feeOverride !== undefined && pricing.whatIf === 'rate') return { bps: basisPoints(feeOverride), fixed: 0 };
  const surcharge = card ? basisPoints(card.installmentPercent) * (installments - 1) : 0;
  return { bps: basisPoints(feeOverride ?? base) + surcharge, fixed: rate.fixed };
}

/** The fee of one charge under `plan`, or `noRate` when the plan cannot price it. */
export function feeFor(plan: FeePlan, input: FeeInput): Fee | NoRate {
  checkInstallments(input.method, input.installments);
  const rate = rateOf(plan, input);
  if ('kind' in rate) return rate;
  const total = percentOf(input.amount, rate.bps) + rate.fixed;
  // A flat-only fee (the default billet) reports no percentage at all, as the spec's `feePercentage: null`.
  const percent = rate.bps === 0 && rate.fixed > 0 ? null : rate.bps / 100;
  return { kind: 'fee', percent, fixed: rate.fixed, total };
}

/** `total` in `n` integer parts as equal as possible, the remainder on the first: 10000 / 3 → 3334, 3333, 3333. */
export function splitEvenly(total: number, n: number): number[] {
  if (!Number.isSafeInteger(total)) throw new RangeError(`total must be an integer, got ${total}`);
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`n must be a positive integer, got ${n}`);
  // Truncation toward zero keeps the parts equal for a negative total too (the remainder then is negative).
  const part = Math.trunc(total / n);
  const parts = Array<number>(n).fill(part);
  parts[0] = total - part * (n - 1);
  return parts;
}

/** Calendar days from payment to settlement (the method's `pricing`): PIX D+0, billet D+1, card installment n at D+30·n. */
export function settlementDays(method: PaymentMethod, installmentNumber: number): number {
  return methodOf(method).pricing.settlementDays(installmentNumber);
}

export interface ScheduleInput {
  method: PaymentMethod;
  installments: number;
  brand: CardBrand | null;
  /** The captured amount, in cents. */
  amount: number;
  /** When the payment was approved; settlement dates count from its São Paulo calendar day. */
  paidAt: Date;
}

/** One receivable of the merchant's own share. */
export interface ScheduledReceivable {
  installmentNumber: number;
  grossAmount: number;
  fee: number;
  /** `grossAmount − fee`; negative when a flat fee exceeds a small amount (a billet of R$ 1.00). */
  amount: number;
  /** `YYYY-MM-DD`, São Paulo calendar. */
  expectedOn: string;
}

/** Thrown by `receivableSchedule` when the plan cannot price the charge. */
export class NoRateError extends Error {
  readonly noRate: NoRate;
  constructor(noRate: NoRate) {
    super(noRateMessage(noRate));
    this.name = 'NoRateError';
    this.noRate = noRate;
  }
}

/** "The fee plan plan_… has no rate for credit with brand amex." */
export function noRateMessage(n: NoRate): string {
  const plan = n.planId === 'default' ? 'The default fee plan' : `The fee plan ${n.planId}`;
  return `${plan} has no rate for ${n.method}${n.brand ? ` with brand ${n.brand}` : ''}.`;
}

interface Parts {
  fee: Fee;
  gross: number[];
  fees: number[];
}

function parts(plan: FeePlan, input: FeeInput): Parts | NoRate {
  const fee = feeFor(plan, input);
  if (fee.kind === 'noRate') return fee;
  return { fee, gross: splitEvenly(input.amount, input.installments), fees: splitEvenly(fee.total, input.installments) };
}

/**
 * The receivables of an approved charge: gross amount and fee each split evenly (remainders on installment 1),
 * each settling `settlementDays` after the São Paulo day of `paidAt`. Throws `NoRateError` when the plan has no
 * rate for the method or brand.
 */
export function receivableSchedule(plan: FeePlan, input: ScheduleInput): ScheduledReceivable[] {
  const p = parts(plan, { method: input.method, installments: input.installments, brand: input.brand, amount: input.amount });
  if ('kind' in p) throw new NoRateError(p);
  return p.gross.map((grossAmount, i) => ({
    installmentNumber: i + 1,
    grossAmount,
    fee: p.fees[i]!,
    amount: grossAmount - p.fees[i]!,
    expectedOn: saoPauloDate(input.paidAt, settlementDays(input.method, i + 1)),
  }));
}

type Money = components['schemas']['Money'];
/** The simulator's answer without what the HTTP layer adds (`merchant`, `_links`). */
export type Simulation = Omit<components['schemas']['PaymentMethodSimulation'], 'merchant' | '_links'>;

export interface SimulateInput {
  method: PaymentMethod;
  amount: number;
  installments: number;
  brand?: CardBrand | null;
  feeOverride?: number;
}

export function money(cents: number): Money {
  return { cents, decimal: cents / 100 };
}

/** What charging `amount` by `method` costs and yields under `plan`, or `noRate`. */
export function simulate(plan: FeePlan, query: SimulateInput): Simulation | NoRate {
  const p = parts(plan, query);
  if ('kind' in p) return p;
  return {
    planId: plan.id,
    resource: query.method,
    isCustom: plan.isCustom || query.feeOverride !== undefined,
    installment: query.installments,
    feePercentage: p.fee.percent,
    fixedFee: money(p.fee.fixed),
    amount: money(query.amount - p.fee.total),
    original: money(query.amount),
    totalFees: money(p.fee.total),
    installments: p.gross.map((gross, i) => ({
      number: i + 1,
      amount: money(gross),
      fees: money(p.fees[i]!),
      net: money(gross - p.fees[i]!),
      settlesInDays: settlementDays(query.method, i + 1),
    })),
  };
}
