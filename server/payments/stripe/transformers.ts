/**
 * Stripe's wire, mapped to and from our typed requests and results: the parameters of a PaymentIntent's creation and
 * confirmation for each method, what a PaymentIntent's status means for an authorization, the refusal codes of a
 * declined card, and a Refund's status. Nothing here calls Stripe.
 *
 * | PaymentIntent after confirmation | our answer |
 * |---|---|
 * | `succeeded` | `approved` (a card captured at once) |
 * | `requires_capture` | `authorized` (`capture: false`: `pre-authorized`) |
 * | `requires_action`, `boleto_display_details` | `issued`: the boleto's digitable line, barcode and voucher URL |
 * | `requires_action`, `pix_display_qr_code` | `issued`: the PIX copy-and-paste code |
 * | `requires_action`, anything else (3-D Secure) | `declined` `authenticationRequired` (the checkout cannot run the challenge yet) |
 * | `requires_payment_method` with `last_payment_error` | `declined` with the card's refusal code |
 */
import type Stripe from 'stripe';
import type { components } from '../../../generated/schema';
import { saoPauloDate } from '../../core/calendar';
import type { AuthorizeRequest, AuthorizeResult, RefundStatusResult, RefusalCode } from '../provider';
import { barcodeFromDigitableLine } from '../sandbox/boleto';

/** The Stripe payment method type of each of our methods this route serves. */
export const STRIPE_TYPES = { credit: 'card', billet: 'boleto', pix: 'pix' } as const;
export type StripeMethod = keyof typeof STRIPE_TYPES;

/** The PaymentIntent's creation and confirmation, fixed at the first call and sent the same on every retry. */
export interface IntentParams {
  create: Stripe.PaymentIntentCreateParams;
  confirm: Stripe.PaymentIntentConfirmParams;
}

/** The answer Stripe gave that no row of the tables reads: treated as no answer (uncertain). */
export class UnexpectedAnswer extends Error {}

function daysUntil(at: Date, now: Date): number {
  const a = Date.parse(`${saoPauloDate(at)}T00:00:00Z`);
  const b = Date.parse(`${saoPauloDate(now)}T00:00:00Z`);
  return Math.max(0, Math.round((a - b) / 86_400_000));
}

/** The payer as a boleto needs them: name, e-mail, CPF/CNPJ and address (Stripe refuses a boleto without them). */
function billingDetails(req: AuthorizeRequest): Stripe.PaymentIntentConfirmParams.PaymentMethodData.BillingDetails {
  const p = req.payer;
  const a = p?.address;
  return {
    name: p?.name || undefined,
    email: p?.email || undefined,
    ...(a
      ? { address: { line1: a.line1, ...(a.line2 ? { line2: a.line2 } : {}), city: a.city, state: a.state, postal_code: a.postcode, country: 'BR' } }
      : {}),
  };
}

/**
 * The parameters of the authorization's PaymentIntent. `card` is the Stripe PaymentMethod the vault made of the card.
 * The metadata names our charge, so an event or a look at Stripe's dashboard leads back to it.
 */
export function intentParams(req: AuthorizeRequest, method: StripeMethod, card: string | null, now: Date): IntentParams {
  const type = STRIPE_TYPES[method];
  const create: Stripe.PaymentIntentCreateParams = {
    amount: req.amount,
    currency: 'brl',
    allowed_payment_method_types: [type],
    description: `Pagamento a ${req.merchant.name}`.slice(0, 200),
    metadata: { transaction_id: req.transactionId, merchant_id: req.merchant.id, authorize_key: req.idempotencyKey.slice(0, 500) },
  };
  const confirm: Stripe.PaymentIntentConfirmParams = {};
  if (method === 'credit') {
    if (!card) throw new Error('a card charge without its Stripe payment method');
    create.capture_method = req.capture ? 'automatic' : 'manual';
    if (req.installments > 1) create.payment_method_options = { card: { installments: { enabled: true } } };
    confirm.payment_method = card;
    // Stripe takes the plan only at confirmation.
    if (req.installments > 1) confirm.payment_method_options = { card: { installments: { plan: { count: req.installments, interval: 'month', type: 'fixed_count' } } } };
    confirm.expand = ['latest_charge'];
  } else if (method === 'billet') {
    const d = req.details?.kind === 'billet' ? req.details : null;
    if (d) create.payment_method_options = { boleto: { expires_after_days: daysUntil(d.expiresAt, now) } };
    const document = req.payer?.document?.number.replace(/\D/g, '');
    confirm.payment_method_data = { type: 'boleto', boleto: { tax_id: document ?? '' }, billing_details: billingDetails(req) };
  } else {
    const d = req.details?.kind === 'pix' ? req.details : null;
    if (d) create.payment_method_options = { pix: { expires_at: Math.floor(d.expiresAt.getTime() / 1000) } };
    confirm.payment_method_data = { type: 'pix', billing_details: { name: req.payer?.name || undefined, email: req.payer?.email || undefined } };
  }
  return { create, confirm };
}

/**
 * What a boleto at Stripe lacks of its payer (Stripe issues it to a name, an e-mail, a CPF or CNPJ and an address),
 * in words for the merchant; null when nothing is missing. Checked before any call: a PaymentIntent is not made for a
 * boleto Stripe would refuse.
 */
export function boletoMissing(req: AuthorizeRequest): string | null {
  const p = req.payer;
  const missing = [
    !p?.name ? 'name' : null,
    !p?.email ? 'e-mail' : null,
    !p?.document ? 'CPF or CNPJ' : null,
    !p?.address ? 'address (the customer has no primary address)' : null,
  ].filter((x): x is string => x !== null);
  return missing.length > 0 ? `A boleto at Stripe is issued to the payer's name, e-mail, CPF or CNPJ and address; this payer has no ${missing.join(', no ')}.` : null;
}

/** The refusal code of a card Stripe declined: `code`, and for `card_declined` its `decline_code`. */
export function refusalOf(code: string, declineCode: string | null): RefusalCode {
  const c = code === 'card_declined' ? (declineCode ?? 'generic_decline') : code;
  switch (c) {
    case 'insufficient_funds':
    case 'withdrawal_count_limit_exceeded':
    case 'card_velocity_exceeded':
      return 'insufficientFunds';
    case 'expired_card':
      return 'expiredCard';
    case 'lost_card':
    case 'stolen_card':
    case 'pickup_card':
    case 'restricted_card':
    case 'security_violation':
      return 'cardBlocked';
    case 'incorrect_cvc':
    case 'invalid_cvc':
      return 'invalidSecurityCode';
    case 'authentication_required':
      return 'authenticationRequired';
    // generic_decline, do_not_honor, fraudulent (Stripe advises not telling the payer), processing_error, and
    // whatever Stripe adds: the issuer said no without more.
    default:
      return 'issuerDeclined';
  }
}

/** The words of a refusal for people (the code and Stripe's words, which hold no card data), naming the intent. */
function refused(code: RefusalCode, what: string, intentId: string): Extract<AuthorizeResult, { kind: 'declined' }> {
  return { kind: 'declined', code, message: `The card was declined (${what}).`, acquirerTransactionNumber: intentId };
}

/** The authorization code of the intent's charge, when Stripe gives it; the charge's id otherwise. */
function authorizationCodeOf(pi: Stripe.PaymentIntent): string {
  const charge = pi.latest_charge;
  if (charge && typeof charge === 'object') return charge.authorization_code ?? charge.id;
  return typeof charge === 'string' ? charge : pi.id;
}

/**
 * What a confirmed PaymentIntent answers the authorization (the table of the file's header); null when the intent
 * was not confirmed yet (`requires_confirmation`, or `requires_payment_method` without a refusal) and `processing`
 * (the card network has not answered): the caller reads it as no answer.
 */
export function readIntent(pi: Stripe.PaymentIntent, req: AuthorizeRequest): AuthorizeResult | null {
  switch (pi.status) {
    case 'succeeded':
      return { kind: 'approved', acquirerTransactionNumber: pi.id, authorizationCode: authorizationCodeOf(pi) };
    case 'requires_capture':
      return { kind: 'authorized', acquirerTransactionNumber: pi.id, authorizationCode: authorizationCodeOf(pi) };
    case 'requires_action': {
      const issued = issuedOf(pi, req);
      if (issued) return issued;
      // A boleto or PIX waits for the payer, never for a challenge: any other action is not one this table reads.
      if (req.method !== 'credit') throw new UnexpectedAnswer(`Stripe's ${req.method} payment ${pi.id} waits for ${pi.next_action?.type ?? 'an action'}`);
      return refused('authenticationRequired', 'the issuer asks the payer to authenticate (3-D Secure)', pi.id);
    }
    case 'requires_payment_method': {
      const e = pi.last_payment_error;
      if (!e) return null;
      return refused(refusalOf(e.code ?? 'card_declined', e.decline_code ?? null), [e.code, e.decline_code].filter(Boolean).join('/'), pi.id);
    }
    case 'canceled':
      return { kind: 'declined', code: 'processingFailed', message: `Stripe holds this payment as canceled (${pi.cancellation_reason ?? 'no reason given'}).`, acquirerTransactionNumber: pi.id };
    default:
      return null;
  }
}

/** A boleto or PIX waiting for the payer, as our instructions; null for any other action (a 3-D Secure challenge). */
function issuedOf(pi: Stripe.PaymentIntent, req: AuthorizeRequest): AuthorizeResult | null {
  const next = pi.next_action;
  if (next?.type === 'boleto_display_details' && next.boleto_display_details) {
    const b = next.boleto_display_details;
    const line = (b.number ?? '').replace(/\D/g, '');
    if (line.length !== 47) throw new UnexpectedAnswer(`Stripe's boleto ${pi.id} has no 47-digit number`);
    const d = req.details?.kind === 'billet' ? req.details : null;
    const expiresAt = b.expires_at ? new Date(b.expires_at * 1000) : (d?.expiresAt ?? new Date());
    return {
      kind: 'issued',
      acquirerTransactionNumber: pi.id,
      instructions: {
        kind: 'billet', barcode: barcodeFromDigitableLine(line), digitableLine: line, documentNumber: d?.documentNumber ?? pi.id.slice(-10),
        referenceNumber: pi.id, expiresAt: expiresAt.toISOString(), ...(b.hosted_voucher_url ? { voucherUrl: b.hosted_voucher_url } : {}),
      },
    };
  }
  if (next?.type === 'pix_display_qr_code' && next.pix_display_qr_code?.data) {
    const p = next.pix_display_qr_code;
    const d = req.details?.kind === 'pix' ? req.details : null;
    const expiresAt = p.expires_at ? new Date(p.expires_at * 1000) : (d?.expiresAt ?? new Date());
    return { kind: 'issued', acquirerTransactionNumber: pi.id, instructions: { kind: 'pix', emv: p.data!, txid: pi.id, expiresAt: expiresAt.toISOString() } };
  }
  return null;
}

/** A Refund's status in our terms. */
export function refundOf(r: Stripe.Refund): RefundStatusResult {
  switch (r.status) {
    case 'succeeded':
      return { kind: 'succeeded' };
    case 'failed':
    case 'canceled':
      return { kind: 'failed', reason: `Stripe did not return the money (${r.status}${r.failure_reason ? `: ${r.failure_reason}` : ''}).` };
    default:
      // pending, requires_action: Stripe confirms later (refund.updated).
      return { kind: 'pending' };
  }
}

type DisputeReason = components['schemas']['Dispute']['reason'];

/** Stripe's dispute reasons in our words (`Dispute.reason`); `general` for the rest. */
const REASONS: Record<string, DisputeReason> = {
  fraudulent: 'fraudulent',
  unrecognized: 'unrecognized',
  duplicate: 'duplicate',
  product_not_received: 'product-not-received',
  product_unacceptable: 'product-unacceptable',
  credit_not_processed: 'credit-not-processed',
};

/**
 * What one Stripe event tells, in our terms and nothing more: the payment it is about, and for a payment, a refund or
 * a dispute what moved. This is what the engine applies and what is kept of the event (no payer data: Stripe's
 * objects carry billing details that our records do not).
 */
export type StripeNews =
  | { kind: 'paid'; intentId: string; amount: number; chargeId: string | null; authorizeKey: string | null }
  /** A refund of the payment moved; `failed` when Stripe says it did not give the money back. */
  | { kind: 'refund'; intentId: string | null; refundId: string | null; failed: boolean }
  | {
      kind: 'dispute';
      intentId: string | null;
      disputeId: string;
      /** `opened`: a dispute that holds money; `won`, `lost`: decided; `inquiry`: no money held; `other`: noted. */
      stage: 'opened' | 'won' | 'lost' | 'inquiry' | 'other';
      reason: DisputeReason;
      stripeReason: string;
      amount: number;
      evidenceDueBy: string | null;
    }
  | { kind: 'other'; intentId: string | null };

/** An event as the route hands it to the engine: its id, type and time, and what it tells. */
export interface StripeNotice {
  id: string;
  type: string;
  created: number;
  news: StripeNews;
}

const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);

/**
 * The stage of a dispute event: decided (a prevented dispute is won: no money left), an inquiry, or a dispute that holds
 * money (`opened`): its creation, and any later event of one whose status is no longer an inquiry's (an inquiry that
 * escalated arrives as `charge.dispute.updated` or `charge.dispute.funds_withdrawn`, never as a new creation).
 */
function stageOf(type: string, d: Stripe.Dispute): Extract<StripeNews, { kind: 'dispute' }>['stage'] {
  if (type === 'charge.dispute.closed') {
    if (d.status === 'won' || d.status === 'prevented') return 'won';
    if (d.status === 'lost') return 'lost';
  }
  if (d.status.startsWith('warning')) return 'inquiry';
  if (['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.funds_withdrawn'].includes(type) && ['needs_response', 'under_review'].includes(d.status)) return 'opened';
  return 'other';
}

/** What a Stripe event tells (the table of `domain/routes/stripe-events.ts`). */
export function noticeOf(event: Stripe.Event): StripeNotice {
  const o = event.data.object as { object?: string; id?: string; payment_intent?: string | { id: string } | null };
  const intentId = o.object === 'payment_intent' ? (o.id ?? null) : idOf(o.payment_intent);
  const base = { id: event.id, type: event.type, created: event.created };
  if (event.type === 'payment_intent.succeeded') {
    const pi = event.data.object as Stripe.PaymentIntent;
    return { ...base, news: { kind: 'paid', intentId: pi.id, amount: pi.amount_received, chargeId: idOf(pi.latest_charge), authorizeKey: pi.metadata?.authorize_key ?? null } };
  }
  if (['charge.refunded', 'charge.refund.updated', 'refund.created', 'refund.updated', 'refund.failed'].includes(event.type)) {
    const refund = o.object === 'refund' ? (event.data.object as Stripe.Refund) : null;
    const failed = event.type === 'refund.failed' || refund?.status === 'failed' || refund?.status === 'canceled';
    return { ...base, news: { kind: 'refund', intentId, refundId: refund?.id ?? null, failed } };
  }
  if (event.type.startsWith('charge.dispute.')) {
    const d = event.data.object as Stripe.Dispute;
    return {
      ...base,
      news: {
        kind: 'dispute', intentId, disputeId: d.id, stage: stageOf(event.type, d), reason: REASONS[d.reason] ?? 'general', stripeReason: d.reason,
        amount: d.amount, evidenceDueBy: d.evidence_details?.due_by ? new Date(d.evidence_details.due_by * 1000).toISOString() : null,
      },
    };
  }
  return { ...base, news: { kind: 'other', intentId } };
}
