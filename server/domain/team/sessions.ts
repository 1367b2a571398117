/**
 * Signed-in sessions of the dashboard. The browser holds a random 256-bit token in a cookie; the table holds its
 * SHA-256 only, and `id` for the audit trail. Signing in always makes a new token (a token planted before the
 * sign-in, session fixation, is never promoted); signing out ends the row. A session ends 12 hours after it began
 * whatever its use, and after 2 hours without a request. Its merchant and role are read with it on every request,
 * so a role changed or a membership removed holds from the next page on.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/types';
import { newId } from '../../ids';
import type { Mode } from '../../core/tenancy';
import type { RoleId } from '../access/roles';

export const SESSION_LIFETIME_MS = 12 * 3600_000;
export const SESSION_IDLE_MS = 2 * 3600_000;
/** `last_seen_at` is written at most this often: a page view is not a write. */
const TOUCH_EVERY_MS = 60_000;

export interface Session {
  id: string;
  userId: string;
  email: string;
  name: string;
  locale: 'pt-BR' | 'en';
  merchantId: string;
  merchantName: string;
  isSubAccount: boolean;
  role: RoleId;
  mode: Mode;
  createdAt: Date;
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function startSession(
  q: Queryable,
  s: { userId: string; merchantId: string; mode: Mode; ip: string | null; userAgent: string | null },
  now = new Date(),
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const id = newId('ses');
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await q.query(
    `INSERT INTO dashboard_sessions (id, token_hash, user_id, merchant_id, mode, ip, user_agent, created_at, last_seen_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9)`,
    [id, hashOf(token), s.userId, s.merchantId, s.mode, s.ip, s.userAgent?.slice(0, 300) ?? null, now, expiresAt],
  );
  return { id, token, expiresAt };
}

/** The live session of `token`, with the person's current role at its merchant; null for anything else. */
export async function findSession(q: Queryable, token: string | null, now = new Date()): Promise<Session | null> {
  if (!token || !TOKEN.test(token)) return null;
  const res = await q.query<{
    id: string;
    user_id: string;
    email: string;
    name: string;
    locale: 'pt-BR' | 'en';
    merchant_id: string;
    merchant_name: string;
    is_sub_account: boolean;
    role: RoleId;
    mode: Mode;
    created_at: Date;
    last_seen_at: Date;
  }>(
    `SELECT s.id, s.user_id, u.email, u.name, u.locale, s.merchant_id, b.name AS merchant_name, b.is_sub_account, m.role, s.mode,
            s.created_at, s.last_seen_at
       FROM dashboard_sessions s
       JOIN dashboard_users u ON u.id = s.user_id AND u.disabled_at IS NULL
       JOIN dashboard_members m ON m.user_id = s.user_id AND m.merchant_id = s.merchant_id
       JOIN merchants b ON b.id = s.merchant_id
      WHERE s.token_hash = $1 AND s.ended_at IS NULL AND s.expires_at > $2 AND s.last_seen_at > $3`,
    [hashOf(token), now, new Date(now.getTime() - SESSION_IDLE_MS)],
  );
  const r = res.rows[0];
  if (!r) return null;
  if (now.getTime() - r.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await q.query('UPDATE dashboard_sessions SET last_seen_at = $2 WHERE id = $1 AND last_seen_at < $2', [r.id, now]);
  }
  return {
    id: r.id,
    userId: r.user_id,
    email: r.email,
    name: r.name,
    locale: r.locale,
    merchantId: r.merchant_id,
    merchantName: r.merchant_name,
    isSubAccount: r.is_sub_account,
    role: r.role,
    mode: r.mode,
    createdAt: r.created_at,
  };
}

export async function endSession(q: Queryable, id: string, now = new Date()): Promise<void> {
  await q.query('UPDATE dashboard_sessions SET ended_at = $2 WHERE id = $1 AND ended_at IS NULL', [id, now]);
}

export async function setSessionMode(q: Queryable, id: string, mode: Mode): Promise<void> {
  await q.query('UPDATE dashboard_sessions SET mode = $2 WHERE id = $1', [id, mode]);
}

/** The session's person as the audit trail names an actor: who, and from which session. */
export function actorOf(s: Pick<Session, 'userId' | 'id'>): { kind: 'user'; id: string; sessionId: string } {
  return { kind: 'user', id: s.userId, sessionId: s.id };
}

/**
 * Moves the session to another merchant of the person's, in sandbox (as a sign-in starts): false when the person is
 * no member of it, and nothing changes.
 */
export async function setSessionMerchant(q: Queryable, id: string, userId: string, merchantId: string): Promise<boolean> {
  const res = await q.query(
    `UPDATE dashboard_sessions SET merchant_id = $3, mode = 'sandbox'
      WHERE id = $1 AND user_id = $2 AND EXISTS (SELECT 1 FROM dashboard_members m WHERE m.user_id = $2 AND m.merchant_id = $3)
      RETURNING 1`,
    [id, userId, merchantId],
  );
  return res.rows.length > 0;
}
