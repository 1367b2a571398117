/**
 * Idempotency keys (`X-Idempotency-Key` on POST, PUT and PATCH), kept in the database per merchant, mode and key.
 * The primary key decides the race: of many identical requests at once exactly one inserts the row and runs;
 * the others see it running (409 idempotencyInProgress) or completed (the stored answer is replayed).
 *
 * The work of a request and its recovery point (`recovery`: the resource it created or acted on) commit in one
 * database transaction, so the key never disagrees with what was done. A row left `running` by a process that died
 * is, once its lock lapses, either recovered (a recovery point: the retry answers that resource, nothing runs
 * again) or taken over (none: nothing was done, the retry runs the request).
 */
import { createHash } from 'node:crypto';
import type { Statement } from '../db/statement';
import type { Queryable } from '../db/types';
import { markedBeside, type Recovery, type RecoveryRef } from '../domain/recovery';
import type { Scope } from './context';
import { ApiError } from './errors';

/** The lock when the caller names none (the store's own tests). */
const DEFAULT_LOCK_SECONDS = 60;

/**
 * The lock of a running request: a handler makes at most two provider calls one after the other, each cut at the
 * provider time-out, so a live request always renews its lock well within it; a dead one's lapses soon after.
 */
export function lockSecondsFor(providerTimeoutMs: number): number {
  return Math.ceil((2 * providerTimeoutMs) / 1000) + 5;
}

export type Claim =
  | { kind: 'proceed' }
  /** `text`: the answer's bytes as first sent, replayed as they are. */
  | { kind: 'replay'; status: number; text: string }
  /** The request's work was committed by a process that died before answering: answer `ref` as it stands. */
  | { kind: 'recover'; ref: RecoveryRef };

/** Key order does not change a JSON body's meaning, so it does not change its fingerprint. */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, stable((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export function fingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${path}\n${JSON.stringify(stable(body ?? null))}`)
    .digest('hex');
}

export async function claim(
  db: Queryable,
  scope: Scope,
  key: string,
  print: string,
  ttlHours: number,
  lockSeconds = DEFAULT_LOCK_SECONDS,
): Promise<Claim> {
  const { merchantId, mode } = scope;
  // One statement: a new key is inserted, a key past its retention is started afresh, a live one is left alone.
  const inserted = await db.query(
    `INSERT INTO idempotency_keys (merchant_id, mode, key, fingerprint, state, locked_until, expires_at)
     VALUES ($1, $2, $3, $4, 'running', now() + make_interval(secs => $5::double precision), now() + make_interval(hours => $6::int))
     ON CONFLICT (merchant_id, mode, key) DO UPDATE
       SET fingerprint = EXCLUDED.fingerprint, state = 'running', response_status = NULL, response_body = NULL,
           recovery = NULL, locked_until = EXCLUDED.locked_until, created_at = now(), expires_at = EXCLUDED.expires_at
       WHERE idempotency_keys.expires_at <= now()
     RETURNING key`,
    [merchantId, mode, key, print, lockSeconds, ttlHours],
  );
  if (inserted.rowCount === 1) return { kind: 'proceed' };

  const found = await db.query<{
    fingerprint: string;
    state: 'running' | 'done';
    response_status: number | null;
    response_body: string | null;
    lock_expired: boolean;
  }>(
    `SELECT fingerprint, state, response_status, response_body, locked_until <= now() AS lock_expired
       FROM idempotency_keys WHERE merchant_id = $1 AND mode = $2 AND key = $3`,
    [merchantId, mode, key],
  );
  const row = found.rows[0];
  // Released between our insert and select: the caller may simply retry.
  if (!row) throw new ApiError('idempotencyInProgress');
  if (row.fingerprint !== print) throw new ApiError('idempotencyMismatch');
  if (row.state === 'done') return { kind: 'replay', status: row.response_status ?? 200, text: row.response_body ?? 'null' };
  if (row.lock_expired) {
    // The recovery point is read by the statement that takes the lock: one retry wins, and it sees the point as
    // committed with the work (never a point written after it decided to run the request again).
    const taken = await db.query<{ recovery: RecoveryRef | null }>(
      `UPDATE idempotency_keys SET locked_until = now() + make_interval(secs => $4::double precision)
        WHERE merchant_id = $1 AND mode = $2 AND key = $3 AND state = 'running' AND locked_until <= now()
        RETURNING recovery`,
      [merchantId, mode, key, lockSeconds],
    );
    const won = taken.rows[0];
    if (won) return won.recovery ? { kind: 'recover', ref: won.recovery } : { kind: 'proceed' };
  }
  throw new ApiError('idempotencyInProgress');
}

/** Renews the lock of a request that is still running, so that a slow one is never taken over while alive. */
export async function extend(db: Queryable, scope: Scope, key: string, lockSeconds: number): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET locked_until = now() + make_interval(secs => $4::double precision)
      WHERE merchant_id = $1 AND mode = $2 AND key = $3 AND state = 'running'`,
    [scope.merchantId, scope.mode, key, lockSeconds],
  );
}

/** The recovery point of the running request under `key`, written in the database transaction of the work. */
export function recoveryFor(scope: Scope, key: string): Recovery {
  const params = (ref: RecoveryRef | null) => [scope.merchantId, scope.mode, key, ref ? JSON.stringify(ref) : null];
  const SET = `UPDATE idempotency_keys SET recovery = $4::jsonb WHERE merchant_id = $1 AND mode = $2 AND key = $3 AND state = 'running'`;
  const set = async (q: Queryable, ref: RecoveryRef | null) => {
    await q.query(SET, params(ref));
  };
  return {
    mark: (q, ref) => set(q, ref),
    clear: (q) => set(q, null),
    markIn(st, ref) {
      const [m, mode, k, point] = params(ref).map((v) => st.param(v));
      st.part(
        'recovery_point',
        `UPDATE idempotency_keys SET recovery = ${point}::jsonb WHERE merchant_id = ${m} AND mode = ${mode} AND key = ${k} AND state = 'running' RETURNING 1`,
      );
      return markedBeside(st);
    },
    claim: async () => undefined,
  };
}

/**
 * The claim of a key that rides in the statement of the request's work (`Recovery.markIn` before any claim): the key
 * is inserted already answered, with `status` and `text` (the bytes the request will send) and its recovery point, or a key past its retention is started afresh
 * so; a live key (another request's, running or answered) is left alone. Returns the part, which yields a row only
 * when the key was claimed. Concurrent requests under one key decide on the primary key as `claim` does: a second
 * insert waits for the first's commit, then finds the key taken.
 */
export function answeredClaimIn(
  st: Statement,
  scope: Scope,
  key: string,
  print: string,
  ttlHours: number,
  ref: RecoveryRef,
  status: number,
  text: string,
): string {
  const v = [scope.merchantId, scope.mode, key, print, status, text, JSON.stringify(ref), ttlHours].map((x) => st.param(x));
  return st.part(
    'claimed',
    `INSERT INTO idempotency_keys (merchant_id, mode, key, fingerprint, state, response_status, response_body, recovery, locked_until, expires_at)
     VALUES (${v[0]}, ${v[1]}, ${v[2]}, ${v[3]}, 'done', ${v[4]}::int, ${v[5]}::text, ${v[6]}::jsonb, now(), now() + make_interval(hours => ${v[7]}::int))
     ON CONFLICT (merchant_id, mode, key) DO UPDATE
       SET fingerprint = EXCLUDED.fingerprint, state = 'done', response_status = EXCLUDED.response_status,
           response_body = EXCLUDED.response_body, recovery = EXCLUDED.recovery, locked_until = EXCLUDED.locked_until,
           created_at = now(), expires_at = EXCLUDED.expires_at
       WHERE idempotency_keys.expires_at <= now()
     RETURNING 1`,
  );
}

/** The bytes of an answer's body: made once, sent, and stored as they are for the replays. */
export function answerText(body: unknown): string {
  return JSON.stringify(body ?? null);
}

/** Stores the answer of a completed request, `text` being the bytes sent; every retry within the retention gets them. */
export async function complete(db: Queryable, scope: Scope, key: string, status: number, text: string): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET state = 'done', response_status = $4, response_body = $5::text
      WHERE merchant_id = $1 AND mode = $2 AND key = $3`,
    [scope.merchantId, scope.mode, key, status, text],
  );
}

/**
 * Ends a request that failed. Without a recovery point nothing was done: the key is forgotten, so a corrected
 * request may reuse it. With one, the work is committed: the key stays, its lock lapsed, and the next retry
 * answers the resource at once.
 */
export async function release(db: Queryable, scope: Scope, key: string): Promise<'forgotten' | 'kept'> {
  const params = [scope.merchantId, scope.mode, key];
  const gone = await db.query(
    `DELETE FROM idempotency_keys WHERE merchant_id = $1 AND mode = $2 AND key = $3 AND state = 'running' AND recovery IS NULL`,
    params,
  );
  if (gone.rowCount === 1) return 'forgotten';
  await db.query(
    `UPDATE idempotency_keys SET locked_until = now()
      WHERE merchant_id = $1 AND mode = $2 AND key = $3 AND state = 'running' AND recovery IS NOT NULL`,
    params,
  );
  return 'kept';
}
