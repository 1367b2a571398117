/**
 * Wires configuration, database, limiters, handlers and the payments engine into a running service: the HTTP API,
 * the job worker, or both in one process. Used by the entry points and by the tests.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Config } from './config';
import { openDb } from './db/open';
import type { Db } from './db/types';
import { PRE_AUTHORIZATION_DAYS, type Engine } from './domain/transactions/engine';
import { paymentJobHandlers } from './domain/transactions/jobs';
import { createApp } from './http/app';
import { createHttpServer } from './http/client-error';
import { createHandlers } from './http/handlers';
import { createLimiters, type Limiters } from './http/rate-limit';
import { createWorker, type Worker } from './jobs/worker';
import { defaultRoutes, Orchestrator, type PaymentRoutes } from './payments/orchestrator';
import { deliverDispatch, type Webhooks } from './webhooks/delivery';
import { loadSealer } from './webhooks/sealer';

export interface ServiceOptions {
  /** Serve the HTTP API (default true). */
  api?: boolean;
  /** Run the job worker: `start` polls in the background, `manual` only runs jobs on `worker.drain()` (tests). */
  worker?: 'start' | 'manual' | 'off';
  /** Payment routes other than this build's (tests plug in providers that fail on purpose). */
  routes?: (db: Db) => PaymentRoutes;
  workerId?: string;
}

export interface Service {
  db: Db;
  engine: Engine;
  webhooks: Webhooks;
  worker: Worker | null;
  server: Server | null;
  url: string;
  close(): Promise<void>;
}

/** The payments engine over `db`; `wake` is set once a worker exists in this process. */
export function createEngine(db: Db, config: Config, routes: PaymentRoutes = defaultRoutes(db, config.payments.sandboxLatencyMs)): Engine {
  return {
    db,
    orchestrator: new Orchestrator(routes, config.payments.providerTimeoutMs),
    settings: {
      routeRetrySeconds: config.payments.routeRetrySeconds,
      preAuthorizationDays: PRE_AUTHORIZATION_DAYS,
      refundConfirmSeconds: config.payments.refundConfirmSeconds,
    },
    wake: () => undefined,
  };
}

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
    },
    wake: () => undefined,
  };
  const workerMode = options.worker ?? 'start';
  let worker: Worker | null = null;
  if (workerMode !== 'off') {
    const w = createWorker({
      db,
      handlers: {
        ...paymentJobHandlers(engine),
        'webhook.deliver': (job) => deliverDispatch(webhooks, String(job.payload.dispatchId)),
      },
      leaseSeconds: config.jobs.leaseSeconds,
      pollMs: config.jobs.pollMs,
      concurrency: config.jobs.concurrency,
      logger,
      ...(options.workerId ? { workerId: options.workerId } : {}),
    });
    engine.wake = () => w.wake();
    webhooks.wake = () => w.wake();
    if (workerMode === 'start') w.start();
    worker = w;
  }

  let server: Server | null = null;
  let limiters: Limiters | null = null;
  if (options.api ?? true) {
    limiters = await createLimiters(config);
    const app = createApp({ db, config, logger, limiters, handlers: createHandlers(), payments: engine, webhooks });
    server = await new Promise<Server>((resolve, reject) => {
      const s = createHttpServer(app, logger).listen(config.port, '0.0.0.0', () => resolve(s));
      s.once('error', reject);
    });
  }
  const port = server ? (server.address() as AddressInfo).port : 0;
  return {
    db,
    engine,
    webhooks,
    worker,
    server,
    url: `http://127.0.0.1:${port}`,
    async close() {
      if (server) {
        const s = server;
        await new Promise<void>((resolve) => s.close(() => resolve()));
        s.closeAllConnections();
      }
      // Jobs already claimed finish before the database closes; nothing new is claimed.
      await worker?.stop();
      await limiters?.close();
      if (!existingDb) await db.close();
    },
  };
}
