/** The dead jobs (`failed` for good, attempts exhausted): listed for an operator and put back to run on request. */
import type { Queryable } from '../../db/types';
import { notifyJobsDue } from './wake';

export interface DeadJobRow {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  failedAt: Date;
}

/** Dead jobs, the most recent death first; `kind` narrows to one kind. */
export async function selectDead(q: Queryable, input: { limit: number; kind?: string }): Promise<DeadJobRow[]> {
  const res = await q.query<DeadJobRow>(
    `SELECT id, kind, payload, attempts, max_attempts AS "maxAttempts", last_error AS "lastError", failed_at AS "failedAt"
       FROM jobs
      WHERE status = 'failed' AND ($2::text IS NULL OR kind = $2)
      ORDER BY failed_at DESC, id DESC
      LIMIT $1`,
    [input.limit, input.kind ?? null],
  );
  return res.rows;
}

/**
 * A dead job pending again, due now (a sandbox clock's job: at the clock's now), with its attempts back to zero.
 * The row keeps its id and dedupe key, so the retry is the same logical job and nothing else can take its key meanwhile. `last_error` stays until the next
 * failure, as a trace of why it had died. Null when no dead job has this id.
 */
export async function revive(q: Queryable, jobId: string): Promise<{ id: string; kind: string; runAt: Date } | null> {
  const res = await q.query<{ id: string; kind: string; runAt: Date; onClock: boolean }>(
    `UPDATE jobs SET status = 'pending', attempts = 0, failed_at = NULL, updated_at = now(),
            run_at = coalesce((SELECT c.now FROM sandbox_clocks c WHERE c.id = jobs.clock_id), now())
      WHERE id = $1 AND status = 'failed'
      RETURNING id, kind, run_at AS "runAt", clock_id IS NOT NULL AS "onClock"`,
    [jobId],
  );
  const row = res.rows[0];
  if (!row) return null;
  // Due now on the wall clock: the workers hear of it at once (a clock's job waits for its clock's advance).
  if (!row.onClock) await notifyJobsDue(q);
  return { id: row.id, kind: row.kind, runAt: row.runAt };
}
