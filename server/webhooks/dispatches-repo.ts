/** SQL of webhook dispatches: one per (event, endpoint) delivery, with the outcome of its latest attempt. */
import type { components } from '../../generated/schema';
import { sourcesOf, sqlStates, type Transitions } from '../core/state-machine';
import type { Queryable } from '../db/types';
import { settleJobsSql } from '../jobs/sql/settle';
import { newId } from '../ids';
import type { EndpointRow } from './endpoints-repo';

export type DispatchStatus = components['schemas']['WebhookDispatchStatus'];

/**
 * The life of a dispatch (the table of the spec's `WebhookDispatchStatus`, compared by a test): the statements below
 * move a dispatch only from the states this table lists for where it goes. `delivering → delivering` is an attempt
 * started again after the worker making it stopped.
 */
export const DISPATCH_TRANSITIONS = {
  pending: ['delivering', 'failed', 'canceled'],
  delivering: ['delivering', 'succeeded', 'pending', 'failed', 'canceled'],
  succeeded: [],
  failed: [],
  canceled: [],
} as const satisfies Transitions<DispatchStatus>;

const FROM = {
  delivering: sqlStates(sourcesOf(DISPATCH_TRANSITIONS, 'delivering')),
  failed: sqlStates(sourcesOf(DISPATCH_TRANSITIONS, 'failed')),
  canceled: sqlStates(sourcesOf(DISPATCH_TRANSITIONS, 'canceled')),
};
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
      WHERE id = $1 AND status IN (${FROM.failed})`,
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

/**
 * Cancels the dispatches of an endpoint that have not ended (it was deleted, disabled or moved), including one left
 * `delivering` by a worker that died: an attempt still running elsewhere finds it canceled and records nothing.
 */
export async function cancelOpen(q: Queryable, endpointId: string, at: Date): Promise<number> {
  const res = await q.query(
    `UPDATE webhook_dispatches SET status = 'canceled', next_attempt_at = NULL, updated_at = $2
      WHERE endpoint_id = $1 AND status IN (${FROM.canceled})`,
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
 * One round trip for what deliveries read and write before they send, for any number of dispatches at once: each
 * dispatch, its endpoint and its event, and the start of its attempt (a `pending` dispatch, or one left `delivering` by a
 * worker that died, becomes `delivering` with one more attempt) when it is open, due by
 * `at`, with attempts left, and its endpoint live and enabled. Otherwise it says why not, changing nothing. One result
 * per id, in their order.
 */
export async function beginAttempts(q: Queryable, ids: readonly string[], maxAttempts: number, at: Date): Promise<AttemptStart[]> {
  if (ids.length === 0) return [];
  const res = await q.query<{
    id: string; status: DispatchStatus; next_attempt_at: Date | null; endpoint_id: string; url: string; source: 'automatic' | 'manual';
    started: number | null; live: boolean; mode: 'sandbox' | 'production'; secret_sealed: string;
    auth_type: StartedAttempt['authType']; auth_sealed: string | null;
    event_id: string | null; event_type: string | null; event_payload: unknown; event_created_at: Date | null;
  }>(
    `WITH d AS (SELECT id, status, next_attempt_at, endpoint_id, event_id, url, source FROM webhook_dispatches WHERE id = ANY ($1::text[])),
          ep AS (SELECT id, mode, secret_sealed, auth_type, auth_sealed, (deleted_at IS NULL AND enabled) AS live
                   FROM webhook_endpoints WHERE id IN (SELECT endpoint_id FROM d)),
          started AS (
            UPDATE webhook_dispatches w SET status = 'delivering', attempts = attempts + 1, last_attempt_at = $3,
                   next_attempt_at = NULL, updated_at = $3
             WHERE w.id = ANY ($1::text[]) AND w.status IN (${FROM.delivering}) AND w.attempts < $2
               AND (w.next_attempt_at IS NULL OR w.next_attempt_at <= $3)
               AND EXISTS (SELECT 1 FROM ep WHERE ep.id = w.endpoint_id AND ep.live)
            RETURNING w.id, w.attempts)
     SELECT d.id, d.status, d.next_attempt_at, d.endpoint_id, d.url, d.source, s.attempts AS started,
            coalesce(ep.live, false) AS live, ep.mode, ep.secret_sealed, ep.auth_type, ep.auth_sealed,
            e.id AS event_id, e.type AS event_type, e.payload AS event_payload, e.created_at AS event_created_at
       FROM d LEFT JOIN ep ON ep.id = d.endpoint_id LEFT JOIN started s ON s.id = d.id LEFT JOIN events e ON e.id = d.event_id`,
    [[...ids], maxAttempts, at],
  );
  const byId = new Map(res.rows.map((r) => [r.id, r]));
  return ids.map((id): AttemptStart => {
    const r = byId.get(id);
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
  });
}

/** The outcome of one attempt to record, and the job that made it when it settles with it. */
export interface FinishInput {
  dispatchId: string;
  attempt: number;
  outcome: AttemptOutcome;
  at: Date;
  endpointId: string;
  /** The delivery job, settled by the same statement (done, or pending at the dispatch's next attempt); null: not. */
  job: { id: string; workerId: string } | null;
}

export interface FinishedAttempt {
  /** Null when the attempt is no longer the dispatch's (canceled meanwhile, or taken over): nothing was recorded. */
  dispatch: { status: DispatchStatus; nextAttemptAt: Date | null } | null;
  /** The endpoint's counters after this statement's attempts; null when nothing was recorded. */
  endpoint: { failingSince: Date | null; forceActive: boolean; enabled: boolean } | null;
  /** Whether the job was settled (false: not asked, or no longer held by its worker: another one took it over). */
  jobSettled: boolean;
}

/**
 * `text` as PostgreSQL can store it: without NUL characters, which it refuses in text (a receiver may answer a binary
 * or compressed body). One such answer would otherwise fail the statement of the whole batch.
 */
function storable(text: string | null): string | null {
  return text === null ? null : text.replace(/\u0000/g, '');
}

/**
 * The end of each input's attempt (its outcome recorded unless the dispatch moved on meanwhile: a canceled one stays
 * canceled), the endpoints' counters (a failure starts or continues the failure streak, a success ends it; the attempts
 * of one endpoint counted in the order of their `at`) and the settlement of the jobs that made them, in one statement: atomic without a
 * transaction of its own, one round trip for a whole batch of deliveries, and one update of an endpoint's row per
 * batch instead of one per delivery (many deliveries to one receiver otherwise queue on that row's lock). Each
 * job is settled only while the worker named with it holds it (`jobs/sql/settle.ts`): done, or pending again at the dispatch's next
 * attempt when the receiver failed and attempts are left. A job whose attempt is no longer the dispatch's is done.
 */
export async function finishAttempts(q: Queryable, inputs: readonly FinishInput[]): Promise<FinishedAttempt[]> {
  if (inputs.length === 0) return [];
  const rows = inputs.map((i, n) => ({
    n, dispatch_id: i.dispatchId, attempt: i.attempt, status: i.outcome.status, code: i.outcome.responseStatusCode,
    body: storable(i.outcome.responseBody), ms: i.outcome.responseTimeMs, err: storable(i.outcome.lastError),
    next_at: i.outcome.nextAttemptAt?.toISOString() ?? null, at: i.at.toISOString(), endpoint_id: i.endpointId, job_id: i.job?.id ?? null,
    worker_id: i.job?.workerId ?? null,
  }));
  const res = await q.query<{ n: number; status: DispatchStatus | null; next_attempt_at: Date | null; failing_since: Date | null; force_active: boolean | null; enabled: boolean | null; settled: boolean }>(
    `WITH input AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS i(n int, dispatch_id text, attempt int, status text, code int, body text,
              ms float8, err text, next_at timestamptz, at timestamptz, endpoint_id text, job_id text, worker_id text)),
     fin AS (
       UPDATE webhook_dispatches d SET status = i.status, response_status_code = i.code, response_body = i.body,
              response_time_ms = i.ms, last_error = i.err, next_attempt_at = i.next_at,
              success_at = CASE WHEN i.status = 'succeeded' THEN i.at END, updated_at = i.at
         FROM input i
        WHERE d.id = i.dispatch_id AND d.attempts = i.attempt AND d.status = 'delivering'
       RETURNING i.n, i.endpoint_id, i.at, d.status, d.next_attempt_at),
     ordered AS (
       SELECT endpoint_id, at, status, max(at) FILTER (WHERE status = 'succeeded') OVER (PARTITION BY endpoint_id) AS last_ok FROM fin),
     per AS (
       SELECT endpoint_id, count(*) AS shots, count(*) FILTER (WHERE status <> 'succeeded') AS failed, max(at) AS last_at,
              max(last_ok) AS last_ok, min(at) FILTER (WHERE status <> 'succeeded' AND (last_ok IS NULL OR at > last_ok)) AS fail_after
         FROM ordered GROUP BY endpoint_id),
     counted AS (
       UPDATE webhook_endpoints e SET shots_qty = e.shots_qty + p.shots, failed_shots_qty = e.failed_shots_qty + p.failed,
              last_delivery_at = p.last_at,
              failing_since = CASE WHEN p.last_ok IS NULL THEN coalesce(e.failing_since, p.fail_after) ELSE p.fail_after END
         FROM per p
        WHERE e.id = p.endpoint_id
       RETURNING e.id, e.failing_since, e.force_active, e.enabled),
     to_settle AS (
       SELECT i.job_id, i.worker_id, CASE WHEN fin.status = 'pending' THEN fin.next_attempt_at END AS retry_at
         FROM input i LEFT JOIN fin ON fin.n = i.n
        WHERE i.job_id IS NOT NULL),
     settled AS (${settleJobsSql('to_settle')})
     SELECT i.n, fin.status, fin.next_attempt_at, c.failing_since, c.force_active, c.enabled,
            EXISTS (SELECT 1 FROM settled WHERE settled.id = i.job_id) AS settled
       FROM input i LEFT JOIN fin ON fin.n = i.n LEFT JOIN counted c ON c.id = fin.endpoint_id`,
    [JSON.stringify(rows)],
  );
  const byN = new Map(res.rows.map((r) => [r.n, r]));
  return inputs.map((_, n): FinishedAttempt => {
    const r = byN.get(n);
    if (!r || r.status === null) return { dispatch: null, endpoint: null, jobSettled: r?.settled ?? false };
    return {
      dispatch: { status: r.status, nextAttemptAt: r.next_attempt_at },
      endpoint: { failingSince: r.failing_since, forceActive: r.force_active ?? false, enabled: r.enabled ?? false },
      jobSettled: r.settled,
    };
  });
}
