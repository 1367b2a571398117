/**
 * Disputes (chargebacks) of card charges: opened by the cardholder's bank (`openDispute`, or on its own shortly after
 * a payment with the test card 4000000000000259), read with `GET /v1/disputes/:id`, accepted as lost with
 * `POST /v1/disputes/:id/close`, decided by the bank (`closeDispute`). Funds leave the balance when the dispute opens
 * (`charge.dispute.funds_withdrawn`) and come back if it is won (`charge.dispute.funds_reinstated`).
 */
import type Stripe from 'stripe';
import { invalidState, missing } from './errors';
import { expandOne } from './expand';
import { newId, nowSeconds } from './ids';
import { ok, type FakeSettings, type Route } from './route';
import { changedFields, type FakeState } from './state';

/** How long after a payment with the dispute test card its dispute opens. */
export const TEST_DISPUTE_DELAY_MS = 100;
/** Stripe's dispute fee in Brazil is charged in the balance transaction that withdraws the funds. */
const DISPUTE_FEE = 1500;
const DAY = 86_400;
const OPEN = ['needs_response', 'warning_needs_response', 'under_review', 'warning_under_review'];

function emptyEvidence(): Stripe.Dispute.Evidence {
  const fields = [
    'access_activity_log', 'billing_address', 'cancellation_policy', 'cancellation_policy_disclosure', 'cancellation_rebuttal',
    'customer_communication', 'customer_email_address', 'customer_name', 'customer_purchase_ip', 'customer_signature',
    'duplicate_charge_documentation', 'duplicate_charge_explanation', 'duplicate_charge_id', 'product_description', 'receipt',
    'refund_policy', 'refund_policy_disclosure', 'refund_refusal_explanation', 'service_date', 'service_documentation',
    'shipping_address', 'shipping_carrier', 'shipping_date', 'shipping_documentation', 'shipping_tracking_number',
    'uncategorized_file', 'uncategorized_text',
  ];
  const nulls = Object.fromEntries(fields.map((f) => [f, null]));
  return { ...nulls, appeal: null, enhanced_evidence: {} } as Stripe.Dispute.Evidence;
}

function balanceTransaction(dispute: Stripe.Dispute, amount: number, fee: number, what: string): Stripe.BalanceTransaction {
  const created = nowSeconds();
  return {
    id: newId('txn'),
    object: 'balance_transaction',
    amount,
    available_on: created,
    balance_type: 'payments',
    created,
    currency: dispute.currency,
    description: `${what} for ${typeof dispute.charge === 'string' ? dispute.charge : dispute.charge.id}`,
    exchange_rate: null,
    fee,
    fee_details: fee === 0 ? [] : [{ amount: fee, application: null, currency: dispute.currency, description: 'Dispute fee', type: 'stripe_fee' }],
    net: amount - fee,
    reporting_category: amount < 0 ? 'dispute' : 'dispute_reversal',
    source: dispute.id,
    status: 'available',
    type: 'adjustment',
  };
}

/** Opens a dispute of `amount` (default all of it) on a captured card charge; emits created and funds_withdrawn. */
export function openDispute(state: FakeState, chargeId: string, opts: { reason?: string; amount?: number } = {}): Stripe.Dispute {
  const charge = state.charges.get(chargeId);
  if (charge === undefined) throw new Error(`the fake has no charge ${chargeId}`);
  if (!charge.captured || charge.status !== 'succeeded') throw new Error(`charge ${chargeId} was not captured: nothing to dispute`);
  if (charge.payment_method_details?.type !== 'card') throw new Error(`charge ${chargeId} is not a card payment: only card payments can be disputed`);
  if (charge.disputed) throw new Error(`charge ${chargeId} is already disputed`);
  const amount = opts.amount ?? charge.amount_captured;
  if (!(Number.isSafeInteger(amount) && amount > 0 && amount <= charge.amount_captured)) throw new Error(`dispute amount ${amount} is not within 1..${charge.amount_captured}`);
  const card = charge.payment_method_details.card;
  const dispute: Stripe.Dispute = {
    id: newId('dp'),
    object: 'dispute',
    amount,
    balance_transactions: [],
    charge: charge.id,
    created: nowSeconds(),
    currency: charge.currency,
    enhanced_eligibility_types: [],
    evidence: emptyEvidence(),
    evidence_details: {
      due_by: nowSeconds() + 21 * DAY,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: 'not_submitted',
    },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: state.livemode,
    metadata: {},
    network_reason_code: opts.reason === 'fraudulent' || opts.reason === undefined ? '10.4' : '13.1',
    payment_intent: charge.payment_intent,
    payment_method_details: { card: { brand: card?.brand ?? 'visa', case_type: 'chargeback', network: card?.network ?? 'visa', network_reason_code: '10.4' }, type: 'card' },
    reason: opts.reason ?? 'fraudulent',
    status: 'needs_response',
  };
  state.disputes.set(dispute.id, dispute);
  charge.disputed = true;
  state.emit('charge.dispute.created', dispute);
  dispute.balance_transactions.push(balanceTransaction(dispute, -amount, DISPUTE_FEE, 'Chargeback withdrawal'));
  state.emit('charge.dispute.funds_withdrawn', dispute);
  return dispute;
}

/** Opens the test card's automatic dispute a moment after its payment, as Stripe does. */
export function scheduleTestDispute(state: FakeState, settings: FakeSettings, chargeId: string, reason: string): void {
  settings.later(async () => {
    const charge = state.charges.get(chargeId);
    // A refund in between leaves nothing to dispute.
    if (charge !== undefined && !charge.disputed && !charge.refunded) state.withOrigin({ id: null, idempotencyKey: null }, () => openDispute(state, chargeId, { reason }));
  }, TEST_DISPUTE_DELAY_MS);
}

/** The bank decides an open dispute: lost, or won (funds reinstated). */
export function decideDispute(state: FakeState, dispute: Stripe.Dispute, outcome: 'won' | 'lost'): void {
  if (!OPEN.includes(dispute.status)) throw invalidState(`This dispute is already ${dispute.status}.`);
  const before = structuredClone(dispute);
  dispute.status = outcome;
  dispute.evidence_details.due_by = null;
  if (outcome === 'won') dispute.balance_transactions.push(balanceTransaction(dispute, dispute.amount, -DISPUTE_FEE, 'Chargeback reversal'));
  state.emit('charge.dispute.closed', dispute, changedFields(before, dispute));
  if (outcome === 'won') state.emit('charge.dispute.funds_reinstated', dispute);
}

export const disputeRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/disputes\/([^/]+)$/,
    handle: (ctx) => {
      ctx.params.only(['expand']);
      const dispute = ctx.state.disputes.get(ctx.pathParams[0]!);
      if (dispute === undefined) throw missing('dispute', ctx.pathParams[0]!);
      return ok(expandOne(ctx.state, structuredClone(dispute), ctx.params.strArray('expand') ?? []));
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/disputes\/([^/]+)\/close$/,
    handle: (ctx) => {
      ctx.params.only(['expand']);
      const dispute = ctx.state.disputes.get(ctx.pathParams[0]!);
      if (dispute === undefined) throw missing('dispute', ctx.pathParams[0]!);
      // Closing is accepting the loss: the API reference calls it dismissing the dispute, acknowledging it as lost.
      decideDispute(ctx.state, dispute, 'lost');
      return ok(expandOne(ctx.state, structuredClone(dispute), ctx.params.strArray('expand') ?? []));
    },
  },
];
