/**
 * Webhook delivery as Stripe documents it: each event POSTed as JSON to the endpoint, signed in the
 * `Stripe-Signature` header `t=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the endpoint secret>` (plus a
 * meaningless `v0` signature on test-mode events, which Stripe adds for testing). Deliveries happen after the API has
 * answered; every one is tracked so a test can wait for them (`idle`).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { nowSeconds } from './ids';
import type { FakeEvent } from './state';

/** Status given to a delivery that got no HTTP answer (refused, reset, timed out). */
export const NO_ANSWER = 0;
const TIMEOUT_MS = 10_000;

/** How the events of one change reach the endpoint. */
export type Delivery = 'send' | 'twice' | 'lost' | 'keep';

/** One POST of an event to the endpoint. */
export interface DeliveryAttempt {
  eventId: string;
  type: string;
  url: string;
  status: number;
}

/** The `Stripe-Signature` header of `payload` signed at `timestamp`. */
export function signatureHeader(secret: string, payload: string, timestamp: number, livemode: boolean): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return livemode ? `t=${timestamp},v1=${v1}` : `t=${timestamp},v1=${v1},v0=${randomBytes(32).toString('hex')}`;
}

export class WebhookSender {
  url: string | null = null;
  readonly attempts: DeliveryAttempt[] = [];
  /** Events made but not delivered: no endpoint was set, or they were kept on purpose. Oldest first. */
  kept: FakeEvent[] = [];
  private readonly inflight = new Set<Promise<unknown>>();

  constructor(
    readonly secret: string,
    private readonly livemode: boolean,
  ) {}

  // Stripe sends the event pretty-printed; the signature covers these exact bytes. A duplicate delivery resends the
  // bytes of the first.
  private async post(event: FakeEvent, body = JSON.stringify(event, null, 2)): Promise<number> {
    const url = this.url;
    if (url === null) return NO_ANSWER;
    let status: number = NO_ANSWER;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'cache-control': 'no-cache',
          'stripe-signature': signatureHeader(this.secret, body, nowSeconds(), this.livemode),
        },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await res.arrayBuffer();
      status = res.status;
    } catch {
      status = NO_ANSWER;
    }
    if (status >= 200 && status < 300) event.pending_webhooks = 0;
    this.attempts.push({ eventId: event.id, type: event.type, url, status });
    return status;
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inflight.add(promise);
    void promise.finally(() => this.inflight.delete(promise));
    return promise;
  }

  /** Hands `events` to the endpoint as `mode` says; resolves with the statuses, in order. */
  dispatch(events: FakeEvent[], mode: Delivery): Promise<number[]> {
    return this.track(
      (async () => {
        const statuses: number[] = [];
        for (const event of events) {
          if (this.url === null || mode === 'keep') {
            if (this.url !== null) event.pending_webhooks = 1;
            this.kept.push(event);
            continue;
          }
          event.pending_webhooks = 1;
          if (mode === 'lost') continue;
          const body = JSON.stringify(event, null, 2);
          statuses.push(await this.post(event, body));
          if (mode === 'twice') statuses.push(await this.post(event, body));
        }
        return statuses;
      })(),
    );
  }

  /** Delivers kept events (those named, in that order; or all, oldest first) and forgets them. */
  deliverKept(ids?: string[]): Promise<number[]> {
    const chosen = ids === undefined ? [...this.kept] : ids.map((id) => {
      const e = this.kept.find((k) => k.id === id);
      if (e === undefined) throw new Error(`event ${id} is not kept`);
      return e;
    });
    this.kept = this.kept.filter((k) => !chosen.includes(k));
    return this.track((async () => {
      const statuses: number[] = [];
      for (const e of chosen) statuses.push(await this.post(e));
      return statuses;
    })());
  }

  /** Delivers one event again (Stripe's "resend"). */
  resend(event: FakeEvent): Promise<number> {
    return this.track(this.post(event));
  }

  /** Resolves once no delivery is under way. */
  async idle(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }
}
