/**
 * Integration-test harness: a real service over real HTTP on a real database engine. PGlite (in memory) always;
 * PostgreSQL too when TEST_DATABASE_URL is set, each service in a schema of its own so test files run in parallel.
 */
import pg from 'pg';
import type { RequestRecorder } from '../logs/recorder';
import { loadConfig, type Config } from '../config';
import { migrate, type Migration } from '../db/migrate';
import { openPostgres } from '../db/postgres';
import type { Db } from '../db/types';
import { createMerchantWithKeys } from '../domain/access/keys';
import { randomBase62 } from '../ids';
import { createLogger } from '../logger';
import { startService, type ServiceOptions } from '../service';
import { openTestPglite } from './pglite-template';
import type { Engine as PaymentsEngine } from '../domain/transactions/engine';

export interface Engine {
  name: 'pglite' | 'postgres';
  /**
   * A fresh, migrated, empty database; `drop` removes it. `url` lets another process open it (PostgreSQL only).
   * `migrations` stops it at an older version (a migration test writes the data of before, then migrates on).
   */
  open(migrations?: Migration[]): Promise<{ db: Db; drop(): Promise<void>; url?: string }>;
}

const pglite: Engine = {
  name: 'pglite',
  async open(migrations) {
    // Started from the run's migrated snapshot; a migration test's older version is migrated the slow way.
    const db = await openTestPglite(migrations === undefined);
    if (migrations !== undefined) await migrate(db, migrations);
    return { db, drop: () => db.close() };
  },
};

function postgres(url: string): Engine {
  return {
    name: 'postgres',
    async open(migrations) {
      const schema = `t_${randomBase62(12).toLowerCase()}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      const u = new URL(url);
      u.searchParams.set('options', `-c search_path=${schema}`);
      const db = await openPostgres(u.toString());
      await migrate(db, migrations);
      return {
        db,
        url: u.toString(),
        async drop() {
          await db.close();
          const c = new pg.Client({ connectionString: url });
          await c.connect();
          await c.query(`DROP SCHEMA ${schema} CASCADE`);
          await c.end();
        },
      };
    },
  };
}

/** PostgreSQL when TEST_DATABASE_URL is set, else undefined: suites that need it are skipped, not empty. */
export const POSTGRES: Engine | undefined = process.env.TEST_DATABASE_URL ? postgres(process.env.TEST_DATABASE_URL) : undefined;

/** The engines every integration suite runs on. */
export const ENGINES: Engine[] = POSTGRES ? [pglite, POSTGRES] : [pglite];

/**
 * The engine of a PostgreSQL-only suite. Vitest counts a file without any test as failed, so such a suite is a
 * `describe.skipIf(!POSTGRES)` whose tests call this: they show as skipped, with the reason, when it is unset.
 */
export function requirePostgres(): Engine {
  if (!POSTGRES) throw new Error('this suite needs TEST_DATABASE_URL (a PostgreSQL database)');
  return POSTGRES;
}

export interface TestMerchant {
  merchantId: string;
  sandboxKey: string;
  productionKey: string;
}

export interface TestService {
  url: string;
  db: Db;
  config: Config;
  /** A merchant with an owner key per mode, created on start. */
  merchant: TestMerchant;
  newMerchant(name?: string): Promise<TestMerchant>;
  payments: PaymentsEngine;
  /** The request log's writer: tests that hold its batches write them with `flush()`. */
  requestLog: RequestRecorder | null;
  /** The database's address for another process (PostgreSQL only). */
  databaseUrl: string | undefined;
  /** Runs every background job due now, and those they enqueue, until none is left: the deterministic wait. */
  drain(): Promise<number>;
  /** fetch against the service with a key (the merchant's sandbox key unless given). */
  call(path: string, init?: CallInit): Promise<Response>;
  close(): Promise<void>;
}

export type CallInit = RequestInit & { key?: string | null; json?: unknown };

/** fetch against `baseUrl` with a key (`defaultKey` unless given; `null` for none) and an optional JSON body. */
export function keyedFetch(baseUrl: string, defaultKey: string): (path: string, init?: CallInit) => Promise<Response> {
  return (path, init = {}) => {
    const { key = defaultKey, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (key !== null) headers.set('ServiceKey', key);
    if (json !== undefined) headers.set('content-type', 'application/json');
    return fetch(`${baseUrl}${path}`, { ...rest, headers, body: json === undefined ? rest.body : JSON.stringify(json) });
  };
}

/** A service whose worker runs jobs only when the test drains them (unless `options.worker` says otherwise). */
export async function startTestService(
  engine: Engine,
  env: Record<string, string> = {},
  options: ServiceOptions = {},
): Promise<TestService> {
  const { db, drop, url: databaseUrl } = await engine.open();
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', REFUND_CONFIRM_SECONDS: '0', ...env });
  const service = await startService(config, createLogger(config.logLevel), db, { worker: 'manual', ...options });
  const merchant = await createMerchantWithKeys(db, 'Acme Comércio Ltda');
  return {
    url: service.url,
    db,
    config,
    merchant,
    newMerchant: (name = 'Other Merchant Ltda') => createMerchantWithKeys(db, name),
    payments: service.engine,
    requestLog: service.requestLog,
    databaseUrl,
    async drain() {
      if (!service.worker) throw new Error('this test service runs no worker');
      return service.worker.drain();
    },
    call: keyedFetch(service.url, merchant.sandboxKey),
    async close() {
      await service.close();
      await drop();
    },
  };
}
