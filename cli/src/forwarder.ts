/**
 * `listen`'s delivery side: POSTs each event's body to the local receiver, signed like a real delivery, and retries
 * a failure with backoff.
 *
 * Order: first attempts go one at a time, in the stream's order (a receiver sees `transaction.created` before the
 * `transaction.approved` of the same charge, as the log shows them). A failed event's retries then run on their own
 * timers beside the later events, so one failing event never holds the others back; a retry may therefore reach
 * the receiver after later events, as real deliveries' retries do (receivers must not rely on order).
 *
 * Memory: every event held (waiting for its first attempt, in it, or waiting for a retry) keeps its body. `room()`
 * tells the stream's reader to wait while `maxHeld` are held, so a long backlog replayed to a slow receiver stays in
 * the service (which waits for the stream to drain) instead of piling up here.
 */
import { describeCause, doublingDelay, sleep } from '@payments-service/client';
import { signTestWebhook } from '@payments-service/client/webhooks';
import { clockTime, duration, oneLine, type Context } from './context.js';

/** One `delivery` message of the stream. */
export interface Delivery {
  id: string;
  type: string;
  /** The exact body a webhook endpoint would be POSTed. */
  body: string;
}

export interface ForwardOptions {
  url: string;
  maxRetries: number;
  json: boolean;
  /** The listen secret, read at each attempt (a reconnection may bring it again). */
  secret(): string;
  /** How many events may be held before `room()` waits. */
  maxHeld: number;
  /** Told the number of events held each time it changes. */
  onHeld?: ((held: number) => void) | undefined;
}

export const USER_AGENT = 'PaymentsService-CLI/1.0 (listen)';
const EXCERPT_BYTES = 512;
/** The longest event type today (`transaction.partially-refunded`): the log's columns line up. */
const TYPE_WIDTH = 30;
const EXCERPT_CHARS = 80;

type Outcome = { ok: true; status: number } | { ok: false; status: number | null; problem: string; excerpt: string };

export class Forwarder {
  private queue: Promise<void> = Promise.resolve();
  private readonly retrying = new Set<Promise<void>>();
  /**
   * Events added whose last attempt has not been made, by id (with their number of copies: a service may send an
   * event again): what a stop leaves undelivered. `held` counts them all.
   */
  private readonly unsettled = new Map<string, number>();
  private held = 0;
  /** The stream's reader, waiting in `room()`. */
  private waiters: (() => void)[] = [];
  private readonly stopping = new AbortController();
  private readonly signal: AbortSignal;

  constructor(
    private readonly ctx: Context,
    private readonly options: ForwardOptions,
  ) {
    this.signal = AbortSignal.any([ctx.signal, this.stopping.signal]);
    this.signal.addEventListener('abort', () => this.wake(), { once: true });
  }

  /** Queues the event's first attempt behind the earlier events' first attempts. */
  add(delivery: Delivery): void {
    this.unsettled.set(delivery.id, (this.unsettled.get(delivery.id) ?? 0) + 1);
    this.held++;
    this.options.onHeld?.(this.held);
    this.queue = this.queue.then(() => this.first(delivery));
  }

  /** Resolves once fewer than `maxHeld` events are held (at once if so), or on stopping. */
  room(): Promise<void> {
    if (this.held < this.options.maxHeld || this.signal.aborted) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Resolves once every queued first attempt has been made (tests; retries may still be waiting). */
  idle(): Promise<void> {
    return this.queue;
  }

  /** Stops: attempts in flight are abandoned, retries not made. Returns the ids of events left undelivered. */
  async stop(): Promise<string[]> {
    this.stopping.abort();
    await Promise.allSettled([this.queue, ...this.retrying]);
    return [...this.unsettled.keys()];
  }

  /** The event's last attempt is made: it is no longer held. */
  private settle(id: string): void {
    const copies = this.unsettled.get(id) ?? 0;
    if (copies === 0) return;
    if (copies === 1) this.unsettled.delete(id);
    else this.unsettled.set(id, copies - 1);
    this.held--;
    this.options.onHeld?.(this.held);
    if (this.held < this.options.maxHeld) this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  private async first(delivery: Delivery): Promise<void> {
    if (this.signal.aborted) return;
    const outcome = await this.attempt(delivery);
    if (this.signal.aborted) return;
    if (outcome.ok || this.options.maxRetries === 0) {
      this.report(delivery, 1, outcome, undefined);
      return;
    }
    const retries = this.retry(delivery, outcome);
    this.retrying.add(retries);
    void retries.finally(() => this.retrying.delete(retries));
  }

  private async retry(delivery: Delivery, firstOutcome: Outcome): Promise<void> {
    let outcome = firstOutcome;
    let attempt = 1;
    while (!outcome.ok && attempt <= this.options.maxRetries) {
      const retry = attempt;
      const wait = doublingDelay(retry, this.ctx.timing.retryBaseMs, this.ctx.timing.retryCapMs);
      this.report(delivery, attempt, outcome, { retry, wait });
      await sleep(wait, this.signal);
      if (this.signal.aborted) return;
      outcome = await this.attempt(delivery);
      attempt++;
      if (this.signal.aborted) return;
    }
    this.report(delivery, attempt, outcome, undefined);
  }

  /** One POST, signed afresh (a new timestamp each attempt); never throws. */
  private async attempt(delivery: Delivery): Promise<Outcome> {
    const timestamp = Math.floor(this.ctx.now() / 1000);
    const { headers } = signTestWebhook(delivery.body, this.options.secret(), { eventId: delivery.id, timestamp });
    const timeout = AbortSignal.timeout(this.ctx.timing.forwardTimeoutMs);
    const signal = AbortSignal.any([this.signal, timeout]);
    const send = this.ctx.io.fetch ?? globalThis.fetch;
    try {
      const response = await send(this.options.url, {
        method: 'POST',
        body: delivery.body,
        headers: { ...headers, 'Content-Type': 'application/json', 'X-Service-Event': delivery.type, 'User-Agent': USER_AGENT },
        // A redirect is the receiver's answer, as for real deliveries: not followed, and not a success.
        redirect: 'manual',
        signal,
      });
      if (response.status >= 200 && response.status < 300) {
        await response.body?.cancel().catch(() => undefined);
        return { ok: true, status: response.status };
      }
      return { ok: false, status: response.status, problem: String(response.status), excerpt: await excerpt(response) };
    } catch (err) {
      if (timeout.aborted) return { ok: false, status: null, problem: `no answer within ${duration(this.ctx.timing.forwardTimeoutMs)}`, excerpt: '' };
      const code = describeCause(err);
      const problem = code === 'ECONNREFUSED' ? 'connection refused' : code === 'ENOTFOUND' ? 'host not found' : oneLine(code);
      return { ok: false, status: null, problem, excerpt: '' };
    }
  }

  /** One line per attempt outcome: `<time>  <type>  <id>  → 200`, or the failure and what comes next. */
  private report(delivery: Delivery, attempt: number, outcome: Outcome, next: { retry: number; wait: number } | undefined): void {
    const time = this.ctx.now();
    if (!next) this.settle(delivery.id);
    const max = this.options.maxRetries;
    if (this.options.json) {
      const line = {
        time: new Date(time).toISOString(),
        id: delivery.id,
        type: delivery.type,
        attempt,
        status: outcome.status,
        outcome: outcome.ok ? 'delivered' : next ? 'retrying' : 'failed',
        ...(outcome.ok ? {} : { error: outcome.problem, excerpt: outcome.excerpt }),
        ...(next ? { retryInMs: next.wait } : {}),
      };
      this.ctx.io.stdout(`${JSON.stringify(line)}\n`);
      return;
    }
    let result: string;
    if (outcome.ok) {
      result = attempt > 1 ? `${outcome.status} (attempt ${attempt}/${max + 1})` : String(outcome.status);
    } else {
      const then = next ? `retry ${next.retry}/${max} in ${duration(next.wait)}` : max === 0 ? 'not retried' : `gave up after ${attempt} attempts`;
      result = `${outcome.problem} (${then})${outcome.excerpt ? `: ${outcome.excerpt}` : ''}`;
    }
    this.ctx.io.stdout(`${clockTime(time)}  ${delivery.type.padEnd(TYPE_WIDTH)}  ${delivery.id}  → ${result}\n`);
  }
}

/** The start of a failed answer's body, on one line: enough to recognise an error page, never the whole of it. */
async function excerpt(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // A body cut short still gives what arrived.
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  const text = oneLine(new TextDecoder().decode(Buffer.concat(chunks).subarray(0, EXCERPT_BYTES)));
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text;
}
