/**
 * PostgreSQL adapter: a pool (`DATABASE_URL`) shared by the API and the workers of one process, and the connections
 * that need a session of their own (`DATABASE_SESSION_URL`, by default the same URL). The pool's statements are
 * pooler-safe: each is one statement or one transaction, with no session state (no `SET`, temporary table, held cursor
 * or session advisory lock), so the pool may go through PgBouncer in transaction mode; the one exception is the named
 * prepared statements of a hot text (db/prepared.ts), which stay off behind a pooler that cannot carry them
 * (`DATABASE_PREPARED_STATEMENTS=off`). A LISTEN cannot go through it (its session must outlive every transaction),
 * so it goes to the session URL.
 */
import pg from 'pg';
import { listenPostgres } from './notify';
import { PreparedNames, isNameLost, isStalePlan } from './prepared';
import type { Db, Queryable, QueryResult } from './types';

// Keep int8 (counts, sums of cents) as JavaScript numbers: amounts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

function wrap(q: pg.Pool | pg.PoolClient, names: PreparedNames | null, inTransaction: boolean): Queryable {
  const run = async (sql: string, params: readonly unknown[]): Promise<pg.QueryResult> => {
    if (!names || names.stopped) return q.query(sql, params as unknown[]);
    const config = names.config(sql, params);
    try {
      return await q.query(config);
    } catch (err) {
      if (!config.name) throw err;
      if (isStalePlan(err)) names.refuse(sql); // its result columns changed under it (a migration)
      else if (isNameLost(err)) {
        // Not the pool's own connections: a pooler in transaction mode that does not carry named statements. Said
        // once, however many calls meet it at the same moment.
        if (!names.stopped) {
          process.emitWarning(
            'PostgreSQL lost a prepared statement of this pool (a pooler in transaction mode between them?): prepared statements are off ' +
              'for this process; set DATABASE_SESSION_URL to PostgreSQL itself, or DATABASE_PREPARED_STATEMENTS=off',
            { code: 'PAYMENTS_PREPARED_STATEMENTS' },
          );
          names.stop();
        }
      } else throw err;
      // Both errors come at Bind, before anything ran: alone, the statement is sent once more, unnamed.
      if (inTransaction) throw err;
      return q.query(sql, params as unknown[]);
    }
  };
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const res = await run(sql, params);
      return { rows: res.rows as T[], rowCount: res.rowCount ?? res.rows.length };
    },
    async exec(sql: string): Promise<void> {
      await q.query(sql);
    },
  };
}

/** One connection to `url`, opened, asked `select 1` and closed: whether the server behind it answers. */
export async function checkPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A pool on `url`, checked with one query; a server that does not answer in 10 s is an error, not a hang. LISTEN
 * connects to `sessionUrl` (PostgreSQL itself when `url` is a pooler in transaction mode).
 */
export async function openPostgres(url: string, max = 10, sessionUrl = url, prepared = sessionUrl === url): Promise<Db> {
  const names = prepared ? new PreparedNames() : null;
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
  const base = wrap(pool, names, false);
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn(wrap(client, names, true));
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    // LISTEN holds a connection of its own, outside the pool (see notify.ts), in a real session.
    listen: (channel, onNotify) => listenPostgres(sessionUrl, channel, onNotify),
    close: () => pool.end(),
  };
}
