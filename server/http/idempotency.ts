/**
 * Idempotency keys (`X-Idempotency-Key` on POST and PUT), kept in the database per merchant, mode and key.
 * The primary key decides the race: of many identical requests at once exactly one inserts the row and runs;
 * the others see it running (409 idempotencyInProgress) or completed (the stored answer is replayed).
 * A row left `running` by a process that died is taken over once its lock expires.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/types';
import type { Scope } from './context';
import { ApiError } from './errors';

const LOCK_SECONDS = 60;

export type Claim = { kind: 'proceed' } | { kind: 'replay'; status: number; body: unknown };

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

export async function claim(db: Queryable, scope: Scope, key: string, print: string, ttlHours: number): Promise<Claim> {
  const { merchantId, mode } = scope;
  // One statement: a new key is inserted, a key past its retention is started afresh, a live one is left alone.
  const inserted = await db.query(
    `INSERT INTO idempotency_keys (merchant_id, mode, key, fingerprint, state, locked_until, expires_at)
     VALUES ($1, $2, $3, $4, 'running', now() + make_interval(secs => $5::double precision), now() + make_interval(hours => $6::int))
     ON CONFLICT (merchant_id, mode, key) DO UPDATE
       SET fingerprint = EXCLUDED.fingerprint, state = 'running', response_status = NULL, response_body = NULL,
           locked_until = EXCLUDED.locked_until, created_at = now(), expires_at = EXCLUDED.expires_at
       WHERE idempotency_keys.expires_at <= now()
     RETURNING key`,
    [merchantId, mode, key, print, LOCK_SECONDS, ttlHours],
  );
  if (inserted.rowCount === 1) return { kind: 'proceed' };

  const found = await db.query<{
    fingerprint: string;
    state: 'running' | 'done';
    response_status: number | null;
    response_body: unknown;
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
  if (row.state === 'done') return { kind: 'replay', status: row.response_status ?? 200, body: row.response_body };
  if (row.lock_expired) {
    const taken = await db.query(
      `UPDATE idempotency_keys SET locked_until = now() + make_interval(secs => $4::double precision)
        WHERE merchant_id = $1 AND mode = $2 AND key = $3 AND state = 'running' AND locked_until <= now()
        RETURNING key`,
      [merchantId, mode, key, LOCK_SECONDS],
    );
    if (taken.rowCount === 1) return { kind: 'proceed' };
  }
  throw new ApiError('idempotencyInProgress');
}

/** Stores the answer of a completed request; it is replayed to every retry within the retention. */
export async function complete(db: Queryable, scope: Scope, key: string, status: number, body: unknown): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET state = 'done', response_status = $4, response_body = $5
      WHERE merchant_id = $1 AND mode = $2 AND key = $3`,
    [scope.merchantId, scope.mode, key, status, JSON.stringify(body ?? null)],
  );
}

/** Forgets a key whose request failed without changing anything, so a corrected request may reuse it. */
export async function release(db: Queryable, scope: Scope, key: string): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys WHERE merchant_id = $1 AND mode = $2 AND key = $3 AND state = 'running'`, [
    scope.merchantId,
    scope.mode,
    key,
  ]);
}
