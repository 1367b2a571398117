/**
 * What a failed call answers: the error value (`PaymentsError`, its `code` the contract's closed `ErrorCode` union or
 * one of the client's own), the result union, the error `paginate()` throws, and how each is made from an answer.
 */
import type { components } from './schema.js';

const CORRELATION_HEADER = 'X-Correlation-Id';

export type Schemas = components['schemas'];
export type ErrorEnvelope = Schemas['Error'];
/** The contract's closed catalogue of error codes (see the `ErrorCode` schema). */
export type ErrorCode = Schemas['ErrorCode'];

/**
 * Codes of failures the client found itself, without an answer of the API to read:
 * - `connectionFailed`: the request could not be sent or its answer not received (refused, reset, DNS, a connection
 *   lost in the body); retried;
 * - `timeout`: no answer within `timeoutMs`; retried;
 * - `aborted`: the caller's `signal` aborted the request (during an attempt or the wait before a retry); final;
 * - `invalidResponse`: an answer that is not what the API sends (a proxy's HTML page, a body that is not JSON or is
 *   missing, an error without the API's envelope, a list page that is not one); its `statusCode` is the answer's;
 *   retried when that status is (`429`, `5xx` but `501`), final otherwise.
 */
export type ClientErrorCode = 'connectionFailed' | 'timeout' | 'aborted' | 'invalidResponse';
/** Every code `error.code` may hold: `switch` on it, TypeScript checks the cases. */
export type PaymentsErrorCode = ErrorCode | ClientErrorCode;

/**
 * A failed call: the API's error (the envelope's `error` object) when it answered one, else the client's own.
 * Program on `code`; `message` is for people.
 */
export interface PaymentsError {
  code: PaymentsErrorCode;
  /** The HTTP status of the answer (`invalidResponse` too); 0 when there was none (`connectionFailed`, `timeout`, `aborted`). */
  statusCode: number;
  /** The error's category; `network` when there was no answer. */
  category: Schemas['ErrorCategory'] | 'network';
  /** One line for people (log it; never parse it). */
  message: string;
  /** The HTTP reason phrase the API sent (`Bad Request`, …), when it answered. */
  status?: string;
  /** What the error is about (`customer`, `transaction`, `client`, …), when the API said. */
  resource?: string;
  /** More about the error, when the API said (`409 customerAlreadyExists` names the existing customer). */
  details?: string;
  /** The fields at fault of a `400 invalidParameters`, in bracket notation. */
  params?: Record<string, string>[];
  /**
   * The answer's `X-Correlation-Id`: quote it to support. On `timeout` and `connectionFailed`, the one of an answer
   * whose body was lost; on `aborted`, that attempt's answer's when aborted during an attempt (undefined if it had
   * none yet), or the previous answer's when aborted while waiting to retry. Undefined when no answer came back.
   */
  correlationId: string | undefined;
  /** The request's `X-Idempotency-Key` (on `POST`, `PUT` and `PATCH`): retry later with it to stay idempotent. */
  idempotencyKey: string | undefined;
  /** How many attempts were made (1 when the first one was the last). */
  attempts: number;
  /** The cause of a client-side failure (the `fetch` error, the JSON parser's error). */
  cause?: unknown;
}

/** The result of a call: `data` or `error`, never both. Test `error` first: `if (error) …; else data…`. */
export type PaymentsResult<Data> =
  | {
      /** The answer's body, typed by the operation's success response. */
      data: Data;
      error?: undefined;
      /** The answer (always present when `data` is). */
      response: Response;
      /** The answer's `X-Correlation-Id`. */
      correlationId: string | undefined;
      /** The `X-Idempotency-Key` sent (on `POST`, `PUT` and `PATCH`). */
      idempotencyKey: string | undefined;
      /** How many attempts it took (1 without a retry). */
      attempts: number;
    }
  | {
      data?: undefined;
      /** Why the call failed: the last attempt's error. */
      error: PaymentsError;
      /** The last answer; undefined when none came back, and on `aborted`. */
      response: Response | undefined;
      /** The last answer's `X-Correlation-Id` (also `error.correlationId`). */
      correlationId: string | undefined;
      /** The `X-Idempotency-Key` sent (on `POST`, `PUT` and `PATCH`). */
      idempotencyKey: string | undefined;
      /** How many attempts were made (also `error.attempts`). */
      attempts: number;
    };

/** Thrown by `paginate()`'s iterator when a page fails (an iterator has no result value to carry it). */
export class PaymentsApiError extends Error {
  override readonly name = 'PaymentsApiError';
  /** The failed page's error, as a call's result would carry it. */
  readonly error: PaymentsError;

  constructor(error: PaymentsError) {
    super(`${error.code}: ${error.message}${error.correlationId ? ` (correlation id ${error.correlationId})` : ''}`);
    this.error = error;
  }

  /** The failed page's `error.code`. */
  get code(): PaymentsErrorCode {
    return this.error.code;
  }
}

/** The answer's `X-Correlation-Id`. */
export function correlationOf(response: Response | undefined): string | undefined {
  return response?.headers.get(CORRELATION_HEADER) ?? undefined;
}

/** The API's error from its envelope; `invalidResponse` when the body is not the envelope (a proxy's page, say). */
export function apiError(response: Response, body: unknown, key: string | undefined, attempts: number): PaymentsError {
  const correlationId = correlationOf(response);
  const inner = (body as { error?: unknown } | null | undefined)?.error as Partial<ErrorEnvelope['error']> | undefined;
  if (inner && typeof inner === 'object' && typeof inner.code === 'string' && typeof inner.message === 'string') {
    return {
      ...inner,
      code: inner.code,
      message: inner.message,
      statusCode: typeof inner.statusCode === 'number' ? inner.statusCode : response.status,
      category: inner.category ?? (response.status >= 500 ? 'server' : 'client'),
      correlationId,
      idempotencyKey: key,
      attempts,
    };
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

/**
 * A successful status whose body is not what the operation documents (`message` says how): the operation may have
 * run, so it is not retried.
 */
export function invalidAnswer(response: Response, message: string, key: string | undefined, attempts: number, cause?: unknown): PaymentsError {
  return {
    code: 'invalidResponse',
    statusCode: response.status,
    category: 'server',
    status: response.statusText,
    message,
    correlationId: correlationOf(response),
    idempotencyKey: key,
    attempts,
    ...(cause === undefined ? {} : { cause }),
  };
}

/** A successful status whose body is not JSON. */
export function unreadableError(response: Response, cause: unknown, key: string | undefined, attempts: number): PaymentsError {
  return invalidAnswer(response, `The service answered ${response.status} with a body that is not JSON.`, key, attempts, cause);
}

/** A failure without an answer to read: `connectionFailed`, `timeout` or `aborted`. */
export function clientError(
  code: Exclude<ClientErrorCode, 'invalidResponse'>,
  cause: unknown,
  key: string | undefined,
  attempts: number,
  timeoutMs: number,
  correlationId?: string,
): PaymentsError {
  const message =
    code === 'timeout'
      ? `No answer within ${timeoutMs} ms.`
      : code === 'aborted'
        ? 'The request was aborted.'
        : `The request could not reach the service: ${describeCause(cause)}.`;
  return { code, statusCode: 0, category: 'network', message, correlationId, idempotencyKey: key, attempts, cause };
}

/** The short reason of a fetch failure: the system's code (`ECONNREFUSED`) when there is one. */
export function describeCause(cause: unknown): string {
  const inner = (cause as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof inner?.code === 'string' && inner.code !== '') return inner.code;
  if (typeof inner?.message === 'string' && inner.message !== '') return inner.message;
  return cause instanceof Error ? cause.message : String(cause);
}
