/** Pushes a running job's lease to now() + leaseSeconds, so a long job is not taken over while it still runs. */
import type { Queryable } from '../../db/types';

/** True when extended; false when `workerId` no longer holds the job. */
export async function extendLease(q: Queryable, jobId: string, workerId: string, leaseSeconds: number): Promise<boolean> {
  if (!(leaseSeconds > 0)) throw new RangeError('leaseSeconds must be > 0');
  const res = await q.query(
    `UPDATE jobs SET locked_until = now() + make_interval(secs => $3::float8), updated_at = now()
      WHERE id = $1 AND status = 'running' AND locked_by = $2`,
    [jobId, workerId, leaseSeconds],
  );
  return res.rowCount > 0;
}
