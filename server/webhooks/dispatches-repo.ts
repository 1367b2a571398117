/** SQL of webhook dispatches: one per (event, endpoint) delivery, with the outcome of its latest attempt. */
import type { components } from '../../generated/schema';
import type { Queryable } from '../db/types';
import { newId } from '../ids';
import type { EndpointRow } from './endpoints-repo';

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

/** What an attempt needs to be sent: the dispatch, its endpoint and its event, as `beginAttempt` read them. */
export interface StartedAttempt {
  attempts: number;
  url: string;
  source: 'automatic' | 'manual';
  endpointId: string;
  mode: 'sandbox' | 'production';
  secretSealed: string;
  authType: EndpointRow['auth_type'];
  authSealed: string | null;
  event: { id: string; type: string; payload: unknown; createdAt: Date } | null;
}

export type AttemptStart =
  | { kind: 'final' }
  | { kind: 'notDue'; at: Date }
  | { kind: 'endpointGone'; endpointId: string }
  | { kind: 'exhausted' }
  | { kind: 'started'; attempt: StartedAttempt };

/**
 * One round trip for what a delivery reads and writes before it sends: the dispatch, its endpoint and its event, and
 * the start of the attempt (`startAttempt`'s rule) when the dispatch is open, due by `at`, with attempts left, and its
 * endpoint live and enabled. Otherwise it says why not, changing nothing.
 */
export async function beginAttempt(q: Queryable, id: string, maxAttempts: number, at: Date): Promise<AttemptStart> {
  const res = await q.query<{
    status: DispatchStatus; next_attempt_at: Date | null; endpoint_id: string; url: string; source: 'automatic' | 'manual';
    started: number | null; live: boolean; mode: 'sandbox' | 'production'; secret_sealed: string;
    auth_type: StartedAttempt['authType']; auth_sealed: string | null;
    event_id: string | null; event_type: string | null; event_payload: unknown; event_created_at: Date | null;
  }>(
    `WITH d AS (SELECT id, status, next_attempt_at, endpoint_id, event_id, url, source FROM webhook_dispatches WHERE id = $1),
          ep AS (SELECT id, mode, secret_sealed, auth_type, auth_sealed, (deleted_at IS NULL AND enabled) AS live
                   FROM webhook_endpoints WHERE id = (SELECT endpoint_id FROM d)),
          started AS (
            UPDATE webhook_dispatches w SET status = 'delivering', attempts = attempts + 1, last_attempt_at = $3,
                   next_attempt_at = NULL, updated_at = $3
             WHERE w.id = $1 AND w.status IN ('pending', 'delivering') AND w.attempts < $2
               AND (w.next_attempt_at IS NULL OR w.next_attempt_at <= $3)
               AND EXISTS (SELECT 1 FROM ep WHERE ep.live)
            RETURNING w.attempts)
     SELECT d.status, d.next_attempt_at, d.endpoint_id, d.url, d.source, (SELECT attempts FROM started) AS started,
            coalesce(ep.live, false) AS live, ep.mode, ep.secret_sealed, ep.auth_type, ep.auth_sealed,
            e.id AS event_id, e.type AS event_type, e.payload AS event_payload, e.created_at AS event_created_at
       FROM d LEFT JOIN ep ON true LEFT JOIN events e ON e.id = d.event_id`,
    [id, maxAttempts, at],
  );
  const r = res.rows[0];
  if (!r || (r.status !== 'pending' && r.status !== 'delivering')) return { kind: 'final' };
  if (r.started !== null) {
    return {
      kind: 'started',
      attempt: {
        attempts: r.started, url: r.url, source: r.source, endpointId: r.endpoint_id, mode: r.mode,
        secretSealed: r.secret_sealed, authType: r.auth_type, authSealed: r.auth_sealed,
        event: r.event_id ? { id: r.event_id, type: r.event_type!, payload: r.event_payload, createdAt: r.event_created_at! } : null,
      },
    };
  }
  if (r.next_attempt_at && r.next_attempt_at.getTime() > at.getTime()) return { kind: 'notDue', at: r.next_attempt_at };
  if (!r.live) return { kind: 'endpointGone', endpointId: r.endpoint_id };
  return { kind: 'exhausted' };
}

export interface FinishedAttempt {
  dispatch: { status: DispatchStatus; nextAttemptAt: Date | null };
  /** The endpoint's counters after this attempt. */
  endpoint: { failingSince: Date | null; forceActive: boolean; enabled: boolean };
}

/**
 * `finishAttempt` and the endpoint's counters (`recordAttempt`) in one statement, so atomic without a transaction
 * of its own; null (and nothing counted) when the attempt is no longer the dispatch's (canceled meanwhile).
 */
export async function finishAndCount(q: Queryable, id: string, attempt: number, o: AttemptOutcome, at: Date, endpointId: string): Promise<FinishedAttempt | null> {
  const res = await q.query<{ status: DispatchStatus; next_attempt_at: Date | null; failing_since: Date | null; force_active: boolean; enabled: boolean }>(
    `WITH fin AS (
       UPDATE webhook_dispatches SET status = $3, response_status_code = $4, response_body = $5, response_time_ms = $6,
              last_error = $7, next_attempt_at = $8, success_at = CASE WHEN $3 = 'succeeded' THEN $9::timestamptz END, updated_at = $9
        WHERE id = $1 AND attempts = $2 AND status = 'delivering'
       RETURNING status, next_attempt_at),
     counted AS (
       UPDATE webhook_endpoints SET shots_qty = shots_qty + 1,
              failed_shots_qty = failed_shots_qty + CASE WHEN $3 = 'succeeded' THEN 0 ELSE 1 END,
              last_delivery_at = $9,
              failing_since = CASE WHEN $3 = 'succeeded' THEN NULL ELSE COALESCE(failing_since, $9) END
        WHERE id = $10 AND EXISTS (SELECT 1 FROM fin)
       RETURNING failing_since, force_active, enabled)
     SELECT fin.status, fin.next_attempt_at, counted.failing_since, counted.force_active, counted.enabled
       FROM fin LEFT JOIN counted ON true`,
    [id, attempt, o.status, o.responseStatusCode, o.responseBody, o.responseTimeMs, o.lastError, o.nextAttemptAt, at, endpointId],
  );
  const r = res.rows[0];
  if (!r) return null;
  return {
    dispatch: { status: r.status, nextAttemptAt: r.next_attempt_at },
    endpoint: { failingSince: r.failing_since, forceActive: r.force_active ?? false, enabled: r.enabled ?? false },
  };
}
