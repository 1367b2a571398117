/**
 * The parts of a PaymentIntent that creation, update and confirmation share: which payment method types it can use
 * (`allowed_payment_method_types` since API version 2026-09-30, `payment_method_types` before), and the
 * `payment_method_options` of card (installments, 3-D Secure), boleto (days to expire) and pix (seconds to expire,
 * or a deadline).
 */
import type Stripe from 'stripe';
import { invalidParam } from './errors';
import type { Params } from './form';
import { PM_TYPES } from './payment-methods';

/** The types the fake account has switched on (its "Dashboard"): what automatic payment methods offer. */
export const ACCOUNT_TYPES = [...PM_TYPES];

/** Types usable with this currency and capture method: boleto and pix are BRL-only and capture automatically. */
export function compatibleTypes(types: readonly string[], currency: string, captureMethod: string): string[] {
  return types.filter((t) => t === 'card' || (currency === 'brl' && captureMethod !== 'manual'));
}

/** `allowed_payment_method_types[]`, checked against what the fake offers. */
export function readAllowedTypes(p: Params, key: string): string[] | undefined {
  const types = p.strArray(key, { max: 50 });
  if (types === undefined) return undefined;
  for (const t of types) {
    if (!(PM_TYPES as readonly string[]).includes(t)) {
      throw invalidParam(`The payment method type "${t}" is invalid. Please ensure the provided type is activated in your dashboard (https://dashboard.stripe.com/account/payments/settings) and your account is enabled for any preview features that you are trying to use.`, p.name(key));
    }
  }
  if (types.length === 0) throw invalidParam(`Invalid array: ${p.name(key)} cannot be empty`, p.name(key));
  return types;
}

/** Installment plans Stripe offers a Brazilian card: fixed counts of 2 to 12 monthly payments. */
export function brazilPlans(): Stripe.PaymentIntent.PaymentMethodOptions.Card.Installments.AvailablePlan[] {
  return Array.from({ length: 11 }, (_, i) => ({ count: i + 2, interval: 'month' as const, type: 'fixed_count' as const }));
}

export interface OptionsInput {
  /** Where the request may choose a plan: only during confirmation, says the API reference. */
  confirming: boolean;
}

function readPlan(p: Params): Stripe.PaymentIntent.PaymentMethodOptions.Card.Installments.Plan {
  p.only(['count', 'interval', 'type']);
  const type = p.str('type', { required: true, oneOf: ['fixed_count', 'bonus', 'revolving'] })!;
  const count = p.int('count');
  const interval = p.str('interval', { oneOf: ['month'] });
  if (type !== 'fixed_count') {
    throw invalidParam(`Installment plans of type ${type} are not available for this payment; Brazil offers fixed_count plans.`, p.name('type'), 'payment_intent_invalid_parameter');
  }
  if (count === undefined || interval === undefined) {
    throw invalidParam('A fixed_count installment plan needs count and interval.', p.name(count === undefined ? 'count' : 'interval'), 'parameter_missing');
  }
  return { count, interval: 'month', type: 'fixed_count' };
}

/**
 * Merges `payment_method_options` from `p` into `current` (a copy is returned). The plan is only read when
 * `confirming`; elsewhere the API refuses it.
 */
export function readOptions(
  p: Params | undefined,
  current: Stripe.PaymentIntent.PaymentMethodOptions,
  input: OptionsInput,
): Stripe.PaymentIntent.PaymentMethodOptions {
  const next = structuredClone(current);
  if (p === undefined) return next;
  p.only(['card', 'boleto', 'pix']);
  const card = p.obj('card');
  if (card !== undefined) {
    card.only(['installments', 'request_three_d_secure', 'capture_method', 'setup_future_usage']);
    const c = (next.card ??= { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' });
    const tds = card.str('request_three_d_secure', { oneOf: ['any', 'automatic', 'challenge'] });
    if (tds !== undefined) c.request_three_d_secure = tds;
    const captureMethod = card.str('capture_method', { oneOf: ['manual', ''] });
    if (captureMethod === 'manual') c.capture_method = 'manual';
    const inst = card.obj('installments');
    if (inst !== undefined) {
      inst.only(['enabled', 'plan']);
      const enabled = inst.bool('enabled');
      const planParams = inst.obj('plan');
      if (planParams !== undefined && !input.confirming) {
        throw invalidParam(`${inst.name('plan')} can only be provided during confirmation.`, inst.name('plan'), 'payment_intent_invalid_parameter');
      }
      const plan = planParams === undefined ? undefined : readPlan(planParams);
      const was = c.installments;
      c.installments = {
        available_plans: was?.available_plans ?? null,
        enabled: enabled ?? was?.enabled ?? false,
        plan: plan ?? was?.plan ?? null,
      };
    }
  }
  const boleto = p.obj('boleto');
  if (boleto !== undefined) {
    boleto.only(['expires_after_days', 'setup_future_usage']);
    const days = boleto.int('expires_after_days', { min: 0, max: 60 });
    next.boleto = { expires_after_days: days ?? next.boleto?.expires_after_days ?? 3 };
  }
  const pix = p.obj('pix');
  if (pix !== undefined) {
    pix.only(['expires_after_seconds', 'expires_at', 'setup_future_usage', 'amount_includes_iof']);
    const after = pix.int('expires_after_seconds', { min: 10, max: 1_209_600 });
    const at = pix.int('expires_at');
    if (after !== undefined && at !== undefined) {
      throw invalidParam('You may only specify one of these parameters: expires_after_seconds, expires_at.', pix.name('expires_at'), 'parameters_exclusive');
    }
    if (at !== undefined) {
      const ahead = at - Math.floor(Date.now() / 1000);
      if (ahead < 10 || ahead > 1_209_600) throw invalidParam('expires_at must be between 10 and 1209600 seconds in the future.', pix.name('expires_at'));
    }
    next.pix = { expires_after_seconds: after ?? (at === undefined ? (next.pix?.expires_after_seconds ?? null) : null), expires_at: at ?? (after === undefined ? (next.pix?.expires_at ?? null) : null) };
  }
  return next;
}

/** The options a new PaymentIntent shows for each of its types. */
export function defaultOptions(types: readonly string[]): Stripe.PaymentIntent.PaymentMethodOptions {
  const o: Stripe.PaymentIntent.PaymentMethodOptions = {};
  if (types.includes('card')) o.card = { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' };
  if (types.includes('boleto')) o.boleto = { expires_after_days: 3 };
  if (types.includes('pix')) o.pix = { expires_after_seconds: null, expires_at: null };
  return o;
}
