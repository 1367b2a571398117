/** Records a failed attempt: back to `pending` after a backoff, or `failed` for good once attempts run out. */
import type { Queryable } from '../../db/types';

export const MAX_ERROR_LENGTH = 2000;

export interface FailResult {
  status: 'pending' | 'failed';
  /** When the job is due again (unchanged when it failed for good). */
  runAt: Date;
  attempts: number;
}

/**
 * Backoff, all in SQL on the database clock: 2^attempts seconds capped at one hour, times a uniform jitter in
 * [0.9, 1.1) so jobs that failed together do not come back together. The exponent is capped first (2^12 > 3600)
 * so a large attempt count cannot overflow float8.
 * Null when `workerId` no longer holds the job. `from` is the time the backoff counts from: the database's now, or
 * the clock's now for a job run by the advance of a sandbox clock.
 */
export async function fail(q: Queryable, jobId: string, workerId: string, error: string, from?: Date): Promise<FailResult | null> {
  const res = await q.query<FailResult>(
    `UPDATE jobs
        SET status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'pending' END,
            run_at = CASE WHEN attempts >= max_attempts THEN run_at
                          ELSE coalesce($4::timestamptz, now()) + make_interval(secs => least(power(2, least(attempts, 12)), 3600)
                                                              * (0.9 + 0.2 * random()))
                     END,
            failed_at = CASE WHEN attempts >= max_attempts THEN now() END,
            locked_by = NULL, locked_until = NULL, last_error = left($3, ${MAX_ERROR_LENGTH}), updated_at = now()
      WHERE id = $1 AND status = 'running' AND locked_by = $2
      RETURNING status, run_at AS "runAt", attempts`,
    [jobId, workerId, error, from ?? null],
  );
  return res.rows[0] ?? null;
}
