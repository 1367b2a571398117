/**
 * Password resets by e-mail. Asking for one for an address with an active account makes a random 256-bit token, kept
 * only as its SHA-256, good once within an hour; any earlier open reset of the person closes. Using it sets the new
 * password and ends every session of the person (whoever held the old password is signed out). The second factor
 * stays: a reset proves the mailbox, not the phone.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../../db/types';
import { hashPassword, passwordProblem } from './passwords';
import { findUserByEmail, TeamError } from './users';

export const RESET_MINUTES = 60;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A reset for `email`'s account: its token, to mail; null when the address has no active account (say nothing). */
export async function askReset(db: Db, email: string, now = new Date()): Promise<{ token: string; userId: string; email: string; locale: 'pt-BR' | 'en' } | null> {
  return db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.disabled_at || !user.password_hash) return null;
    const token = randomBytes(32).toString('base64url');
    // The person's row locked first: two asks at once leave one open reset, the later one's.
    await tx.query('SELECT id FROM dashboard_users WHERE id = $1 FOR UPDATE', [user.id]);
    await tx.query('UPDATE dashboard_password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [user.id, now]);
    await tx.query('INSERT INTO dashboard_password_resets (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
      hashOf(token),
      user.id,
      now,
      new Date(now.getTime() + RESET_MINUTES * 60_000),
    ]);
    return { token, userId: user.id, email: user.email, locale: user.locale };
  });
}

/** The person an open reset token is for; null for a token unknown, used or expired. */
export async function findReset(q: Queryable, token: string | null, now = new Date()): Promise<{ userId: string; email: string } | null> {
  if (!token || !TOKEN.test(token)) return null;
  const res = await q.query<{ user_id: string; email: string }>(
    `SELECT r.user_id, u.email FROM dashboard_password_resets r JOIN dashboard_users u ON u.id = r.user_id
      WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > $2 AND u.disabled_at IS NULL`,
    [hashOf(token), now],
  );
  const row = res.rows[0];
  return row ? { userId: row.user_id, email: row.email } : null;
}

/**
 * Sets the new password with the token, once: the token is spent in the same transaction, and every session of the
 * person ends. Throws `TeamError('resetClosed')` when the token is no longer open, `TeamError('tooShort' | 'tooLong')` for a
 * password the rules refuse.
 */
export async function useReset(db: Db, token: string, password: string, now = new Date()): Promise<{ userId: string }> {
  const problem = passwordProblem(password);
  if (problem) throw new TeamError(problem, `The password is ${problem === 'tooShort' ? 'too short' : 'too long'}.`);
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const res = await tx.query<{ user_id: string }>(
      `UPDATE dashboard_password_resets SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id`,
      [hashOf(token), now],
    );
    const userId = res.rows[0]?.user_id;
    if (!userId) throw new TeamError('resetClosed', 'The reset link was used, replaced or has expired.');
    await tx.query('UPDATE dashboard_users SET password_hash = $2 WHERE id = $1 AND disabled_at IS NULL', [userId, hash]);
    await tx.query('UPDATE dashboard_sessions SET ended_at = $2 WHERE user_id = $1 AND ended_at IS NULL', [userId, now]);
    return { userId };
  });
}
