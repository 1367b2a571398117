/**
 * The typed client of the Payments Service API, for Node.js 20+ and browsers (this entry imports nothing of Node).
 *
 * Every method of openapi-fetch (`GET`, `POST`, `PUT`, `PATCH`, `DELETE`), typed by the contract, with what a
 * partner would otherwise write around it:
 * - an `X-Idempotency-Key` on every `POST`, `PUT` and `PATCH` (one the caller gives is kept), the same on every retry,
 *   so a retried write is done once;
 * - retries of connection failures, time-outs, `409 idempotencyInProgress`, `429` (after `Retry-After`) and `5xx`
 *   (but `501`), with exponential backoff and jitter, at most `maxRetries` times;
 * - a time limit on each attempt (`timeoutMs`);
 * - the `X-Correlation-Id` of the answer on every result and error;
 * - `paginate()`, an async iterator over every item of a list, page after page;
 * - errors as values: `{ data, error }`, where `error.code` is the contract's closed `ErrorCode` union, or one of the
 *   client's own codes when no usable answer came back. Methods never throw for an HTTP or network failure.
 */
import createClient, { type Client, type FetchResponse, type MaybeOptionalInit, type Middleware } from 'openapi-fetch';
import { apiError, clientError, correlationOf, PaymentsApiError, unreadableError, type PaymentsError, type PaymentsResult } from './errors.js';
import { attemptSignal, retryDelay, sleep } from './retry.js';
import type { components, operations, paths } from './schema.js';

export {
  PaymentsApiError,
  type ClientErrorCode,
  type ErrorCode,
  type ErrorEnvelope,
  type PaymentsError,
  type PaymentsErrorCode,
  type PaymentsResult,
  type Schemas,
} from './errors.js';
export { backoffDelay, retryAfterMs, type BackoffSettings } from './retry.js';
export type { components, operations, paths };

/** What the client may be asked per request, besides openapi-fetch's own options (`params`, `body`, `headers`, …). */
export interface RequestExtras {
  /** Time limit of each attempt, in milliseconds (default: the client's `timeoutMs`). */
  timeoutMs?: number;
  /** Retries of this request at most (default: the client's `maxRetries`; 0 for none). */
  maxRetries?: number;
  /**
   * The `X-Idempotency-Key` of this `POST`, `PUT` or `PATCH` (10 to 255 letters, digits, `-` and `_`): give your own to
   * retry a write yourself later, say after a crash, without doing it twice. Default: a new UUID v4 per call. A key
   * given as a header (`params.header` or `headers`) wins over this one. Ignored on `GET` and `DELETE`.
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
  /** Retries of a failed request at most (default 2: three attempts in all). 0 turns retries off. */
  maxRetries?: number;
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

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
type Media = 'application/json';

/** The paths that have an operation for `M` (the generated paths mark the others `?: never`). */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends { [K in M]: unknown } ? P : never;
}[keyof paths];

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

type GetOperation<P extends keyof paths> = paths[P] extends { get: infer O } ? O : never;
type ListBody<P extends keyof paths> =
  GetOperation<P> extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;

/** The paths whose `GET` answers the paginated envelope (`data`, `hasMore`): what `paginate()` walks. */
export type ListPaths = {
  [P in PathsWith<'get'>]: ListBody<P> extends { data: readonly unknown[]; hasMore: boolean } ? P : never;
}[PathsWith<'get'>];
/** One item of a list's `data`. */
export type ListItem<P extends ListPaths> = ListBody<P> extends { data: readonly (infer I)[] } ? I : never;
type ListParameters<P extends ListPaths> = GetOperation<P> extends { parameters: infer X } ? X : never;
type ListQuery<P extends ListPaths> = Omit<NonNullable<ListParameters<P> extends { query?: infer Q } ? Q : never>, 'offset'>;
type ListPath<P extends ListPaths> = ListParameters<P> extends { path: infer X } ? { path: X } : { path?: undefined };

/** What `paginate()` takes: the list's path parameters (when it has some), its filters, and per-page options. */
export type PaginateOptions<P extends ListPaths> = ListPath<P> & {
  /** The list's filters and `sort`; `limit` is the page size (default 100, the largest). `offset` is the iterator's. */
  query?: ListQuery<P>;
  /** Where to start (default 0). */
  offset?: number;
} & Omit<RequestExtras, 'idempotencyKey'>;

export interface PaymentsClient {
  /** `GET` an operation of the contract; retried on the failures the client retries. */
  GET: PaymentsMethod<'get'>;
  /** `POST` an operation of the contract, with an `X-Idempotency-Key` kept across retries. */
  POST: PaymentsMethod<'post'>;
  /** `PUT` an operation of the contract, with an `X-Idempotency-Key` kept across retries. */
  PUT: PaymentsMethod<'put'>;
  /** `PATCH` an operation of the contract, with an `X-Idempotency-Key` kept across retries. */
  PATCH: PaymentsMethod<'patch'>;
  /** `DELETE` an operation of the contract (no idempotency key: a retried delete may answer `404`). */
  DELETE: PaymentsMethod<'delete'>;
  /**
   * Every item of a list, fetching page after page as the loop goes (each page retried like any call):
   * `for await (const t of client.paginate('/v1/transactions', { query: { sort: 'createdAt' } }))`.
   * A page that fails ends the loop with a thrown `PaymentsApiError`. Items created while the loop runs may be
   * missed or seen twice with the default newest-first order: sort ascending by `createdAt` for a stable walk.
   */
  paginate<P extends ListPaths>(path: P, ...options: ListPath<P> extends { path: unknown } ? [PaginateOptions<P>] : [PaginateOptions<P>?]): AsyncIterableIterator<ListItem<P>>;
}

/** The client's defaults, for the options not given. */
export const DEFAULTS = {
  maxRetries: 2,
  timeoutMs: 30_000,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
} as const;

const KEYED_METHODS = new Set<Method>(['post', 'put', 'patch']);
const IDEMPOTENCY_HEADER = 'X-Idempotency-Key';
const PAGE_SIZE = 100;

type Init = Record<string, unknown> & RequestExtras & { headers?: unknown; params?: { header?: Record<string, unknown> } };
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

  const call = async (method: Method, url: string, init: Init | undefined): Promise<PaymentsResult<unknown>> => {
    const { timeoutMs = settings.timeoutMs, maxRetries = settings.maxRetries, idempotencyKey, signal, ...rest } = init ?? {};
    const headers = plainHeaders(rest.headers);
    let key: string | undefined;
    if (KEYED_METHODS.has(method)) {
      // The typed header parameter wins in openapi-fetch's merge, so it is the key actually sent: read it first.
      key = headerValue(rest.params?.header, IDEMPOTENCY_HEADER) || headerValue(headers, IDEMPOTENCY_HEADER) || idempotencyKey || settings.newKey();
      deleteHeader(headers, IDEMPOTENCY_HEADER);
      headers[IDEMPOTENCY_HEADER] = key;
    }
    const send = inner[method.toUpperCase() as Uppercase<Method>] as unknown as (url: string, init: Record<string, unknown>) => Promise<Outcome>;

    for (let attempt = 1; ; attempt++) {
      const timer = attemptSignal(timeoutMs, signal);
      let answered: Response | undefined;
      // The answer as it arrived, before openapi-fetch reads its body: what a 2xx that is not JSON is reported with.
      const capture: Middleware = { onResponse: ({ response }) => void (answered = response) };
      const middleware = [...((rest.middleware as Middleware[] | undefined) ?? []), capture];
      let outcome: Outcome | undefined;
      let error: PaymentsError | undefined;
      try {
        outcome = await send(url, { ...rest, headers, middleware, signal: timer.signal });
      } catch (cause) {
        if (signal?.aborted) error = clientError('aborted', cause, key, attempt, timeoutMs);
        else if (timer.timedOut()) error = clientError('timeout', cause, key, attempt, timeoutMs);
        else if (answered && (cause as Error | undefined)?.name === 'SyntaxError') error = unreadableError(answered, cause, key, attempt);
        else error = clientError('connectionFailed', cause, key, attempt, timeoutMs, correlationOf(answered));
      } finally {
        timer.clear();
      }

      if (outcome && outcome.error === undefined && outcome.response.ok) {
        return { data: outcome.data, response: outcome.response, correlationId: correlationOf(outcome.response), idempotencyKey: key, attempts: attempt };
      }
      error ??= apiError(outcome!.response, outcome!.error, key, attempt);
      const response = outcome?.response ?? (error.code === 'invalidResponse' ? answered : undefined);
      const wait =
        attempt <= maxRetries && !signal?.aborted
          ? retryDelay({ code: error.code, statusCode: error.statusCode, retryAfter: response?.headers.get('Retry-After') }, attempt, settings, settings.random)
          : undefined;
      if (wait === undefined) {
        return { error, response, correlationId: error.correlationId, idempotencyKey: key, attempts: attempt };
      }
      await sleep(wait, signal);
      if (signal?.aborted) {
        const aborted = clientError('aborted', signal.reason, key, attempt, timeoutMs);
        return { error: aborted, response: undefined, correlationId: undefined, idempotencyKey: key, attempts: attempt };
      }
    }
  };

  const method = <M extends Method>(m: M): PaymentsMethod<M> =>
    ((url: string, init?: Init) => call(m, url, init)) as unknown as PaymentsMethod<M>;

  async function* paginate(path: string, options: { path?: unknown; query?: Record<string, unknown>; offset?: number } & RequestExtras = {}) {
    const { path: pathParams, query = {}, offset: start = 0, ...extras } = options;
    let offset = start;
    for (;;) {
      const params: Record<string, unknown> = { query: { limit: PAGE_SIZE, ...query, offset } };
      if (pathParams !== undefined) params.path = pathParams;
      const page = await call('get', path, { ...extras, params });
      if (page.error) throw new PaymentsApiError(page.error);
      const body = page.data as { data: unknown[]; hasMore: boolean };
      yield* body.data;
      if (!body.hasMore || body.data.length === 0) return;
      offset += body.data.length;
    }
  }

  return {
    GET: method('get'),
    POST: method('post'),
    PUT: method('put'),
    PATCH: method('patch'),
    DELETE: method('delete'),
    paginate: paginate as unknown as PaymentsClient['paginate'],
  };
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

function headerValue(headers: Record<string, unknown> | undefined, name: string): string | undefined {
  const found = Object.entries(headers ?? {}).find(([k, v]) => k.toLowerCase() === name.toLowerCase() && v !== undefined && v !== null);
  return found === undefined ? undefined : String(found[1]);
}

function deleteHeader(headers: Record<string, string>, name: string): void {
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
