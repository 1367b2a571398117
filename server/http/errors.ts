/**
 * The one error catalogue (code → HTTP status, category, default message) and the typed error that handlers and
 * services throw. Exactly one middleware (`renderError`) turns it into the envelope of the spec.
 */
import { STATUS_CODES } from 'node:http';
import type { components } from '../../generated/schema';

export type ErrorCode = components['schemas']['ErrorCode'];
export type ErrorCategory = components['schemas']['ErrorCategory'];
export type ErrorEnvelope = components['schemas']['Error'];
type ErrorBody = ErrorEnvelope['error'];

interface CatalogueEntry {
  status: number;
  category: ErrorCategory;
  message: string;
}

/** Every code of the spec's closed catalogue; a code added to the spec is a type error here until it is listed. */
export const CATALOGUE: Record<ErrorCode, CatalogueEntry> = {
  invalidParameters: { status: 400, category: 'validation', message: 'The request has invalid parameters.' },
  validationError: { status: 400, category: 'validation', message: 'The request body is not a valid JSON object.' },
  malformedRequest: { status: 400, category: 'client', message: 'The request is not valid HTTP/1.1.' },
  unauthorized: { status: 401, category: 'authentication', message: 'A valid ServiceKey header is required.' },
  paymentDeclined: { status: 402, category: 'payment', message: 'The payment was declined.' },
  insufficientFundsError: { status: 402, category: 'payment', message: 'The payment method has insufficient funds.' },
  forbidden: { status: 403, category: 'authorization', message: 'This key is not allowed to do this.' },
  sandboxOnly: { status: 403, category: 'authorization', message: 'This operation needs a sandbox key.' },
  notFound: { status: 404, category: 'client', message: 'No such path.' },
  resourceNotFound: { status: 404, category: 'client', message: 'No such resource.' },
  transactionNotFound: { status: 404, category: 'client', message: 'Transaction not found.' },
  customerNotFound: { status: 404, category: 'client', message: 'Customer not found.' },
  addressNotFound: { status: 404, category: 'client', message: 'Address not found.' },
  walletNotFound: { status: 404, category: 'client', message: 'Wallet not found.' },
  variantNotFound: { status: 404, category: 'client', message: 'Variant not found.' },
  subscriptionNotFound: { status: 404, category: 'client', message: 'Subscription not found.' },
  subscriptionSplitNotFound: { status: 404, category: 'client', message: 'Subscription split not found.' },
  webhookNotFound: { status: 404, category: 'client', message: 'Webhook endpoint not found.' },
  webhookEventNotFound: { status: 404, category: 'client', message: 'Webhook event not found.' },
  methodNotAllowed: { status: 405, category: 'client', message: 'Method not allowed on this path.' },
  idempotencyMismatch: {
    status: 409,
    category: 'client',
    message: 'This idempotency key was used with a different request.',
  },
  idempotencyInProgress: {
    status: 409,
    category: 'client',
    message: 'The first request with this idempotency key is still being processed.',
  },
  customerAlreadyExists: {
    status: 409,
    category: 'client',
    message: 'Another customer already has this document.',
  },
  walletAlreadyExists: { status: 409, category: 'client', message: 'This bank account is already registered.' },
  webhookEndpointAlreadyExists: {
    status: 409,
    category: 'client',
    message: 'An endpoint with this URL is already registered.',
  },
  requestTimeout: { status: 408, category: 'client', message: 'The request did not arrive in time.' },
  payloadTooLarge: { status: 413, category: 'client', message: 'The request body is too large.' },
  headersTooLarge: { status: 431, category: 'client', message: 'The request headers are too large.' },
  unprocessableEntity: { status: 422, category: 'validation', message: 'The request cannot be processed.' },
  invalidDocument: { status: 422, category: 'validation', message: 'The document number is not valid.' },
  invalidCard: { status: 422, category: 'validation', message: 'The card is not valid.' },
  itemsTotalMismatch: { status: 422, category: 'validation', message: 'The items do not add up to the amount.' },
  invalidTransition: { status: 422, category: 'validation', message: 'The transaction status does not allow this.' },
  captureAmountInvalid: { status: 422, category: 'validation', message: 'The capture amount is not valid.' },
  refundAmountInvalid: { status: 422, category: 'validation', message: 'The refund amount is not valid.' },
  splitPercentageExceeded: { status: 422, category: 'validation', message: 'The splits would exceed 100%.' },
  walletHasPendingWithdrawals: {
    status: 422,
    category: 'validation',
    message: 'The wallet has pending withdrawals.',
  },
  webhookEndpointNotAllowed: {
    status: 422,
    category: 'validation',
    message: 'This endpoint address is not allowed.',
  },
  providerNotConfigured: {
    status: 422,
    category: 'validation',
    message: 'No payment provider is configured for this mode.',
  },
  tooManyRequests: { status: 429, category: 'rate_limit', message: 'Too many requests; retry after Retry-After.' },
  serverError: { status: 500, category: 'server', message: 'An unexpected error happened.' },
  notImplemented: { status: 501, category: 'server', message: 'This operation is not implemented yet.' },
  providerUnavailable: { status: 503, category: 'server', message: 'Every payment route is unavailable.' },
  docsNotBuilt: { status: 503, category: 'server', message: 'The API reference page is not built: run `npm run docs`.' },
};

export interface ApiErrorOptions {
  message?: string;
  resource?: string;
  details?: string;
  params?: Record<string, string>[];
  /** Response headers that go with the error (`Allow`, `Retry-After`). */
  headers?: Record<string, string>;
}

/** The error handlers and services throw; anything else that reaches the renderer is a 500. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly resource: string;
  readonly details: string | undefined;
  readonly params: Record<string, string>[] | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, options: ApiErrorOptions = {}) {
    super(options.message ?? CATALOGUE[code].message);
    this.name = 'ApiError';
    this.code = code;
    this.status = CATALOGUE[code].status;
    this.resource = options.resource ?? defaultResource(code);
    this.details = options.details;
    this.params = options.params;
    this.headers = options.headers ?? {};
  }
}

function defaultResource(code: ErrorCode): string {
  const status = CATALOGUE[code].status;
  if (code === 'providerNotConfigured' || code === 'providerUnavailable') return 'payorch';
  return status >= 500 ? 'server' : 'client';
}

/** Bodies up to this size get every validation error; a larger one only its first (validation cost stays bounded). */
export const FULL_REPORT_BYTES = 16 * 1024;

/** How many `params` an answer lists; `details` counts the rest (a hostile body must not make a huge answer). */
export const MAX_PARAMS = 20;

/** The envelope of an ApiError, its `params` capped at MAX_PARAMS. */
export function envelope(err: ApiError): ErrorEnvelope {
  const entry = CATALOGUE[err.code];
  const body: ErrorBody = {
    status: STATUS_CODES[entry.status] ?? 'Error',
    statusCode: entry.status,
    category: entry.category,
    code: err.code,
    message: err.message,
    resource: err.resource,
  };
  const rest = (err.params?.length ?? 0) - MAX_PARAMS;
  const more = rest > 0 ? `${rest} more invalid parameter${rest === 1 ? '' : 's'} not listed.` : undefined;
  const details = [err.details, more].filter((d) => d !== undefined).join(' ');
  if (details !== '') body.details = details;
  if (err.params !== undefined) body.params = err.params.slice(0, MAX_PARAMS);
  return { error: body };
}

/** The 500 for anything unexpected: names the correlation id and nothing else about the failure. */
export function serverError(correlationId: string): ApiError {
  return new ApiError('serverError', {
    details: `See correlationId ${correlationId} in the response headers (X-Correlation-Id) when contacting support.`,
  });
}
