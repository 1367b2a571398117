/**
 * Merchants and their API keys. A key is shown once, at creation; only its SHA-256 hash is stored.
 * `sk_test_…` is sandbox and `sk_live_…` production; the `sl_` spellings of the seed name the same keys.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/types';
import { newId, randomBase62 } from '../../ids';
import { parseAllowEntry } from '../../core/ip';
import type { KeyCache, LoadedKey } from './key-cache';
import { isRoleId, type RoleId } from './roles';

export type { Mode } from '../../core/tenancy';
import type { Mode } from '../../core/tenancy';

export interface KeyRecord {
  keyId: string;
  merchantId: string;
  merchantName: string;
  isSubAccount: boolean;
  mode: Mode;
  role: RoleId;
  ipAllowlist: string[] | null;
}

const KEY_SHAPE = /^s[kl]_(test|live)_[0-9A-Za-z]{16,128}$/;

/** The canonical spelling (`sk_`) of a key, or null when it cannot be a key of ours. */
function canonical(raw: string): string | null {
  const key = raw.trim();
  if (!KEY_SHAPE.test(key)) return null;
  return `sk_${key.slice(3)}`;
}

/** The stored hash of a key (SHA-256, hex); the key itself is never stored. */
export function hashKey(canonicalKey: string): string {
  return createHash('sha256').update(canonicalKey, 'utf8').digest('hex');
}

/** A new merchant (`bus_…`) without keys. */
export async function createMerchant(db: Queryable, name: string, isSubAccount = false): Promise<string> {
  const id = newId('bus');
  await db.query('INSERT INTO merchants (id, name, is_sub_account) VALUES ($1, $2, $3)', [id, name, isSubAccount]);
  return id;
}

export interface CreatedKey {
  key: string;
  keyId: string;
  merchantId: string;
  mode: Mode;
  role: RoleId;
  ipAllowlist: string[] | null;
}

/** A refusal the caller can act on (unknown merchant or key, a bad allow-list entry): one line, no stack. */
export class KeyError extends Error {
  constructor(
    message: string,
    readonly reason: 'notFound' | 'invalid',
  ) {
    super(message);
  }
}

/** A new key of `role` for the merchant; the secret is in the result only. Allow-list entries are validated. */
export async function createKey(
  db: Queryable,
  input: { merchantId: string; mode: Mode; role: RoleId; ipAllowlist?: string[] | null },
): Promise<CreatedKey> {
  if (!isRoleId(input.role)) throw new KeyError(`unknown role "${input.role}"`, 'invalid');
  const bad = (input.ipAllowlist ?? []).filter((e) => parseAllowEntry(e) === null);
  if (bad.length > 0) throw new KeyError(`not an IP address or CIDR block: ${bad.join(', ')}`, 'invalid');
  const merchant = await db.query('SELECT 1 FROM merchants WHERE id = $1', [input.merchantId]);
  if (merchant.rowCount === 0) throw new KeyError(`no merchant ${input.merchantId}`, 'notFound');
  const key = `sk_${input.mode === 'sandbox' ? 'test' : 'live'}_${randomBase62(32)}`;
  const keyId = newId('key');
  const ipAllowlist = input.ipAllowlist?.length ? input.ipAllowlist.map((e) => e.trim()) : null;
  await db.query(
    `INSERT INTO api_keys (id, merchant_id, mode, role, key_hash, display_prefix, display_last4, ip_allowlist)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [keyId, input.merchantId, input.mode, input.role, hashKey(key), key.slice(0, 12), key.slice(-4), ipAllowlist],
  );
  return { key, keyId, merchantId: input.merchantId, mode: input.mode, role: input.role, ipAllowlist };
}

/**
 * The live key of `hash` as the database sees it now, with how long its own expiry leaves it; null when it is unknown,
 * revoked or expired. Writes "last used" at most once a minute per key (list-keys shows it), in the same round trip.
 */
async function loadKey(db: Queryable, hash: string): Promise<LoadedKey<KeyRecord> | null> {
  const sentAt = Date.now();
  const res = await db.query<{
    id: string;
    merchant_id: string;
    name: string;
    is_sub_account: boolean;
    mode: Mode;
    role: RoleId;
    ip_allowlist: string[] | null;
    expires_in_ms: number | null;
  }>(
    `WITH k AS (
       SELECT k.id, k.merchant_id, m.name, m.is_sub_account, k.mode, k.role, k.ip_allowlist,
              (extract(epoch FROM k.expires_at - now()) * 1000)::float8 AS expires_in_ms
         FROM api_keys k JOIN merchants m ON m.id = k.merchant_id
        WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())),
     touched AS (
       UPDATE api_keys a SET last_used_at = now() FROM k
        WHERE a.id = k.id AND (a.last_used_at IS NULL OR a.last_used_at < now() - interval '1 minute'))
     SELECT * FROM k`,
    [hash],
  );
  const row = res.rows[0];
  if (!row) return null;
  return {
    record: {
      keyId: row.id,
      merchantId: row.merchant_id,
      merchantName: row.name,
      isSubAccount: row.is_sub_account,
      mode: row.mode,
      role: row.role,
      ipAllowlist: row.ip_allowlist,
    },
    // Counted from when the lookup was sent, on this clock: never later than the database's own expiry.
    expiresAt: row.expires_in_ms === null ? null : sentAt + row.expires_in_ms,
  };
}

/**
 * The live key matching `raw`, or null (unknown, malformed, revoked or expired). With a `cache`, a lookup made less
 * than its bound ago is reused (see key-cache.ts); the key's own expiry is checked against the clock on every call.
 */
export async function findKey(db: Queryable, raw: string, cache?: KeyCache<KeyRecord> | null): Promise<KeyRecord | null> {
  const key = canonical(raw);
  if (!key) return null;
  const hash = hashKey(key);
  const found = cache ? await cache.get(hash, () => loadKey(db, hash)) : await loadKey(db, hash);
  if (!found) return null;
  if (found.expiresAt !== null && found.expiresAt <= Date.now()) {
    cache?.drop(hash);
    return null;
  }
  // The mode written in the key must be the mode it was issued for.
  if ((key.startsWith('sk_test_') ? 'sandbox' : 'production') !== found.record.mode) return null;
  return found.record;
}

export interface CreatedMerchant {
  merchantId: string;
  sandboxKey: string;
  sandboxKeyId: string;
  productionKey: string;
  productionKeyId: string;
}

/** A new merchant with one owner key per mode; the ids let a leaked key be revoked or rolled later. */
export async function createMerchantWithKeys(db: Queryable, name: string): Promise<CreatedMerchant> {
  const merchantId = await createMerchant(db, name);
  const sandbox = await createKey(db, { merchantId, mode: 'sandbox', role: 'owner' });
  const production = await createKey(db, { merchantId, mode: 'production', role: 'owner' });
  return {
    merchantId,
    sandboxKey: sandbox.key,
    sandboxKeyId: sandbox.keyId,
    productionKey: production.key,
    productionKeyId: production.keyId,
  };
}
