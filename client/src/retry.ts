/**
 * The retry policy of the client: which failures are retried, how long to wait before the next attempt, and the
 * timers of one attempt. Pure functions and web-standard APIs only (the package's main entry runs in browsers too).
 */

/** What the policy needs to know about a failed attempt. */
export interface FailedAttempt {
  /** The error's code: the API's, or the client's own (`connectionFailed`, `timeout`, …). */
  code: string;
  /** The HTTP status of the answer; 0 when none came back. */
  statusCode: number;
  /** The answer's `Retry-After` header, when it sent one. */
  retryAfter: string | null | undefined;
}

export interface BackoffSettings {
  /** The first retry's delay before jitter, in milliseconds; doubled at each retry. */
  retryBaseDelayMs: number;
  /** The longest delay, in milliseconds. */
  retryMaxDelayMs: number;
}

export interface RetrySettings extends BackoffSettings {
  /** The longest `Retry-After` worth waiting, in milliseconds; a longer one makes the failure final. */
  maxRetryAfterMs: number;
}

/** The largest delay `setTimeout` honours (about 24.8 days); a longer one would fire at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Whether a failure may be retried: no answer at all (`connectionFailed`, `timeout`), `409 idempotencyInProgress`
 * (the first request under the key still runs: see `inProgressDelay`), `429` and every `5xx` but `501
 * notImplemented` (retrying cannot make an operation exist). Everything else (a `400`, `404`, `422`, `409 idempotencyMismatch`, …) would fail the same
 * way again, as would an answer the client could not read (`invalidResponse` of a `2xx`), and an abort.
 */
export function isRetryable(failure: Pick<FailedAttempt, 'code' | 'statusCode'>): boolean {
  if (failure.code === 'connectionFailed' || failure.code === 'timeout') return true;
  if (failure.code === 'idempotencyInProgress') return true;
  return failure.statusCode === 429 || (failure.statusCode >= 500 && failure.statusCode <= 599 && failure.statusCode !== 501);
}

/** `baseMs × 2^(retry−1)` for retry number `retry` (1 for the first), at most `maxMs`: a backoff before jitter. */
export function doublingDelay(retry: number, baseMs: number, maxMs: number): number {
  return Math.max(0, Math.min(maxMs, baseMs * 2 ** Math.max(0, retry - 1)));
}

/**
 * The backoff before retry number `retry` (1 for the first retry): `retryBaseDelayMs × 2^(retry−1)`, at most
 * `retryMaxDelayMs`, with "equal jitter": between half of that and all of it, so that clients that failed together
 * do not retry together, and the wait still grows. `random` is a number in [0, 1) (`Math.random` by default).
 */
export function backoffDelay(retry: number, settings: BackoffSettings, random: () => number = Math.random): number {
  const ceiling = doublingDelay(retry, settings.retryBaseDelayMs, settings.retryMaxDelayMs);
  const jitter = Math.min(1, Math.max(0, random()));
  return ceiling / 2 + jitter * (ceiling / 2);
}

/**
 * The wait a `Retry-After` header asks for, in milliseconds: delay-seconds (`120`) or an HTTP date
 * (`Wed, 21 Oct 2026 07:28:00 GMT`, a past date meaning now). Undefined when absent or unreadable.
 */
export function retryAfterMs(value: string | null | undefined, now: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Only a date names a month or weekday: this keeps `1.5` or `-1` from being read as a year by Date.parse.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Milliseconds to wait before the next attempt after a failure, or undefined when the failure is final (not
 * retryable, or its `Retry-After` exceeds `maxRetryAfterMs`: the caller is better placed to schedule that).
 * A `Retry-After` is waited exactly; without one the wait is `backoffDelay(retry)`.
 */
export function retryDelay(failure: FailedAttempt, retry: number, settings: RetrySettings, random?: () => number): number | undefined {
  if (!isRetryable(failure)) return undefined;
  const after = retryAfterMs(failure.retryAfter);
  if (after !== undefined) return after <= settings.maxRetryAfterMs ? after : undefined;
  return backoffDelay(retry, settings, random);
}

/**
 * The wait before retry number `retry` of a `409 idempotencyInProgress` (1 for its first retry), or undefined when
 * `left` (what remains of `inProgressTimeoutMs`, in milliseconds) is spent. The server holds a key while the first
 * request runs (up to twice the provider's time limit and a margin, some 25 s) and says no `Retry-After`: these
 * retries are not counted in `maxRetries`, their backoff grows up to `retryMaxDelayMs`, and the last one is sent when
 * the time is up. A `Retry-After` is honoured, or ends the retries when it asks for more than is left.
 */
export function inProgressDelay(retryAfter: string | null | undefined, retry: number, left: number, settings: RetrySettings, random?: () => number): number | undefined {
  if (!(left > 0)) return undefined;
  const after = retryAfterMs(retryAfter);
  if (after !== undefined) return after <= Math.min(left, settings.maxRetryAfterMs) ? after : undefined;
  return Math.min(backoffDelay(retry, settings, random), left);
}

/**
 * A signal that aborts with `caller` (or `own`, when given). Many calls may share one caller's signal: one `abort`
 * listener each would outnumber the ten Node allows before it warns of a leak, so `AbortSignal.any` is used where it
 * exists; elsewhere a listener, removed by `release`.
 */
function follow(caller: AbortSignal, own: AbortController): { signal: AbortSignal; release: () => void } {
  // Node 20.3+ and current browsers: a signal that follows others without a listener on each.
  const any = (AbortSignal as { any?: (signals: AbortSignal[]) => AbortSignal }).any;
  if (typeof any === 'function') return { signal: any.call(AbortSignal, [caller, own.signal]), release: () => {} };
  const onAbort = () => own.abort(caller.reason);
  if (caller.aborted) onAbort();
  else caller.addEventListener('abort', onAbort, { once: true });
  return { signal: own.signal, release: () => caller.removeEventListener('abort', onAbort) };
}

/** The signal of one attempt: aborted by its own time limit, or by the caller's signal. */
export function attemptSignal(timeoutMs: number, caller: AbortSignal | undefined) {
  const controller = new AbortController();
  let timedOut = false;
  // No limit (Infinity, or beyond what a timer can hold) rather than a timer that would fire at once.
  const timer =
    timeoutMs >= 0 && timeoutMs <= MAX_TIMER_MS
      ? setTimeout(() => {
          timedOut = true;
          controller.abort(new DOMException(`No answer within ${timeoutMs} ms.`, 'TimeoutError'));
        }, timeoutMs)
      : undefined;
  const { signal, release } = caller ? follow(caller, controller) : { signal: controller.signal, release: () => {} };
  return {
    signal,
    timedOut: () => timedOut,
    clear() {
      clearTimeout(timer);
      release();
    },
  };
}

/** Waits `ms`, or less when `signal` aborts first (the caller then checks `signal.aborted`). */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const followed = signal ? follow(signal, new AbortController()) : undefined;
    const done = () => {
      clearTimeout(timer);
      followed?.signal.removeEventListener('abort', done);
      followed?.release();
      resolve();
    };
    const timer = setTimeout(done, Math.min(ms, MAX_TIMER_MS));
    followed?.signal.addEventListener('abort', done, { once: true });
  });
}
