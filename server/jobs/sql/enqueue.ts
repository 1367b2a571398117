/** Enqueues one job, inside the caller's transaction when given one (the job commits or rolls back with its cause). */
import type { Queryable } from '../../db/types';
import { newId } from '../../ids';
import { currentClock } from '../clock-context';
import { JOBS_CHANNEL_SQL } from './wake';

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

/** The new job's id, or null when a job with the same `dedupeKey` already exists. */
export async function enqueue(q: Queryable, input: EnqueueInput): Promise<string | null> {
  const maxAttempts = input.maxAttempts ?? 10;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new RangeError('maxAttempts must be an integer ≥ 1');
  // Work due at once that a clock's job starts is part of that job's story: it runs on the job's clock. A job given
  // its own time keeps the clock of whoever computed that time (the wall clock unless it says otherwise).
  const joined = input.clockId === undefined && input.runAt === undefined ? currentClock() : undefined;
  const clockId = input.clockId ?? joined?.clockId ?? null;
  const runAt = input.runAt ?? joined?.now ?? null;
  // The conflict target names the dedupe index only: a (vanishingly unlikely) id collision still throws. A job of the
  // wall clock due now notifies the workers in the same statement (delivered on commit, `wake.ts`); one due later or
  // on a sandbox clock does not: a worker would find nothing to claim.
  const res = await q.query<{ id: string }>(
    `WITH ins AS (
       INSERT INTO jobs (id, kind, payload, max_attempts, run_at, dedupe_key, clock_id)
       VALUES ($1, $2, $3::jsonb, $4, coalesce($5::timestamptz, now()), $6, $7)
       ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
       RETURNING id, run_at, clock_id),
     woke AS (SELECT pg_notify(${JOBS_CHANNEL_SQL}, '') FROM ins WHERE clock_id IS NULL AND run_at <= clock_timestamp())
     SELECT id, (SELECT count(*) FROM woke) AS woke FROM ins`,
    [newId('job'), input.kind, JSON.stringify(input.payload), maxAttempts, runAt, input.dedupeKey ?? null, clockId],
  );
  return res.rows[0]?.id ?? null;
}
