/**
 * The time a subscription lives on: its sandbox test clock's when it is attached to one, the database's otherwise.
 * Recurring billing reads "now" and schedules its jobs only through here, so the test clock drives the same jobs as
 * the wall clock (DESIGN.md: never a parallel path).
 */
import type { Queryable } from '../../db/types';
import { enqueueJob, type EnqueueOptions, type JobSpec } from '../../jobs/kinds';

/** Now, on `clockId`'s time when given one (the clock's `now`), on the database's clock otherwise. */
export async function timeOf(q: Queryable, clockId: string | null): Promise<Date> {
  const res = clockId
    ? await q.query<{ now: Date }>('SELECT now FROM sandbox_clocks WHERE id = $1', [clockId])
    : await q.query<{ now: Date }>('SELECT now() AS now');
  const row = res.rows[0];
  if (!row) throw new Error(`sandbox clock ${clockId} does not exist`);
  return row.now;
}

/** Enqueues `job` due at `at` on `clockId`'s time (the wall clock's when null), in the caller's transaction. */
export function enqueueOn<J extends JobSpec>(
  q: Queryable, job: J, at: Date, clockId: string | null, options: Omit<EnqueueOptions, 'runAt' | 'clockId'> = {},
): Promise<string | null> {
  return enqueueJob(q, job, { ...options, runAt: at, clockId });
}

/**
 * The clock of a charge: its subscription's, when the charge bills a cycle of a subscription on a clock; null for
 * every other transaction (they live on the wall clock). Read in the caller's transaction, so a clock job's `now`
 * (the advance moves the clock before it runs a job) is the time it sees.
 */
export async function clockOfCharge(q: Queryable, transactionId: string): Promise<{ clockId: string; now: Date } | null> {
  const res = await q.query<{ clockId: string; now: Date }>(
    `SELECT k.id AS "clockId", k.now FROM transactions t
       JOIN subscriptions s ON s.id = t.subscription_id
       JOIN sandbox_clocks k ON k.id = s.clock_id
      WHERE t.id = $1`,
    [transactionId],
  );
  return res.rows[0] ?? null;
}
