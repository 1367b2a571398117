/** Embedded adapter: PGlite (PostgreSQL compiled to WASM), data kept in a local folder. */
import { mkdirSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { Db, Queryable, QueryResult } from './types';

function wrap(q: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const res = await q.query<T>(sql, params as unknown[]);
      // PGlite reports affectedRows 0 for a SELECT: count the rows when there are any.
      return { rows: res.rows, rowCount: res.rows.length > 0 ? res.rows.length : (res.affectedRows ?? 0) };
    },
    async exec(sql: string): Promise<void> {
      await q.exec(sql);
    },
  };
}

/** How to start the engine faster: compiled modules to reuse, a data folder snapshot to start from (tests). */
export type PgliteStart = Pick<PGliteOptions, 'loadDataDir' | 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>;

/** Opens (creating when needed) the database in `dataDir`; `memory://` keeps it in memory. */
export async function openPglite(dataDir: string, start: PgliteStart = {}): Promise<Db> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  return asDb(await PGlite.create({ dataDir, ...start }));
}

/** The project's database interface over an open engine. */
export function asDb(pg: PGlite): Db {
  const base = wrap(pg);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    // One embedded engine per process: its notifications arrive at the commit of the transaction that sent them.
    async listen(channel, onNotify) {
      const unlisten = await pg.listen(channel, () => onNotify());
      return { close: () => unlisten().catch(() => undefined) };
    },
    close: () => pg.close(),
  };
}
