/**
 * Charges: the attempt a confirmed PaymentIntent makes (`latest_charge`), succeeded, failed with the decline's codes,
 * or a card authorization not yet captured. `GET /v1/charges/:id` reads one. Amounts follow the API reference:
 * `amount_captured` (less than `amount` after a partial capture), `amount_refunded` (refunds plus what a partial
 * capture released), `refunded` only once all of `amount` is back.
 */
import type Stripe from 'stripe';
import { missing } from './errors';
import { newId, nowSeconds } from './ids';
import { expandOne } from './expand';
import { ok, type Route } from './route';
import type { FakeState } from './state';

export interface ChargeInput {
  status: 'succeeded' | 'failed' | 'pending';
  captured: boolean;
  failure?: { code: string; declineCode: string; message: string };
  installments?: Stripe.Charge.PaymentMethodDetails.Card.Installments | null;
  threeDSecure?: boolean;
}

function outcome(input: ChargeInput): Stripe.Charge.Outcome {
  if (input.failure !== undefined) {
    const blocked = input.failure.declineCode === 'fraudulent';
    return {
      advice_code: blocked ? 'do_not_try_again' : 'try_again_later',
      network_advice_code: null,
      network_decline_code: null,
      network_status: blocked ? 'not_sent_to_network' : 'declined_by_network',
      reason: blocked ? 'highest_risk_level' : input.failure.declineCode,
      risk_level: blocked ? 'highest' : 'normal',
      seller_message: blocked ? 'Stripe blocked this payment as too risky.' : 'The bank did not return any further details with this decline.',
      type: blocked ? 'blocked' : 'issuer_declined',
    };
  }
  return {
    advice_code: null,
    network_advice_code: null,
    network_decline_code: null,
    network_status: 'approved_by_network',
    reason: null,
    risk_level: 'normal',
    seller_message: 'Payment complete.',
    type: 'authorized',
  };
}

function methodDetails(pm: Stripe.PaymentMethod, input: ChargeInput, amount: number): Stripe.Charge.PaymentMethodDetails {
  if (pm.type === 'card' && pm.card) {
    const c = pm.card;
    return {
      type: 'card',
      card: {
        amount_authorized: input.status === 'failed' ? null : amount,
        authorization_code: input.status === 'failed' ? null : String(100000 + (amount % 900000)),
        brand: c.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: c.checks?.cvc_check === 'unchecked' ? 'pass' : null },
        country: c.country,
        electronic_commerce_indicator: input.threeDSecure ? '05' : null,
        exp_month: c.exp_month,
        exp_year: c.exp_year,
        fingerprint: c.fingerprint ?? null,
        funding: c.funding,
        installments: input.installments ?? null,
        last4: c.last4,
        mandate: null,
        network: c.brand,
        network_token: { used: false },
        network_transaction_id: input.status === 'failed' ? null : String(Date.now()).slice(-15),
        regulated_status: 'unregulated',
        three_d_secure: input.threeDSecure
          ? {
              authentication_flow: 'challenge',
              electronic_commerce_indicator: '05',
              exemption_indicator: null,
              result: 'authenticated',
              result_reason: null,
              transaction_id: newId('3ds'),
              version: '2.2.0',
            }
          : null,
        transaction_link_id: null,
        wallet: null,
      },
    };
  }
  if (pm.type === 'boleto') return { type: 'boleto', boleto: { tax_id: pm.boleto?.tax_id ?? '' } };
  return { type: 'pix', pix: { bank_transaction_id: newId('pix').slice(4, 36) } };
}

/** A new Charge of PaymentIntent `pi` with `pm`, stored and returned. */
export function createCharge(state: FakeState, pi: Stripe.PaymentIntent, pm: Stripe.PaymentMethod, input: ChargeInput): Stripe.Charge {
  const succeeded = input.status === 'succeeded';
  const charge: Stripe.Charge = {
    id: newId('ch'),
    object: 'charge',
    amount: pi.amount,
    amount_captured: input.captured ? pi.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: succeeded && input.captured ? newId('txn') : null,
    billing_details: structuredClone(pm.billing_details),
    calculated_statement_descriptor: 'FAKE STRIPE',
    captured: input.captured,
    created: nowSeconds(),
    currency: pi.currency,
    customer: null,
    description: pi.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: input.failure?.code ?? null,
    failure_message: input.failure?.message ?? null,
    fraud_details: {},
    livemode: state.livemode,
    metadata: { ...pi.metadata },
    on_behalf_of: null,
    outcome: outcome(input),
    paid: succeeded,
    payment_intent: pi.id,
    payment_method: pm.id,
    payment_method_details: methodDetails(pm, input, pi.amount),
    receipt_email: pi.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: input.status,
    transfer_data: null,
    transfer_group: null,
  };
  state.charges.set(charge.id, charge);
  return charge;
}

/** Refunds that still count against the charge (pending or succeeded, not failed or canceled). */
export function refundedByRefunds(state: FakeState, chargeId: string): number {
  let total = 0;
  for (const r of state.refunds.values()) {
    if (r.charge === chargeId && (r.status === 'pending' || r.status === 'succeeded' || r.status === 'requires_action')) total += r.amount;
  }
  return total;
}

/** Sets `amount_refunded` and `refunded` from the refunds and the released part of a partial capture. */
export function recomputeRefunded(state: FakeState, charge: Stripe.Charge): void {
  charge.amount_refunded = (state.released.get(charge.id) ?? 0) + refundedByRefunds(state, charge.id);
  charge.refunded = charge.amount_refunded >= charge.amount;
}

export const chargeRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/charges\/([^/]+)$/,
    handle: (ctx) => {
      ctx.params.only(['expand']);
      const charge = ctx.state.charges.get(ctx.pathParams[0]!);
      if (charge === undefined) throw missing('charge', ctx.pathParams[0]!);
      return ok(expandOne(ctx.state, structuredClone(charge), ctx.params.strArray('expand') ?? []));
    },
  },
];
