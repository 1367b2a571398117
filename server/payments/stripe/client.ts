/**
 * The one thing that speaks to Stripe: the official SDK (`stripe`), one instance per route, and how its errors read.
 * No request to Stripe is written by hand.
 *
 * The SDK's own retries are off (`maxNetworkRetries: 0`): a retry is the engine's (a job, a reconcile), always under
 * the same Idempotency-Key, so every retry is visible in the operation's record and bounded by the provider time-out.
 * The SDK still repeats once a request whose connection closed before any answer (its documented behaviour for stale
 * keep-alive sockets), under the same key, which Stripe answers with its first answer.
 */
import Stripe from 'stripe';
import type { StripeSecrets, StripeSettings } from './settings';

/** The API version every request names: the SDK's own, so its types describe the answers. */
export const STRIPE_API_VERSION = '2026-11-18.endive';

export function stripeClient(settings: StripeSettings, secrets: StripeSecrets, timeoutMs: number): Stripe {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(secrets.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 0,
    timeout: timeoutMs,
    telemetry: false,
    appInfo: { name: 'payments-service' },
    ...(api
      ? {
          host: api.hostname,
          protocol: api.protocol === 'http:' ? ('http' as const) : ('https' as const),
          ...(api.port ? { port: Number(api.port) } : {}),
        }
      : {}),
  });
}

/**
 * What a failed SDK call means for the money:
 *
 * | failure | kind | what Stripe did |
 * |---|---|---|
 * | `card_error` (402) | `card` | declined the card: nothing charged |
 * | 400, 404 (`invalid_request_error`, `idempotency_error`) | `refused` | refused the request: nothing done (or, replayed under its key, what it did then) |
 * | 401, 403 | `refused-route` | the key is wrong or lacks the permission: nothing done; the route is misconfigured |
 * | 429, or 400 `rate_limit` (a rate limit, a lock time-out) | `rate-limited` | refused before doing anything |
 * | no connection made (refused, no such host) on the only attempt | `not-sent` | nothing: the request never left |
 * | 5xx | `server-error` | answered, and may have acted: Stripe keeps that answer under the key for 24 hours, so only reading the object tells |
 * | 409 (a request under the same key still running: another worker's, or the simulator's beside the job) | `in-flight` | acting now: its answer comes to whoever asks again once it is done |
 * | a broken or timed-out connection, a connection refused on the SDK's repeat of a request whose first connection closed | `no-answer` | may still be acting: ask again later |
 */
export type Failure =
  | { kind: 'card'; code: string; declineCode: string | null; message: string }
  | { kind: 'refused'; status: number; code: string | null; message: string }
  | { kind: 'refused-route'; status: number; message: string }
  | { kind: 'rate-limited'; message: string }
  | { kind: 'not-sent'; message: string }
  | { kind: 'server-error'; status: number; message: string }
  | { kind: 'in-flight'; message: string }
  | { kind: 'no-answer'; message: string };

const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/** One line of the failure: Stripe's words and status, never the key (the SDK masks it in its own messages). */
function words(err: Stripe.errors.StripeError): string {
  const status = err.statusCode ? `${err.statusCode} ` : '';
  const code = err.code ? ` (${err.code}${err.decline_code ? `/${err.decline_code}` : ''})` : '';
  return `Stripe answered ${status}${err.rawType ?? err.type}${code}: ${String(err.message).split('\n')[0]!.slice(0, 200)}`;
}

export function failureOf(err: unknown): Failure {
  if (!(err instanceof Stripe.errors.StripeError)) return { kind: 'no-answer', message: err instanceof Error ? err.message : String(err) };
  if (err instanceof Stripe.errors.StripeConnectionError) {
    const code = (err.detail as { code?: string } | undefined)?.code;
    // The SDK repeats once a request whose connection closed, even with its retries off: a refusal on that repeat
    // says nothing of the first attempt, which may have reached Stripe.
    const repeated = /retried/i.test(err.message);
    if (code && NOT_SENT.has(code) && !repeated) return { kind: 'not-sent', message: `Stripe cannot be reached (${code})` };
    return { kind: 'no-answer', message: `no answer from Stripe: ${err.message}` };
  }
  const status = err.statusCode ?? 0;
  if (err instanceof Stripe.errors.StripeRateLimitError || status === 429) return { kind: 'rate-limited', message: words(err) };
  if (err instanceof Stripe.errors.StripeCardError || err.rawType === 'card_error') {
    return { kind: 'card', code: err.code ?? 'card_declined', declineCode: err.decline_code ?? null, message: words(err) };
  }
  if (status === 401 || status === 403) return { kind: 'refused-route', status, message: words(err) };
  if (status >= 500) return { kind: 'server-error', status, message: words(err) };
  if (status === 409) return { kind: 'in-flight', message: words(err) };
  if (status === 0) return { kind: 'no-answer', message: words(err) };
  return { kind: 'refused', status, code: err.code ?? null, message: words(err) };
}

/** Stripe did nothing: the route could not take the call (down, limited, misconfigured); another may. */
export function didNothing(f: Failure): boolean {
  return f.kind === 'rate-limited' || f.kind === 'not-sent' || f.kind === 'refused-route';
}
