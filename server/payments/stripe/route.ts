/**
 * A Stripe route: cards, boletos and PIX as PaymentIntents, through the official SDK only (`client.ts`).
 *
 * An authorization is two calls, each under a Stripe Idempotency-Key derived from ours: the PaymentIntent is created
 * (`{key}:create`, which moves no money) and recorded (`stripe_intents`), then confirmed (`{key}:confirm`), which
 * charges, reserves or issues. So a PaymentIntent always has a known id before any money moves: a void, a capture, a
 * refund or a reconcile finds it, and a retried job (a worker killed mid-call) replays both calls under the same keys
 * and gets Stripe's first answers: one PaymentIntent per authorization key, charged at most once.
 *
 * How Stripe's answers read (`failureOf` in client.ts says which errors are which):
 *
 * | answer | authorization | capture, cancel, refund |
 * |---|---|---|
 * | 2xx | the intent's status (transformers.ts) | done, or pending (a refund) |
 * | `card_error` | declined, with the card's refusal code | declined |
 * | 400, 404 | declined `processingFailed` | declined / failed; a cancel of a paid intent is declined, a capture already made is captured |
 * | 401, 403, 429, no connection | unavailable: nothing was done, the next route is tried | unavailable |
 * | 5xx, 409, no answer | the intent is canceled (`{key}:abandon`): canceled, nothing was charged, so unavailable; paid after all, its status; else thrown (uncertain) | thrown: uncertain, asked again under the same key |
 */
import type Stripe from 'stripe';
import { ApiError } from '../../core/errors';
import type { Mode } from '../../core/tenancy';
import type { Queryable } from '../../db/types';
import { cardDigits, detectBrand } from '../card';
import type {
  AuthorizeRequest,
  AuthorizeResult,
  CancelResult,
  CaptureResult,
  CardVault,
  PaymentProvider,
  RefundResult,
  RefundStatusResult,
} from '../provider';
import { failureOf, stripeClient, type Failure } from './client';
import type { StripeSecrets, StripeSettings } from './settings';
import { boletoMissing, intentParams, readIntent, refundOf, refusalOf, STRIPE_TYPES, UnexpectedAnswer, type IntentParams, type StripeMethod } from './transformers';

/** How long one request to Stripe may take before the SDK gives up on it (the engine's own time-out bounds the call). */
const STRIPE_TIMEOUT_MS = 30_000;

/** The events the service acts on, or keeps for an operator; the sweep asks Stripe for these. */
export const STRIPE_EVENT_TYPES = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
  'charge.refund.updated',
  'refund.created',
  'refund.updated',
  'refund.failed',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
] as const;

/** The receiving side of a Stripe route: what the notification endpoint, the sweep and `routes test` use. */
export interface StripeRoute extends PaymentProvider {
  readonly kind: 'stripe';
  /** Exchanges a card for a Stripe PaymentMethod of this route's account: its number and CVV reach Stripe and nothing else. */
  readonly vault: CardVault;
  /** The event of a notification, its signature checked by the SDK on the raw body; throws when it does not verify. */
  readEvent(raw: Buffer, signature: string | undefined): Stripe.Event;
  /** The events of the types the service reads, created since `from`, oldest first (at most `max`). */
  eventsSince(from: Date, max?: number): Promise<Stripe.Event[]>;
  intent(id: string): Promise<Stripe.PaymentIntent>;
  /** The account the key belongs to (`routes test`). */
  account(): Promise<{ id: string; country: string | null; chargesEnabled: boolean | null }>;
  close(): void;
}

const unavailable = (id: string, f: Failure): { kind: 'unavailable'; reason: string } => ({ kind: 'unavailable', reason: `route ${id}: ${f.message}` });

/** A failure after which Stripe did nothing: the route is down for this call, another may take it. */
function didNothing(f: Failure): boolean {
  return f.kind === 'rate-limited' || f.kind === 'not-sent' || f.kind === 'refused-route';
}

/** The token of a card this route's vault made: `stripe:{routeId}:{pm_…}`. */
function tokenOf(routeId: string, paymentMethod: string): string {
  return `stripe:${routeId}:${paymentMethod}`;
}

/** The route `id` of `mode`, speaking to Stripe with the route's key. */
export function stripeRoute(db: Queryable, id: string, mode: Mode, settings: StripeSettings, secrets: StripeSecrets): StripeRoute & { stripe: Stripe } {
  const stripe = stripeClient(settings, secrets, STRIPE_TIMEOUT_MS);
  const methods = Object.keys(STRIPE_TYPES) as StripeMethod[];

  /** The PaymentMethod of a card this route tokenized; null for a card of another vault (another route's token). */
  function ownCard(token: string | undefined): string | null {
    const prefix = `stripe:${id}:`;
    return token?.startsWith(prefix) ? token.slice(prefix.length) : null;
  }

  async function recorded(key: string): Promise<{ intent_id: string | null; create_params: IntentParams; method: StripeMethod } | null> {
    const res = await db.query<{ intent_id: string | null; create_params: IntentParams; method: StripeMethod }>(
      `SELECT intent_id, create_params, method FROM stripe_intents WHERE idempotency_key = $1`,
      [key],
    );
    return res.rows[0] ?? null;
  }

  /**
   * The id of the PaymentIntent of authorization `key`, creating it (again) under `{key}:create` when its creation
   * never answered: Stripe answers a repeated creation with the first one's intent, and a creation moves no money.
   */
  async function intentOf(key: string, params: IntentParams, known: string | null): Promise<string> {
    if (known) return known;
    const pi = await stripe.paymentIntents.create(params.create, { idempotencyKey: `${key}:create` });
    await db.query(`UPDATE stripe_intents SET intent_id = $2 WHERE idempotency_key = $1 AND intent_id IS NULL`, [key, pi.id]);
    return pi.id;
  }

  /** The intent of an authorization that answered (a capture, a cancel, a refund stand on it). */
  async function existingIntent(authorizeKey: string): Promise<{ id: string; method: StripeMethod } | null> {
    const row = await recorded(authorizeKey);
    if (!row) return null;
    return { id: await intentOf(authorizeKey, row.create_params, row.intent_id), method: row.method };
  }

  /**
   * The confirmation got no answer Stripe stands behind: the intent is canceled under `{key}:abandon`, which either
   * proves nothing was charged (canceled: the route was unavailable) or shows what the confirmation did after all.
   */
  async function abandon(key: string, intentId: string, req: AuthorizeRequest, f: Failure): Promise<AuthorizeResult> {
    try {
      await stripe.paymentIntents.cancel(intentId, { cancellation_reason: 'abandoned' }, { idempotencyKey: `${key}:abandon` });
      return { kind: 'unavailable', reason: `route ${id}: ${f.message}; the payment was canceled at Stripe before anything was charged` };
    } catch (err) {
      const g = failureOf(err);
      const now = g.kind === 'refused' ? (g.intent ?? (await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] }))) : null;
      const read = now ? readIntent(now, req) : null;
      if (read) return read;
      throw new UnexpectedAnswer(`route ${id}: no answer to the confirmation (${f.message}), and the payment could not be canceled (${g.message})`);
    }
  }

  const vault: CardVault = {
    async tokenize(card) {
      const brand = detectBrand(card.number);
      if (!brand) throw new Error('tokenize: unsupported brand (checked before)');
      try {
        // A PaymentMethod moves no money and is made once per request key (the request's recovery point is claimed first).
        const pm = await stripe.paymentMethods.create({
          type: 'card',
          card: { number: card.number, exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvv },
          billing_details: { name: card.holderName },
        });
        const { first6, last4 } = cardDigits(card.number);
        return { token: tokenOf(id, pm.id), brand, firstDigits: first6, lastDigits: last4 };
      } catch (err) {
        const f = failureOf(err);
        if (f.kind === 'card') {
          throw new ApiError('invalidCard', { resource: 'transaction', message: 'The card was refused by the card network as typed (number, expiry or security code).' });
        }
        throw new ApiError('providerUnavailable', { message: 'The card could not be sent to the payment provider now; retry with backoff.' });
      }
    },
  };

  return {
    id,
    version: 'stripe-2026-11-18',
    kind: 'stripe',
    methods,
    modes: [mode],
    stripe,
    vault,

    async authorize(req) {
      const method = req.method as StripeMethod;
      if (!methods.includes(method)) throw new Error(`route ${id} does not serve ${req.method}`);
      const card = method === 'credit' ? ownCard(req.card?.token) : null;
      // A card another vault tokenized (another route's, or the simulator's) is not this account's: nothing is sent.
      if (method === 'credit' && !card) return { kind: 'unavailable', reason: `route ${id}: the card was tokenized by another route` };
      const lacking = method === 'billet' ? boletoMissing(req) : null;
      if (lacking) return { kind: 'declined', code: 'processingFailed', message: lacking };
      const fresh = intentParams(req, method, card, new Date());
      // Written before any call: the parameters are fixed here, so every retry under the key sends the same ones.
      const saved = await db.query<{ intent_id: string | null; create_params: IntentParams }>(
        `WITH added AS (
           INSERT INTO stripe_intents (idempotency_key, route_id, transaction_id, method, amount, create_params, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, now()) ON CONFLICT DO NOTHING RETURNING intent_id, create_params)
         SELECT intent_id, create_params FROM added UNION ALL SELECT intent_id, create_params FROM stripe_intents WHERE idempotency_key = $1 LIMIT 1`,
        [req.idempotencyKey, id, req.transactionId, method, req.amount, JSON.stringify(fresh)],
      );
      // Two first calls at once on PostgreSQL: the one that waited inserts nothing and reads the row again.
      const row = saved.rows[0] ?? (await recorded(req.idempotencyKey));
      if (!row) throw new Error(`the PaymentIntent record of ${req.idempotencyKey} vanished`);
      let intentId: string;
      try {
        intentId = await intentOf(req.idempotencyKey, row.create_params, row.intent_id);
      } catch (err) {
        const f = failureOf(err);
        if (f.kind === 'refused') return { kind: 'declined', code: 'processingFailed', message: `Stripe refused the payment: ${f.message}` };
        // Nothing can have been charged: an intent is only created here, never confirmed.
        return unavailable(id, f);
      }
      let pi: Stripe.PaymentIntent;
      try {
        pi = await stripe.paymentIntents.confirm(intentId, row.create_params.confirm, { idempotencyKey: `${req.idempotencyKey}:confirm` });
      } catch (err) {
        const f = failureOf(err);
        if (f.kind === 'card') return { kind: 'declined', code: refusalOf(f.code, f.declineCode), message: `The card was declined (${[f.code, f.declineCode].filter(Boolean).join('/')}).` };
        if (didNothing(f)) return unavailable(id, f);
        if (f.kind === 'refused') {
          const read = f.intent ? readIntent(f.intent, req) : null;
          return read ?? { kind: 'declined', code: 'processingFailed', message: `Stripe refused the payment: ${f.message}` };
        }
        return abandon(req.idempotencyKey, intentId, req, f);
      }
      const read = readIntent(pi, req);
      if (!read) throw new UnexpectedAnswer(`route ${id}: the payment ${pi.id} is ${pi.status} after its confirmation`);
      // A 3-D Secure challenge nobody can take: the intent is canceled so it holds nothing (best effort: it cannot be
      // completed without the payer anyway).
      if (read.kind === 'declined' && pi.status === 'requires_action') {
        await stripe.paymentIntents.cancel(pi.id, { cancellation_reason: 'abandoned' }, { idempotencyKey: `${req.idempotencyKey}:abandon` }).catch(() => undefined);
      }
      return read;
    },

    async capture(req): Promise<CaptureResult> {
      const intent = await existingIntent(req.authorizeKey);
      if (!intent) return { kind: 'declined', message: `route ${id} has no authorization under this charge` };
      try {
        const pi = await stripe.paymentIntents.capture(intent.id, { amount_to_capture: req.amount }, { idempotencyKey: req.idempotencyKey });
        if (pi.status === 'succeeded') return { kind: 'captured' };
        throw new UnexpectedAnswer(`route ${id}: the payment ${pi.id} is ${pi.status} after its capture`);
      } catch (err) {
        if (err instanceof UnexpectedAnswer) throw err;
        const f = failureOf(err);
        if (didNothing(f)) return unavailable(id, f);
        if (f.kind === 'refused' && f.code === 'payment_intent_unexpected_state') {
          // Captured already (an earlier capture under another key reached it), or released: its status says.
          const pi = await stripe.paymentIntents.retrieve(intent.id);
          if (pi.status === 'succeeded' && pi.amount_received === req.amount) return { kind: 'captured' };
          return { kind: 'declined', message: `Stripe holds the payment as ${pi.status}: nothing to capture.` };
        }
        if (f.kind === 'refused' || f.kind === 'card') return { kind: 'declined', message: f.message };
        throw err;
      }
    },

    async cancel(req): Promise<CancelResult> {
      let intent: { id: string; method: StripeMethod } | null;
      try {
        intent = await existingIntent(req.authorizeKey);
      } catch (err) {
        const f = failureOf(err);
        if (didNothing(f)) return unavailable(id, f);
        throw err;
      }
      // Nothing was ever sent under the key (its record is written before the first call): canceling nothing succeeds.
      if (!intent) return { kind: 'canceled' };
      if (intent.method !== 'credit') {
        // A boleto or PIX the payer paid that Stripe is still confirming (`processing`: a boleto paid on its last day)
        // is not canceled under the payment: asked again later, it has succeeded (its event approves the charge) or
        // lapsed (canceled then).
        let now: Stripe.PaymentIntent;
        try {
          now = await stripe.paymentIntents.retrieve(intent.id);
        } catch (err) {
          const f = failureOf(err);
          if (didNothing(f) || f.kind === 'unknown') return unavailable(id, f);
          throw err;
        }
        if (now.status === 'canceled') return { kind: 'canceled' };
        if (now.status === 'succeeded') return { kind: 'declined', message: `the payer paid ${now.id} at Stripe before it could be canceled` };
        if (now.status === 'processing') return { kind: 'unavailable', reason: `route ${id}: the payer's payment of ${now.id} is being confirmed at Stripe` };
      }
      try {
        await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'requested_by_customer' }, { idempotencyKey: req.idempotencyKey });
        return { kind: 'canceled' };
      } catch (err) {
        const f = failureOf(err);
        if (didNothing(f)) return unavailable(id, f);
        if (f.kind !== 'refused') throw err;
        const pi = f.intent ?? (await stripe.paymentIntents.retrieve(intent.id));
        if (pi.status === 'canceled') return { kind: 'canceled' };
        if (pi.status !== 'succeeded') throw new UnexpectedAnswer(`route ${id}: the payment ${pi.id} is ${pi.status} and could not be canceled: ${f.message}`);
        // Paid before the cancel reached Stripe: a boleto or PIX the payer paid is not undone here (its payment
        // arrives as an event); a card charged under a key being voided is given back in full.
        if (intent.method !== 'credit') return { kind: 'declined', message: `the payer paid ${pi.id} at Stripe before it could be canceled` };
        await stripe.refunds.create(
          { payment_intent: pi.id, reason: 'duplicate', metadata: { void: req.idempotencyKey.slice(0, 500) } },
          { idempotencyKey: `${req.idempotencyKey}:refund` },
        );
        return { kind: 'canceled' };
      }
    },

    async refund(req): Promise<RefundResult> {
      const intent = await existingIntent(req.authorizeKey);
      if (!intent) return { kind: 'failed', reason: `route ${id} holds no payment for ${req.transactionId} to refund` };
      await db.query(
        `INSERT INTO stripe_refunds (idempotency_key, route_id, intent_id, amount, created_at) VALUES ($1, $2, $3, $4, now()) ON CONFLICT DO NOTHING`,
        [req.idempotencyKey, id, intent.id, req.amount],
      );
      try {
        const r = await createRefund(req.idempotencyKey, intent.id, req.amount);
        const now = refundOf(r);
        return now.kind === 'failed' ? { kind: 'failed', reason: now.reason } : now;
      } catch (err) {
        const f = failureOf(err);
        if (didNothing(f)) return unavailable(id, f);
        // Refused (more than is left, a method Stripe cannot refund): nothing was returned, the amount is refundable again.
        if (f.kind === 'refused' || f.kind === 'card') return { kind: 'failed', reason: `Stripe refused the refund: ${f.message}` };
        throw err;
      }
    },

    async refundStatus(req): Promise<RefundStatusResult> {
      const res = await db.query<{ intent_id: string; amount: string; refund_id: string | null }>(
        `SELECT intent_id, amount::text AS amount, refund_id FROM stripe_refunds WHERE idempotency_key = $1`,
        [req.idempotencyKey],
      );
      const row = res.rows[0];
      if (!row) return { kind: 'failed', reason: `route ${id} never asked Stripe for this refund` };
      try {
        // A refund whose creation never answered is asked again under its key: Stripe answers with the first one.
        const r = row.refund_id ? await stripe.refunds.retrieve(row.refund_id) : await createRefund(req.idempotencyKey, row.intent_id, Number(row.amount));
        return refundOf(r);
      } catch (err) {
        const f = failureOf(err);
        if (f.kind === 'refused' && !row.refund_id) return { kind: 'failed', reason: `Stripe refused the refund: ${f.message}` };
        return { kind: 'pending' };
      }
    },

    readEvent(raw, signature) {
      return stripe.webhooks.constructEvent(raw, signature ?? '', secrets.webhookSecret);
    },

    async eventsSince(from, max = 1000) {
      const out: Stripe.Event[] = [];
      const list = stripe.events.list({ created: { gte: Math.floor(from.getTime() / 1000) }, types: [...STRIPE_EVENT_TYPES], limit: 100 });
      for await (const e of list) {
        out.push(e);
        if (out.length >= max) break;
      }
      // Stripe lists the newest first: applied in the order they happened.
      return out.sort((a, b) => a.created - b.created);
    },

    intent(intentId) {
      return stripe.paymentIntents.retrieve(intentId);
    },

    async account() {
      const a = await stripe.accounts.retrieveCurrent();
      return { id: a.id, country: a.country ?? null, chargesEnabled: a.charges_enabled ?? null };
    },

    close() {
      // The SDK keeps no connection of its own open between calls (Node's global agent does).
    },
  };

  /** The refund of `amount` of the intent under our refund's key; the same parameters on every retry. */
  async function createRefund(key: string, intentId: string, amount: number): Promise<Stripe.Refund> {
    const r = await stripe.refunds.create({ payment_intent: intentId, amount, metadata: { refund_id: key.slice(0, 500) } }, { idempotencyKey: key });
    await db.query(`UPDATE stripe_refunds SET refund_id = $2 WHERE idempotency_key = $1 AND refund_id IS NULL`, [key, r.id]);
    return r;
  }
}

/** The route that tokenized a card: the route id of a Stripe vault's token, or null for any other token. */
export function stripeRouteOfToken(token: string): string | null {
  const m = /^stripe:([a-z][a-z0-9-]{1,39}):pm_[0-9A-Za-z_]+$/.exec(token);
  return m ? m[1]! : null;
}
