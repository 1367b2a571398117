/**
 * PaymentMethods: `POST /v1/payment_methods` and `GET /v1/payment_methods/:id`, and the same creation reached through
 * a PaymentIntent's `payment_method_data`. Types card (raw card data, as an account with raw card access sends it),
 * boleto (the payer's CPF or CNPJ and the billing details a boleto must print) and pix. A card's number and CVC are
 * checked and dropped: the PaymentMethod keeps what Stripe shows (brand, last four, expiry, fingerprint).
 */
import type Stripe from 'stripe';
import { cardFacts, luhnValid, TEST_PAYMENT_METHODS } from './cards';
import { cardError, invalidParam, missing } from './errors';
import type { Params } from './form';
import { newId, nowSeconds } from './ids';
import { ok, type Route } from './route';
import type { FakeState } from './state';

export const PM_TYPES = ['card', 'boleto', 'pix'] as const;
export type PmType = (typeof PM_TYPES)[number];

function billingDetails(p: Params | undefined): Stripe.PaymentMethod.BillingDetails {
  const address = p?.obj('address');
  address?.only(['line1', 'line2', 'city', 'state', 'postal_code', 'country']);
  p?.only(['address', 'email', 'name', 'phone', 'tax_id']);
  return {
    address: {
      city: address?.str('city') ?? null,
      country: address?.str('country') ?? null,
      line1: address?.str('line1') ?? null,
      line2: address?.str('line2') ?? null,
      postal_code: address?.str('postal_code') ?? null,
      state: address?.str('state') ?? null,
    },
    email: p?.str('email') ?? null,
    name: p?.str('name') ?? null,
    phone: p?.str('phone') ?? null,
    tax_id: p?.str('tax_id') ?? null,
  };
}

/** CPF (11 digits) or CNPJ (14) with both check digits right; punctuation is allowed, as payers type it. */
export function brazilTaxIdValid(raw: string): boolean {
  const d = raw.replace(/[.\-/\s]/g, '');
  if (!/^\d+$/.test(d) || !(d.length === 11 || d.length === 14)) return false;
  // Stripe's boleto test values (000.000.000-00, 111.111.111-11, 00.000.000/0000-00 …) fail the check digits.
  if (/^([012])\1+$/.test(d)) return true;
  const digit = (body: string, weights: number[]) => {
    const sum = weights.reduce((s, w, i) => s + w * Number(body[i]), 0);
    const r = sum % 11;
    return d.length === 11 ? ((sum * 10) % 11) % 10 : r < 2 ? 0 : 11 - r;
  };
  if (d.length === 11) {
    const w1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
    const w2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
    return digit(d, w1) === Number(d[9]) && digit(d, w2) === Number(d[10]);
  }
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const w2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  return digit(d, w1) === Number(d[12]) && digit(d, w2) === Number(d[13]);
}

function checkCard(p: Params): { digits: string; expMonth: number; expYear: number; cvcGiven: boolean } {
  p.only(['number', 'exp_month', 'exp_year', 'cvc', 'networks']);
  const number = p.str('number', { required: true })!;
  const expMonth = p.int('exp_month', { required: true })!;
  let expYear = p.int('exp_year', { required: true })!;
  const cvc = p.str('cvc');
  const digits = number.replace(/[\s-]/g, '');
  // Card errors are 402 even here; they are the request's own data, so nothing is saved under its key.
  if (!luhnValid(digits)) throw cardError({ code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'number' }, false);
  if (expMonth < 1 || expMonth > 12) {
    throw cardError({ code: 'invalid_expiry_month', message: "Your card's expiration month is invalid.", param: 'exp_month' }, false);
  }
  if (expYear < 100) expYear += 2000;
  const now = new Date();
  if (expYear < now.getUTCFullYear() || expYear > now.getUTCFullYear() + 50) {
    throw cardError({ code: 'invalid_expiry_year', message: "Your card's expiration year is invalid.", param: 'exp_year' }, false);
  }
  if (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1) {
    throw cardError({ code: 'invalid_expiry_month', message: "Your card's expiration month is invalid.", param: 'exp_month' }, false);
  }
  if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) {
    throw cardError({ code: 'invalid_cvc', message: "Your card's security code is invalid.", param: 'cvc' }, false);
  }
  return { digits, expMonth, expYear, cvcGiven: cvc !== undefined };
}

function cardPm(digits: string, expMonth: number, expYear: number, cvcGiven: boolean): Stripe.PaymentMethod.Card {
  const facts = cardFacts(digits);
  return {
    brand: facts.brand,
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: cvcGiven ? 'unchecked' : null },
    country: facts.country,
    display_brand: facts.brand,
    exp_month: expMonth,
    exp_year: expYear,
    fingerprint: facts.fingerprint,
    funding: facts.funding,
    generated_from: null,
    last4: facts.last4,
    networks: { available: [facts.brand], preferred: null },
    regulated_status: 'unregulated',
    three_d_secure_usage: { supported: true },
    wallet: null,
  };
}

/** Boleto needs the payer's tax id and the billing details printed on the voucher. */
function checkBoleto(p: Params | undefined, details: Stripe.PaymentMethod.BillingDetails, where: (path: string) => string): string {
  if (p === undefined) throw invalidParam(`Missing required param: ${where('boleto')}.`, where('boleto'), 'parameter_missing');
  p.only(['tax_id']);
  const taxId = p.str('tax_id', { required: true })!;
  if (!brazilTaxIdValid(taxId)) {
    throw invalidParam('Invalid tax_id: boleto payments need a valid CPF (11 digits) or CNPJ (14 digits).', p.name('tax_id'), 'payment_method_invalid_parameter');
  }
  const required: Array<[string, string | null]> = [
    ['billing_details[name]', details.name],
    ['billing_details[email]', details.email],
    ['billing_details[address][line1]', details.address?.line1 ?? null],
    ['billing_details[address][city]', details.address?.city ?? null],
    ['billing_details[address][state]', details.address?.state ?? null],
    ['billing_details[address][postal_code]', details.address?.postal_code ?? null],
    ['billing_details[address][country]', details.address?.country ?? null],
  ];
  for (const [name, value] of required) {
    if (value === null || value.trim() === '') throw invalidParam(`Missing required param: ${where(name)}.`, where(name), 'parameter_missing');
  }
  return taxId.replace(/[.\-/\s]/g, '');
}

/** Creates a PaymentMethod from `p` (the body of POST /v1/payment_methods, or a `payment_method_data` hash). */
export function createPaymentMethod(state: FakeState, p: Params): Stripe.PaymentMethod {
  p.only(['type', 'card', 'boleto', 'pix', 'billing_details', 'metadata', 'allow_redisplay', 'expand']);
  const type = p.str('type', { required: true })!;
  if (!(PM_TYPES as readonly string[]).includes(type)) {
    throw invalidParam(`Invalid type: the fake account accepts ${PM_TYPES.join(', ')}`, p.name('type'));
  }
  const details = billingDetails(p.obj('billing_details'));
  const where = (path: string) => p.nameOf(path);
  const pm: Stripe.PaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: details,
    created: nowSeconds(),
    customer: null,
    customer_account: null,
    livemode: state.livemode,
    metadata: p.metadata() ?? {},
    type: type as PmType,
  };
  if (type === 'card') {
    const card = p.obj('card');
    if (card === undefined) throw invalidParam(`Missing required param: ${where('card')}.`, where('card'), 'parameter_missing');
    const c = checkCard(card);
    pm.card = cardPm(c.digits, c.expMonth, c.expYear, c.cvcGiven);
    state.cardOutcomes.set(pm.id, cardFacts(c.digits).outcome);
  } else if (type === 'boleto') {
    pm.boleto = { tax_id: checkBoleto(p.obj('boleto'), details, where) };
  } else {
    p.obj('pix')?.only([]);
    pm.pix = {};
  }
  state.paymentMethods.set(pm.id, pm);
  return pm;
}

/**
 * The PaymentMethod `id` names: one of the account's, or a fresh copy of a test PaymentMethod (`pm_card_visa`), which
 * Stripe clones on use.
 */
export function findPaymentMethod(state: FakeState, id: string, param: string): Stripe.PaymentMethod {
  const known = state.paymentMethods.get(id);
  if (known !== undefined) return known;
  const number = TEST_PAYMENT_METHODS[id];
  if (number === undefined || state.livemode) throw missing('PaymentMethod', id, param);
  const pm: Stripe.PaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: billingDetails(undefined),
    card: cardPm(number, 12, new Date().getUTCFullYear() + 3, true),
    created: nowSeconds(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
  state.cardOutcomes.set(pm.id, cardFacts(number).outcome);
  state.paymentMethods.set(pm.id, pm);
  return pm;
}

export const paymentMethodRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/payment_methods$/,
    handle: (ctx) => ok(structuredClone(createPaymentMethod(ctx.state, ctx.params))),
  },
  {
    method: 'GET',
    path: /^\/v1\/payment_methods\/([^/]+)$/,
    handle: (ctx) => {
      const pm = ctx.state.paymentMethods.get(ctx.pathParams[0]!);
      if (pm === undefined) throw missing('PaymentMethod', ctx.pathParams[0]!);
      return ok(structuredClone(pm));
    },
  },
];
