/** Enqueues one job, inside the caller's transaction when given one (the job commits or rolls back with its cause). */
import type { Queryable } from '../../db/types';
import { newId } from '../../ids';

export interface EnqueueInput {
  kind: string;
  payload: Record<string, unknown>;
  /** When the job becomes due; now (database clock) when omitted. */
  runAt?: Date;
  /** Claims before the job is given up as `failed`; 10 when omitted. */
  maxAttempts?: number;
  /** One job per key, ever: a second enqueue with the same key does nothing. */
  dedupeKey?: string;
  /** The sandbox clock the job runs on (`runAt` is then the clock's time); the wall clock when omitted. */
  clockId?: string;
}

/** The new job's id, or null when a job with the same `dedupeKey` already exists. */
export async function enqueue(q: Queryable, input: EnqueueInput): Promise<string | null> {
  const maxAttempts = input.maxAttempts ?? 10;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new RangeError('maxAttempts must be an integer ≥ 1');
  // The conflict target names the dedupe index only: a (vanishingly unlikely) id collision still throws.
  const res = await q.query<{ id: string }>(
    `INSERT INTO jobs (id, kind, payload, max_attempts, run_at, dedupe_key, clock_id)
     VALUES ($1, $2, $3::jsonb, $4, coalesce($5::timestamptz, now()), $6, $7)
     ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
     RETURNING id`,
    [newId('job'), input.kind, JSON.stringify(input.payload), maxAttempts, input.runAt ?? null, input.dedupeKey ?? null, input.clockId ?? null],
  );
  return res.rows[0]?.id ?? null;
}
