/**
 * Hands each request made with a valid key to the request log (`logs/recorder.ts`) once its answer has ended: never a
 * body, a header, the query string or the key, and nothing on the request's own path (the recorder writes later, in
 * batches). See the Logs chapter of the spec for what is recorded and what is not.
 */
import type { RequestHandler } from 'express';
import type { Mode } from '../core/tenancy';
import { newId } from '../ids';
import type { RequestRecorder } from '../logs/recorder';
import type { Method } from '../logs/repo';
import { redactKeys } from './log';

/** Who made the request: set by the gate once the key is known (`res.locals.caller`). */
export interface Caller {
  merchantId: string;
  mode: Mode;
  keyId: string;
  operationId: string;
}

/** Reading the log is not logged: a tail or a polling dashboard would otherwise fill it with its own reads. */
const UNLOGGED: ReadonlySet<string> = new Set(['listRequestLogs', 'streamRequestLogs']);

const METHODS: ReadonlySet<string> = new Set<Method>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

export function recordRequests(recorder: RequestRecorder): RequestHandler {
  return (req, res, next) => {
    const arrived = new Date();
    const start = performance.now();
    const ended = recorder.begin();
    res.once('close', () => {
      const caller = res.locals.caller as Caller | undefined;
      // No key, no merchant to log it for; no answer sent, nothing to show (the client left first).
      if (!caller || !res.headersSent || UNLOGGED.has(caller.operationId) || !METHODS.has(req.method)) return ended(null);
      // The URL's own limit bounds it; the cut keeps one odd request from making a row of kilobytes.
      const path = req.originalUrl.split('?', 1)[0]!.slice(0, 2048);
      ended({
        id: newId('req'),
        merchantId: caller.merchantId,
        mode: caller.mode,
        keyId: caller.keyId,
        method: req.method as Method,
        path: redactKeys(path),
        status: res.statusCode,
        errorCode: typeof res.locals.errorCode === 'string' ? res.locals.errorCode : null,
        correlationId: String(res.locals.correlationId),
        durationMs: Math.round(performance.now() - start),
        createdAt: arrived.toISOString(),
      });
    });
    next();
  };
}
