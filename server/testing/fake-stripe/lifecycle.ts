/**
 * What happens to a PaymentIntent after confirmation: capture (`POST …/capture`, all or part of what was authorized;
 * the rest is released), cancel (`POST …/cancel`, from the statuses the API reference lists), and what the payer or
 * the bank does outside the API: pay an issued boleto or Pix, let it lapse, pass or fail 3-D Secure.
 */
import type Stripe from 'stripe';
import { createCharge, recomputeRefunded } from './charges';
import { authorizeCard, type Env } from './confirm';
import { scheduleTestDispute } from './disputes';
import { ApiFailure, invalidState } from './errors';
import { expandOne } from './expand';
import { newId, nowSeconds } from './ids';
import { findIntent, intentView } from './intent-common';
import { ok, type Ctx, type Route } from './route';
import { changedFields } from './state';

const CANCELABLE = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];

function capture(ctx: Ctx): Stripe.PaymentIntent {
  const p = ctx.params;
  p.only(['amount_to_capture', 'expand', 'metadata', 'final_capture', 'statement_descriptor', 'statement_descriptor_suffix']);
  const pi = findIntent(ctx.state, ctx.pathParams[0]!);
  const requested = p.int('amount_to_capture', { min: 1 });
  const metadata = p.metadata();
  const expand = p.strArray('expand') ?? [];
  if (pi.status !== 'requires_capture') {
    throw invalidState(
      `This PaymentIntent could not be captured because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
      'payment_intent_unexpected_state',
      { payment_intent: intentView(pi) },
    );
  }
  const amount = requested ?? pi.amount_capturable;
  if (amount > pi.amount_capturable) {
    throw invalidState(
      `The amount_to_capture (${amount}) is greater than the amount_capturable (${pi.amount_capturable}) of this PaymentIntent.`,
      'amount_too_large',
      { param: 'amount_to_capture' },
    );
  }
  const charge = ctx.state.charges.get(pi.latest_charge as string)!;
  const before = structuredClone(charge);
  charge.captured = true;
  charge.amount_captured = amount;
  charge.balance_transaction = newId('txn');
  // What is not captured goes back to the cardholder; the Charge counts it in amount_refunded.
  ctx.state.released.set(charge.id, pi.amount - amount);
  recomputeRefunded(ctx.state, charge);
  pi.status = 'succeeded';
  pi.amount_received = amount;
  pi.amount_capturable = 0;
  if (metadata !== undefined) pi.metadata = { ...pi.metadata, ...metadata };
  ctx.state.emit('charge.captured', charge, changedFields(before, charge));
  ctx.state.emit('payment_intent.succeeded', pi);
  const outcome = ctx.state.cardOutcomes.get(String(charge.payment_method));
  if (outcome?.kind === 'dispute') scheduleTestDispute(ctx.state, ctx.settings, charge.id, outcome.reason);
  return expandOne(ctx.state, intentView(pi), expand);
}

function cancel(ctx: Ctx): Stripe.PaymentIntent {
  const p = ctx.params;
  p.only(['cancellation_reason', 'expand']);
  const pi = findIntent(ctx.state, ctx.pathParams[0]!);
  const reason = p.str('cancellation_reason', { oneOf: ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] });
  const expand = p.strArray('expand') ?? [];
  if (!CANCELABLE.includes(pi.status)) {
    throw invalidState(
      `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
      'payment_intent_unexpected_state',
      { payment_intent: intentView(pi) },
    );
  }
  if (pi.status === 'requires_capture' && typeof pi.latest_charge === 'string') {
    // The authorization is released in full.
    const charge = ctx.state.charges.get(pi.latest_charge)!;
    ctx.state.released.set(charge.id, charge.amount);
    recomputeRefunded(ctx.state, charge);
  }
  pi.status = 'canceled';
  pi.canceled_at = nowSeconds();
  pi.cancellation_reason = (reason ?? null) as Stripe.PaymentIntent.CancellationReason | null;
  pi.amount_capturable = 0;
  pi.next_action = null;
  ctx.state.emit('payment_intent.canceled', pi);
  return expandOne(ctx.state, intentView(pi), expand);
}

export const lifecycleRoutes: Route[] = [
  { method: 'POST', path: /^\/v1\/payment_intents\/([^/]+)\/capture$/, handle: (ctx) => ok(capture(ctx)) },
  { method: 'POST', path: /^\/v1\/payment_intents\/([^/]+)\/cancel$/, handle: (ctx) => ok(cancel(ctx)) },
];

function asyncMethod(env: Env, pi: Stripe.PaymentIntent): Stripe.PaymentMethod {
  const pm = typeof pi.payment_method === 'string' ? env.state.paymentMethods.get(pi.payment_method) : undefined;
  if (pm === undefined || (pm.type !== 'boleto' && pm.type !== 'pix')) throw new Error(`PaymentIntent ${pi.id} has no boleto or Pix issued`);
  return pm;
}

/** The payer pays the issued boleto or Pix: a captured Charge, the PaymentIntent succeeded. */
export function payIssued(env: Env, piId: string): void {
  const pi = findIntent(env.state, piId);
  const pm = asyncMethod(env, pi);
  const side = env.state.side(pi.id);
  const late = pm.type === 'boleto' && pi.status === 'processing' && side.lapsed;
  if (pi.status !== 'requires_action' && !late) throw new Error(`PaymentIntent ${piId} is ${pi.status}: nothing to pay`);
  if (pi.status === 'requires_action' && side.actionExpiresAt !== undefined && nowSeconds() > side.actionExpiresAt) {
    throw new Error(`the ${pm.type} of PaymentIntent ${piId} has expired`);
  }
  const charge = createCharge(env.state, pi, pm, { status: 'succeeded', captured: true });
  pi.latest_charge = charge.id;
  pi.next_action = null;
  pi.status = 'succeeded';
  pi.amount_received = pi.amount;
  env.state.emit('charge.succeeded', charge);
  env.state.emit('payment_intent.succeeded', pi);
}

/**
 * The issued boleto or Pix lapses unpaid. A Pix goes back to requires_payment_method at once. A boleto paid on its
 * last day can still be confirmed by the bank later, so it first waits in processing; unless `holdProcessing`, the
 * confirmation window then closes and it goes back to requires_payment_method too. Both end with
 * `payment_intent.payment_failed`.
 */
export function expireIssued(env: Env, piId: string, opts: { holdProcessing?: boolean } = {}): void {
  const pi = findIntent(env.state, piId);
  const pm = asyncMethod(env, pi);
  const side = env.state.side(pi.id);
  const processing = pi.status === 'processing' && side.lapsed;
  if (pi.status !== 'requires_action' && !processing) throw new Error(`PaymentIntent ${piId} is ${pi.status}: nothing to expire`);
  if (pm.type === 'boleto' && !processing) {
    pi.status = 'processing';
    pi.next_action = null;
    side.lapsed = true;
    env.state.emit('payment_intent.processing', pi);
    if (opts.holdProcessing) return;
  }
  pi.status = 'requires_payment_method';
  pi.next_action = null;
  pi.payment_method = null;
  side.lapsed = false;
  pi.last_payment_error = {
    code: 'payment_intent_payment_attempt_expired',
    doc_url: 'https://docs.stripe.com/error-codes/payment-intent-payment-attempt-expired',
    message: `The ${pm.type === 'pix' ? 'Pix QR code' : 'boleto'} expired before the customer paid it.`,
    payment_method: structuredClone(pm),
    type: 'invalid_request_error',
  };
  env.state.emit('payment_intent.payment_failed', pi);
}

/** The payer passes or fails 3-D Secure on a PaymentIntent waiting in requires_action. */
export function authenticate(env: Env, piId: string, outcome: 'succeeded' | 'failed'): void {
  const pi = findIntent(env.state, piId);
  const type = pi.next_action?.type;
  if (pi.status !== 'requires_action' || (type !== 'use_stripe_sdk' && type !== 'redirect_to_url')) {
    throw new Error(`PaymentIntent ${piId} is not waiting for 3-D Secure`);
  }
  const pm = env.state.paymentMethods.get(String(pi.payment_method))!;
  if (outcome === 'succeeded') {
    env.state.side(pi.id).authenticated = true;
    // A decline after authentication is recorded like any other; there is no request to answer it to.
    try {
      authorizeCard(env, pi, pm);
    } catch (err) {
      if (!(err instanceof ApiFailure)) throw err;
    }
    return;
  }
  pi.status = 'requires_payment_method';
  pi.next_action = null;
  pi.payment_method = null;
  pi.last_payment_error = {
    code: 'payment_intent_authentication_failure',
    doc_url: 'https://docs.stripe.com/error-codes/payment-intent-authentication-failure',
    message: 'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
    payment_method: structuredClone(pm),
    type: 'invalid_request_error',
  };
  env.state.emit('payment_intent.payment_failed', pi);
}
