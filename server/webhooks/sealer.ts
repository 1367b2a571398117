/**
 * Secrets the service must be able to read back (webhook signing secrets, authorization header values) are kept
 * sealed with AES-256-GCM. The key comes from `SECRETS_KEY` (32 bytes, base64); without it the service generates one
 * on first start and keeps it in its database, which protects a leaked dump of the other tables but not of the
 * whole database: production should set `SECRETS_KEY`.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';

export interface Sealer {
  seal(plain: string): string;
  open(sealed: string): string;
  /** A 32-byte key of its own for `purpose` (HKDF-SHA256 of the secrets key): every instance derives the same one,
   * and it reveals nothing of the secrets key or of another purpose's key. */
  derive(purpose: string): Buffer;
}

/** A sealer over a 32-byte key; sealed text is `v1.<iv>.<tag>.<ciphertext>`, each part base64url. */
export function sealerOf(key: Buffer): Sealer {
  if (key.length !== 32) throw new Error(`the secrets key must be 32 bytes, got ${key.length}`);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
    derive(purpose) {
      return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `payments-service:${purpose}`, 32));
    },
  };
}

/** The configured key, or the one this database generated for itself (the first process to start makes it). */
export async function loadSealer(q: Queryable, configured: string | undefined): Promise<Sealer> {
  if (configured) return sealerOf(Buffer.from(configured, 'base64'));
  await q.query(`INSERT INTO service_keys (name, value) VALUES ('secrets', $1) ON CONFLICT (name) DO NOTHING`, [randomBytes(32).toString('base64')]);
  const res = await q.query<{ value: string }>(`SELECT value FROM service_keys WHERE name = 'secrets'`);
  return sealerOf(Buffer.from(res.rows[0]!.value, 'base64'));
}
