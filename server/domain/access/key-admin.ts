/**
 * Key management for operators: list keys (never their secret), revoke one, roll one (a new key with the same
 * merchant, mode, role and allow-list; the old one keeps working for a grace period, then expires).
 */
import type { Db, Queryable } from '../../db/types';
import { forgetKey } from './key-cache';
import { createKey, KeyError, type CreatedKey, type Mode } from './keys';
import type { RoleId } from './roles';

/** What a key is now: `expiring` is a rolled key still inside its grace period. */
export type KeyStatus = 'active' | 'expiring' | 'expired' | 'revoked';

export interface KeySummary {
  keyId: string;
  merchantId: string;
  mode: Mode;
  role: RoleId;
  /** `sk_test_AbCd…wXyZ`: enough to recognise a key, never enough to use it. */
  hint: string;
  ipAllowlist: string[] | null;
  status: KeyStatus;
  createdAt: string;
  /** Null until the key authenticates a request; written at most once a minute. */
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  /** The key that replaced this one when it was rolled. */
  rolledTo: string | null;
}

/** The longest grace period of a roll: a week is time enough to deploy the new key everywhere. */
export const MAX_ROLL_GRACE_SECONDS = 7 * 86_400;

interface KeyRow {
  id: string;
  merchant_id: string;
  mode: Mode;
  role: RoleId;
  display_prefix: string;
  display_last4: string | null;
  ip_allowlist: string[] | null;
  created_at: Date | string;
  last_used_at: Date | string | null;
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
  rolled_to: string | null;
  expired: boolean;
}

const COLUMNS = `id, merchant_id, mode, role, display_prefix, display_last4, ip_allowlist, created_at, last_used_at,
  expires_at, revoked_at, rolled_to, (expires_at IS NOT NULL AND expires_at <= now()) AS expired`;

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

function summary(row: KeyRow): KeySummary {
  const status: KeyStatus = row.revoked_at ? 'revoked' : row.expired ? 'expired' : row.expires_at ? 'expiring' : 'active';
  return {
    keyId: row.id,
    merchantId: row.merchant_id,
    mode: row.mode,
    role: row.role,
    // Keys made before the last four were kept show the prefix alone.
    hint: `${row.display_prefix}…${row.display_last4 ?? ''}`,
    ipAllowlist: row.ip_allowlist,
    status,
    createdAt: iso(row.created_at)!,
    lastUsedAt: iso(row.last_used_at),
    expiresAt: iso(row.expires_at),
    revokedAt: iso(row.revoked_at),
    rolledTo: row.rolled_to,
  };
}

/** Every key, or one merchant's, oldest first. */
export async function listKeys(db: Queryable, filter: { merchantId?: string } = {}): Promise<KeySummary[]> {
  const res = filter.merchantId
    ? await db.query<KeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE merchant_id = $1 ORDER BY created_at, id`, [filter.merchantId])
    : await db.query<KeyRow>(`SELECT ${COLUMNS} FROM api_keys ORDER BY merchant_id, created_at, id`);
  return res.rows.map(summary);
}

/** The key's summary; `KeyError` (notFound) when there is no such key. */
export async function getKey(db: Queryable, keyId: string): Promise<KeySummary> {
  const res = await db.query<KeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE id = $1`, [keyId]);
  const row = res.rows[0];
  if (!row) throw new KeyError(`no key ${keyId} (see list-keys)`, 'notFound');
  return summary(row);
}

/**
 * Revokes the key at once; revoking a revoked key changes nothing. `KeyError` for an unknown id. Called with the
 * database handle (not inside a transaction): the key cache of a service on that handle drops the key once the
 * revocation is committed; other processes refuse it within their `KEY_CACHE_SECONDS`.
 */
export async function revokeKey(db: Queryable, keyId: string): Promise<{ key: KeySummary; alreadyRevoked: boolean }> {
  const res = await db.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [keyId]);
  forgetKey(db, keyId);
  return { key: await getKey(db, keyId), alreadyRevoked: res.rowCount === 0 };
}

/**
 * Rolls a live key: a new key with the same merchant, mode, role and allow-list, and the old key expiring after
 * `graceSeconds` (0: at once). An old key already due to expire sooner keeps its earlier time. Like `revokeKey`, the
 * key cache of a service on `db` drops the old key once the roll is committed.
 */
export async function rollKey(
  db: Db,
  keyId: string,
  graceSeconds: number,
  /** Run in the roll's own transaction first (the dashboard's claim of its form): a throw there rolls nothing. */
  before?: (tx: Queryable) => Promise<void>,
): Promise<{ created: CreatedKey; old: KeySummary }> {
  if (!Number.isInteger(graceSeconds) || graceSeconds < 0 || graceSeconds > MAX_ROLL_GRACE_SECONDS) {
    throw new KeyError(`the grace period must be 0 to ${MAX_ROLL_GRACE_SECONDS} seconds (7 days)`, 'invalid');
  }
  const rolled = await db.transaction(async (tx) => {
    await before?.(tx);
    const res = await tx.query<KeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE id = $1 FOR UPDATE`, [keyId]);
    const row = res.rows[0];
    if (!row) throw new KeyError(`no key ${keyId} (see list-keys)`, 'notFound');
    const old = summary(row);
    if (old.status === 'revoked' || old.status === 'expired') throw new KeyError(`key ${keyId} is ${old.status}: there is nothing to roll`, 'invalid');
    if (old.rolledTo) throw new KeyError(`key ${keyId} was already rolled to ${old.rolledTo}; roll that one instead`, 'invalid');
    const created = await createKey(tx, { merchantId: row.merchant_id, mode: row.mode, role: row.role, ipAllowlist: row.ip_allowlist });
    await tx.query(
      `UPDATE api_keys SET rolled_to = $2,
              expires_at = LEAST(COALESCE(expires_at, 'infinity'), now() + make_interval(secs => $3::int))
        WHERE id = $1`,
      [keyId, created.keyId, graceSeconds],
    );
    return { created, old: await getKey(tx, keyId) };
  });
  // After the commit: a lookup sent before it is not kept, one sent after it reads the new expiry.
  forgetKey(db, keyId);
  return rolled;
}
