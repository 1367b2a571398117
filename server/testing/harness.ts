/**
 * Integration-test harness: a real service over real HTTP on a real database engine. PGlite (in memory) always;
 * PostgreSQL too when TEST_DATABASE_URL is set, each service in a schema of its own so test files run in parallel.
 */
import pg from 'pg';
import { loadConfig, type Config } from '../config';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import type { Db } from '../db/types';
import { createMerchantWithKeys } from '../domain/access/keys';
import { randomBase62 } from '../ids';
import { createLogger } from '../logger';
import { startService } from '../service';

export interface Engine {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated, empty database; `drop` removes it. */
  open(): Promise<{ db: Db; drop(): Promise<void> }>;
}

const pglite: Engine = {
  name: 'pglite',
  async open() {
    const db = await openPglite('memory://');
    await migrate(db);
    return { db, drop: () => db.close() };
  },
};

function postgres(url: string): Engine {
  return {
    name: 'postgres',
    async open() {
      const schema = `t_${randomBase62(12).toLowerCase()}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      const u = new URL(url);
      u.searchParams.set('options', `-c search_path=${schema}`);
      const db = await openPostgres(u.toString());
      await migrate(db);
      return {
        db,
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

/** The engines every integration suite runs on. */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL
  ? [pglite, postgres(process.env.TEST_DATABASE_URL)]
  : [pglite];

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
  /** fetch against the service with a key (the merchant's sandbox key unless given). */
  call(path: string, init?: RequestInit & { key?: string | null; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

export async function startTestService(engine: Engine, env: Record<string, string> = {}): Promise<TestService> {
  const { db, drop } = await engine.open();
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', ...env });
  const service = await startService(config, createLogger(config.logLevel), db);
  const merchant = await createMerchantWithKeys(db, 'Acme Comércio Ltda');
  return {
    url: service.url,
    db,
    config,
    merchant,
    newMerchant: (name = 'Other Merchant Ltda') => createMerchantWithKeys(db, name),
    call(path, init = {}) {
      const { key = merchant.sandboxKey, json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (key !== null) headers.set('ServiceKey', key);
      if (json !== undefined) headers.set('content-type', 'application/json');
      return fetch(`${service.url}${path}`, { ...rest, headers, body: json === undefined ? rest.body : JSON.stringify(json) });
    },
    async close() {
      await service.close();
      await drop();
    },
  };
}
