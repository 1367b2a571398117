/**
 * A test service with real payment routes pointed at fakes (API Pix routes at fake PSPs, `fake-psp/`; Stripe routes at
 * a fake Stripe, `fake-stripe/`), configured the way an operator does it: ROUTES_FILE with the certificate, key, CA
 * and client secret (or Stripe's secret key and signing secret) in files beside it. Its log lines are kept (at `trace`
 * unless told), so a test can read what an operator would, and grep them for secrets.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config';
import { createMerchantWithKeys } from '../domain/access/keys';
import { createLogger } from '../logger';
import { startService } from '../service';
import type { Engine as PaymentsEngine } from '../domain/transactions/engine';
import type { FakePsp } from './fake-psp';
import type { FakeStripe } from './fake-stripe';
import { databaseEnvOf, keyedFetch, type CallInit, type Engine, type TestMerchant } from './harness';
import type { Db } from '../db/types';
import { track } from './children';
import { ROOT } from './processes';

export interface PixRouteService {
  url: string;
  db: Db;
  merchant: TestMerchant;
  payments: PaymentsEngine;
  /** Every log line the service wrote, as JSON text. */
  logs: string[];
  /** The folder of ROUTES_FILE and the PEM files. */
  dir: string;
  routesFile: string;
  /** The database's address for another process (PostgreSQL only). */
  databaseUrl: string | undefined;
  /** Its address for a session of its own, such as a worker's LISTEN (PostgreSQL only). */
  databaseSessionUrl: string | undefined;
  drain(): Promise<number>;
  /** fetch with the merchant's production key unless told. */
  call(path: string, init?: CallInit): Promise<Response>;
  /** The txid the route created the charge under (the one of its issued authorization). */
  txidOf(transactionId: string): Promise<string>;
  /**
   * Runs the background work until the charge is issued at a route and returns its txid: a busy machine may find a
   * call slow and a retry round due later, which is run now (at most `ms`).
   */
  issued(transactionId: string, ms?: number): Promise<string>;
  close(): Promise<void>;
}

/** One route of a test service: an API Pix route at a fake PSP, or a Stripe route at a fake Stripe. */
export type TestRoute =
  | { id: string; fake: FakePsp; mode?: 'sandbox' | 'production' }
  | { id: string; stripe: FakeStripe; mode?: 'sandbox' | 'production' };

/** Writes ROUTES_FILE for `routes` (id → fake, in order) into `dir`, each secret in a file beside it. */
export async function writeRoutesFile(dir: string, routes: TestRoute[]): Promise<string> {
  const list = [];
  for (const r of routes) {
    if ('stripe' in r) {
      await writeFile(join(dir, `${r.id}-key.txt`), `${r.stripe.secretKey}\n`);
      await writeFile(join(dir, `${r.id}-whsec.txt`), `${r.stripe.webhookSecret}\n`);
      list.push({
        id: r.id, kind: 'stripe', mode: r.mode ?? 'production', apiUrl: r.stripe.url, secretKeyFile: `${r.id}-key.txt`, webhookSecretFile: `${r.id}-whsec.txt`,
      });
      continue;
    }
    await writeFile(join(dir, `${r.id}-cert.pem`), r.fake.clientCert);
    await writeFile(join(dir, `${r.id}-key.pem`), r.fake.clientKey);
    await writeFile(join(dir, `${r.id}-ca.pem`), r.fake.ca);
    await writeFile(join(dir, `${r.id}-secret.txt`), `${r.fake.clientSecret}\n`);
    list.push({
      id: r.id, kind: 'api-pix', mode: r.mode ?? 'production', baseUrl: r.fake.baseUrl, oauthUrl: r.fake.oauthUrl, clientId: r.fake.clientId,
      clientSecretFile: `${r.id}-secret.txt`, certFile: `${r.id}-cert.pem`, keyFile: `${r.id}-key.pem`, caFile: `${r.id}-ca.pem`, pixKey: r.fake.pixKey,
    });
  }
  const path = join(dir, 'routes.json');
  await writeFile(path, JSON.stringify({ routes: list }, null, 2));
  return path;
}

export async function startPixRouteService(engine: Engine, routes: TestRoute[], env: Record<string, string> = {}): Promise<PixRouteService> {
  const dir = await mkdtemp(join(tmpdir(), 'api-pix-'));
  const routesFile = await writeRoutesFile(dir, routes);
  const { db, drop, url: databaseUrl, sessionUrl: databaseSessionUrl } = await engine.open();
  // A PSP call is given 30 s: on a loaded machine the fake's TLS handshakes alone can take seconds.
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'trace', REFUND_CONFIRM_SECONDS: '0', PROVIDER_TIMEOUT_MS: '30000', ROUTES_FILE: routesFile, ...env });
  const logs: string[] = [];
  const logger = createLogger(config.logLevel, { write: (line: string) => void logs.push(line) });
  const service = await startService(config, logger, db, { worker: 'manual' });
  const merchant = await createMerchantWithKeys(db, 'Acme Comércio Ltda');
  // A fake Stripe sends its events to the route's notification endpoint, as the operator registers it at Stripe.
  for (const r of routes) if ('stripe' in r) r.stripe.setWebhookUrl(`${service.url}/hooks/routes/${r.id}/stripe`);
  async function txidOf(transactionId: string): Promise<string> {
    const res = await db.query<{ txid: string }>(
      `SELECT c.txid FROM api_pix_charges c JOIN transactions t ON t.id = c.transaction_id
        WHERE c.transaction_id = $1 AND t.processing -> 'route' ->> 'key' = c.idempotency_key`,
      [transactionId],
    );
    if (!res.rows[0]) throw new Error(`no issued API Pix charge for ${transactionId}`);
    return res.rows[0].txid;
  }
  return {
    url: service.url,
    db,
    merchant,
    payments: service.engine,
    logs,
    dir,
    routesFile,
    databaseUrl,
    databaseSessionUrl,
    drain: () => service.worker!.drain(),
    call: keyedFetch(service.url, merchant.productionKey),
    txidOf,
    async issued(transactionId, ms = 60_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        await service.worker!.drain();
        const found = await txidOf(transactionId).catch(() => null);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`${transactionId} was not issued at a route within ${ms} ms`);
        await db.query(
          `UPDATE jobs SET run_at = now() WHERE status = 'pending' AND kind IN ('transaction.process', 'transaction.void') AND payload ->> 'transactionId' = $1`,
          [transactionId],
        );
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async close() {
      await service.close();
      await drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A second worker process on the service's PostgreSQL database and routes file (a kill test's victim): a short lease,
 * so the test's own worker takes its job over soon after it dies, and a provider time-out long enough that the worker
 * is still inside its provider call when killed. Tracked, so it never outlives the test run.
 */
export function spawnRouteWorker(svc: Pick<PixRouteService, 'databaseUrl' | 'routesFile'> & Partial<Pick<PixRouteService, 'databaseSessionUrl'>>): ChildProcess {
  return track(
    spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', 'worker'], {
      cwd: ROOT,
      env: {
        ...process.env, ...databaseEnvOf(svc.databaseUrl, svc.databaseSessionUrl), ROUTES_FILE: svc.routesFile, LOG_LEVEL: 'silent', NODE_ENV: 'test',
        JOB_LEASE_SECONDS: '2', PROVIDER_TIMEOUT_MS: '120000', JOB_POLL_MS: '50',
      },
      stdio: 'ignore',
    }),
  );
}
