/**
 * Where a stream over rows ordered by (tx, seq) stands (migrations 026 and 030: the transaction that wrote a row, then
 * its number): the sandbox's event stream and the request log's stream share it.
 */
import type { Queryable } from './types';

/** Where a stream stands: after the row (tx, seq); `opened`, the snapshot of a new stream's start, or null. */
export interface StreamPosition {
  tx: string;
  seq: string;
  /**
   * The database snapshot taken when the stream opened (`pg_snapshot` text): the rows visible in it were written before
   * the stream and are not sent. Null for a stream resumed after a row.
   */
  opened: string | null;
}

/** The position of a stream opening now: every row written from now on, none written before. */
export async function openingPosition(q: Queryable): Promise<StreamPosition> {
  const res = await q.query<{ snapshot: string; xmin: string }>(
    'SELECT s::text AS snapshot, pg_snapshot_xmin(s)::text AS xmin FROM pg_current_snapshot() AS s',
  );
  const row = res.rows[0]!;
  // Transactions below xmin had ended when the snapshot was taken; from xmin on, `opened` tells which had committed.
  return { tx: row.xmin, seq: '0', opened: row.snapshot };
}
