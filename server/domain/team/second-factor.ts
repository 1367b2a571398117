/**
 * A person's optional second factor: a TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, what every authenticator
 * app reads from a QR code) through `otpauth`, and ten one-time recovery codes for a lost phone. The secret is sealed
 * at rest (the secrets key), shown only while it is set up, and never logged; a code is accepted for one step once
 * (the step is written in the same statement that accepts it, so two requests with one code cannot both pass), and
 * for the step before or after as well (a phone's clock a little off).
 */
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Db, Queryable } from '../../db/types';
import type { Sealer } from '../../webhooks/sealer';

const PERIOD_S = 30;
const RECOVERY_CODES = 10;
const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

function totpOf(secretBase32: string, label = ''): TOTP {
  return new TOTP({ issuer: 'Payments', label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secretBase32) });
}

/** The step `code` belongs to, within one step of now; null when it is no code of `secret` now. */
function stepOf(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
}

export interface TotpSetup {
  /** The secret in base32, for typing by hand into the app. */
  secret: string;
  /** The `otpauth://` address the QR code carries. */
  uri: string;
}

/** Starts setting up a TOTP for the person: a new secret, kept sealed as pending until a code of it is typed. */
export async function beginTotp(q: Queryable, sealer: Sealer, user: { id: string; email: string }): Promise<TotpSetup> {
  const secret = new Secret({ size: 20 }).base32;
  await q.query('UPDATE dashboard_users SET totp_pending_sealed = $2 WHERE id = $1', [user.id, sealer.seal(secret)]);
  return { secret, uri: totpOf(secret, user.email).toString() };
}

/** The pending set-up of the person, to show again (a wrong code typed); null when none is pending. */
/** Whether a set-up is pending (begun, not yet confirmed), without opening its secret. */
export async function hasPendingTotp(q: Queryable, userId: string): Promise<boolean> {
  const res = await q.query<{ pending: boolean }>('SELECT totp_pending_sealed IS NOT NULL AS pending FROM dashboard_users WHERE id = $1', [userId]);
  return res.rows[0]?.pending === true;
}

export async function pendingTotp(q: Queryable, sealer: Sealer, user: { id: string; email: string }): Promise<TotpSetup | null> {
  const res = await q.query<{ totp_pending_sealed: string | null }>('SELECT totp_pending_sealed FROM dashboard_users WHERE id = $1', [user.id]);
  const sealed = res.rows[0]?.totp_pending_sealed;
  if (!sealed) return null;
  const secret = sealer.open(sealed);
  return { secret, uri: totpOf(secret, user.email).toString() };
}

/**
 * Turns the second factor on when `code` is one of the pending secret's: the secret becomes the person's, and ten
 * recovery codes are made and returned (shown once; only their hashes are kept). Null when the code is wrong or
 * nothing is pending.
 */
export async function confirmTotp(db: Db, sealer: Sealer, userId: string, code: string, now = new Date()): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const res = await tx.query<{ totp_pending_sealed: string | null }>('SELECT totp_pending_sealed FROM dashboard_users WHERE id = $1 FOR UPDATE', [userId]);
    const sealed = res.rows[0]?.totp_pending_sealed;
    if (!sealed) return null;
    const step = stepOf(sealer.open(sealed), code.trim(), now);
    if (step === null) return null;
    await tx.query(
      `UPDATE dashboard_users SET totp_sealed = totp_pending_sealed, totp_pending_sealed = NULL, totp_enabled_at = $2, totp_last_step = $3 WHERE id = $1`,
      [userId, now, step],
    );
    await tx.query('DELETE FROM dashboard_recovery_codes WHERE user_id = $1', [userId]);
    const codes = Array.from({ length: RECOVERY_CODES }, () => {
      const raw = randomBytes(5).toString('hex');
      return `${raw.slice(0, 5)}-${raw.slice(5)}`;
    });
    for (const c of codes) await tx.query('INSERT INTO dashboard_recovery_codes (user_id, code_hash, created_at) VALUES ($1, $2, $3)', [userId, hashOf(c), now]);
    return codes;
  });
}

/** Whether the person has the second factor on. */
export async function hasSecondFactor(q: Queryable, userId: string): Promise<boolean> {
  const res = await q.query<{ on: boolean }>('SELECT totp_enabled_at IS NOT NULL AS on FROM dashboard_users WHERE id = $1', [userId]);
  return res.rows[0]?.on ?? false;
}

/**
 * Checks the second factor: a TOTP code not used before (its step later than the last accepted), or an unused
 * recovery code (`xxxxx-xxxxx`), which is then spent. What was accepted, or null.
 */
export async function checkSecondFactor(q: Queryable, sealer: Sealer, userId: string, input: string, now = new Date()): Promise<'totp' | 'recovery' | null> {
  const code = input.trim().toLowerCase().replace(/\s+/g, '');
  if (/^[0-9a-f]{5}-?[0-9a-f]{5}$/.test(code)) {
    const normal = code.includes('-') ? code : `${code.slice(0, 5)}-${code.slice(5)}`;
    const used = await q.query('UPDATE dashboard_recovery_codes SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1', [userId, hashOf(normal), now]);
    return used.rows.length > 0 ? 'recovery' : null;
  }
  const res = await q.query<{ totp_sealed: string | null }>('SELECT totp_sealed FROM dashboard_users WHERE id = $1 AND totp_enabled_at IS NOT NULL', [userId]);
  const sealed = res.rows[0]?.totp_sealed;
  if (!sealed) return null;
  const step = stepOf(sealer.open(sealed), code, now);
  if (step === null) return null;
  const taken = await q.query('UPDATE dashboard_users SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING 1', [userId, step]);
  return taken.rows.length > 0 ? 'totp' : null;
}

/** Turns the second factor off: the secret and the recovery codes are deleted. */
export async function removeSecondFactor(q: Queryable, userId: string): Promise<void> {
  await q.query('UPDATE dashboard_users SET totp_sealed = NULL, totp_pending_sealed = NULL, totp_enabled_at = NULL, totp_last_step = NULL WHERE id = $1', [userId]);
  await q.query('DELETE FROM dashboard_recovery_codes WHERE user_id = $1', [userId]);
}

/** The recovery codes the person has left. */
export async function recoveryCodesLeft(q: Queryable, userId: string): Promise<number> {
  const res = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM dashboard_recovery_codes WHERE user_id = $1 AND used_at IS NULL', [userId]);
  return res.rows[0]?.n ?? 0;
}

/** A TOTP code of `secret` now (tests, and the set-up page's check in development). */
export function totpCode(secretBase32: string, now = new Date()): string {
  return totpOf(secretBase32).generate({ timestamp: now.getTime() });
}
