/**
 * Counting the database round trips of a request: a service over a `Db` that records every statement sent through
 * it (a database transaction as BEGIN, its statements, then COMMIT or ROLLBACK, as PostgreSQL receives them), so a test can
 * hold a hot path to its budget of round trips and a regression shows.
 */
import { loadConfig, type Config } from '../config';
import type { Db, Queryable } from '../db/types';
import { createMerchantWithKeys } from '../domain/access/keys';
import { createLogger } from '../logger';
import { startService } from '../service';
import { keyedFetch, type CallInit, type Engine, type TestMerchant } from './harness';

export interface CountingDb {
  db: Db;
  /** The statements sent since the last `reset`, in order. */
  readonly sent: string[];
  reset(): void;
}

/**
 * The workers' wake-up (jobs/poke.ts) is sent after a write's answer, on its own and coalesced with others: a previous
 * request's may land in the next request's window, so it is not counted as any request's statement.
 */
const WAKE_UP = /pg_notify\(/;

function counting(q: Queryable, sent: string[]): Queryable {
  return {
    query: (sql, params) => {
      if (!WAKE_UP.test(sql)) sent.push(sql);
      return q.query(sql, params);
    },
    exec: (sql) => {
      sent.push(sql);
      return q.exec(sql);
    },
  };
}

/** `db` with every statement recorded in `sent`. */
export function countQueries(db: Db): CountingDb {
  const sent: string[] = [];
  const outer = counting(db, sent);
  const wrapped: Db = {
    kind: db.kind,
    query: outer.query,
    exec: outer.exec,
    // A database transaction costs its BEGIN and its COMMIT (or ROLLBACK) too: recorded as the adapter sends them.
    transaction: async (fn) => {
      sent.push('BEGIN');
      try {
        const out = await db.transaction((tx) => fn(counting(tx, sent)));
        sent.push('COMMIT');
        return out;
      } catch (err) {
        sent.push('ROLLBACK');
        throw err;
      }
    },
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    close: () => db.close(),
  };
  return { db: wrapped, sent, reset: () => sent.splice(0, sent.length) };
}

export interface CountedService {
  url: string;
  config: Config;
  /** The counted handle the service runs on (revokes made with it reach the service's key cache). */
  db: Db;
  counter: CountingDb;
  merchant: TestMerchant;
  call(path: string, init?: CallInit): Promise<Response>;
  /** The statements `call(path, init)` sent, with its answer (`body`: its text, read whole). */
  statementsOf(path: string, init?: CallInit): Promise<{ res: Response; body: string; sent: string[] }>;
  close(): Promise<void>;
}

/** A service (no worker) over a fresh database of `engine`, its statements counted. */
export async function startCountedService(engine: Engine, env: Record<string, string> = {}): Promise<CountedService> {
  const { db: raw, drop } = await engine.open();
  const counter = countQueries(raw);
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', ...env });
  const service = await startService(config, createLogger(config.logLevel), counter.db, { worker: 'off' });
  const merchant = await createMerchantWithKeys(raw, 'Counted Ltda');
  const call = keyedFetch(service.url, merchant.sandboxKey);
  return {
    url: service.url,
    config,
    db: counter.db,
    counter,
    merchant,
    call,
    async statementsOf(path, init) {
      // The request log of the requests before writes in its own time (250 ms later); written now, it is not
      // counted as this request's.
      await service.requestLog?.flush();
      counter.reset();
      const res = await call(path, init);
      const body = await res.text();
      return { res, body, sent: [...counter.sent] };
    },
    async close() {
      await service.close();
      await drop();
    },
  };
}
