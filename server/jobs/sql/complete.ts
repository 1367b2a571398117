/** Marks a running job done. */
import type { Queryable } from '../../db/types';

/** True when done; false when `workerId` no longer holds the job (its lease was taken over, or it was settled). */
export async function complete(q: Queryable, jobId: string, workerId: string): Promise<boolean> {
  // An expired lease nobody took over still belongs to its holder: the work is done, accept it. last_error stays:
  // it tells why a job that finally succeeded needed several attempts.
  const res = await q.query(
    `UPDATE jobs SET status = 'done', locked_by = NULL, locked_until = NULL, updated_at = now()
      WHERE id = $1 AND status = 'running' AND locked_by = $2`,
    [jobId, workerId],
  );
  return res.rowCount > 0;
}
