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
 * | 401, 403, 429, no connection made | unavailable: nothing was done, the next route is tried | unavailable |
 * | 409 (the same key still running under another call) | waited for, then the intent as it stands | thrown: uncertain, asked again |
 * | 5xx, a broken connection | the intent as it stands: confirmed, its status; not confirmed, thrown (uncertain: the engine voids the key under the charge's lock, then asks the next route) | 5xx: the object read back decides (Stripe keeps a 5xx under its key for 24 hours; nothing done, a capture or cancel is made once more under a key of its own, a refund stays pending); no answer: thrown, uncertain |
 * | no answer within the provider time-out | the engine's: uncertain, and the key is voided (the intent canceled, or refunded in full when charged) before any other route | the engine's: uncertain, confirmed in the background |
 *
 * A job run again under a key whose intent exists reads the intent first: an answer recorded at Stripe is taken from
 * the intent as it stands now (never from a replay of an older answer), and an intent canceled since is unavailable.
 */
import type Stripe from 'stripe';
import { ApiError } from '../../core/errors';
import type { Mode } from '../../core/tenancy';
import type { Queryable } from '../../db/types';
import { cardDigits, detectBrand } from '../card';
import type { AuthorizeRequest, AuthorizeResult, CardVault, PaymentProvider } from '../provider';
import { didNothing, failureOf, stripeClient } from './client';
import { fresh, intentOf, recorded, unavailable, type IntentRow, type StripeCtx } from './intents';
import { cancel, capture, refund, refundStatus } from './settle';
import type { StripeSecrets, StripeSettings } from './settings';
import {
  boletoMissing,
  intentParams,
  noticeOf,
  readIntent,
  refusalOf,
  STRIPE_TYPES,
  UnexpectedAnswer,
  type StripeMethod,
  type StripeNotice,
} from './transformers';

/** How long one request to Stripe may take when the engine does not say (an admin command's). */
const DEFAULT_TIMEOUT_MS = 30_000;
/** How often, and how long apart, a confirmation still running under another call is asked again. */
const IN_FLIGHT_WAITS = 8;
const IN_FLIGHT_WAIT_MS = 250;

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
  readEvent(raw: Buffer, signature: string | undefined): StripeNotice;
  /** The events of the types the service reads, created since `from`, oldest first. */
  eventsSince(from: Date): Promise<StripeNotice[]>;
  /** The account the key belongs to (`routes test`). */
  account(): Promise<{ id: string; country: string | null; chargesEnabled: boolean | null }>;
  close(): void;
}


/** The token of a card this route's vault made: `stripe:{routeId}:{pm_…}`. */
function tokenOf(routeId: string, paymentMethod: string): string {
  return `stripe:${routeId}:${paymentMethod}`;
}


/** The route `id` of `mode`, speaking to Stripe with the route's key; one request may take `timeoutMs`. */
export function stripeRoute(
  db: Queryable,
  id: string,
  mode: Mode,
  settings: StripeSettings,
  secrets: StripeSecrets,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): StripeRoute & { stripe: Stripe } {
  const stripe = stripeClient(settings, secrets, timeoutMs);
  const ctx: StripeCtx = { db, id, stripe };
  const methods = Object.keys(STRIPE_TYPES) as StripeMethod[];

  /** The PaymentMethod of a card this route tokenized; null for a card of another vault (another route's token). */
  function ownCard(token: string | undefined): string | null {
    const prefix = `stripe:${id}:`;
    return token?.startsWith(prefix) ? token.slice(prefix.length) : null;
  }

  /**
   * `call` under a Stripe key another call may still hold (a twin run: the simulator's beside the job, a worker whose
   * lease lapsed): a 409 is waited for, never taken for a failure; once the other call is done, Stripe answers its
   * answer. `waited` tells the caller to read the intent as it stands rather than trust that replay. Still held after
   * the wait (bounded by a quarter of the time-out): thrown, uncertain.
   */
  async function waitingOut<T>(what: string, call: () => Promise<T>): Promise<{ value: T; waited: boolean }> {
    const waits = Math.max(1, Math.min(IN_FLIGHT_WAITS, Math.floor(timeoutMs / 4 / IN_FLIGHT_WAIT_MS)));
    for (let waited = 0; ; waited++) {
      try {
        return { value: await call(), waited: waited > 0 };
      } catch (err) {
        if (failureOf(err).kind !== 'in-flight') throw err;
        if (waited >= waits) throw new UnexpectedAnswer(`route ${id}: ${what} is still running at Stripe under another call`);
        await new Promise((r) => setTimeout(r, IN_FLIGHT_WAIT_MS));
      }
    }
  }

  /**
   * What the authorization under `key` stands at, from our record and the intent as it is now: a refusal kept, an
   * intent canceled (voided: nothing charged, unavailable), or the answer its status gives; null when the
   * intent was not confirmed yet. Never a replay of an older answer.
   */
  async function standing(key: string, req: AuthorizeRequest): Promise<AuthorizeResult | null> {
    const row = await recorded(ctx, key);
    if (row?.refused) return row.refused;
    if (!row?.intent_id) return null;
    const now = await fresh(ctx, row.intent_id);
    if (now.status === 'canceled') return unavailable(id, `the payment ${now.id} was canceled at Stripe before anything was charged`);
    return readIntent(now, req);
  }

  const vault: CardVault = {
    async tokenize(card) {
      const brand = detectBrand(card.number);
      if (!brand) throw new Error('tokenize: unsupported brand (checked before)');
      try {
        // A PaymentMethod moves no money and is made once per request key (the request's recovery point is claimed
        // first); the SDK gives the call an idempotency key of its own, for its repeat of a closed connection.
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
      if (method === 'credit' && !card) return unavailable(id, 'the card was tokenized by another route');
      const lacking = method === 'billet' ? boletoMissing(req) : null;
      if (lacking) return { kind: 'declined', code: 'processingFailed', message: lacking };
      const params = intentParams(req, method, card, new Date());
      // Written before any call: the parameters are fixed here, so every retry under the key sends the same ones.
      const saved = await db.query<IntentRow>(
        `WITH added AS (
           INSERT INTO stripe_intents (idempotency_key, route_id, transaction_id, method, amount, create_params, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, now()) ON CONFLICT DO NOTHING RETURNING intent_id, create_params, method, refused)
         SELECT intent_id, create_params, method, refused FROM added
         UNION ALL SELECT intent_id, create_params, method, refused FROM stripe_intents WHERE idempotency_key = $1 LIMIT 1`,
        [req.idempotencyKey, id, req.transactionId, method, req.amount, JSON.stringify(params)],
      );
      // Two first calls at once on PostgreSQL: the one that waited inserts nothing and reads the row again.
      const row = saved.rows[0] ?? (await recorded(ctx, req.idempotencyKey));
      if (!row) throw new Error(`the PaymentIntent record of ${req.idempotencyKey} vanished`);
      let intentId: string;
      try {
        // Asked again (a job run again, a twin): where the authorization stands answers, if it is anywhere yet.
        if (row.refused || row.intent_id) {
          const known = await standing(req.idempotencyKey, req);
          if (known) return known;
        }
        intentId = (await waitingOut('the creation of the payment', () => intentOf(ctx, req.idempotencyKey, row))).value;
      } catch (err) {
        if (err instanceof UnexpectedAnswer) throw err;
        const f = failureOf(err);
        if (f.kind === 'refused') return { kind: 'declined', code: 'processingFailed', message: `Stripe refused the payment: ${f.message}` };
        // Nothing can have been charged: an intent is only created or read here, never confirmed.
        return unavailable(id, f);
      }
      let pi: Stripe.PaymentIntent;
      try {
        const done = await waitingOut('the confirmation of the payment', () =>
          stripe.paymentIntents.confirm(intentId, row.create_params.confirm, { idempotencyKey: `${req.idempotencyKey}:confirm` }),
        );
        if (done.waited) {
          const known = await standing(req.idempotencyKey, req);
          if (known) return known;
        }
        pi = done.value;
      } catch (err) {
        if (err instanceof UnexpectedAnswer) throw err;
        const f = failureOf(err);
        if (f.kind === 'card') {
          return { kind: 'declined', code: refusalOf(f.code, f.declineCode), message: `The card was declined (${[f.code, f.declineCode].filter(Boolean).join('/')}).`, acquirerTransactionNumber: intentId };
        }
        if (didNothing(f)) return unavailable(id, f);
        // Refused, a 5xx (which Stripe keeps under the key) or a broken connection: the intent as it stands says what
        // the confirmation did. Not confirmed (or still being confirmed): uncertain, and the engine voids the key under
        // the charge's lock (the intent canceled, or given back) before another route is asked. Nothing is canceled
        // here: a twin run may have recorded this very intent.
        const known = await standing(req.idempotencyKey, req);
        if (known) return known;
        if (f.kind === 'refused') return { kind: 'declined', code: 'processingFailed', message: `Stripe refused the payment: ${f.message}`, acquirerTransactionNumber: intentId };
        throw new UnexpectedAnswer(`route ${id}: no answer Stripe stands behind to the confirmation of ${intentId} (${f.message})`);
      }
      const read = readIntent(pi, req);
      if (!read) throw new UnexpectedAnswer(`route ${id}: the payment ${pi.id} is ${pi.status} after its confirmation`);
      // A 3-D Secure challenge nobody can take: the refusal is kept (a run asked again answers it, not the canceled
      // intent's "unavailable"), and the intent canceled so it holds nothing (best effort: it cannot be completed
      // without the payer anyway).
      if (read.kind === 'declined' && pi.status === 'requires_action') {
        await db.query(`UPDATE stripe_intents SET refused = $2 WHERE idempotency_key = $1`, [req.idempotencyKey, JSON.stringify(read)]);
        await stripe.paymentIntents.cancel(pi.id, { cancellation_reason: 'abandoned' }, { idempotencyKey: `${req.idempotencyKey}:abandon` }).catch(() => undefined);
      }
      return read;
    },

    capture: (req) => capture(ctx, req),
    cancel: (req) => cancel(ctx, req),
    refund: (req) => refund(ctx, req),
    refundStatus: (req) => refundStatus(ctx, req),

    readEvent(raw, signature) {
      return noticeOf(stripe.webhooks.constructEvent(raw, signature ?? '', secrets.webhookSecret));
    },

    async eventsSince(from) {
      const out: StripeNotice[] = [];
      const list = stripe.events.list({ created: { gte: Math.floor(from.getTime() / 1000) }, types: [...STRIPE_EVENT_TYPES], limit: 100 });
      for await (const e of list) out.push(noticeOf(e));
      // Stripe lists the newest first: applied in the order they happened.
      return out.sort((a, b) => a.created - b.created);
    },

    async account() {
      const a = await stripe.accounts.retrieveCurrent();
      return { id: a.id, country: a.country ?? null, chargesEnabled: a.charges_enabled ?? null };
    },

    close() {
      // The SDK keeps no connection of its own open between calls (Node's global agent does).
    },
  };
}
