/**
 * A job's settlement as a part of another statement: a handler that records its effect in one statement settles its
 * job in the same one (one round trip less per job, and one for a whole batch of jobs), with the same lease rule as
 * `complete` and `reschedule`: only the worker holding the job settles it, so a worker that lost its lease to
 * another cannot complete the job that worker now runs.
 */

/**
 * The text of a data-modifying CTE body settling the jobs of `source` (a relation or CTE name with the columns
 * `job_id text`, `worker_id text`, the worker that claimed it, and `retry_at timestamptz`): done when `retry_at` is null, else pending again at it without counting
 * the claim as an attempt (as `reschedule`). Returns the ids of
 * the jobs it settled: a job missing from them was no longer this worker's.
 */
export function settleJobsSql(source: string): string {
  return `UPDATE jobs j
        SET status = CASE WHEN s.retry_at IS NULL THEN 'done' ELSE 'pending' END,
            run_at = coalesce(s.retry_at, j.run_at),
            attempts = CASE WHEN s.retry_at IS NULL THEN j.attempts ELSE greatest(j.attempts - 1, 0) END,
            locked_by = NULL, locked_until = NULL, updated_at = now()
       FROM ${source} s
      WHERE j.id = s.job_id AND j.status = 'running' AND j.locked_by = s.worker_id
     RETURNING j.id`;
}
