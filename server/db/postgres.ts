/** PostgreSQL adapter (`DATABASE_URL`): a pool shared by the API and the workers of one process. */
import pg from 'pg';
import { listenPostgres } from './notify';
import type { Db, Queryable, QueryResult } from './types';

// Keep int8 (counts, sums of cents) as JavaScript numbers: amounts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

function wrap(q: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const res = await q.query(sql, params as unknown[]);
      return { rows: res.rows as T[], rowCount: res.rowCount ?? res.rows.length };
    },
    async exec(sql: string): Promise<void> {
      await q.query(sql);
    },
  };
}

/** A pool on `url`, checked with one query; a server that does not answer in 10 s is an error, not a hang. */
export async function openPostgres(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
  const base = wrap(pool);
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn(wrap(client));
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    // LISTEN holds a connection of its own, outside the pool (see notify.ts).
    listen: (channel, onNotify) => listenPostgres(url, channel, onNotify),
    close: () => pool.end(),
  };
}
