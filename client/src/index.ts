/**
 * The typed client of the Payments Service API, for Node.js 20+ and browsers (this entry imports nothing of Node).
 *
 * Every method of openapi-fetch (`GET`, `POST`, `PUT`, `PATCH`, `DELETE`), typed by the contract, with what a
 * partner would otherwise write around it:
 * - an `X-Idempotency-Key` on every `POST`, `PUT` and `PATCH` (one the caller gives is kept), the same on every retry,
 *   so a retried write is done once;
 * - retries of connection failures, time-outs, `429` (after `Retry-After`) and `5xx` (but `501`), with exponential
 *   backoff and jitter, at most `maxRetries` times; and of `409 idempotencyInProgress` for up to `inProgressTimeoutMs`;
 * - a time limit on each attempt (`timeoutMs`);
 * - the `X-Correlation-Id` of the answer on every result and error;
 * - `paginate()`, an async iterator over every item of a list, page after page;
 * - errors as values: `{ data, error }`, where `error.code` is the contract's closed `ErrorCode` union, or one of the
 *   client's own codes when no usable answer came back. Methods never throw for an HTTP or network failure: they
 *   throw (a `TypeError`, at once, nothing sent) only for a bug of the caller's, such as a body JSON cannot hold (a
 *   `BigInt`), a header value fetch refuses (a line break), or a middleware that throws.
 */
import createClient, { type Client, type FetchResponse, type MaybeOptionalInit, type Middleware } from 'openapi-fetch';
import { apiError, clientError, correlationOf, invalidAnswer, unreadableError, type PaymentsError, type PaymentsResult } from './errors.js';
import { DEFAULTS, type Method, type PathsWith, type PaymentsClientOptions, type RequestExtras } from './options.js';
import { paginate, type ListItem, type ListPath, type ListPaths, type PageWalk, type PaginateOptions } from './paginate.js';
import { attemptSignal, inProgressDelay, retryDelay, sleep } from './retry.js';
import type { components, operations, paths } from './schema.js';

export {
  describeCause,
  invalidAnswer,
  PaymentsApiError,
  type ClientErrorCode,
  type ErrorCode,
  type ErrorEnvelope,
  type PaymentsError,
  type PaymentsErrorCode,
  type PaymentsResult,
  type Schemas,
} from './errors.js';
export { DEFAULTS, type PathsWith, type PaymentsClientOptions, type RequestExtras } from './options.js';
export type { ListItem, ListPaths, PaginateOptions } from './paginate.js';
export { backoffDelay, doublingDelay, isRetryable, retryAfterMs, sleep, type BackoffSettings } from './retry.js';
export type { components, operations, paths };

type Media = 'application/json';

type RequiredKeys<T> = T extends undefined ? never : { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type InitArg<Init> = [RequiredKeys<Init>] extends [never] ? [init?: Init & RequestExtras] : [init: Init & RequestExtras];

/** One typed method: `client.POST('/v1/customers', { body })`, resolving to a `PaymentsResult`, never rejecting. */
export type PaymentsMethod<M extends Method> = <P extends PathsWith<M>, Init extends MaybeOptionalInit<paths[P], M>>(
  url: P,
  ...init: InitArg<Init>
) => Promise<PaymentsResult<OperationData<paths[P][M], Init>>>;
// The operation is taken by `infer`, not narrowed by `O extends Record<…>`: the narrowed type is the operation
// intersected with an index signature, whose phantom status codes made `data` `never` (or `… | undefined`).
type OperationData<Op, Init> = Op extends infer O extends Record<string | number, unknown> ? SuccessData<FetchResponse<O, Init, Media>> : never;
type SuccessData<R> = Extract<R, { error?: never }> extends { data: infer D } ? D : never;

export interface PaymentsClient {
  /** `GET` an operation of the contract; retried on the failures the client retries. */
  GET: PaymentsMethod<'get'>;
  /** `POST` an operation of the contract, with an `X-Idempotency-Key` kept across retries. */
  POST: PaymentsMethod<'post'>;
  /** `PUT` an operation of the contract, with an `X-Idempotency-Key` kept across retries. */
  PUT: PaymentsMethod<'put'>;
  /** `PATCH` an operation of the contract, with an `X-Idempotency-Key` kept across retries. */
  PATCH: PaymentsMethod<'patch'>;
  /**
   * `DELETE` an operation of the contract. It has no idempotency key: when an attempt's answer is lost and the delete
   * is retried, the retry may answer `404` although the delete was done.
   */
  DELETE: PaymentsMethod<'delete'>;
  /**
   * Every item of a list, fetching page after page as the loop goes (each page retried like any call):
   * `for await (const t of client.paginate('/v1/transactions', { query: { sort: 'createdAt' } }))`.
   * A page that fails ends the loop with a thrown `PaymentsApiError`; so does a page that is not one
   * (`invalidResponse`): a body without the `data` array and `hasMore` flag, or a page that shows the service did
   * not move to the offset asked (another `offset` echoed, or the previous page's first item again), which would
   * loop for ever. Items created while the loop runs may be missed or seen twice with the default newest-first
   * order: sort ascending by `createdAt` for a stable walk.
   */
  paginate<P extends ListPaths>(path: P, ...options: ListPath<P> extends { path: unknown } ? [PaginateOptions<P>] : [PaginateOptions<P>?]): AsyncIterableIterator<ListItem<P>>;
}

const KEYED_METHODS = new Set<Method>(['post', 'put', 'patch']);
const IDEMPOTENCY_HEADER = 'X-Idempotency-Key';

type Init = Record<string, unknown> &
  RequestExtras & { headers?: unknown; params?: { header?: Record<string, unknown> }; fetch?: typeof globalThis.fetch; middleware?: Middleware[] };
type Outcome = { data?: unknown; error?: unknown; response: Response };

/**
 * Creates a client that sends the `ServiceKey` header on every request. Throws a `TypeError` at once when `baseUrl` is
 * not an absolute `http:` or `https:` address (every call would fail the same way otherwise).
 */
export function createPaymentsClient(options: PaymentsClientOptions): PaymentsClient {
  if (!/^https?:$/.test(protocolOf(options.baseUrl))) {
    throw new TypeError(`baseUrl must be an absolute http(s) address, like http://localhost:3000; got "${options.baseUrl}".`);
  }
  const settings = {
    maxRetries: options.maxRetries ?? DEFAULTS.maxRetries,
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    retryBaseDelayMs: options.retryBaseDelayMs ?? DEFAULTS.retryBaseDelayMs,
    retryMaxDelayMs: options.retryMaxDelayMs ?? DEFAULTS.retryMaxDelayMs,
    maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs,
    inProgressTimeoutMs: options.inProgressTimeoutMs ?? DEFAULTS.inProgressTimeoutMs,
    newKey: options.idempotencyKey ?? uuidV4,
    random: options.random ?? Math.random,
  };
  const inner: Client<paths, Media> = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  inner.use({
    onRequest({ request }) {
      request.headers.set('ServiceKey', options.apiKey);
      return request;
    },
  });

  /**
   * One operation, as stripe-node's request sender does it: the idempotency key first (once, the same on every
   * attempt), then attempts, each one send with a typed result (`sendOnce`), and after each failure the retry
   * decision (`retryWait`), until a success, an answer not worth retrying, or the retries run out.
   */
  const call = async (method: Method, url: string, init: Init | undefined): Promise<PaymentsResult<unknown>> => {
    const {
      timeoutMs = settings.timeoutMs,
      maxRetries = settings.maxRetries,
      inProgressTimeoutMs = settings.inProgressTimeoutMs,
      idempotencyKey,
      signal,
      fetch: callFetch,
      middleware: callMiddleware = [],
      ...rest
    } = init ?? {};
    const { key, params, headers } = keyed(method, rest.params, plainHeaders(rest.headers), idempotencyKey);
    const send = inner[method.toUpperCase() as Uppercase<Method>] as unknown as (url: string, init: Record<string, unknown>) => Promise<Outcome>;
    const attempt: Attempt = {
      send,
      url,
      init: { ...rest, params, headers },
      fetch: callFetch ?? options.fetch ?? globalThis.fetch,
      middleware: callMiddleware,
      signal,
      timeoutMs,
      key,
    };
    const budget: RetryBudget = { maxRetries, inProgressTimeoutMs, retries: 0, inProgressRetries: 0, inProgressSince: undefined };

    for (let n = 1; ; n++) {
      const sent = await sendOnce(attempt, n);
      if (sent.ok) return sent.result;
      const { error, response } = sent;
      const wait = signal?.aborted ? undefined : retryWait(error, response, budget);
      if (wait === undefined) {
        return { error, response, correlationId: error.correlationId, idempotencyKey: key, attempts: n };
      }
      await sleep(wait, signal);
      if (signal?.aborted) {
        const aborted = clientError('aborted', signal.reason, key, n, timeoutMs, error.correlationId);
        return { error: aborted, response: undefined, correlationId: aborted.correlationId, idempotencyKey: key, attempts: n };
      }
    }
  };

  /**
   * The idempotency key of a POST, PUT or PATCH: the caller's (typed header parameter, header, or option) or a new
   * one, taken out of wherever it was given and set once as a header. openapi-fetch merges `params.header` last and
   * deletes a header given there as null, so the key sent on every attempt is the one the result reports.
   */
  const keyed = (method: Method, params: Init['params'], headers: Record<string, string>, given: string | undefined) => {
    if (!KEYED_METHODS.has(method)) return { key: undefined, params, headers };
    const typed = { ...(params as { header?: Record<string, unknown> } | undefined)?.header };
    const key = headerValue(typed, IDEMPOTENCY_HEADER) || headerValue(headers, IDEMPOTENCY_HEADER) || given || settings.newKey();
    deleteHeader(typed, IDEMPOTENCY_HEADER);
    deleteHeader(headers, IDEMPOTENCY_HEADER);
    headers[IDEMPOTENCY_HEADER] = key;
    return { key, params: { ...(params as object | undefined), header: typed } as Init['params'], headers };
  };

  /**
   * After a failed attempt: how long to wait before the next one, or undefined to stop. `idempotencyInProgress` waits
   * for the other request on its own clock (`inProgressTimeoutMs`); every other retryable failure spends one of
   * `maxRetries`.
   */
  const retryWait = (error: PaymentsError, response: Response | undefined, budget: RetryBudget): number | undefined => {
    if (budget.maxRetries <= 0) return undefined;
    const retryAfter = response?.headers.get('Retry-After');
    if (error.code === 'idempotencyInProgress') {
      budget.inProgressSince ??= performance.now();
      const left = budget.inProgressTimeoutMs - (performance.now() - budget.inProgressSince);
      return inProgressDelay(retryAfter, ++budget.inProgressRetries, left, settings, settings.random);
    }
    if (budget.retries >= budget.maxRetries) return undefined;
    return retryDelay({ code: error.code, statusCode: error.statusCode, retryAfter }, ++budget.retries, settings, settings.random);
  };

  const method = <M extends Method>(m: M): PaymentsMethod<M> =>
    ((url: string, init?: Init) => call(m, url, init)) as unknown as PaymentsMethod<M>;

  return {
    GET: method('get'),
    POST: method('post'),
    PUT: method('put'),
    PATCH: method('patch'),
    DELETE: method('delete'),
    paginate: ((path: string, options?: PageWalk) => paginate((url, init) => call('get', url, init), path, options)) as unknown as PaymentsClient['paginate'],
  };
}

/** What every attempt of one operation sends the same way. */
interface Attempt {
  send: (url: string, init: Record<string, unknown>) => Promise<Outcome>;
  url: string;
  init: Record<string, unknown>;
  fetch: typeof globalThis.fetch;
  middleware: Middleware[];
  signal: AbortSignal | undefined;
  timeoutMs: number;
  key: string | undefined;
}

/** The retries one operation has spent, of each kind. */
interface RetryBudget {
  maxRetries: number;
  inProgressTimeoutMs: number;
  retries: number;
  inProgressRetries: number;
  inProgressSince: number | undefined;
}

type Sent = { ok: true; result: PaymentsResult<unknown> } | { ok: false; error: PaymentsError; response: Response | undefined };

/**
 * One attempt: one request under its own time-out, and what came of it as a typed result. A success with its data;
 * else the error, the service's own or the client's (`aborted`, `timeout`, `connectionFailed`, `invalidResponse`),
 * with the answer when there was one. Anything thrown before an answer that is not a failure of fetch itself (the
 * body's serializer, a header value `Request` refuses, a middleware) is the caller's bug, thrown to the caller.
 */
async function sendOnce(a: Attempt, n: number): Promise<Sent> {
  const timer = attemptSignal(a.timeoutMs, a.signal);
  let answered: Response | undefined;
  let fetchFailed = false;
  const fetchOnce = async (request: Request, ext?: RequestInit): Promise<Response> => {
    try {
      return await a.fetch(request, ext);
    } catch (cause) {
      fetchFailed = true;
      throw cause;
    }
  };
  // First of the list, so the last to see the answer (openapi-fetch runs `onResponse` from the end): after it only
  // the reading of the body remains, so a failure after `answered` is set is the body's.
  const capture: Middleware = { onResponse: ({ response }) => void (answered = response) };
  let outcome: Outcome | undefined;
  let error: PaymentsError | undefined;
  try {
    outcome = await a.send(a.url, { ...a.init, middleware: [capture, ...a.middleware], fetch: fetchOnce, signal: timer.signal });
  } catch (cause) {
    const lost = correlationOf(answered);
    if (a.signal?.aborted) error = clientError('aborted', cause, a.key, n, a.timeoutMs, lost);
    else if (timer.timedOut()) error = clientError('timeout', cause, a.key, n, a.timeoutMs, lost);
    else if (answered && (cause as Error | undefined)?.name === 'SyntaxError') error = unreadableError(answered, cause, a.key, n);
    else if (fetchFailed || answered) error = clientError('connectionFailed', cause, a.key, n, a.timeoutMs, lost);
    else throw cause;
  } finally {
    timer.clear();
  }
  if (outcome && outcome.error === undefined && outcome.response.ok) {
    const { data, response } = outcome;
    // Every success of the contract but a 204 documents a body (a test of the client checks the spec for it).
    if (data !== undefined || response.status === 204) {
      return { ok: true, result: { data, response, correlationId: correlationOf(response), idempotencyKey: a.key, attempts: n } };
    }
    error = invalidAnswer(response, `The service answered ${response.status} without a body.`, a.key, n);
  }
  error ??= apiError(outcome!.response, outcome!.error, a.key, n);
  return { ok: false, error, response: outcome?.response ?? (error.code === 'invalidResponse' ? answered : undefined) };
}

function protocolOf(address: string): string {
  try {
    return new URL(address).protocol;
  } catch {
    return '';
  }
}

/**
 * The caller's `headers` (a `Headers`, pairs or a record) as a record, leaving out `undefined` and `null` values as
 * openapi-fetch does (`new Headers()` would send them as the strings "undefined" and "null").
 */
function plainHeaders(init: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!init) return out;
  if (init instanceof Headers) {
    // forEach, not entries(): a partner's `lib` without DOM.Iterable has no Headers.entries in its types.
    init.forEach((value, name) => (out[name] = value));
    return out;
  }
  const entries = Array.isArray(init) ? (init as [string, unknown][]) : Object.entries(init as Record<string, unknown>);
  for (const [name, value] of entries) {
    if (value !== undefined && value !== null) out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

/** The first value of header `name` (in any case) that is not `undefined`, `null` or empty. */
function headerValue(headers: Record<string, unknown> | undefined, name: string): string | undefined {
  const found = Object.entries(headers ?? {}).find(([k, v]) => k.toLowerCase() === name.toLowerCase() && v !== undefined && v !== null && String(v) !== '');
  return found === undefined ? undefined : String(found[1]);
}

function deleteHeader(headers: Record<string, unknown>, name: string): void {
  for (const k of Object.keys(headers)) if (k.toLowerCase() === name.toLowerCase()) delete headers[k];
}

/**
 * A random UUID v4. `crypto.randomUUID()` exists only in secure contexts in browsers (HTTPS, localhost): elsewhere
 * the same is made from `crypto.getRandomValues()`, which every supported runtime has.
 */
function uuidV4(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
