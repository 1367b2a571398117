/**
 * Wires configuration, database, limiters, handlers and the payments engine into a running service: the HTTP API,
 * the job worker, or both in one process. Used by the entry points and by the tests.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { SettingError, type Config } from './config';
import { openDb } from './db/open';
import type { Db } from './db/types';
import { publicUrls } from './core/public-urls';
import { PRE_AUTHORIZATION_DAYS, type Engine } from './domain/transactions/engine';
import { createApp } from './http/app';
import { createHttpServer } from './http/client-error';
import { LiveStreams, MAX_STREAMS_PER_CHARGE, type StreamSettings } from './http/pages/router';
import { EventStreams } from './http/event-stream';
import { RequestRecorder, type RecorderSettings } from './logs/recorder';
import { createHandlers } from './http/handlers';
import type { IdempotencyOptions } from './http/idempotent';
import { createLimiters, type CheckoutLimits, type Limiters } from './http/rate-limit';
import { createJobsPoke } from './jobs/poke';
import { createWorker, type JobKind, type Worker } from './jobs/worker';
import type { ClockDeps } from './domain/clock/advance';
import { registerChargeFollowers } from './domain/charge-followers';
import { IO_JOB_KINDS, serviceJobHandlers } from './job-kinds';
import { createMailer } from './mail/mailer';
import { defaultRoutes, Orchestrator, type PaymentRoutes } from './payments/orchestrator';
import type { Webhooks } from './webhooks/delivery';
import { loadSealer } from './webhooks/sealer';
import { applyRoutesFile, watchRoutes } from './payments/configured-routes';
import { RouteConfigError } from './payments/routes-store';
import { scheduleSweep } from './domain/routes/sweep';

export interface ServiceOptions {
  /** Serve the HTTP API (default true). */
  api?: boolean;
  /** Run the job worker: `start` polls in the background, `manual` only runs jobs on `worker.drain()` (tests). */
  worker?: 'start' | 'manual' | 'off';
  /** Payment routes other than this build's (tests plug in providers that fail on purpose). */
  routes?: (db: Db) => PaymentRoutes;
  workerId?: string;
  /** The idempotency lock and faults (tests). */
  idempotency?: IdempotencyOptions;
  /** Job kinds besides the service's, in the one table workers and sandbox clocks run (tests' own kinds). */
  extraJobKinds?: Readonly<Record<string, JobKind>>;
  /** Jobs one advance of a sandbox clock runs at most (tests of the limit). */
  clockMaxJobs?: number;
  /** Timings of the public pages' status streams (tests shorten the re-read that finds other processes' changes). */
  streamSettings?: Partial<StreamSettings>;
  /** The public checkout pages' per-address limits (tests lower them). */
  checkoutLimits?: CheckoutLimits;
  /** The sandbox's event streams: tests pass their own, to shorten the poll and to watch the streams. */
  eventStreams?: EventStreams;
  /** The request log's streams: tests pass their own, to shorten the poll. */
  logStreams?: EventStreams;
  /** The request log's batching (tests write it on demand or sooner). */
  requestLog?: Partial<RecorderSettings>;
}

export interface Service {
  db: Db;
  /** The request log's writer of this instance (null without the API). */
  requestLog: RequestRecorder | null;
  engine: Engine;
  webhooks: Webhooks;
  worker: Worker | null;
  server: Server | null;
  url: string;
  close(): Promise<void>;
}

/** The payments engine over `db`; `wake` is set once a worker exists in this process. */
export function createEngine(db: Db, config: Config, routes: PaymentRoutes = defaultRoutes(db, config.payments.sandboxLatencyMs)): Engine {
  // What follows a charge's change (its billing cycle, its checkout session): registered once per process.
  registerChargeFollowers();
  return {
    db,
    orchestrator: new Orchestrator(routes, config.payments.providerTimeoutMs),
    settings: {
      routeRetrySeconds: config.payments.routeRetrySeconds,
      preAuthorizationDays: PRE_AUTHORIZATION_DAYS,
      refundConfirmSeconds: config.payments.refundConfirmSeconds,
      checkoutSessionTtlSeconds: config.checkout.sessionTtlSeconds,
      routesSweepSeconds: config.payments.routesSweepSeconds,
    },
    // Until the server listens (port 0 in tests) the configured port stands in; `startService` sets the real one.
    urls: publicUrls(config.publicBaseUrl ?? urlOf(config.host, config.port)),
    wake: () => undefined,
  };
}

/** The URL a client on this machine reaches the service at: a wildcard address is reached through loopback. */
function urlOf(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/** Listens on HOST:PORT; the errors an operator fixes (port taken, address not here) are one-line SettingErrors. */
function listen(app: ReturnType<typeof createApp>, config: Config, logger: Logger): Promise<Server> {
  return new Promise<Server>((resolve, reject) => {
    const s = createHttpServer(app, logger).listen(config.port, config.host);
    s.once('listening', () => resolve(s));
    s.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') reject(new SettingError('PORT', `PORT ${config.port} is already in use on ${config.host} (set PORT to a free port, or stop the other process)`));
      else if (err.code === 'EACCES') reject(new SettingError('PORT', `PORT ${config.port} needs privileges this user lacks (choose a port above 1023)`));
      else if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') reject(new SettingError('HOST', `HOST ${config.host} is not an address of this machine`));
      else reject(err);
    });
  });
}

/** Starts the API and/or the worker over `existingDb` (or the configured database, then closed with the service). */
export async function startService(config: Config, logger: Logger, existingDb?: Db, options: ServiceOptions = {}): Promise<Service> {
  const db = existingDb ?? (await openDb(config));
  const engine = createEngine(db, config, options.routes?.(db));
  const webhooks: Webhooks = {
    db,
    sealer: await loadSealer(db, config.secretsKey),
    settings: {
      timeoutMs: config.webhooks.timeoutMs,
      retrySeconds: config.webhooks.retrySeconds,
      disableAfterMs: config.webhooks.disableAfterSeconds * 1000,
      privateAddresses: config.webhooks.privateAddresses,
    },
    wake: () => undefined,
  };
  // The operator's payment routes: ROUTES_FILE applied, then every route of `payment_routes` loaded and watched.
  if (config.payments.routesFile) {
    try {
      await applyRoutesFile(db, webhooks.sealer, config.payments.routesFile);
    } catch (err) {
      if (!existingDb) await db.close();
      if (err instanceof RouteConfigError) throw new SettingError('ROUTES_FILE', err.message);
      throw err;
    }
  }
  const workerMode = options.worker ?? 'start';
  // Each loaded route is swept in the background (a worker of any process runs it; one sweep per interval in all).
  const sweepAll = async () => {
    if (workerMode === 'off') return;
    for (const r of engine.orchestrator.configuredRoutes()) await scheduleSweep(db, r.provider.id, config.payments.routesSweepSeconds);
    engine.wake();
  };
  let stopRoutes: () => void;
  try {
    stopRoutes = await watchRoutes(db, webhooks.sealer, engine.orchestrator, logger, { onLoad: sweepAll });
  } catch (err) {
    if (!existingDb) await db.close();
    throw err;
  }
  await sweepAll();
  // One table: a sandbox clock's advance runs its jobs with the workers' own handlers.
  let listening = config.port;
  const mail = { mailer: createMailer(config.mail), baseUrl: () => config.publicBaseUrl ?? urlOf(config.host, listening) };
  const jobKinds = { ...options.extraJobKinds, ...serviceJobHandlers(engine, webhooks, logger, mail) };
  const clocks: ClockDeps = {
    handlers: jobKinds,
    leaseSeconds: config.jobs.leaseSeconds,
    logger,
    ...(options.clockMaxJobs ? { maxJobs: options.clockMaxJobs } : {}),
  };
  let worker: Worker | null = null;
  if (workerMode !== 'off') {
    const w = createWorker({
      db,
      handlers: jobKinds,
      leaseSeconds: config.jobs.leaseSeconds,
      pollMs: config.jobs.pollMs,
      concurrency: config.jobs.concurrency,
      ioKinds: IO_JOB_KINDS,
      ioConcurrency: config.jobs.ioConcurrency,
      logger,
      ...(options.workerId ? { workerId: options.workerId } : {}),
    });
    if (workerMode === 'start') w.start();
    worker = w;
  }
  // The domain's own wake-ups (after a commit that enqueued due work) reach this process's worker; the workers of other
  // processes hear once per answered write, through the app's one coalesced NOTIFY (`jobsDue`): a charge's request
  // would otherwise notify twice.
  const wakeLocal = () => worker?.wake();
  engine.wake = wakeLocal;
  webhooks.wake = wakeLocal;
  const poke = createJobsPoke(db, wakeLocal, logger);

  let server: Server | null = null;
  let limiters: Limiters | null = null;
  const streams = new LiveStreams(MAX_STREAMS_PER_CHARGE);
  const eventStreams = options.eventStreams ?? new EventStreams();
  const logStreams = options.logStreams ?? new EventStreams();
  let requestLog: RequestRecorder | null = null;
  if (options.api ?? true) {
    limiters = await createLimiters(config, options.checkoutLimits);
    requestLog = new RequestRecorder(db, logger, options.requestLog);
    const app = createApp({
      db, config, logger, limiters, handlers: createHandlers(), payments: engine, webhooks, clocks, streams, eventStreams, logStreams, requestLog, jobsDue: poke, mailer: mail.mailer,
      ...(options.idempotency ? { idempotency: options.idempotency } : {}),
      ...(options.streamSettings ? { streamSettings: options.streamSettings } : {}),
    });
    try {
      server = await listen(app, config, logger);
    } catch (err) {
      stopRoutes();
      await worker?.stop();
      await limiters.close();
      if (!existingDb) await db.close();
      throw err;
    }
  }
  const port = server ? (server.address() as AddressInfo).port : 0;
  if (server) listening = port;
  if (server && !config.publicBaseUrl) engine.urls = publicUrls(urlOf(config.host, port));
  return {
    db,
    requestLog,
    engine,
    webhooks,
    worker,
    server,
    url: urlOf(config.host, port),
    async close() {
      if (server) {
        const s = server;
        const closed = new Promise<void>((resolve) => s.close(() => resolve()));
        // Status streams would hold the close for minutes, event streams for ever: they end now (browsers and the
        // CLI reconnect, to another instance or to this one restarted).
        streams.closeAll();
        eventStreams.closeAll();
        logStreams.closeAll();
        await closed;
        s.closeAllConnections();
      }
      // The server has closed, so every answer has ended (the streams were ended above): what they left in the request
      // log is written before the database closes; the recorder waits for the last connections' own reports.
      await requestLog?.close();
      // Jobs already claimed finish before the database closes; nothing new is claimed.
      await worker?.stop();
      mail.mailer?.close();
      stopRoutes();
      await limiters?.close();
      if (!existingDb) await db.close();
    },
  };
}
