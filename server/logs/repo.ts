/**
 * SQL of the request log (`request_logs`, migration 029): the recorder's batched insert and purge, the API's page of
 * recent requests, and the stream's read in the order (tx, seq) of `db/stream-position.ts`.
 */
import type { components } from '../../generated/schema';
import { selectPageCounted } from '../db/page';
import type { StreamPosition } from '../db/stream-position';
import type { Queryable } from '../db/types';
import type { Mode, Scope } from '../core/tenancy';

export type RequestLog = components['schemas']['RequestLog'];
export type Method = RequestLog['method'];

/** One request to record: the log entry, and whose log it goes to. */
export interface LogEntry extends RequestLog {
  merchantId: string;
  mode: Mode;
}

/** How long entries are kept; older ones are neither listed nor streamed, and are purged. */
export const LOG_RETENTION = "interval '7 days'";

const COLUMNS = 'id, method, path, status, error_code, correlation_id, key_id, duration_ms, created_at';

interface Row {
  id: string;
  method: Method;
  path: string;
  status: number;
  error_code: string | null;
  correlation_id: string;
  key_id: string;
  duration_ms: number;
  created_at: Date;
}

function view(r: Row): RequestLog {
  return {
    id: r.id,
    method: r.method,
    path: r.path,
    status: r.status,
    errorCode: r.error_code,
    correlationId: r.correlation_id,
    keyId: r.key_id,
    durationMs: r.duration_ms,
    createdAt: r.created_at.toISOString(),
  };
}

/**
 * The longest duration a row holds (`duration_ms` is an `integer`): about 24.8 days. A stream open longer is recorded
 * with this (the spec's `maximum`), rather than refused by the database.
 */
export const MAX_DURATION_MS = 2_147_483_647;

/**
 * Writes `entries` in one statement (one transaction: one `tx` for the batch, `seq` in their order). One text whatever
 * the batch's size (a column of values per parameter, `unnest`ed): a text per size would be prepared once per size on
 * every connection (db/prepared.ts), about 1.4 MB of PostgreSQL's memory for a batch of 500.
 */
export async function insertLogs(q: Queryable, entries: readonly LogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const column = <T>(f: (e: LogEntry) => T): T[] => entries.map(f);
  await q.query(
    `INSERT INTO request_logs (id, merchant_id, mode, key_id, method, path, status, error_code, correlation_id, duration_ms, created_at)
     SELECT id, merchant_id, mode, key_id, method, path, status, error_code, correlation_id, duration_ms, created_at
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::text[],
                   $9::text[], $10::int[], $11::timestamptz[]) WITH ORDINALITY
              AS e (id, merchant_id, mode, key_id, method, path, status, error_code, correlation_id, duration_ms, created_at, n)
      ORDER BY n`,
    [
      column((e) => e.id),
      column((e) => e.merchantId),
      column((e) => e.mode),
      column((e) => e.keyId),
      column((e) => e.method),
      column((e) => e.path),
      column((e) => e.status),
      column((e) => e.errorCode),
      column((e) => e.correlationId),
      column((e) => Math.min(e.durationMs, MAX_DURATION_MS)),
      column((e) => e.createdAt),
    ],
  );
}

/** Deletes up to `limit` entries past the retention; answers how many. */
export async function purgeLogs(q: Queryable, limit: number): Promise<number> {
  const res = await q.query<{ id: string }>(
    `DELETE FROM request_logs WHERE id IN (SELECT id FROM request_logs WHERE created_at <= now() - ${LOG_RETENTION} LIMIT $1) RETURNING id`,
    [limit],
  );
  return res.rows.length;
}

/**
 * The status filter (`4xx`, `500`) as two lists: classes (4) and exact statuses (500); null for no filter, which keeps
 * every status.
 */
export interface StatusFilter {
  classes: number[];
  exact: number[];
}

export function statusFilter(values: readonly string[] | undefined): StatusFilter | null {
  if (values === undefined || values.length === 0) return null;
  const classes = values.filter((v) => v.endsWith('xx')).map((v) => Number(v[0]));
  const exact = values.filter((v) => !v.endsWith('xx')).map(Number);
  return { classes, exact };
}

const SCOPED = `merchant_id = $1 AND mode = $2 AND created_at > now() - ${LOG_RETENTION}`;
/** The status filter on parameters $3 (any filter), $4 (classes) and $5 (exact statuses). */
const STATUS = '(NOT $3::boolean OR status / 100 = ANY ($4::int[]) OR status = ANY ($5::int[]))';
/** The list's key filter on parameter $6, after the status filter's (null: every key). */
const KEY = '($6::text IS NULL OR key_id = $6)';

function filterParams(scope: Scope, f: StatusFilter | null): unknown[] {
  return [scope.merchantId, scope.mode, f !== null, f?.classes ?? [], f?.exact ?? []];
}

/** A page of the scope's entries, newest first, with the exact count (one round trip). */
export async function listLogs(q: Queryable, scope: Scope, f: StatusFilter | null, limit: number, offset: number, keyId: string | null = null) {
  const { rows, total } = await selectPageCounted<Row>(q, {
    from: 'request_logs',
    columns: COLUMNS,
    where: `${SCOPED} AND ${STATUS} AND ${KEY}`,
    params: [...filterParams(scope, f), keyId],
    orderBy: 'created_at DESC, id DESC',
    limit,
    offset,
  });
  return { items: rows.map(view), total };
}

/** The position just after entry `id` of the scope's log, or null when there is no such entry kept now. */
export async function positionAfterLog(q: Queryable, scope: Scope, id: string): Promise<StreamPosition | null> {
  const res = await q.query<{ tx: string; seq: string }>(
    `SELECT tx::text AS tx, seq::text AS seq FROM request_logs WHERE ${SCOPED} AND id = $3`,
    [scope.merchantId, scope.mode, id],
  );
  const row = res.rows[0];
  return row ? { tx: row.tx, seq: row.seq, opened: null } : null;
}

/**
 * The scope's next entries after `from` in the stream's order, at most `limit`: only those whose transaction is older
 * than every one still running, so that a batch committing late never lands before one already sent (as the event
 * stream reads). Each carries the position after it.
 */
export async function logsAfter(
  q: Queryable,
  scope: Scope,
  from: StreamPosition,
  f: StatusFilter | null,
  limit: number,
): Promise<{ entry: RequestLog; position: StreamPosition }[]> {
  const res = await q.query<Row & { tx: string; seq: string }>(
    `SELECT ${COLUMNS}, tx::text AS tx, seq::text AS seq FROM request_logs
      WHERE ${SCOPED} AND ${STATUS}
        AND (tx, seq) > ($6::xid8, $7::bigint)
        AND tx < pg_snapshot_xmin(pg_current_snapshot())
        AND ($8::text IS NULL OR NOT pg_visible_in_snapshot(tx, $8::text::pg_snapshot))
      ORDER BY tx, seq
      LIMIT $9`,
    [...filterParams(scope, f), from.tx, from.seq, from.opened, limit],
  );
  return res.rows.map((r) => ({ entry: view(r), position: { tx: r.tx, seq: r.seq, opened: from.opened } }));
}

/**
 * The changes a merchant's keys made through the API, in both modes, newest first (the request log's writes that
 * succeeded: not GET, status below 400): the keys' side of the dashboard's activity page, beside the people's own
 * audit trail. Kept as long as the log is (7 days).
 */
export async function keyWritesOf(q: Queryable, merchantId: string, limit: number): Promise<(RequestLog & { mode: string })[]> {
  // One walk of the list's index per mode, newest first, each stopping at `limit` writes; then the two merged.
  const mode = (m: string) => `(SELECT ${COLUMNS}, mode FROM request_logs
      WHERE merchant_id = $1 AND mode = '${m}' AND method <> 'GET' AND status < 400 AND created_at > now() - ${LOG_RETENTION}
      ORDER BY created_at DESC, id DESC LIMIT $2)`;
  const res = await q.query<Row & { mode: string }>(`${mode('sandbox')} UNION ALL ${mode('production')} ORDER BY created_at DESC, id DESC LIMIT $2`, [merchantId, limit]);
  return res.rows.map((r) => ({ ...view(r), mode: r.mode }));
}
