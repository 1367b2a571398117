/**
 * The one place errors become responses. An ApiError renders as its envelope; errors of the body parser and of
 * the OpenAPI validator are mapped to catalogue codes; anything else is a 500 that names the correlation id and
 * nothing else (the details go to the log only).
 */
import type { ErrorRequestHandler, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { RouteDef } from '../../generated/operations';
import { Distiller } from './distil';
import { ApiError, envelope, FULL_REPORT_BYTES, serverError, statusOf } from './errors';
import { bracketPath } from './params';

interface ValidatorError {
  status: number;
  message?: string;
  errors?: { path?: string; message?: string; errorCode?: string }[];
}

/** Readable `params` for the request's body when the validator's own are not (a failed `oneOf`), else null. */
export type BodyExplainer = () => Record<string, string>[] | null;

function isValidatorError(err: unknown): err is ValidatorError {
  return typeof err === 'object' && err !== null && typeof (err as ValidatorError).status === 'number' &&
    Array.isArray((err as ValidatorError).errors);
}

/** What a thrown value means for the client, or null when it is unexpected (a 500). */
export function toApiError(err: unknown, explainBody?: BodyExplainer): ApiError | null {
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
      const errors = err.errors ?? [];
      const onBody = (e: { path?: string }) => /^[./]?body(?=[./[]|$)/.test(e.path ?? '');
      const explained = errors.some((e) => onBody(e) && e.errorCode?.startsWith('oneOf.')) ? explainBody?.() : null;
      const kept = explained?.length ? errors.filter((e) => !onBody(e)) : errors;
      const params = kept.map((e) => ({ [bracketPath(e.path ?? '')]: e.message ?? 'is invalid' }));
      return new ApiError('invalidParameters', { params: [...(explained?.length ? explained : []), ...params] });
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

/** Explains the body of a request against its operation's schema (small bodies in full, large ones to a first error). */
function bodyExplainer(distiller: () => Distiller, req: Request, res: Response, logger: Logger): BodyExplainer {
  return () => {
    try {
      const route = res.locals.route as RouteDef | undefined;
      const pointer = route ? distiller().bodyPointer(route.operationId) : undefined;
      if (!pointer) return null;
      const all = Number(res.locals.bodyBytes ?? 0) <= FULL_REPORT_BYTES;
      return distiller().explain(pointer, req.body, all);
    } catch (err) {
      // The validator's own params are still a correct answer, only a less readable one.
      logger.error({ err, correlationId: res.locals.correlationId }, 'could not explain a oneOf failure');
      return null;
    }
  };
}

export function renderErrors(logger: Logger): ErrorRequestHandler {
  let distiller: Distiller | undefined;
  const lazy = () => (distiller ??= new Distiller());
  return (err, req, res, _next) => {
    const correlationId = String(res.locals.correlationId ?? '');
    let apiError = toApiError(err, bodyExplainer(lazy, req, res, logger));
    if (!apiError) {
      logger.error({ err, correlationId }, 'unexpected error');
      apiError = serverError(correlationId);
    } else if (statusOf(apiError) >= 500) {
      logger.error({ err, correlationId }, 'server error');
    }
    if (res.headersSent) return;
    // The request log records the code of a refused request (request-recording.ts).
    res.locals.errorCode = apiError.code;
    const body = envelope(apiError);
    res.set(apiError.headers);
    try {
      res.status(statusOf(apiError)).json(body);
    } catch (refused) {
      // The response validator (development and test) refused this answer as outside the contract. The caller still
      // gets the envelope, sent as it is, never the framework's HTML page; the log says what the contract lacks.
      logger.error({ err: refused, correlationId, status: statusOf(apiError), code: apiError.code }, 'error answer outside the contract');
      if (!res.headersSent) res.status(statusOf(apiError)).type('application/json').end(JSON.stringify(body));
    }
  };
}
