/** The SQL of sandbox clocks. Every read is scoped to the merchant: a clock is sandbox-only, so the mode is implied. */
import type { Queryable } from '../../db/types';
import { newId } from '../../ids';

export type ClockStatus = 'ready' | 'advancing';

export interface ClockRow {
  id: string;
  merchant_id: string;
  name: string;
  now: Date;
  status: ClockStatus;
  created_at: Date;
  updated_at: Date;
}

/** A clock with what reading it shows besides its own columns. */
export interface ClockDetailRow extends ClockRow {
  next_job_at: Date | null;
  subscription_count: number;
}

const COLUMNS = 'id, merchant_id, name, now, status, created_at, updated_at';

export async function insertClock(q: Queryable, merchantId: string, name: string, now: Date | null): Promise<ClockRow> {
  const res = await q.query<ClockRow>(
    `INSERT INTO sandbox_clocks (id, merchant_id, mode, name, now, created_at, updated_at)
     VALUES ($1, $2, 'sandbox', $3, coalesce($4::timestamptz, now()), now(), now())
     RETURNING ${COLUMNS}`,
    [newId('clk'), merchantId, name, now],
  );
  return res.rows[0]!;
}

/** The clock with its next due job and its subscriptions, in one round trip; null when not the merchant's. */
export async function findClock(q: Queryable, merchantId: string, id: string): Promise<ClockDetailRow | null> {
  const res = await q.query<ClockDetailRow>(
    `SELECT ${COLUMNS},
            (SELECT min(run_at) FROM jobs j WHERE j.clock_id = c.id AND j.status IN ('pending', 'running')) AS next_job_at,
            (SELECT count(*)::int FROM subscriptions s WHERE s.clock_id = c.id) AS subscription_count
       FROM sandbox_clocks c
      WHERE c.id = $1 AND c.merchant_id = $2`,
    [id, merchantId],
  );
  return res.rows[0] ?? null;
}

export async function listClocks(q: Queryable, merchantId: string, limit: number, offset: number): Promise<ClockRow[]> {
  const res = await q.query<ClockRow>(
    `SELECT ${COLUMNS} FROM sandbox_clocks WHERE merchant_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [merchantId, limit, offset],
  );
  return res.rows;
}

export async function countClocks(q: Queryable, merchantId: string): Promise<number> {
  const res = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM sandbox_clocks WHERE merchant_id = $1', [merchantId]);
  return res.rows[0]?.n ?? 0;
}

/**
 * Takes the clock for one advance: `advancing`, leased for `leaseSeconds` of wall time. Null when another advance
 * holds it (its lease still running). A lease that ran out belongs to an advance whose process died: taken over, but
 * not while one of the clock's jobs still runs under a live lease (the old advance may be alive and merely late to
 * renew; its job must not be skipped over by a new advance that runs what is due after it).
 */
export async function takeClock(q: Queryable, id: string, holder: string, leaseSeconds: number): Promise<ClockRow | null> {
  const res = await q.query<ClockRow>(
    `UPDATE sandbox_clocks
        SET status = 'advancing', advanced_by = $2, advance_lease_until = now() + make_interval(secs => $3::float8),
            updated_at = now()
      WHERE id = $1 AND (status = 'ready' OR advance_lease_until <= now())
        AND NOT EXISTS (SELECT 1 FROM jobs WHERE clock_id = $1 AND status = 'running' AND locked_until > now())
      RETURNING ${COLUMNS}`,
    [id, holder, leaseSeconds],
  );
  return res.rows[0] ?? null;
}

/**
 * Sets the clock's time (forward only; the time it stands at when `to` is null) and renews the advance's lease.
 * False when `holder` no longer holds the clock: its lease ran out and another advance took it over.
 */
export async function moveClock(q: Queryable, id: string, holder: string, to: Date | null, leaseSeconds: number): Promise<boolean> {
  const res = await q.query(
    `UPDATE sandbox_clocks
        SET now = greatest(now, coalesce($3::timestamptz, now)),
            advance_lease_until = now() + make_interval(secs => $4::float8), updated_at = now()
      WHERE id = $1 AND status = 'advancing' AND advanced_by = $2`,
    [id, holder, to, leaseSeconds],
  );
  return res.rowCount > 0;
}

/** Ends the advance: the clock is `ready` again, at `to` when given (the advance reached it), else where it stands. */
export async function releaseClock(q: Queryable, id: string, holder: string, to: Date | null): Promise<void> {
  await q.query(
    `UPDATE sandbox_clocks
        SET now = greatest(now, coalesce($3::timestamptz, now)), status = 'ready', advance_lease_until = NULL,
            advanced_by = NULL, updated_at = now()
      WHERE id = $1 AND advanced_by = $2`,
    [id, holder, to],
  );
}

/** Whether a job of the clock is due at or before `until` (pending, or running under a lapsed lease). */
export async function hasDueJob(q: Queryable, id: string, until: Date): Promise<boolean> {
  const res = await q.query(
    `SELECT 1 FROM jobs
      WHERE clock_id = $1 AND status IN ('pending', 'running') AND run_at <= $2
        AND (status = 'pending' OR locked_until <= now())
      LIMIT 1`,
    [id, until],
  );
  return res.rows.length > 0;
}
