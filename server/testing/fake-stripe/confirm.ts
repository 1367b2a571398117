/**
 * Confirming a PaymentIntent (`POST /v1/payment_intents/:id/confirm`, or `confirm=true` at creation), in two steps:
 * `planConfirm` checks what the request gets wrong without changing anything; `runConfirm` attempts the payment.
 * A card is authorized (succeeded, or requires_capture under manual capture), sent to 3-D Secure (requires_action),
 * or declined (HTTP 402 card_error naming the PaymentIntent, which goes back to requires_payment_method with
 * `last_payment_error`). A boleto or a Pix is issued: requires_action with the voucher or the QR code to show.
 */
import type Stripe from 'stripe';
import { createCharge } from './charges';
import { cardError, docUrl, invalidParam, invalidState, type StripeErrorBody } from './errors';
import { expandOne } from './expand';
import { nowSeconds } from './ids';
import { findIntent, intentView, refreshPlans } from './intent-common';
import { readOptions } from './intent-options';
import { createPaymentMethod, findPaymentMethod } from './payment-methods';
import { scheduleTestDispute } from './disputes';
import { ok, type Ctx, type Route } from './route';
import { boletoExpiresAt, boletoNumber, pixBrCode } from './vouchers';

const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
const PIX_DEFAULT_SECONDS = 86_400;
const BOLETO_MIN = 500;
const BOLETO_MAX = 4_999_999;

/** What attempting a payment needs: the account and the fake's settings (a request's Ctx, or a control call's). */
export type Env = Pick<Ctx, 'state' | 'settings'>;

export interface ConfirmPlan {
  pm: Stripe.PaymentMethod;
  options: Stripe.PaymentIntent.PaymentMethodOptions;
  returnUrl?: string;
}

/** Checks a confirmation of `pi` with `input`; throws what the request (or the PaymentIntent's status) rules out. */
export function planConfirm(
  ctx: Env,
  pi: Stripe.PaymentIntent,
  input: { pm?: Stripe.PaymentMethod; options: Stripe.PaymentIntent.PaymentMethodOptions; returnUrl?: string },
): ConfirmPlan {
  if (!CONFIRMABLE.includes(pi.status)) {
    throw invalidState(
      `You cannot confirm this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(', ')}.`,
      'payment_intent_unexpected_state',
      { payment_intent: intentView(pi) },
    );
  }
  const pm = input.pm ?? (typeof pi.payment_method === 'string' ? ctx.state.paymentMethods.get(pi.payment_method) : undefined);
  if (pm === undefined) {
    throw invalidState(
      "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
      'payment_intent_unexpected_state',
      { payment_intent: intentView(pi) },
    );
  }
  if (!pi.payment_method_types.includes(pm.type)) {
    throw invalidParam(
      `The PaymentMethod provided (${pm.type}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${pi.payment_method_types.join(', ')}.`,
      'payment_method',
      'payment_intent_incompatible_payment_method',
    );
  }
  const apm = pi.automatic_payment_methods;
  if (apm?.enabled && apm.allow_redirects !== 'never' && input.returnUrl === undefined) {
    throw invalidParam(
      'A `return_url` must be specified because this Payment Intent is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed. If you do not want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.',
      'return_url',
    );
  }
  const plan = input.options.card?.installments?.plan;
  if (plan) {
    const param = 'payment_method_options[card][installments][plan]';
    const inst = input.options.card?.installments;
    if (pm.type !== 'card' || !inst?.enabled) {
      throw invalidParam('An installment plan can only be selected for a card payment with installments enabled.', param, 'payment_intent_invalid_parameter');
    }
    // The plans on offer are the attached card's; a card given in this same request has not been looked at yet.
    const offered = pm.card?.country === 'BR' ? 12 : 0;
    if (plan.count === null || plan.count < 2 || plan.count > offered) {
      throw invalidParam(`The selected installment plan (${plan.count} ${plan.interval ?? 'month'}ly payments) is not one of the available_plans for this card.`, param, 'payment_intent_invalid_parameter');
    }
  }
  if (pm.type === 'boleto' && (pi.amount < BOLETO_MIN || pi.amount > BOLETO_MAX)) {
    throw invalidParam('A boleto must be for at least R$5.00 and at most R$49,999.99.', 'amount', pi.amount < BOLETO_MIN ? 'amount_too_small' : 'amount_too_large');
  }
  return { pm, options: input.options, returnUrl: input.returnUrl };
}

function decline(ctx: Env, pi: Stripe.PaymentIntent, pm: Stripe.PaymentMethod, failure: { code: string; declineCode: string; message: string; param?: string }): never {
  const charge = createCharge(ctx.state, pi, pm, { status: 'failed', captured: false, failure });
  const error: StripeErrorBody = {
    type: 'card_error',
    charge: charge.id,
    code: failure.code,
    decline_code: failure.declineCode,
    doc_url: docUrl(failure.code),
    message: failure.message,
  };
  if (failure.param !== undefined) error.param = failure.param;
  pi.latest_charge = charge.id;
  pi.status = 'requires_payment_method';
  pi.payment_method = null;
  pi.next_action = null;
  pi.last_payment_error = { ...error, type: 'card_error', payment_method: structuredClone(pm) } as Stripe.PaymentIntent.LastPaymentError;
  ctx.state.emit('charge.failed', charge);
  ctx.state.emit('payment_intent.payment_failed', pi);
  throw cardError({ ...error, payment_intent: intentView(pi), payment_method: structuredClone(pm) });
}

/** Authorizes a card payment: succeeded, or requires_capture under manual capture. */
export function authorizeCard(ctx: Env, pi: Stripe.PaymentIntent, pm: Stripe.PaymentMethod): void {
  const outcome = ctx.state.cardOutcomes.get(pm.id) ?? { kind: 'approve' };
  if (outcome.kind === 'decline') decline(ctx, pi, pm, outcome);
  const manual = pi.capture_method === 'manual' || pi.payment_method_options?.card?.capture_method === 'manual';
  const plan = pi.payment_method_options?.card?.installments?.plan ?? null;
  const charge = createCharge(ctx.state, pi, pm, {
    status: 'succeeded',
    captured: !manual,
    installments: plan ? { plan: { count: plan.count, interval: plan.interval, type: plan.type } } : null,
    threeDSecure: ctx.state.side(pi.id).authenticated,
  });
  pi.latest_charge = charge.id;
  pi.last_payment_error = null;
  pi.next_action = null;
  ctx.state.emit('charge.succeeded', charge);
  if (manual) {
    pi.status = 'requires_capture';
    pi.amount_capturable = pi.amount;
    ctx.state.emit('payment_intent.amount_capturable_updated', pi);
    return;
  }
  pi.status = 'succeeded';
  pi.amount_received = pi.amount;
  ctx.state.emit('payment_intent.succeeded', pi);
  if (outcome.kind === 'dispute') scheduleTestDispute(ctx.state, ctx.settings, charge.id, outcome.reason);
}

function requireAction(ctx: Env, pi: Stripe.PaymentIntent, action: Stripe.PaymentIntent.NextAction): void {
  pi.status = 'requires_action';
  pi.next_action = action;
  pi.last_payment_error = null;
  ctx.state.emit('payment_intent.requires_action', pi);
}

/** Attempts the payment `plan` describes. A decline throws the 402 after recording it. */
export function runConfirm(ctx: Env, pi: Stripe.PaymentIntent, plan: ConfirmPlan): void {
  const { pm } = plan;
  const side = ctx.state.side(pi.id);
  if (pi.payment_method !== pm.id) side.authenticated = false;
  pi.payment_method = pm.id;
  pi.payment_method_options = plan.options;
  if (plan.returnUrl !== undefined) side.returnUrl = plan.returnUrl;
  refreshPlans(ctx.state, pi);
  const base = ctx.settings.baseUrl;
  if (pm.type === 'card') {
    const outcome = ctx.state.cardOutcomes.get(pm.id);
    const asked = pi.payment_method_options?.card?.request_three_d_secure;
    if ((outcome?.kind === 'authenticate' || asked === 'any' || asked === 'challenge') && !side.authenticated) {
      const url = `${base}/fake/3ds/${pi.id}`;
      return requireAction(
        ctx,
        pi,
        side.returnUrl !== undefined
          ? { type: 'redirect_to_url', redirect_to_url: { return_url: side.returnUrl, url } }
          : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: url, source: `src_${pi.id.slice(3)}` } as Stripe.PaymentIntent.NextAction.UseStripeSdk },
      );
    }
    return authorizeCard(ctx, pi, pm);
  }
  if (pm.type === 'boleto') {
    const expiresAt = boletoExpiresAt(pi.payment_method_options?.boleto?.expires_after_days ?? 3);
    side.actionExpiresAt = expiresAt;
    side.lapsed = false;
    return requireAction(ctx, pi, {
      type: 'boleto_display_details',
      boleto_display_details: {
        expires_at: expiresAt,
        hosted_voucher_url: `${base}/fake/boleto/${pi.id}`,
        number: boletoNumber(pi.amount, expiresAt),
        pdf: `${base}/fake/boleto/${pi.id}/pdf`,
      },
    });
  }
  const pix = pi.payment_method_options?.pix;
  const expiresAt = pix?.expires_at ?? nowSeconds() + (pix?.expires_after_seconds ?? PIX_DEFAULT_SECONDS);
  side.actionExpiresAt = expiresAt;
  return requireAction(ctx, pi, {
    type: 'pix_display_qr_code',
    pix_display_qr_code: {
      data: pixBrCode(pi.amount, `${new URL(base).host}/pix/qr/${pi.id}`),
      expires_at: expiresAt,
      hosted_instructions_url: `${base}/fake/pix/${pi.id}`,
      image_url_png: `${base}/fake/pix/${pi.id}/qr.png`,
      image_url_svg: `${base}/fake/pix/${pi.id}/qr.svg`,
    },
  });
}

function confirmRoute(ctx: Ctx): Stripe.PaymentIntent {
  const p = ctx.params;
  p.only([
    'payment_method', 'payment_method_data', 'payment_method_options', 'return_url', 'receipt_email', 'expand',
    'use_stripe_sdk', 'error_on_requires_action', 'off_session', 'setup_future_usage', 'shipping', 'mandate_data', 'capture_method',
  ]);
  const pi = findIntent(ctx.state, ctx.pathParams[0]!);
  const pmId = p.str('payment_method');
  const pmData = p.obj('payment_method_data');
  if (pmId !== undefined && pmData !== undefined) {
    throw invalidParam('You may only specify one of these parameters: payment_method, payment_method_data.', 'payment_method_data', 'parameters_exclusive');
  }
  const options = readOptions(p.obj('payment_method_options'), pi.payment_method_options ?? {}, { confirming: true });
  const returnUrl = p.str('return_url');
  const receiptEmail = p.str('receipt_email');
  const captureMethod = p.str('capture_method', { oneOf: ['automatic', 'automatic_async', 'manual'] });
  const expand = p.strArray('expand') ?? [];
  const pm = pmId !== undefined ? findPaymentMethod(ctx.state, pmId, 'payment_method') : pmData === undefined ? undefined : createPaymentMethod(ctx.state, pmData);
  const plan = planConfirm(ctx, pi, { pm, options, returnUrl });
  if (receiptEmail !== undefined) pi.receipt_email = receiptEmail;
  if (captureMethod !== undefined) pi.capture_method = captureMethod as Stripe.PaymentIntent.CaptureMethod;
  runConfirm(ctx, pi, plan);
  return expandOne(ctx.state, intentView(pi), expand);
}

export const confirmRoutes: Route[] = [
  { method: 'POST', path: /^\/v1\/payment_intents\/([^/]+)\/confirm$/, handle: (ctx) => ok(confirmRoute(ctx)) },
];
