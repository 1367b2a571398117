/**
 * PaymentIntents: create (`POST /v1/payment_intents`, optionally confirming at once), retrieve, update (the fields a
 * route needs) and list. Confirmation is in confirm.ts, capture and cancel in lifecycle.ts. A new PaymentIntent is
 * `requires_payment_method`, or `requires_confirmation` when it was given a payment method; every creation emits
 * `payment_intent.created` and counts under its Idempotency-Key.
 */
import type Stripe from 'stripe';
import { invalidParam, invalidState } from './errors';
import { expandList, expandOne } from './expand';
import { base62, newId, nowSeconds } from './ids';
import { ACCOUNT_TYPES, compatibleTypes, defaultOptions, readAllowedTypes, readOptions } from './intent-options';
import { createdFilter, page } from './list';
import { createPaymentMethod, findPaymentMethod } from './payment-methods';
import { ok, versionAtLeast, type Ctx, type Route } from './route';
import { planConfirm, runConfirm } from './confirm';
import { findIntent, intentView, refreshPlans } from './intent-common';

/** The version that replaced `payment_method_types` by `allowed_payment_method_types` in requests. */
const ALLOWED_TYPES_SINCE = '2026-09-30';
const MIN_AMOUNT = 50;
const MAX_AMOUNT = 99_999_999;

function formatBrl(cents: number): string {
  return `R$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function checkAmount(amount: number, param: string): void {
  if (amount < MIN_AMOUNT) throw invalidParam(`Amount must be at least ${formatBrl(MIN_AMOUNT)} brl`, param, 'amount_too_small');
  if (amount > MAX_AMOUNT) throw invalidParam(`Amount must be no more than ${formatBrl(MAX_AMOUNT)} brl`, param, 'amount_too_large');
}

const CREATE_PARAMS = [
  'amount', 'currency', 'allowed_payment_method_types', 'excluded_payment_method_types', 'automatic_payment_methods',
  'capture_method', 'confirm', 'confirmation_method', 'description', 'expand', 'metadata', 'payment_method',
  'payment_method_data', 'payment_method_options', 'receipt_email', 'return_url', 'statement_descriptor',
  'statement_descriptor_suffix', 'setup_future_usage', 'shipping', 'use_stripe_sdk', 'error_on_requires_action', 'off_session',
];

function create(ctx: Ctx): Stripe.PaymentIntent {
  const p = ctx.params;
  const legacy = !versionAtLeast(ctx.apiVersion, ALLOWED_TYPES_SINCE);
  p.only(legacy ? [...CREATE_PARAMS, 'payment_method_types'] : CREATE_PARAMS);
  const amount = p.int('amount', { required: true })!;
  const currency = p.str('currency', { required: true })!.toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalidParam(`Invalid currency: ${currency}`, 'currency');
  checkAmount(amount, 'amount');
  const captureMethod = p.str('capture_method', { oneOf: ['automatic', 'automatic_async', 'manual'] }) ?? 'automatic_async';
  const allowed = readAllowedTypes(p, legacy && p.has('payment_method_types') ? 'payment_method_types' : 'allowed_payment_method_types');
  const apm = p.obj('automatic_payment_methods');
  apm?.only(['enabled', 'allow_redirects']);
  const apmEnabled = apm?.bool('enabled');
  const allowRedirects = apm?.str('allow_redirects', { oneOf: ['always', 'never'] }) ?? 'always';
  if (allowed !== undefined && apmEnabled) {
    throw invalidParam('You may only specify one of these parameters: allowed_payment_method_types, automatic_payment_methods.', 'automatic_payment_methods', 'parameters_exclusive');
  }
  const types = compatibleTypes(allowed ?? ACCOUNT_TYPES, currency, captureMethod);
  if (types.length === 0) {
    throw invalidParam(`None of the payment method types (${(allowed ?? ACCOUNT_TYPES).join(', ')}) can be used with currency ${currency} and capture_method ${captureMethod}.`, 'allowed_payment_method_types');
  }
  const confirm = p.bool('confirm') ?? false;
  const options = readOptions(p.obj('payment_method_options'), defaultOptions(types), { confirming: confirm });
  const pmId = p.str('payment_method');
  const pmData = p.obj('payment_method_data');
  if (pmId !== undefined && pmData !== undefined) {
    throw invalidParam('You may only specify one of these parameters: payment_method, payment_method_data.', 'payment_method_data', 'parameters_exclusive');
  }
  const returnUrl = p.str('return_url');
  if (returnUrl !== undefined && !confirm) throw invalidParam('You may only specify a return_url when confirm=true.', 'return_url');
  const description = p.str('description', { max: 1000 }) ?? null;
  const metadata = p.metadata() ?? {};
  const receiptEmail = p.str('receipt_email') ?? null;
  const expand = p.strArray('expand') ?? [];
  const pm = pmId !== undefined ? findPaymentMethod(ctx.state, pmId, 'payment_method') : pmData === undefined ? undefined : createPaymentMethod(ctx.state, pmData);

  const id = newId('pi');
  const automatic = allowed === undefined;
  const pi: Stripe.PaymentIntent = {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: allowed ?? null,
    amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: automatic ? { allow_redirects: allowRedirects as 'always' | 'never', enabled: true } : null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: captureMethod as Stripe.PaymentIntent.CaptureMethod,
    client_secret: `${id}_secret_${base62(25)}`,
    confirmation_method: 'automatic',
    created: nowSeconds(),
    currency,
    customer: null,
    customer_account: null,
    description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: ctx.state.livemode,
    managed_payments: null,
    metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: pm?.id ?? null,
    payment_method_configuration_details: automatic ? { id: 'pmc_fakestripedefault', parent: null } : null,
    payment_method_options: options,
    payment_method_types: types,
    payment_record: null,
    processing: null,
    receipt_email: receiptEmail,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: pm === undefined ? 'requires_payment_method' : 'requires_confirmation',
    transfer_data: null,
    transfer_group: null,
  };
  refreshPlans(ctx.state, pi);
  // Confirming at creation is checked before anything is stored: a request the confirmation refuses for its own
  // parameters creates no PaymentIntent (a decline, decided later, does).
  const plan = confirm ? planConfirm(ctx, pi, { pm, options, returnUrl }) : undefined;
  ctx.state.paymentIntents.set(id, pi);
  if (ctx.idempotencyKey !== null) {
    ctx.state.intentsPerKey.set(ctx.idempotencyKey, (ctx.state.intentsPerKey.get(ctx.idempotencyKey) ?? 0) + 1);
  }
  ctx.state.emit('payment_intent.created', pi);
  if (plan !== undefined) runConfirm(ctx, pi, plan);
  return expandOne(ctx.state, intentView(pi), expand);
}

/**
 * Metadata on update, as the API reference describes it: keys given are set, a key given an empty value is removed,
 * and `metadata=''` removes them all.
 */
function mergeMetadata(current: Stripe.Metadata, given: unknown): Stripe.Metadata {
  if (given === '') return {};
  const next = { ...current };
  for (const [k, v] of Object.entries(given as Record<string, string>)) {
    if (v === '') delete next[k];
    else next[k] = v;
  }
  return next;
}

const UPDATABLE_STATUSES = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

function update(ctx: Ctx): Stripe.PaymentIntent {
  const p = ctx.params;
  p.only(['amount', 'description', 'metadata', 'receipt_email', 'payment_method', 'payment_method_options', 'capture_method', 'expand']);
  const pi = findIntent(ctx.state, ctx.pathParams[0]!);
  const amount = p.int('amount');
  if (amount !== undefined) checkAmount(amount, 'amount');
  const captureMethod = p.str('capture_method', { oneOf: ['automatic', 'automatic_async', 'manual'] });
  const pmId = p.str('payment_method');
  const optionParams = p.obj('payment_method_options');
  const touchesPayment = amount !== undefined || captureMethod !== undefined || pmId !== undefined || optionParams !== undefined;
  if (touchesPayment && !UPDATABLE_STATUSES.includes(pi.status)) {
    throw invalidState(
      `This PaymentIntent's payment details could not be updated because it has a status of ${pi.status}. You may only update them on a PaymentIntent with one of the following statuses: ${UPDATABLE_STATUSES.join(', ')}.`,
      'payment_intent_unexpected_state',
      { payment_intent: intentView(pi) },
    );
  }
  const options = readOptions(optionParams, pi.payment_method_options ?? {}, { confirming: false });
  const description = p.str('description');
  const metadata = p.metadata();
  const receiptEmail = p.str('receipt_email');
  const expand = p.strArray('expand') ?? [];
  const pm = pmId === undefined ? undefined : findPaymentMethod(ctx.state, pmId, 'payment_method');
  if (amount !== undefined) pi.amount = amount;
  if (captureMethod !== undefined) pi.capture_method = captureMethod as Stripe.PaymentIntent.CaptureMethod;
  if (description !== undefined) pi.description = description === '' ? null : description;
  if (metadata !== undefined) pi.metadata = mergeMetadata(pi.metadata, p.raw.metadata);
  if (receiptEmail !== undefined) pi.receipt_email = receiptEmail === '' ? null : receiptEmail;
  pi.payment_method_options = options;
  if (pm !== undefined) pi.payment_method = pm.id;
  if (touchesPayment) {
    // A changed payment needs confirming again: whatever was being shown to the payer no longer applies.
    pi.next_action = null;
    pi.status = pi.payment_method === null ? 'requires_payment_method' : 'requires_confirmation';
    ctx.state.side(pi.id).authenticated = false;
  }
  refreshPlans(ctx.state, pi);
  return expandOne(ctx.state, intentView(pi), expand);
}

export const intentRoutes: Route[] = [
  { method: 'POST', path: /^\/v1\/payment_intents$/, handle: (ctx) => ok(create(ctx)) },
  {
    method: 'GET',
    path: /^\/v1\/payment_intents$/,
    handle: (ctx) => {
      ctx.params.only(['limit', 'starting_after', 'ending_before', 'created', 'expand', 'customer']);
      const inCreated = createdFilter(ctx.params);
      const items = [...ctx.state.paymentIntents.values()].filter((pi) => inCreated(pi.created)).reverse().map(intentView);
      const result = page(items, ctx.params, '/v1/payment_intents', 'payment_intent');
      result.data = expandList(ctx.state, result.data, ctx.params.strArray('expand') ?? []);
      return ok(result);
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/payment_intents\/([^/]+)$/,
    handle: (ctx) => {
      ctx.params.only(['expand', 'client_secret']);
      const pi = findIntent(ctx.state, ctx.pathParams[0]!);
      return ok(expandOne(ctx.state, intentView(pi), ctx.params.strArray('expand') ?? []));
    },
  },
  { method: 'POST', path: /^\/v1\/payment_intents\/([^/]+)$/, handle: (ctx) => ok(update(ctx)) },
];
