/**
 * The Express app, composed from the contract: a request walks correlation id → log → canonical target → route match
 * (404/405) → auth (401/403) → rate limit (429) → JSON body → NUL and depth check → OpenAPI validation (400) →
 * finite query numbers → handler → the one error renderer.
 */
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { routes, type Handlers, type RouteDef } from '../../generated/operations';
import type { Config } from '../config';
import type { Db } from '../db/types';
import type { Engine } from '../domain/transactions/engine';
import type { Webhooks } from '../webhooks/delivery';
import type { ClockDeps } from '../domain/clock/advance';
import { attachKeyCache } from '../domain/access/key-cache';
import type { KeyRecord } from '../domain/access/keys';
import { newId } from '../ids';
import { authenticate } from './auth';
import type { Ctx } from './context';
import { docsRouter } from './docs';
import { EventStreams, streamOf, type StreamEnv } from './event-stream';
import { ApiError, FULL_REPORT_BYTES } from './errors';
import { healthRouter } from './health';
import { LiveStreams, MAX_STREAMS_PER_CHARGE, pagesRouter, STREAM_DEFAULTS, type StreamSettings } from './pages/router';
import { fingerprint, lockSecondsFor } from './idempotency';
import { runIdempotent, type IdempotencyOptions } from './idempotent';
import { NO_RECOVERY } from '../domain/recovery';
import { dashboardRouter } from './dashboard/router';
import { createMailer, type Mailer } from '../mail/mailer';
import { finiteQuery, inspectInput } from './inspect';
import { serializeRequest } from './log';
import { consume, quotaHeaders, type Limiters } from './rate-limit';
import { renderErrors } from './render';
import { checkResponses, processContract } from './response-contract';
import { readSpec } from './spec';
import { matchRoute } from './route-match';
import { canonicalTarget } from './target';
import { routeNotificationsRouter } from './route-notifications';
import { recordRequests, type Caller } from './request-recording';
import type { RequestRecorder } from '../logs/recorder';
import { validatorWithCompiledRoutes } from './validator-routes';


/** The level of the one line logged per request (method, redacted URL, status, time, correlation id). */
const REQUEST_LINE_LEVEL = 'info';

export interface AppDeps {
  db: Db;
  config: Config;
  logger: Logger;
  limiters: Limiters;
  handlers: Handlers<Ctx>;
  payments: Engine;
  webhooks: Webhooks;
  /** The service's job handler table and leases, for advancing sandbox clocks. */
  clocks: ClockDeps;
  /** The lock of idempotent requests, and the faults tests play in their windows. */
  idempotency?: IdempotencyOptions;
  /** The public pages' open status streams, ended when the service closes. */
  streams?: LiveStreams;
  /** Timings of the status streams (tests shorten the re-read). */
  streamSettings?: Partial<StreamSettings>;
  /** The sandbox's open event streams, ended when the service closes. */
  eventStreams?: EventStreams;
  /** The open request-log streams, ended when the service closes. */
  logStreams?: EventStreams;
  /** Where the requests made with a key are recorded (the request log); none are without it. */
  requestLog?: RequestRecorder;
  /**
   * Called once each request that may have written (any method but GET, HEAD and OPTIONS) has been answered, so after
   * its work committed: wakes the workers for the jobs it enqueued (`jobs/poke.ts`).
   */
  jobsDue?: () => void;
  /** The service's mail transport (one per process, closed with it); made from the settings when not given. */
  mailer?: Mailer | null;
}

/** Routes, auth, quotas: everything decided before the body is read. */
function gate({ db, config, limiters, payments, webhooks, clocks }: AppDeps): RequestHandler {
  // KEY_CACHE_SECONDS: the bound within which a key revoked or changed elsewhere is refused here (0: no cache).
  const keys = attachKeyCache<KeyRecord>(db, config.keyCacheSeconds);
  return async (req, res, next) => {
    const match = matchRoute(req.method, req.path);
    if (match.kind === 'none') throw new ApiError('notFound', { message: `No route matches ${req.method} ${req.path}.` });
    if (match.kind === 'method') {
      throw new ApiError('methodNotAllowed', {
        message: `${req.method} is not allowed on ${req.path}; allowed: ${match.allow.join(', ')}.`,
        headers: { Allow: match.allow.join(', ') },
      });
    }
    const key = await authenticate(db, req.get('servicekey'), match.route, req.ip, keys);
    // Before the quota, so that a 429 is recorded in the request log too.
    res.locals.caller = { merchantId: key.merchantId, mode: key.mode, keyId: key.keyId, operationId: match.route.operationId } satisfies Caller;
    const polled = match.route.method === 'get' && match.route.path.includes(':') ? req.path : null;
    res.set(quotaHeaders(await consume(limiters, config, key.keyId, polled)));
    const ctx: Ctx = {
      db,
      merchant: { name: key.merchantName, merchantId: key.merchantId, isSubAccount: key.isSubAccount },
      mode: key.mode,
      scope: { merchantId: key.merchantId, mode: key.mode },
      role: key.role,
      keyId: key.keyId,
      correlationId: String(res.locals.correlationId),
      payments,
      webhooks,
      clocks,
      recovery: NO_RECOVERY,
    };
    res.locals.ctx = ctx;
    res.locals.route = match.route;
    next();
  };
}

type AnyHandler = (req: unknown, ctx: Ctx) => Promise<{ status: number; body: unknown }>;

/**
 * Runs one operation's handler; POST, PUT and PATCH with `X-Idempotency-Key` go through the idempotency store. A
 * streamed answer (`event-stream.ts`) is opened on the response instead of sent as JSON.
 */
function operation(route: RouteDef, deps: AppDeps, streamEnv: StreamEnv, validateResponses: boolean): RequestHandler {
  // Every route has a handler: Handlers<Ctx> has one member per operation of the route table.
  const handler = (deps.handlers as unknown as Record<string, AnyHandler>)[route.operationId];
  if (!handler) throw new Error(`no handler for ${route.operationId}`);
  const env = {
    db: deps.db,
    logger: deps.logger,
    ttlHours: deps.config.idempotencyTtlHours,
    lockSeconds: deps.idempotency?.lockSeconds ?? lockSecondsFor(deps.config.payments.providerTimeoutMs),
    faults: deps.idempotency?.faults,
  };
  return async (req: Request, res) => {
    const ctx = res.locals.ctx as Ctx;
    const input = { params: req.params, query: req.query, headers: req.headers, body: req.body };
    const key = route.method === 'post' || route.method === 'put' || route.method === 'patch' ? req.get('x-idempotency-key') : undefined;
    if (!key) {
      const out = await handler(input, ctx);
      const stream = streamOf(out);
      if (stream) stream(res, streamEnv);
      else res.status(out.status).json(out.body);
      return;
    }
    const request = { key, operationId: route.operationId, fingerprint: fingerprint(req.method, req.path, req.body) };
    const out = await runIdempotent(env, ctx, request, (c) => handler(input, c));
    if (out.replayed) res.set('Idempotent-Replayed', 'true');
    sendText(res, out.status, out.text, validateResponses);
  };
}

/**
 * Sends a JSON answer's stored bytes as they are. Where responses are validated against the spec (development, test)
 * the validator sees only what `res.json` is given, so the text goes through it parsed: `JSON.stringify` of the
 * parse of its own output is that output again, so the bytes are the same either way.
 */
function sendText(res: Response, status: number, text: string, validated: boolean): void {
  res.status(status);
  if (validated) res.json(JSON.parse(text));
  else res.type('application/json').send(text);
}

// Built once per process and shared by every app in it: the validator compiles each operation's schemas on its first
// request, which costs far more than serving it (a test process starts several apps on the same spec).
let sharedValidation: RequestHandler | undefined;
const responseContract = processContract;

/**
 * The OpenAPI validation of requests, in two instances: `allErrors` costs time in proportion to the errors, and a
 * 1 MB body can hold half a million of them, so a body over FULL_REPORT_BYTES is validated until its first error only.
 */
function validation(): RequestHandler {
  return (sharedValidation ??= buildValidation());
}

function buildValidation(): RequestHandler {
  const make = (allErrors: boolean) => {
    const router = express.Router();
    router.use(
      // The validator with its route lookup compiled once, not per request (validator-routes.ts).
      validatorWithCompiledRoutes({
        apiSpec: readSpec(),
        validateApiSpec: false,
        validateSecurity: false,
        ignoreUndocumented: true,
        validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false, removeAdditional: false, allErrors },
        // Answers are checked by response-contract.ts, which compiles the contract's schemas once per process.
        validateResponses: false,
      }),
    );
    return router;
  };
  const every = make(true);
  // Made on the first large body only: each instance preprocesses the whole document when made (about a second of
  // CPU), and most processes never see such a body.
  let first: RequestHandler | undefined;
  return (req, res, next) => (Number(res.locals.bodyBytes ?? 0) > FULL_REPORT_BYTES ? (first ??= make(false)) : every)(req, res, next);
}

export function createApp(deps: AppDeps): express.Express {
  const { config, logger } = deps;
  const validateResponses = config.nodeEnv === 'development' || config.nodeEnv === 'test';
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // HTTP_TRUST_PROXY: which proxies' X-Forwarded-For gives req.ip, the address IP allow-lists check.
  app.set('trust proxy', config.trustProxy);
  app.use(healthRouter(deps.db));
  const { jobsDue } = deps;
  if (jobsDue) {
    app.use((req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') res.once('close', jobsDue);
      next();
    });
  }

  app.use((req, res, next) => {
    // A caller's own id is echoed when it is well-formed (the spec's X-Correlation-Id header), else one is made.
    const sent = req.get('x-correlation-id');
    res.locals.correlationId = sent && /^[A-Za-z0-9_-]{8,64}$/.test(sent) ? sent : newId('corr');
    res.set('X-Correlation-Id', res.locals.correlationId);
    next();
  });
  const requestLog = pinoHttp({
    logger,
    useLevel: REQUEST_LINE_LEVEL,
    genReqId: (_req, res) => String((res as express.Response).locals.correlationId),
    customProps: (_req, res) => ({ correlationId: String((res as express.Response).locals.correlationId) }),
    serializers: {
      req: serializeRequest,
      res: (r: { statusCode: number }) => ({ statusCode: r.statusCode }),
    },
  });
  // pino-http prepares each request's line (two child loggers, their serialized bindings, three listeners) whether or
  // not its level is written: at LOG_LEVEL=warn that was 5 % of a read's CPU for nothing. Asked per request, so a
  // level changed while the service runs takes effect. Errors are logged by renderErrors, with their correlation id.
  app.use((req, res, next) => (logger.isLevelEnabled(REQUEST_LINE_LEVEL) ? requestLog(req, res, next) : next()));

  if (deps.requestLog) app.use(recordRequests(deps.requestLog));
  // After the log line's start, so that a refused target is logged too.
  app.use(canonicalTarget);

  // The payment routes' PSPs notify here, authenticated by the route's secret in the URL: no key, no quota.
  app.use(routeNotificationsRouter(deps.payments, logger));
  // Before the API's router: the payers' pages, the contract and its reference page need no key and spend no quota.
  app.use(
    pagesRouter({
      db: deps.db,
      engine: deps.payments,
      logger,
      csrfKey: deps.webhooks.sealer.derive('checkout-csrf'),
      streams: deps.streams ?? new LiveStreams(MAX_STREAMS_PER_CHARGE),
      stream: { ...STREAM_DEFAULTS, ...deps.streamSettings },
      limiters: deps.limiters,
    }),
  );
  app.use(docsRouter());
  // The merchants' dashboard: its own sign-in and sessions, a client of the same handlers as the API (act.ts).
  app.use(
    dashboardRouter({
      db: deps.db,
      logger,
      handlers: deps.handlers,
      payments: deps.payments,
      webhooks: deps.webhooks,
      clocks: deps.clocks,
      idempotency: {
        ttlHours: config.idempotencyTtlHours,
        lockSeconds: deps.idempotency?.lockSeconds ?? lockSecondsFor(config.payments.providerTimeoutMs),
        faults: deps.idempotency?.faults,
      },
      ...(deps.jobsDue ? { jobsDue: deps.jobsDue } : {}),
      csrfKey: deps.webhooks.sealer.derive('dashboard-csrf'),
      limiters: deps.limiters,
      mailer: deps.mailer === undefined ? createMailer(config.mail) : deps.mailer,
      publicBaseUrl: config.publicBaseUrl,
    }),
  );

  const v1 = express.Router();
  v1.use(gate(deps));
  v1.use(
    express.json({
      limit: config.bodyLimitBytes,
      strict: true,
      verify: (_req, res, buf) => {
        (res as express.Response).locals.bodyBytes = buf.length;
      },
    }),
  );
  v1.use(inspectInput);
  v1.use(validation());
  if (validateResponses) v1.use(checkResponses(responseContract));
  v1.use(finiteQuery);
  const streamEnv: StreamEnv = { eventStreams: deps.eventStreams ?? new EventStreams(), logStreams: deps.logStreams ?? new EventStreams(), logger };
  for (const route of routes) v1[route.method](route.path, operation(route, deps, streamEnv, validateResponses));
  app.use(v1);
  app.use(renderErrors(logger));
  return app;
}
