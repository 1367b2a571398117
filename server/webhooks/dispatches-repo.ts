/** SQL of webhook dispatches: one per (event, endpoint) delivery, with the outcome of its latest attempt. */
import type { components } from '../../generated/schema';
import type { Queryable } from '../db/types';
import { newId } from '../ids';

export type DispatchStatus = components['schemas']['WebhookDispatchStatus'];
export type DeliveryErrorCode = NonNullable<components['schemas']['WebhookDispatch']['lastError']>;

export interface DispatchRow {
  id: string;
  event_id: string;
  endpoint_id: string;
  url: string;
  source: 'automatic' | 'manual';
  status: DispatchStatus;
  attempts: number;
  response_status_code: number | null;
  response_body: string | null;
  response_time_ms: number | null;
  last_error: DeliveryErrorCode | null;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  success_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, event_id, endpoint_id, url, source, status, attempts, response_status_code, response_body,
  response_time_ms, last_error, next_attempt_at, last_attempt_at, success_at, created_at, updated_at`;

export async function insertDispatch(
  q: Queryable,
  d: { eventId: string; endpointId: string; url: string; source: 'automatic' | 'manual' },
  at: Date,
): Promise<DispatchRow> {
  const res = await q.query<DispatchRow>(
    `INSERT INTO webhook_dispatches (id, event_id, endpoint_id, url, source, status, next_attempt_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'pending', $6, $6, $6) RETURNING ${COLUMNS}`,
    [newId('wdi'), d.eventId, d.endpointId, d.url, d.source, at],
  );
  return res.rows[0]!;
}

export async function findDispatch(q: Queryable, id: string): Promise<DispatchRow | null> {
  const res = await q.query<DispatchRow>(`SELECT ${COLUMNS} FROM webhook_dispatches WHERE id = $1`, [id]);
  return res.rows[0] ?? null;
}

/**
 * Starts an attempt: a `pending` dispatch (or one left `delivering` by a worker that died) becomes `delivering`
 * with one more attempt. Returns null when the dispatch is final or out of attempts: nothing to send.
 */
export async function startAttempt(q: Queryable, id: string, maxAttempts: number, at: Date): Promise<DispatchRow | null> {
  const res = await q.query<DispatchRow>(
    `UPDATE webhook_dispatches SET status = 'delivering', attempts = attempts + 1, last_attempt_at = $3,
       next_attempt_at = NULL, updated_at = $3
     WHERE id = $1 AND status IN ('pending', 'delivering') AND attempts < $2 RETURNING ${COLUMNS}`,
    [id, maxAttempts, at],
  );
  return res.rows[0] ?? null;
}

/** A dispatch whose last attempt was cut short (its worker died) and has no attempt left: it has failed. */
export async function failExhausted(q: Queryable, id: string, maxAttempts: number, at: Date): Promise<void> {
  await q.query(
    `UPDATE webhook_dispatches SET status = 'failed', next_attempt_at = NULL, updated_at = $3
      WHERE id = $1 AND status = 'delivering' AND attempts >= $2`,
    [id, maxAttempts, at],
  );
}

/**
 * A dispatch whose delivery job ran out of attempts (the job kept failing: not the receiver's answers, which the
 * retry schedule counts): it ends `failed` unless it already ended. True when it changed.
 */
export async function failAbandoned(q: Queryable, id: string, at: Date): Promise<boolean> {
  const res = await q.query(
    `UPDATE webhook_dispatches SET status = 'failed', next_attempt_at = NULL, updated_at = $2
      WHERE id = $1 AND status IN ('pending', 'delivering')`,
    [id, at],
  );
  return res.rowCount > 0;
}

export interface AttemptOutcome {
  status: 'succeeded' | 'pending' | 'failed';
  responseStatusCode: number | null;
  responseBody: string | null;
  responseTimeMs: number;
  lastError: DeliveryErrorCode | null;
  nextAttemptAt: Date | null;
}

/** Records how the attempt numbered `attempt` ended; a dispatch canceled meanwhile stays canceled. */
export async function finishAttempt(q: Queryable, id: string, attempt: number, o: AttemptOutcome, at: Date): Promise<DispatchRow | null> {
  const res = await q.query<DispatchRow>(
    `UPDATE webhook_dispatches SET status = $3, response_status_code = $4, response_body = $5, response_time_ms = $6,
       last_error = $7, next_attempt_at = $8, success_at = CASE WHEN $3 = 'succeeded' THEN $9::timestamptz END, updated_at = $9
     WHERE id = $1 AND attempts = $2 AND status = 'delivering' RETURNING ${COLUMNS}`,
    [id, attempt, o.status, o.responseStatusCode, o.responseBody, o.responseTimeMs, o.lastError, o.nextAttemptAt, at],
  );
  return res.rows[0] ?? null;
}

/**
 * Cancels the dispatches of an endpoint that have not ended (it was deleted, disabled or moved), including one left
 * `delivering` by a worker that died: an attempt still running elsewhere finds it canceled and records nothing.
 */
export async function cancelOpen(q: Queryable, endpointId: string, at: Date): Promise<number> {
  const res = await q.query(
    `UPDATE webhook_dispatches SET status = 'canceled', next_attempt_at = NULL, updated_at = $2
      WHERE endpoint_id = $1 AND status IN ('pending', 'delivering')`,
    [endpointId, at],
  );
  return res.rowCount;
}

/** The dispatches of these events, oldest first within each event. */
export async function dispatchesOf(q: Queryable, eventIds: string[]): Promise<DispatchRow[]> {
  if (eventIds.length === 0) return [];
  const res = await q.query<DispatchRow>(`SELECT ${COLUMNS} FROM webhook_dispatches WHERE event_id = ANY($1) ORDER BY seq`, [eventIds]);
  return res.rows;
}
