/**
 * The one place errors become responses. An ApiError renders as its envelope; errors of the body parser and of
 * the OpenAPI validator are mapped to catalogue codes; anything else is a 500 that names the correlation id and
 * nothing else (the details go to the log only).
 */
import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { ApiError, envelope, serverError } from './errors';
import { bracketPath } from './params';

interface ValidatorError {
  status: number;
  message?: string;
  errors?: { path?: string; message?: string }[];
}

function isValidatorError(err: unknown): err is ValidatorError {
  return typeof err === 'object' && err !== null && typeof (err as ValidatorError).status === 'number' &&
    Array.isArray((err as ValidatorError).errors);
}

/** What a thrown value means for the client, or null when it is unexpected (a 500). */
export function toApiError(err: unknown): ApiError | null {
  if (err instanceof ApiError) return err;
  const type = (err as { type?: string } | null)?.type;
  if (type === 'entity.too.large') return new ApiError('payloadTooLarge');
  if (type === 'entity.parse.failed') {
    return new ApiError('validationError', { message: 'The request body is not valid JSON.' });
  }
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new ApiError('validationError', { message: 'The request body must be UTF-8 JSON.' });
  }
  if (isValidatorError(err)) {
    if (err.status === 400) {
      const params = (err.errors ?? []).map((e) => ({ [bracketPath(e.path ?? '')]: e.message ?? 'is invalid' }));
      return new ApiError('invalidParameters', { params });
    }
    if (err.status === 415) {
      return new ApiError('validationError', { message: 'The request body must be sent as application/json.' });
    }
    if (err.status === 413) return new ApiError('payloadTooLarge');
    if (err.status === 404) return new ApiError('notFound');
    if (err.status === 405) return new ApiError('methodNotAllowed');
  }
  return null;
}

export function renderErrors(logger: Logger): ErrorRequestHandler {
  return (err, _req, res, _next) => {
    const correlationId = String(res.locals.correlationId ?? '');
    let apiError = toApiError(err);
    if (!apiError) {
      logger.error({ err, correlationId }, 'unexpected error');
      apiError = serverError(correlationId);
    } else if (apiError.status >= 500) {
      logger.error({ err, correlationId }, 'server error');
    }
    if (res.headersSent) return;
    const body = envelope(apiError);
    res.set(apiError.headers);
    try {
      res.status(apiError.status).json(body);
    } catch (refused) {
      // The response validator (development and test) refused this answer as outside the contract. The caller still
      // gets the envelope, sent as it is, never the framework's HTML page; the log says what the contract lacks.
      logger.error({ err: refused, correlationId, status: apiError.status, code: apiError.code }, 'error answer outside the contract');
      if (!res.headersSent) res.status(apiError.status).type('application/json').end(JSON.stringify(body));
    }
  };
}
