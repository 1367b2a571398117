/** Claims the next job of one sandbox clock for the advance of that clock. */
import type { Queryable } from '../../db/types';
import type { Job } from './claim';

export interface ClockClaimInput {
  workerId: string;
  /** How long the claim is exclusive (wall time): the advance dying mid-job frees the job after it. */
  leaseSeconds: number;
  clockId: string;
  /** Only jobs due at or before this time of the clock. */
  until: Date;
}

/**
 * The clock's job due first (run_at on the clock's time; jobs due at the same instant in the order they were
 * enqueued), or null when none is due by `until`. Leases are wall time, as for workers: a running job whose lease ran
 * out belongs to an advance that died, and is taken over. SKIP LOCKED keeps two claimers from taking one row.
 */
export async function claimOnClock(q: Queryable, input: ClockClaimInput): Promise<Job | null> {
  if (!(input.leaseSeconds > 0)) throw new RangeError('leaseSeconds must be > 0');
  const res = await q.query<Job>(
    `UPDATE jobs
        SET status = 'running', attempts = attempts + 1, locked_by = $1,
            locked_until = now() + make_interval(secs => $2::float8), updated_at = now()
      WHERE id = (
        SELECT id FROM jobs
         WHERE clock_id = $3 AND status IN ('pending', 'running') AND run_at <= $4
           AND (status = 'pending' OR locked_until <= now())
         ORDER BY run_at, created_at, id
         LIMIT 1
           FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, payload, attempts, max_attempts AS "maxAttempts", run_at AS "runAt"`,
    [input.workerId, input.leaseSeconds, input.clockId, input.until],
  );
  return res.rows[0] ?? null;
}
