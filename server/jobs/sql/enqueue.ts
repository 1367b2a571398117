/**
 * Enqueues jobs, inside the caller's transaction when given one (the job commits or rolls back with its cause). The
 * workers hear of jobs due now once that work has committed and been answered (`jobs/poke.ts`), or at their next poll.
 */
import type { Statement } from '../../db/statement';
import type { Queryable } from '../../db/types';
import { newId } from '../../ids';
import { currentClock } from '../clock-context';

export interface EnqueueInput {
  kind: string;
  payload: Record<string, unknown>;
  /** When the job becomes due; now (database clock) when omitted. */
  runAt?: Date;
  /** Claims before the job is given up as `failed`; 10 when omitted. */
  maxAttempts?: number;
  /** One job per key, ever: a second enqueue with the same key does nothing. */
  dedupeKey?: string;
  /**
   * The sandbox clock the job runs on (`runAt` is then the clock's time); null for the wall clock. Omitted, with no
   * `runAt` either, while a job of a clock runs: that clock, at its now (`clock-context.ts`); the wall clock otherwise.
   */
  clockId?: string | null;
}

/** The row of a new job: its clock and due time decided as the enqueue's comments say. */
function jobRow(input: EnqueueInput): [id: string, kind: string, payload: string, maxAttempts: number, runAt: Date | null, dedupeKey: string | null, clockId: string | null] {
  const maxAttempts = input.maxAttempts ?? 10;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new RangeError('maxAttempts must be an integer ≥ 1');
  // Work due at once that a clock's job starts is part of that job's story: it runs on the job's clock. A job given
  // its own time keeps the clock of whoever computed that time (the wall clock unless it says otherwise).
  const joined = input.clockId === undefined && input.runAt === undefined ? currentClock() : undefined;
  const clockId = input.clockId ?? joined?.clockId ?? null;
  const runAt = input.runAt ?? joined?.now ?? null;
  return [newId('job'), input.kind, JSON.stringify(input.payload), maxAttempts, runAt, input.dedupeKey ?? null, clockId];
}

/** The new job's id, or null when a job with the same `dedupeKey` already exists. */
export async function enqueue(q: Queryable, input: EnqueueInput): Promise<string | null> {
  // The conflict target names the dedupe index only: a (vanishingly unlikely) id collision still throws.
  const res = await q.query<{ id: string }>(
    `INSERT INTO jobs (id, kind, payload, max_attempts, run_at, dedupe_key, clock_id)
     VALUES ($1, $2, $3::jsonb, $4, coalesce($5::timestamptz, now()), $6, $7)
     ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
     RETURNING id`,
    jobRow(input),
  );
  return res.rows[0]?.id ?? null;
}

/**
 * The same enqueue as a part of a larger statement (`db/statement.ts`): the job is inserted only if `from` (a part of
 * `st`) yields a row. Returns the part's name; it yields the job's id unless the dedupe key was taken.
 */
export function enqueueIn(st: Statement, input: EnqueueInput, from: string): string {
  const [id, kind, payload, maxAttempts, runAt, dedupeKey, clockId] = jobRow(input).map((v) => st.param(v));
  return st.part(
    'job',
    `INSERT INTO jobs (id, kind, payload, max_attempts, run_at, dedupe_key, clock_id)
     SELECT ${id}, ${kind}, ${payload}::jsonb, ${maxAttempts}::int, coalesce(${runAt}::timestamptz, now()), ${dedupeKey}::text, ${clockId}::text
       FROM (SELECT 1 FROM ${from} LIMIT 1) AS gate
     ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
     RETURNING id`,
  );
}

/**
 * One job of the same kind per row of `rows` (a part of `st`), in one insert: `id`, `payload` (jsonb) and `dedupeKey`
 * are SQL expressions over such a row. For work that a statement fans out (a delivery per dispatch it inserts); the
 * jobs are on the wall clock, due at once.
 */
export function enqueueEach(
  st: Statement,
  rows: string,
  job: { kind: string; id: string; payload: string; dedupeKey: string; maxAttempts: number },
): string {
  if (!Number.isInteger(job.maxAttempts) || job.maxAttempts < 1) throw new RangeError('maxAttempts must be an integer ≥ 1');
  return st.part(
    'jobs_each',
    `INSERT INTO jobs (id, kind, payload, max_attempts, run_at, dedupe_key, clock_id)
     SELECT ${job.id}, ${st.param(job.kind)}, ${job.payload}, ${st.param(job.maxAttempts)}::int, now(), ${job.dedupeKey}, NULL
       FROM ${rows}
     ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
     RETURNING id`,
  );
}
