/**
 * What a client and each of its requests may be given, and the defaults of what is not: the options of
 * `createPaymentsClient`, the per-request extras, and the methods and paths a request names.
 */
import type { paths } from './schema.js';

/** What the client may be asked per request, besides openapi-fetch's own options (`params`, `body`, `headers`, …). */
export interface RequestExtras {
  /** Time limit of each attempt, in milliseconds (default: the client's `timeoutMs`). */
  timeoutMs?: number;
  /** Retries of this request at most (default: the client's `maxRetries`; 0 for none, `409 idempotencyInProgress` too). */
  maxRetries?: number;
  /** How long this request retries `409 idempotencyInProgress`, in milliseconds (default: the client's `inProgressTimeoutMs`). */
  inProgressTimeoutMs?: number;
  /**
   * The `X-Idempotency-Key` of this `POST`, `PUT` or `PATCH` (10 to 255 letters, digits, `-` and `_`): give your own to
   * retry a write yourself later, say after a crash, without doing it twice. Default: a new UUID v4 per call. A key
   * given as a header (`params.header` first, then `headers`, in any case) wins over this one; a header given as
   * `null`, `undefined` or `''` counts as none. Exactly one key is sent. Ignored on `GET` and `DELETE`.
   */
  idempotencyKey?: string;
  /** Aborts the call: the attempt under way, or the wait before a retry. The result is then `aborted`, never retried. */
  signal?: AbortSignal;
}

export interface PaymentsClientOptions {
  /** Base address of the API, `http:` or `https:`, without `/v1` (for example `http://localhost:3000`). */
  baseUrl: string;
  /** The API key, sent as the `ServiceKey` header: `sk_test_…` for sandbox, `sk_live_…` for production. */
  apiKey: string;
  /** A fetch implementation (defaults to the global one): to go through a proxy agent, or to observe requests. */
  fetch?: typeof globalThis.fetch;
  /**
   * Retries of a failed request at most (default 2: three attempts in all). 0 turns retries off, those of
   * `409 idempotencyInProgress` too.
   */
  maxRetries?: number;
  /**
   * How long a request answered `409 idempotencyInProgress` is retried, in milliseconds from that first answer
   * (default 30000). The service holds a key while the first request under it runs, up to about 25 s (twice the
   * provider's time limit and a margin), and tells no `Retry-After`: these retries, their backoff growing up to
   * `retryMaxDelayMs`, are not counted in `maxRetries`. 0 returns that answer at once.
   */
  inProgressTimeoutMs?: number;
  /**
   * Time limit of each attempt, in milliseconds, from sending the request to the answer's last byte (default 30000).
   * A retried call may take several times this; `signal` bounds the whole call. `Infinity` for none.
   */
  timeoutMs?: number;
  /** The backoff before the first retry, in milliseconds, doubled at each retry, before jitter (default 500). */
  retryBaseDelayMs?: number;
  /** Longest backoff between two attempts, in milliseconds (default 8000). */
  retryMaxDelayMs?: number;
  /**
   * Longest `Retry-After` the client waits, in milliseconds (default 60000): an answer asking for longer is returned
   * at once, for the caller to schedule.
   */
  maxRetryAfterMs?: number;
  /** Makes the idempotency keys (default: a random UUID v4). */
  idempotencyKey?: () => string;
  /** The jitter's source, a number in [0, 1) per retry (default `Math.random`): fixed in tests. */
  random?: () => number;
}

export type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** The paths that have an operation for `M` (the generated paths mark the others `?: never`). */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends { [K in M]: unknown } ? P : never;
}[keyof paths];

/** The client's defaults, for the options not given. */
export const DEFAULTS = {
  maxRetries: 2,
  timeoutMs: 30_000,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  inProgressTimeoutMs: 30_000,
} as const;
