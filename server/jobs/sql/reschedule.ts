/** Puts a running job back to `pending` at `runAt` without counting a failure ("try again later"). */
import type { Queryable } from '../../db/types';

/** True when rescheduled; false when `workerId` no longer holds the job. The claim is given back (attempts − 1). */
export async function reschedule(q: Queryable, jobId: string, workerId: string, runAt: Date): Promise<boolean> {
  const res = await q.query(
    `UPDATE jobs
        SET status = 'pending', run_at = $3, attempts = greatest(attempts - 1, 0),
            locked_by = NULL, locked_until = NULL, updated_at = now()
      WHERE id = $1 AND status = 'running' AND locked_by = $2`,
    [jobId, workerId, runAt],
  );
  return res.rowCount > 0;
}
