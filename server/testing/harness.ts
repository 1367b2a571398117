/**
 * Integration-test harness: a real service over real HTTP on a real database engine. PGlite (in memory) always;
 * PostgreSQL too when TEST_DATABASE_URL is set, each service in a schema of its own so test files run in parallel.
 * TEST_DATABASE_SESSION_URL (default: TEST_DATABASE_URL) is where the connections that need a session go (LISTEN, a
 * test's session advisory lock): PostgreSQL itself when TEST_DATABASE_URL is a pooler in transaction mode
 * (`.ci/pgbouncer`).
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

/** A test database an engine opened. */
export interface OpenedDb {
  db: Db;
  drop(): Promise<void>;
  /** Its address for another process's pool (PostgreSQL only): the `DATABASE_URL` of a child. */
  url?: string;
  /** Its address for a session of its own (PostgreSQL only; the same as `url` unless a pooler is in between). */
  sessionUrl?: string;
}

export interface Engine {
  name: 'pglite' | 'postgres';
  /**
   * A fresh, migrated, empty database; `drop` removes it. `url` lets another process open it (PostgreSQL only).
   * `migrations` stops it at an older version (a migration test writes the data of before, then migrates on).
   */
  open(migrations?: Migration[]): Promise<OpenedDb>;
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

async function onServer(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

function withParts(base: string, set: (u: URL) => void): string {
  const u = new URL(base);
  set(u);
  return u.toString();
}

/**
 * PostgreSQL, each database a schema of `url`'s database. Straight to PostgreSQL (`sessionUrl` the same URL) the
 * schema is the connections' search_path, a startup option. Through a pooler in transaction mode neither that option
 * (PgBouncer refuses `options`) nor a `SET search_path` (it stays on a server connection the pooler lends to others)
 * holds: there the schema gets a login role of its own, of the same name, whose default search_path is the schema
 * (`ALTER ROLE … SET`): every server connection of that role starts with it, and the pooler keeps a pool per role. The
 * role logs in without a password (a test server trusts its local connections, CI's does); the schema, the role and
 * the schema's objects are created and dropped through `sessionUrl`.
 */
function postgres(url: string, sessionUrl: string): Engine {
  const pooled = sessionUrl !== url;
  return {
    name: 'postgres',
    async open(migrations) {
      const schema = `t_${randomBase62(12).toLowerCase()}`;
      let pool: string;
      let session: string;
      if (pooled) {
        await onServer(sessionUrl, `CREATE ROLE ${schema} LOGIN; CREATE SCHEMA ${schema} AUTHORIZATION ${schema}; ALTER ROLE ${schema} SET search_path = ${schema}`);
        const asRole = (u: URL) => {
          u.username = schema;
          u.password = '';
        };
        pool = withParts(url, asRole);
        session = withParts(sessionUrl, asRole);
      } else {
        await onServer(url, `CREATE SCHEMA ${schema}`);
        pool = session = withParts(url, (u) => u.searchParams.set('options', `-c search_path=${schema}`));
      }
      const db = await openPostgres(pool, 10, session);
      await migrate(db, migrations);
      return {
        db,
        url: pool,
        sessionUrl: session,
        async drop() {
          await db.close();
          // The pooler keeps the role's server connections after its clients have gone: they end with the role.
          await onServer(
            sessionUrl,
            pooled
              ? `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '${schema}';
                 DROP SCHEMA ${schema} CASCADE; DROP OWNED BY ${schema}; DROP ROLE ${schema}`
              : `DROP SCHEMA ${schema} CASCADE`,
          );
        },
      };
    },
  };
}

/** PostgreSQL when TEST_DATABASE_URL is set, else undefined: suites that need it are skipped, not empty. */
export const POSTGRES: Engine | undefined = process.env.TEST_DATABASE_URL
  ? postgres(process.env.TEST_DATABASE_URL, process.env.TEST_DATABASE_SESSION_URL || process.env.TEST_DATABASE_URL)
  : undefined;

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
  /** Its address for a session of its own, such as a lock held across statements (PostgreSQL only). */
  databaseSessionUrl: string | undefined;
  /** `DATABASE_URL` and `DATABASE_SESSION_URL` for a child process on this database (empty on PGlite). */
  databaseEnv: Record<string, string>;
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

/** `DATABASE_URL` and `DATABASE_SESSION_URL` of a test database, for a child process (empty on PGlite). */
export function databaseEnvOf(url: string | undefined, sessionUrl: string | undefined): Record<string, string> {
  return url ? { DATABASE_URL: url, DATABASE_SESSION_URL: sessionUrl ?? url } : {};
}

/** A service whose worker runs jobs only when the test drains them (unless `options.worker` says otherwise). */
export async function startTestService(
  engine: Engine,
  env: Record<string, string> = {},
  options: ServiceOptions = {},
): Promise<TestService> {
  const { db, drop, url: databaseUrl, sessionUrl: databaseSessionUrl } = await engine.open();
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
    databaseSessionUrl,
    databaseEnv: databaseEnvOf(databaseUrl, databaseSessionUrl),
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
