/**
 * The typed client of the Payments Service API, for Node.js 20+ and browsers (this entry imports nothing of Node).
 *
 * Every method of openapi-fetch (`GET`, `POST`, `PUT`, `PATCH`, `DELETE`), typed by the contract, with what a
 * partner would otherwise write around it:
 * - an `X-Idempotency-Key` on every `POST`, `PUT` and `PATCH` (one the caller sends is kept), the same on every retry;
 * - retries of connection failures, time-outs, `409 idempotencyInProgress`, `429` (after `Retry-After`) and `5xx`,
 *   with exponential backoff and jitter, at most `maxRetries` times;
 * - a time limit on each attempt (`timeoutMs`);
 * - the `X-Correlation-Id` of the answer on every result and error;
 * - `paginate()`, an async iterator over every item of a list, page after page;
 * - errors as values: `{ data, error }`, where `error.code` is the contract's closed `ErrorCode` union, or one of the
 *   client's own codes when no usable answer came back. Methods never throw for an HTTP or network failure.
 */
import createClient, { type Client, type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };
export type Schemas = components['schemas'];
export type ErrorEnvelope = Schemas['Error'];
/** The contract's closed catalogue of error codes (see the `ErrorCode` schema). */
export type ErrorCode = Schemas['ErrorCode'];

/**
 * Codes of failures the client found itself, without an answer of the API to read:
 * - `connectionFailed`: the request could not be sent or its answer not received (refused, reset, DNS);
 * - `timeout`: no answer within `timeoutMs`;
 * - `aborted`: the caller's `signal` aborted the request;
 * - `invalidResponse`: an answer that is not the API's error envelope (a proxy's HTML page, say).
 */
export type ClientErrorCode = 'connectionFailed' | 'timeout' | 'aborted' | 'invalidResponse';
export type PaymentsErrorCode = ErrorCode | ClientErrorCode;

/**
 * A failed call: the API's error (the envelope's `error` object) when it answered one, else the client's own.
 * Program on `code`; `message` is for people.
 */
export interface PaymentsError {
  code: PaymentsErrorCode;
  /** The HTTP status of the answer; 0 when there was none (`connectionFailed`, `timeout`, `aborted`). */
  statusCode: number;
  /** The error's category; `network` when there was no answer. */
  category: Schemas['ErrorCategory'] | 'network';
  message: string;
  /** The HTTP reason phrase the API sent (`Bad Request`, …), when it answered. */
  status?: string;
  resource?: string;
  details?: string;
  /** The fields at fault of a `400 invalidParameters`, in bracket notation. */
  params?: Record<string, string>[];
  /** The answer's `X-Correlation-Id`: quote it to support. */
  correlationId: string | undefined;
  /** The request's `X-Idempotency-Key` (on `POST`, `PUT` and `PATCH`). */
  idempotencyKey: string | undefined;
  /** How many attempts were made (1 when the first one was the last). */
  attempts: number;
  /** The cause of a client-side failure (the `fetch` error). */
  cause?: unknown;
}

/** The result of a call: `data` or `error`, never both. */
export type PaymentsResult<Data> =
  | {
      data: Data;
      error?: undefined;
      /** The answer (always present when `data` is). */
      response: Response;
      correlationId: string | undefined;
      idempotencyKey: string | undefined;
    }
  | {
      data?: undefined;
      error: PaymentsError;
      /** The answer, or undefined when none came back. */
      response: Response | undefined;
      correlationId: string | undefined;
      idempotencyKey: string | undefined;
    };

/** What the client may be asked per request, besides openapi-fetch's own options (`params`, `body`, `headers`, …). */
export interface RequestExtras {
  /** Time limit of each attempt, in milliseconds (default: the client's). */
  timeoutMs?: number;
  /** Retries of this request at most (default: the client's). */
  maxRetries?: number;
  /** The `X-Idempotency-Key` to send (default: a new UUID v4 per call; a header given in `headers` wins). */
  idempotencyKey?: string;
  /** Aborts the call (no retry follows). */
  signal?: AbortSignal;
}

export interface PaymentsClientOptions {
  /** Base address of the API, without `/v1` (for example `http://localhost:3000`). */
  baseUrl: string;
  /** The API key: `sk_test_…` for sandbox, `sk_live_…` for production. */
  apiKey: string;
  /** A fetch implementation (defaults to the global one). */
  fetch?: typeof globalThis.fetch;
  /** Retries of a failed request at most (default 2: three attempts in all). 0 turns retries off. */
  maxRetries?: number;
  /** Time limit of each attempt, in milliseconds (default 30000). */
  timeoutMs?: number;
  /** First retry's delay, doubled at each retry, in milliseconds (default 500). */
  retryBaseDelayMs?: number;
  /** Longest backoff between two attempts, in milliseconds (default 8000). */
  retryMaxDelayMs?: number;
  /**
   * Longest `Retry-After` the client waits, in milliseconds (default 60000): an answer asking for longer is returned
   * at once, for the caller to schedule.
   */
  maxRetryAfterMs?: number;
  /** Makes the idempotency keys (default `crypto.randomUUID()`). */
  idempotencyKey?: () => string;
}

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
type Media = 'application/json';

/** The paths that have an operation for `M` (the generated paths mark the others `?: never`). */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends { [K in M]: unknown } ? P : never;
}[keyof paths];

type RequiredKeys<T> = T extends undefined ? never : { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type InitArg<Init> = [RequiredKeys<Init>] extends [never] ? [init?: Init & RequestExtras] : [init: Init & RequestExtras];
// Distributive over the answer union: `Extract<…> extends { data: infer D }` resolved to `never` for every operation.
type SuccessData<R> = R extends { data: infer D; error?: never } ? D : never;

export type PaymentsMethod<M extends Method> = <P extends PathsWith<M>, Init extends MaybeOptionalInit<paths[P], M>>(
  url: P,
  ...init: InitArg<Init>
) => Promise<PaymentsResult<OperationData<paths[P][M], Init>>>;
type OperationData<O, Init> = O extends Record<string | number, unknown> ? SuccessData<FetchResponse<O, Init, Media>> : never;

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

export type PaginateOptions<P extends ListPaths> = ListPath<P> & {
  /** The list's filters and `sort`; `limit` is the page size (default 100, the largest). `offset` is the iterator's. */
  query?: ListQuery<P>;
  /** Where to start (default 0). */
  offset?: number;
} & Omit<RequestExtras, 'idempotencyKey'>;

/** Thrown by `paginate()`'s iterator when a page fails (an iterator has no result value to carry it). */
export class PaymentsApiError extends Error {
  override readonly name = 'PaymentsApiError';
  readonly error: PaymentsError;

  constructor(error: PaymentsError) {
    super(`${error.code}: ${error.message}${error.correlationId ? ` (correlation id ${error.correlationId})` : ''}`);
    this.error = error;
  }
}

export interface PaymentsClient {
  GET: PaymentsMethod<'get'>;
  POST: PaymentsMethod<'post'>;
  PUT: PaymentsMethod<'put'>;
  PATCH: PaymentsMethod<'patch'>;
  DELETE: PaymentsMethod<'delete'>;
  /**
   * Every item of a list, fetching page after page as the loop goes (each page retried like any call):
   * `for await (const t of client.paginate('/v1/transactions', { query: { sort: 'createdAt' } }))`.
   * A page that fails ends the loop with a thrown `PaymentsApiError`. Items created while the loop runs may be
   * missed or seen twice with the default newest-first order: sort ascending by `createdAt` for a stable walk.
   */
  paginate<P extends ListPaths>(path: P, ...options: ListPath<P> extends { path: unknown } ? [PaginateOptions<P>] : [PaginateOptions<P>?]): AsyncIterableIterator<ListItem<P>>;
}

export const DEFAULTS = {
  maxRetries: 2,
  timeoutMs: 30_000,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
} as const;

const KEYED_METHODS = new Set<Method>(['post', 'put', 'patch']);
const IDEMPOTENCY_HEADER = 'X-Idempotency-Key';
const CORRELATION_HEADER = 'X-Correlation-Id';
const PAGE_SIZE = 100;

/** Creates a client that sends the `ServiceKey` header on every request. */
export function createPaymentsClient(options: PaymentsClientOptions): PaymentsClient {
  const settings = {
    maxRetries: options.maxRetries ?? DEFAULTS.maxRetries,
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    retryBaseDelayMs: options.retryBaseDelayMs ?? DEFAULTS.retryBaseDelayMs,
    retryMaxDelayMs: options.retryMaxDelayMs ?? DEFAULTS.retryMaxDelayMs,
    maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs,
    newKey: options.idempotencyKey ?? (() => globalThis.crypto.randomUUID()),
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

  const call = async (method: Method, url: string, init: (Record<string, unknown> & RequestExtras) | undefined): Promise<PaymentsResult<unknown>> => {
    const { timeoutMs = settings.timeoutMs, maxRetries = settings.maxRetries, idempotencyKey, signal, ...rest } = init ?? {};
    const headers = new Headers(rest.headers as ConstructorParameters<typeof Headers>[0]);
    let key: string | undefined;
    if (KEYED_METHODS.has(method)) {
      key = headers.get(IDEMPOTENCY_HEADER) ?? idempotencyKey ?? settings.newKey();
      headers.set(IDEMPOTENCY_HEADER, key);
    }
    const send = inner[method.toUpperCase() as Uppercase<Method>] as unknown as (url: string, init: Record<string, unknown>) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

    for (let attempt = 1; ; attempt++) {
      const timer = attemptSignal(timeoutMs, signal);
      let outcome: { data?: unknown; error?: unknown; response: Response } | undefined;
      let failure: PaymentsError | undefined;
      try {
        outcome = await send(url, { ...rest, headers, signal: timer.signal });
      } catch (cause) {
        const code: ClientErrorCode = signal?.aborted ? 'aborted' : timer.timedOut() ? 'timeout' : 'connectionFailed';
        failure = clientError(code, cause, key, attempt, timeoutMs);
      } finally {
        timer.clear();
      }

      if (outcome && outcome.error === undefined && outcome.response.ok) {
        return { data: outcome.data, response: outcome.response, correlationId: correlationOf(outcome.response), idempotencyKey: key };
      }
      const error = failure ?? apiError(outcome!.response, outcome!.error, key, attempt);
      const wait = attempt <= maxRetries && !signal?.aborted ? retryDelay(error, outcome?.response, attempt, settings) : undefined;
      if (wait === undefined) {
        return { error, response: outcome?.response, correlationId: error.correlationId, idempotencyKey: key };
      }
      await sleep(wait, signal);
      if (signal?.aborted) {
        return { error: clientError('aborted', signal.reason, key, attempt, timeoutMs), response: undefined, correlationId: undefined, idempotencyKey: key };
      }
    }
  };

  const method = <M extends Method>(m: M): PaymentsMethod<M> =>
    ((url: string, init?: Record<string, unknown> & RequestExtras) => call(m, url, init)) as unknown as PaymentsMethod<M>;

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

function correlationOf(response: Response | undefined): string | undefined {
  return response?.headers.get(CORRELATION_HEADER) ?? undefined;
}

function apiError(response: Response, body: unknown, key: string | undefined, attempts: number): PaymentsError {
  const correlationId = correlationOf(response);
  const inner = (body as { error?: unknown } | undefined)?.error;
  if (inner && typeof inner === 'object' && typeof (inner as { code?: unknown }).code === 'string') {
    return { ...(inner as ErrorEnvelope['error']), correlationId, idempotencyKey: key, attempts };
  }
  return {
    code: 'invalidResponse',
    statusCode: response.status,
    category: response.status >= 500 ? 'server' : 'client',
    status: response.statusText,
    message: `The service answered ${response.status} without the API's error envelope.`,
    correlationId,
    idempotencyKey: key,
    attempts,
  };
}

function clientError(code: ClientErrorCode, cause: unknown, key: string | undefined, attempts: number, timeoutMs: number): PaymentsError {
  const message =
    code === 'timeout'
      ? `No answer within ${timeoutMs} ms.`
      : code === 'aborted'
        ? 'The request was aborted.'
        : `The request could not reach the service: ${describeCause(cause)}.`;
  return { code, statusCode: 0, category: 'network', message, correlationId: undefined, idempotencyKey: key, attempts, cause };
}

function describeCause(cause: unknown): string {
  const inner = (cause as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  if (inner?.code) return inner.code;
  if (inner?.message) return inner.message;
  return cause instanceof Error ? cause.message : String(cause);
}

/**
 * Milliseconds to wait before retrying, or undefined when the error is final. Retried: no answer (connection, time
 * limit), `409 idempotencyInProgress`, `429` and the `5xx` but `501`. `Retry-After` (seconds, or an HTTP date) is
 * waited when the API sends one, unless it exceeds `maxRetryAfterMs` (then the error is returned at once);
 * otherwise `base × 2^(attempt−1)`, capped, with jitter (between half of it and all of it).
 */
function retryDelay(
  error: PaymentsError,
  response: Response | undefined,
  attempt: number,
  s: { retryBaseDelayMs: number; retryMaxDelayMs: number; maxRetryAfterMs: number },
): number | undefined {
  const retryable =
    error.code === 'connectionFailed' ||
    error.code === 'timeout' ||
    error.code === 'idempotencyInProgress' ||
    error.statusCode === 429 ||
    (error.statusCode >= 500 && error.statusCode !== 501);
  if (!retryable) return undefined;
  const after = retryAfterMs(response?.headers.get('Retry-After'));
  if (after !== undefined) return after <= s.maxRetryAfterMs ? after : undefined;
  const ceiling = Math.min(s.retryMaxDelayMs, s.retryBaseDelayMs * 2 ** (attempt - 1));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function retryAfterMs(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** An abort signal for one attempt: its own time limit, and the caller's signal. */
function attemptSignal(timeoutMs: number, caller: AbortSignal | undefined) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`No answer within ${timeoutMs} ms.`, 'TimeoutError'));
  }, timeoutMs);
  const onAbort = () => controller.abort(caller?.reason);
  if (caller?.aborted) onAbort();
  else caller?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clear() {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onAbort);
    },
  };
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
