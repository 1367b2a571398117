/**
 * Stripe's error envelope `{ error: { type, code?, decline_code?, message, param?, doc_url?, … } }` with the HTTP
 * statuses its API reference lists (400 invalid request, 401 bad key, 402 card error, 404 missing, 409 key in use,
 * 429 rate limited, 5xx api_error), and the reply shape every handler returns.
 */

/** What a handler answers; the server writes it as JSON. */
export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type ErrorType = 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

/** The `error` object of Stripe's envelope (the SDK's StripeRawError without its client-side additions). */
export interface StripeErrorBody {
  type: ErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: unknown;
  payment_method?: unknown;
  request_log_url?: string;
}

/**
 * A refusal raised by a handler. `saved` tells the idempotency layer whether Stripe keeps the answer under the key:
 * the docs say a request whose parameters fail validation never began executing, so nothing is saved and a retry
 * with the same key executes; a refusal decided by the state of objects (a decline, a wrong status) is saved.
 */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeErrorBody,
    readonly saved: boolean,
  ) {
    super(error.message);
    this.name = 'ApiFailure';
  }
}

/** Stripe's public page for an error code, as `doc_url` carries it. */
export function docUrl(code: string): string {
  return `https://docs.stripe.com/error-codes/${code.replace(/_/g, '-')}`;
}

/** The envelope of `error`. */
export function errorReply(status: number, error: StripeErrorBody, headers?: Record<string, string>): Reply {
  return { status, body: { error }, headers };
}

/** A parameter the request itself gets wrong (400, nothing saved under the idempotency key). */
export function invalidParam(message: string, param?: string, code?: string): ApiFailure {
  const error: StripeErrorBody = { type: 'invalid_request_error', message };
  if (code !== undefined) Object.assign(error, { code, doc_url: docUrl(code) });
  if (param !== undefined) error.param = param;
  return new ApiFailure(400, error, false);
}

/** A request refused because of the state of objects (400, saved under the idempotency key). */
export function invalidState(message: string, code?: string, extra: Partial<StripeErrorBody> = {}): ApiFailure {
  const error: StripeErrorBody = { type: 'invalid_request_error', message, ...extra };
  if (code !== undefined) Object.assign(error, { code, doc_url: docUrl(code) });
  return new ApiFailure(400, error, true);
}

/** `No such payment_intent: 'pi_…'` (404 resource_missing). */
export function missing(object: string, id: string, param = 'id'): ApiFailure {
  return new ApiFailure(
    404,
    { type: 'invalid_request_error', code: 'resource_missing', doc_url: docUrl('resource_missing'), message: `No such ${object}: '${id}'`, param },
    true,
  );
}

/** A card error (402): a decline or bad card data. */
export function cardError(error: Omit<StripeErrorBody, 'type'>, saved = true): ApiFailure {
  return new ApiFailure(402, { type: 'card_error', ...error }, saved);
}

/** The 401 of a missing or wrong secret key; Stripe shows only the key's prefix and its last four characters. */
export function unauthorized(key: string | undefined): Reply {
  const message =
    key === undefined || key === ''
      ? "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY')."
      : `Invalid API Key provided: ${maskKey(key)}`;
  return errorReply(401, { type: 'invalid_request_error', message }, { 'www-authenticate': 'Basic realm="Stripe"' });
}

function maskKey(key: string): string {
  const prefix = /^(sk|rk|pk)_(test|live)_/.exec(key)?.[0] ?? '';
  return `${prefix}****${key.slice(-4)}`;
}

/** `Unrecognized request URL (GET: /v1/nothing)`: Stripe's 404 for a path or method it does not serve. */
export function unrecognized(method: string, path: string): Reply {
  return errorReply(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}). Please see https://docs.stripe.com or we can help at https://support.stripe.com/.`,
  });
}

/** The answer of an injected fault: Stripe's body for that status, with nothing done. */
export function faultReply(status: 429 | 500 | 502 | 503): Reply {
  if (status === 429) {
    return errorReply(429, {
      type: 'invalid_request_error',
      code: 'rate_limit',
      doc_url: docUrl('rate_limit'),
      message: 'Too many requests hit the API too quickly. We recommend an exponential backoff of your requests.',
    });
  }
  return errorReply(status, { type: 'api_error', message: "An unknown error occurred on Stripe's end." });
}
