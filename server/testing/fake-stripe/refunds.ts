/**
 * Refunds: `POST /v1/refunds` (of a PaymentIntent's charge or of a charge; the rest of it by default), `GET
 * /v1/refunds/:id`, `GET /v1/refunds`. A card or Pix refund is `pending` until the bank settles it (`settleRefund`),
 * or `succeeded` at once when the fake runs with `refunds: 'instant'`. Boleto payments cannot be refunded (Stripe's
 * boleto page: "Boleto payments can't be refunded"), and a charged-back payment cannot be refunded either.
 */
import type Stripe from 'stripe';
import { recomputeRefunded, refundedByRefunds } from './charges';
import { invalidParam, invalidState, missing } from './errors';
import { expandList, expandOne } from './expand';
import { newId, nowSeconds } from './ids';
import { page } from './list';
import { ok, type Ctx, type Route } from './route';
import { changedFields, type FakeState } from './state';

function brl(cents: number): string {
  return `R$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function chargeToRefund(ctx: Ctx, chargeId: string | undefined, piId: string | undefined): Stripe.Charge {
  if (piId !== undefined) {
    const pi = ctx.state.paymentIntents.get(piId);
    if (pi === undefined) throw missing('payment_intent', piId, 'payment_intent');
    const charge = typeof pi.latest_charge === 'string' ? ctx.state.charges.get(pi.latest_charge) : undefined;
    if (charge === undefined || !charge.captured || charge.status !== 'succeeded') {
      throw invalidState(`This PaymentIntent (${piId}) does not have a successful charge to refund.`, 'charge_not_refundable', { param: 'payment_intent' });
    }
    if (chargeId !== undefined && chargeId !== charge.id) {
      throw invalidParam(`The charge ${chargeId} does not belong to PaymentIntent ${piId}.`, 'charge');
    }
    return charge;
  }
  const charge = ctx.state.charges.get(chargeId!);
  if (charge === undefined) throw missing('charge', chargeId!, 'charge');
  if (!charge.captured || charge.status !== 'succeeded') {
    throw invalidState(`Charge ${charge.id} has not been captured: cancel its PaymentIntent to release it.`, 'charge_not_refundable', { param: 'charge' });
  }
  return charge;
}

function create(ctx: Ctx): Stripe.Refund {
  const p = ctx.params;
  p.only(['charge', 'payment_intent', 'amount', 'reason', 'metadata', 'expand', 'instructions_email', 'origin', 'refund_application_fee', 'reverse_transfer']);
  const chargeId = p.str('charge');
  const piId = p.str('payment_intent');
  if (chargeId === undefined && piId === undefined) {
    throw invalidParam('One of the following params should be provided for this request: payment_intent or charge.', 'payment_intent', 'parameter_missing');
  }
  const requested = p.int('amount', { min: 1 });
  const reason = p.str('reason', { oneOf: ['duplicate', 'fraudulent', 'requested_by_customer'] }) ?? null;
  const metadata = p.metadata() ?? {};
  const expand = p.strArray('expand') ?? [];
  const charge = chargeToRefund(ctx, chargeId, piId);
  const type = charge.payment_method_details?.type;
  if (type === 'boleto') {
    throw invalidState('Boleto payments cannot be refunded. Return the money to the customer outside Stripe.', 'charge_not_refundable');
  }
  if (charge.disputed) {
    const open = [...ctx.state.disputes.values()].some((d) => d.charge === charge.id && d.status !== 'won' && d.status !== 'warning_closed');
    if (open) throw invalidState(`Charge ${charge.id} has been charged back; cannot issue a refund.`, 'charge_disputed');
  }
  const remaining = charge.amount_captured - refundedByRefunds(ctx.state, charge.id);
  if (remaining <= 0) throw invalidState(`Charge ${charge.id} has already been refunded.`, 'charge_already_refunded');
  const amount = requested ?? remaining;
  if (amount > remaining) {
    throw invalidState(`Refund amount (${brl(amount)}) is greater than unrefunded amount on charge (${brl(remaining)})`, 'amount_too_large', { param: 'amount' });
  }
  const instant = ctx.settings.refunds === 'instant';
  const refund: Stripe.Refund = {
    id: newId('re'),
    object: 'refund',
    amount,
    application: null,
    balance_transaction: newId('txn'),
    charge: charge.id,
    created: nowSeconds(),
    currency: charge.currency,
    customer: null,
    customer_account: null,
    destination_details:
      type === 'card'
        ? { type: 'card', card: { reference: instant ? String(Date.now()) : undefined, reference_status: instant ? 'available' : 'pending', reference_type: 'acquirer_reference_number', type: 'refund' } }
        : ({ type: 'pix' } as Stripe.Refund.DestinationDetails),
    metadata,
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason: reason as Stripe.Refund.Reason | null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: instant ? 'succeeded' : 'pending',
    transfer_reversal: null,
  };
  ctx.state.refunds.set(refund.id, refund);
  const before = structuredClone(charge);
  recomputeRefunded(ctx.state, charge);
  ctx.state.emit('refund.created', refund);
  ctx.state.emit('charge.refunded', charge, changedFields(before, charge));
  return expandOne(ctx.state, structuredClone(refund), expand);
}

/** The bank settles a pending refund: succeeded, or failed (the money goes back to the account's balance). */
export function settle(state: FakeState, refundId: string, status: 'succeeded' | 'failed', failureReason = 'declined'): void {
  const refund = state.refunds.get(refundId);
  if (refund === undefined) throw new Error(`the fake has no refund ${refundId}`);
  if (refund.status !== 'pending') throw new Error(`refund ${refundId} is ${refund.status}, not pending`);
  const before = structuredClone(refund);
  refund.status = status;
  if (status === 'failed') {
    refund.failure_reason = failureReason;
    refund.failure_balance_transaction = newId('txn');
  } else if (refund.destination_details?.card) {
    refund.destination_details.card.reference = String(Date.now());
    refund.destination_details.card.reference_status = 'available';
  }
  const charge = state.charges.get(String(refund.charge))!;
  recomputeRefunded(state, charge);
  const previous = changedFields(before, refund);
  state.emit('refund.updated', refund, previous);
  if (status === 'failed') state.emit('refund.failed', refund, previous);
  state.emit('charge.refund.updated', refund, previous);
}

export const refundRoutes: Route[] = [
  { method: 'POST', path: /^\/v1\/refunds$/, handle: (ctx) => ok(create(ctx)) },
  {
    method: 'GET',
    path: /^\/v1\/refunds$/,
    handle: (ctx) => {
      ctx.params.only(['charge', 'payment_intent', 'limit', 'starting_after', 'ending_before', 'created', 'expand']);
      const charge = ctx.params.str('charge');
      const pi = ctx.params.str('payment_intent');
      const items = [...ctx.state.refunds.values()]
        .filter((r) => (charge === undefined || r.charge === charge) && (pi === undefined || r.payment_intent === pi))
        .reverse()
        .map((r) => structuredClone(r));
      const result = page(items, ctx.params, '/v1/refunds', 'refund');
      result.data = expandList(ctx.state, result.data, ctx.params.strArray('expand') ?? []);
      return ok(result);
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/refunds\/([^/]+)$/,
    handle: (ctx) => {
      ctx.params.only(['expand']);
      const refund = ctx.state.refunds.get(ctx.pathParams[0]!);
      if (refund === undefined) throw missing('refund', ctx.pathParams[0]!);
      return ok(expandOne(ctx.state, structuredClone(refund), ctx.params.strArray('expand') ?? []));
    },
  },
];
