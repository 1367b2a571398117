/**
 * A fake of Stripe's v1 HTTP API for a Brazilian account (BRL; card, boleto and Pix), written from Stripe's public
 * API reference and guides, for tests of code that talks to Stripe through its official Node SDK
 * (`new Stripe(fake.secretKey, { host: fake.host, port: fake.port, protocol: 'http' })`). It answers what the API
 * documents (objects, statuses, error bodies, idempotency), signs and delivers webhook events as Stripe does, plays
 * the payer and the banks (pay a boleto or Pix, settle a refund, open and decide a dispute), and fails, hangs or
 * drops requests on demand.
 */
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { accountRoutes, makeAccount, type FakeAccount } from './account';
import { chargeRoutes } from './charges';
import { confirmRoutes } from './confirm';
import { decideDispute, disputeRoutes, openDispute } from './disputes';
import { eventRoutes, eventView } from './events';
import { Faults, type Match } from './faults';
import { IdempotencyStore } from './idempotency';
import { base62, newId } from './ids';
import { intentRoutes } from './intents';
import { authenticate, expireIssued, lifecycleRoutes, payIssued } from './lifecycle';
import { paymentMethodRoutes } from './payment-methods';
import { refundRoutes, settle } from './refunds';
import type { FakeSettings } from './route';
import { type RecordedStripeRequest, startServer } from './server';
import { FakeState, type FakeEvent } from './state';
import { type Delivery, type DeliveryAttempt, WebhookSender } from './webhooks';

export type { RecordedStripeRequest } from './server';
export type { FakeEvent } from './state';
export type { Delivery, DeliveryAttempt } from './webhooks';
export { signatureHeader } from './webhooks';

/** The API version of stripe@23.2.0, the account's default here: what events are rendered in. */
export const DEFAULT_API_VERSION = '2026-11-18.endive';

export interface FakeStripeOptions {
  /** Port on 127.0.0.1; default a free one. */
  port?: number;
  /** A live-mode account: an `sk_live_` key and `livemode: true` on every object and event. */
  livemode?: boolean;
  /** Default `sk_test_` (or `sk_live_`) and random characters. */
  secretKey?: string;
  /** The webhook endpoint's signing secret; default `whsec_` and random characters. */
  webhookSecret?: string;
  /** Card and Pix refunds: 'pending' until `settleRefund` (default), or 'instant'. */
  refunds?: 'pending' | 'instant';
  /** The account's API version, which events carry; default DEFAULT_API_VERSION. */
  apiVersion?: string;
  /** How events made by API requests reach the webhook (default 'send'); see `setDelivery`. */
  delivery?: Delivery;
}

/** The events one control action made and the HTTP statuses their deliveries got (0: no answer), in order. */
export interface DeliveryReport {
  events: FakeEvent[];
  statuses: number[];
}

export interface FakeStripe {
  host: string;
  port: number;
  protocol: 'http';
  /** http://127.0.0.1:PORT */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** The account `GET /v1/account` shows. */
  account: FakeAccount;
  /** Where events are POSTed; null keeps them undelivered (see `deliverKept`). */
  setWebhookUrl(url: string | null): void;
  /** How events made by API requests from now on reach the webhook: sent once, twice, lost, or kept. */
  setDelivery(mode: Delivery): void;
  /** Every request received, in order, with card numbers and CVCs redacted. */
  requests: RecordedStripeRequest[];
  /** Every POST of an event to the webhook, in order. */
  deliveries: DeliveryAttempt[];
  /** PaymentIntents created under each Idempotency-Key. */
  intentsCreatedPerKey(): Record<string, number>;
  paymentIntent(id: string): Stripe.PaymentIntent | undefined;
  paymentIntents(): Stripe.PaymentIntent[];
  paymentMethod(id: string): Stripe.PaymentMethod | undefined;
  charge(id: string): Stripe.Charge | undefined;
  refund(id: string): Stripe.Refund | undefined;
  refunds(): Stripe.Refund[];
  dispute(id: string): Stripe.Dispute | undefined;
  /** Every event, oldest first. */
  events(): FakeEvent[];
  /** The payer pays an issued boleto or Pix (or a lapsed boleto still in processing): succeeded, with its charge. */
  pay(paymentIntentId: string, opts?: { delivery?: Delivery }): Promise<DeliveryReport>;
  /**
   * The issued boleto or Pix lapses unpaid. A Pix goes back to requires_payment_method; a boleto passes through
   * processing first (and stays there with `holdProcessing`, where `pay` can still confirm it).
   */
  expire(paymentIntentId: string, opts?: { delivery?: Delivery; holdProcessing?: boolean }): Promise<DeliveryReport>;
  /** The payer passes or fails the 3-D Secure a card PaymentIntent waits for in requires_action. */
  authenticate(paymentIntentId: string, outcome: 'succeeded' | 'failed', opts?: { delivery?: Delivery }): Promise<DeliveryReport>;
  /** The bank settles a pending refund. */
  settleRefund(refundId: string, status: 'succeeded' | 'failed', opts?: { delivery?: Delivery; failureReason?: string }): Promise<DeliveryReport>;
  /** The cardholder's bank disputes the PaymentIntent's captured card charge. */
  openDispute(paymentIntentId: string, opts?: { reason?: string; amount?: number; delivery?: Delivery }): Promise<{ dispute: Stripe.Dispute; report: DeliveryReport }>;
  /** The bank decides an open dispute. */
  closeDispute(disputeId: string, outcome: 'won' | 'lost', opts?: { delivery?: Delivery }): Promise<DeliveryReport>;
  /** Delivers an event again; its status (0: no answer). */
  resend(eventId: string): Promise<number>;
  /** Delivers kept events, in the order given (default all, oldest first). */
  deliverKept(eventIds?: string[]): Promise<number[]>;
  /**
   * The next `times` (default 1) matching requests get `status` with Stripe's error body and have no effect. With
   * `saved`, the answer is kept under the request's Idempotency-Key, as Stripe keeps a 5xx of a request it began
   * executing: every retry under that key gets it again (for 24 hours at Stripe).
   */
  fail(opts: { status: 429 | 500 | 502 | 503; times?: number; saved?: boolean } & Match): void;
  /**
   * The next matching requests take effect but are answered after `ms` (default never: `close` drops them). With
   * `slow`, Stripe is still working: nothing happens until `ms` has passed (a retry under the key meanwhile gets 409),
   * then the request executes and is answered.
   */
  hang(opts: { ms?: number; times?: number; slow?: boolean } & Match): void;
  /** The next matching requests have their connection destroyed unanswered, after taking effect or before. */
  drop(opts: { effect: boolean; times?: number } & Match): void;
  /** Resolves once no delivery or scheduled change (such as a test card's dispute) is pending. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a fake Stripe on 127.0.0.1. */
export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const livemode = options.livemode ?? false;
  const secretKey = options.secretKey ?? `sk_${livemode ? 'live' : 'test'}_${base62(32)}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('base64url')}`;
  const state = new FakeState(livemode, options.apiVersion ?? DEFAULT_API_VERSION);
  const sender = new WebhookSender(webhookSecret, livemode);
  const faults = new Faults();
  const requests: RecordedStripeRequest[] = [];
  const account = makeAccount(newId('acct').slice(0, 21));
  let apiDelivery: Delivery = options.delivery ?? 'send';
  const timers = new Set<NodeJS.Timeout>();
  const scheduled = new Set<Promise<void>>();
  const settings: FakeSettings = {
    baseUrl: '',
    refunds: options.refunds ?? 'pending',
    later(fn, ms) {
      const done = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          fn()
            .then(() => sender.dispatch(state.drainOutbox(), apiDelivery))
            .catch(() => undefined)
            .finally(resolve);
        }, ms);
        timers.add(timer);
      });
      scheduled.add(done);
      void done.finally(() => scheduled.delete(done));
    },
  };
  const running = await startServer(
    {
      state,
      routes: [...intentRoutes, ...confirmRoutes, ...lifecycleRoutes, ...paymentMethodRoutes, ...chargeRoutes, ...refundRoutes, ...disputeRoutes, ...eventRoutes, ...accountRoutes(account)],
      settings,
      secretKey,
      faults,
      idempotency: new IdempotencyStore(),
      requests,
      onEvents: (events) => void sender.dispatch(events, apiDelivery),
    },
    options.port ?? 0,
  );
  const url = `http://127.0.0.1:${running.port}`;
  settings.baseUrl = url;
  const env = { state, settings };

  /** Runs a control action (no request behind it) and delivers what it made. */
  async function act<T>(fn: () => T, delivery: Delivery = 'send'): Promise<{ result: T; report: DeliveryReport }> {
    const result = state.withOrigin({ id: null, idempotencyKey: null }, fn);
    const events = state.drainOutbox();
    const statuses = await sender.dispatch(events, delivery);
    return { result, report: { events: events.map(eventView), statuses } };
  }

  const copy = <T>(v: T | undefined): T | undefined => (v === undefined ? undefined : structuredClone(v));
  let closing: Promise<void> | undefined;

  return {
    host: '127.0.0.1',
    port: running.port,
    protocol: 'http',
    url,
    secretKey,
    webhookSecret,
    account,
    setWebhookUrl(u) {
      sender.url = u;
    },
    setDelivery(mode) {
      apiDelivery = mode;
    },
    requests,
    deliveries: sender.attempts,
    intentsCreatedPerKey: () => Object.fromEntries(state.intentsPerKey),
    paymentIntent: (id) => copy(state.paymentIntents.get(id)),
    paymentIntents: () => [...state.paymentIntents.values()].map((p) => structuredClone(p)),
    paymentMethod: (id) => copy(state.paymentMethods.get(id)),
    charge: (id) => copy(state.charges.get(id)),
    refund: (id) => copy(state.refunds.get(id)),
    refunds: () => [...state.refunds.values()].map((r) => structuredClone(r)),
    dispute: (id) => copy(state.disputes.get(id)),
    events: () => state.events.map(eventView),
    async pay(id, o = {}) {
      return (await act(() => payIssued(env, id), o.delivery)).report;
    },
    async expire(id, o = {}) {
      return (await act(() => expireIssued(env, id, { holdProcessing: o.holdProcessing }), o.delivery)).report;
    },
    async authenticate(id, outcome, o = {}) {
      return (await act(() => authenticate(env, id, outcome), o.delivery)).report;
    },
    async settleRefund(id, status, o = {}) {
      return (await act(() => settle(state, id, status, o.failureReason), o.delivery)).report;
    },
    async openDispute(piId, o = {}) {
      const pi = state.paymentIntents.get(piId);
      if (pi === undefined || typeof pi.latest_charge !== 'string') throw new Error(`PaymentIntent ${piId} has no charge to dispute`);
      const chargeId = pi.latest_charge;
      const { result, report } = await act(() => openDispute(state, chargeId, { reason: o.reason, amount: o.amount }), o.delivery);
      return { dispute: structuredClone(result), report };
    },
    async closeDispute(id, outcome, o = {}) {
      const dispute = state.disputes.get(id);
      if (dispute === undefined) throw new Error(`the fake has no dispute ${id}`);
      return (await act(() => decideDispute(state, dispute, outcome), o.delivery)).report;
    },
    resend(eventId) {
      const event = state.eventsById.get(eventId);
      if (event === undefined) throw new Error(`the fake has no event ${eventId}`);
      return sender.resend(event);
    },
    deliverKept: (ids) => sender.deliverKept(ids),
    fail: (o) => faults.add({ kind: 'fail', status: o.status, times: o.times ?? 1, saved: o.saved, method: o.method, pathPrefix: o.pathPrefix }),
    hang: (o) => faults.add({ kind: 'hang', ms: o.ms, times: o.times ?? 1, slow: o.slow, method: o.method, pathPrefix: o.pathPrefix }),
    drop: (o) => faults.add({ kind: 'drop', effect: o.effect, times: o.times ?? 1, method: o.method, pathPrefix: o.pathPrefix }),
    async idle() {
      // Each round may start more work (a scheduled dispute's events); wait until a round starts nothing.
      while (scheduled.size > 0) await Promise.allSettled([...scheduled]);
      await new Promise((r) => setImmediate(r));
      await sender.idle();
    },
    close() {
      closing ??= (async () => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        await running.close();
        await sender.idle();
      })();
      return closing;
    },
  };
}
