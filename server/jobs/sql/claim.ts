/** Claims due jobs for one worker in one statement, safe against any number of concurrent claimers. */
import type { Queryable } from '../../db/types';

/** A claimed job, as a handler sees it; `P` its payload's type once its kind is known. `attempts` counts this claim. */
export interface Job<P extends Record<string, unknown> = Record<string, unknown>> {
  id: string;
  kind: string;
  payload: P;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
}

export interface ClaimInput {
  workerId: string;
  /** How long the claim is exclusive; past it, another worker may take the job over. */
  leaseSeconds: number;
  /** Jobs of the kinds not in `ioKinds` (every kind when there are none). */
  limit: number;
  /** Only these kinds; every kind when omitted. */
  kinds?: readonly string[];
  /** Kinds that wait on the network, not the CPU (deliveries): claimed up to `ioLimit`, apart from `limit`. */
  ioKinds?: readonly string[];
  ioLimit?: number;
}

/**
 * Due jobs are `pending` ones whose run_at has come, and `running` ones whose lease ran out (their worker died).
 * SKIP LOCKED lets concurrent claimers pass over rows another one is taking; a row another claimer committed in
 * the meantime is re-checked against the WHERE clause (now running, leased) and left out.
 * Jobs on a sandbox clock are never a worker's: their run_at is the clock's time, and only advancing the clock runs
 * them (`claim-clock.ts`). One statement claims both lanes (I/O-bound kinds and the others), each up to its limit.
 */
export async function claim(q: Queryable, input: ClaimInput): Promise<Job[]> {
  if (!(input.leaseSeconds > 0)) throw new RangeError('leaseSeconds must be > 0');
  const ioLimit = input.ioLimit ?? 0;
  if (!Number.isInteger(input.limit) || input.limit < 0) throw new RangeError('limit must be an integer ≥ 0');
  if (!Number.isInteger(ioLimit) || ioLimit < 0) throw new RangeError('ioLimit must be an integer ≥ 0');
  if (input.limit + ioLimit < 1) throw new RangeError('limit + ioLimit must be ≥ 1');
  if (input.kinds?.length === 0) return [];
  const due = `status IN ('pending', 'running') AND run_at <= now() AND clock_id IS NULL
           AND (status = 'pending' OR locked_until <= now())
           AND ($4::text[] IS NULL OR kind = ANY ($4::text[]))`;
  const res = await q.query<Job>(
    `WITH io AS (
       SELECT id FROM jobs
        WHERE ${due} AND kind = ANY ($5::text[])
        ORDER BY run_at, id
        LIMIT $6
          FOR UPDATE SKIP LOCKED),
     other AS (
       SELECT id FROM jobs
        WHERE ${due} AND NOT (kind = ANY ($5::text[]))
        ORDER BY run_at, id
        LIMIT $3
          FOR UPDATE SKIP LOCKED)
     UPDATE jobs
        SET status = 'running', attempts = attempts + 1, locked_by = $1,
            locked_until = now() + make_interval(secs => $2::float8), updated_at = now()
      WHERE id IN (SELECT id FROM io UNION ALL SELECT id FROM other)
      RETURNING id, kind, payload, attempts, max_attempts AS "maxAttempts", run_at AS "runAt"`,
    [input.workerId, input.leaseSeconds, input.limit, input.kinds ? [...input.kinds] : null, [...(input.ioKinds ?? [])], ioLimit],
  );
  // RETURNING of an UPDATE keeps no order: hand the jobs out in the order they fell due.
  return res.rows.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || (a.id < b.id ? -1 : 1));
}
