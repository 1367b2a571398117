/**
 * How the core's typed errors are rendered: each code's HTTP status, and the envelope of the spec. Exactly one
 * middleware (`renderError`) uses it.
 */
import { STATUS_CODES } from 'node:http';
import type { components } from '../../generated/schema';
import { ApiError, CATALOGUE, isTypedNotFound, type ErrorCode, type TypedNotFound } from '../core/errors';

export { ApiError, CATALOGUE };
export type { ErrorCode, ErrorCategory, ApiErrorOptions } from '../core/errors';
export type ErrorEnvelope = components['schemas']['Error'];
type ErrorBody = ErrorEnvelope['error'];

/**
 * The HTTP status of every code but those of a missing resource of one type, which are all `404` (`statusOf`); a code
 * added to the spec is a type error here until it is listed.
 */
const HTTP_STATUS: Record<Exclude<ErrorCode, TypedNotFound>, number> = {
  invalidParameters: 400,
  validationError: 400,
  malformedRequest: 400,
  unauthorized: 401,
  paymentDeclined: 402,
  insufficientFundsError: 402,
  forbidden: 403,
  sandboxOnly: 403,
  notFound: 404,
  resourceNotFound: 404,
  methodNotAllowed: 405,
  sandboxClockBusy: 409,
  idempotencyMismatch: 409,
  idempotencyInProgress: 409,
  customerAlreadyExists: 409,
  walletAlreadyExists: 409,
  webhookEndpointAlreadyExists: 409,
  requestTimeout: 408,
  payloadTooLarge: 413,
  headersTooLarge: 431,
  unprocessableEntity: 422,
  invalidDocument: 422,
  invalidCard: 422,
  itemsTotalMismatch: 422,
  invalidTransition: 422,
  captureAmountInvalid: 422,
  invalidPricing: 422,
  productDisabled: 422,
  variantDisabled: 422,
  variantNotRecurring: 422,
  refundAmountInvalid: 422,
  splitPercentageExceeded: 422,
  walletHasPendingWithdrawals: 422,
  insufficientBalance: 422,
  webhookEndpointNotAllowed: 422,
  providerNotConfigured: 422,
  sandboxClockTimeInvalid: 422,
  sandboxClockTooManyJobs: 422,
  subscriptionNotAttachable: 422,
  tooManyRequests: 429,
  serverError: 500,
  notImplemented: 501,
  providerUnavailable: 503,
  docsNotBuilt: 503,
};

/** The HTTP status an error is answered with. */
export function statusOf(err: ApiError): number {
  return isTypedNotFound(err.code) ? 404 : HTTP_STATUS[err.code];
}

/** Bodies up to this size get every validation error; a larger one only its first (validation cost stays bounded). */
export const FULL_REPORT_BYTES = 16 * 1024;

/** How many `params` an answer lists; `details` counts the rest (a hostile body must not make a huge answer). */
export const MAX_PARAMS = 20;

/** The envelope of an ApiError, its `params` capped at MAX_PARAMS. */
export function envelope(err: ApiError): ErrorEnvelope {
  const entry = { ...CATALOGUE[err.code], status: statusOf(err) };
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
