/**
 * The people of the dashboard and their roles at merchants. An e-mail is one person whatever its case; a person may
 * belong to several merchants, with a role at each (the keys' roles, domain/access/roles.ts).
 */
import type { Queryable } from '../../db/types';
import { newId } from '../../ids';
import { isRoleId, type RoleId } from '../access/roles';
import { hashPassword, MIN_PASSWORD_LENGTH, passwordProblem } from './passwords';

export interface UserRow {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  locale: 'pt-BR' | 'en';
  disabled_at: Date | null;
}

export interface Membership {
  merchantId: string;
  merchantName: string;
  role: RoleId;
}

// A plain address only: no display name, comment or list (`x<a@evil.example>` would be mailed to a@evil.example).
const EMAIL = /^[^@\s<>(),;:"[\]\\]+@[^@\s<>(),;:"[\]\\]+\.[^@\s<>(),;:"[\]\\]+$/;

/** A person that cannot be made as asked: what the operator's command or the dashboard's form shows. */
export class TeamError extends Error {
  constructor(
    readonly reason: 'badEmail' | 'badRole' | 'tooShort' | 'tooLong' | 'noMerchant' | 'emailTaken' | 'alreadyMember' | 'wrongPassword' | 'resetClosed',
    message: string,
  ) {
    super(message);
    this.name = 'TeamError';
  }
}

export function normalEmail(email: string): string | null {
  const e = email.trim().toLowerCase();
  return e.length <= 254 && EMAIL.test(e) ? e : null;
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | null> {
  const e = normalEmail(email);
  if (!e) return null;
  const res = await q.query<UserRow>('SELECT id, email, name, password_hash, locale, disabled_at FROM dashboard_users WHERE email = $1', [e]);
  return res.rows[0] ?? null;
}

export async function findUser(q: Queryable, id: string): Promise<UserRow | null> {
  const res = await q.query<UserRow>('SELECT id, email, name, password_hash, locale, disabled_at FROM dashboard_users WHERE id = $1', [id]);
  return res.rows[0] ?? null;
}

export async function membershipsOf(q: Queryable, userId: string): Promise<Membership[]> {
  const res = await q.query<{ merchant_id: string; name: string; role: RoleId }>(
    `SELECT m.merchant_id, b.name, m.role FROM dashboard_members m JOIN merchants b ON b.id = m.merchant_id
      WHERE m.user_id = $1 ORDER BY m.created_at, m.merchant_id`,
    [userId],
  );
  return res.rows.map((r) => ({ merchantId: r.merchant_id, merchantName: r.name, role: r.role }));
}

export interface NewUser {
  email: string;
  password: string;
  name?: string;
  merchantId: string;
  role: string;
  locale?: 'pt-BR' | 'en';
}

/**
 * A person with a password and a role at a merchant (the operator's `create-user`, the demo login). An e-mail that
 * already has an account is refused: a person joins another merchant by invitation, never by a second password.
 */
export async function createUser(q: Queryable, u: NewUser, now = new Date()): Promise<{ id: string; email: string }> {
  const email = normalEmail(u.email);
  if (!email) throw new TeamError('badEmail', `${JSON.stringify(u.email)} is not an e-mail address.`);
  if (!isRoleId(u.role)) throw new TeamError('badRole', `Unknown role ${JSON.stringify(u.role)}.`);
  const problem = passwordProblem(u.password);
  if (problem) throw new TeamError(problem, problem === 'tooShort' ? `The password is too short (at least ${MIN_PASSWORD_LENGTH} characters).` : 'The password is too long.');
  const merchant = await q.query('SELECT 1 FROM merchants WHERE id = $1', [u.merchantId]);
  if (merchant.rows.length === 0) throw new TeamError('noMerchant', `No merchant ${u.merchantId}.`);
  const id = newId('usr');
  const passwordHash = await hashPassword(u.password);
  const res = await q.query(
    `WITH person AS (
       INSERT INTO dashboard_users (id, email, name, password_hash, locale, created_at) VALUES ($1, $2, $3, $4, $5, $7)
       ON CONFLICT (email) DO NOTHING RETURNING id)
     INSERT INTO dashboard_members (user_id, merchant_id, role, created_at) SELECT id, $6, $8, $7 FROM person RETURNING user_id`,
    [id, email, u.name ?? '', passwordHash, u.locale ?? 'pt-BR', u.merchantId, now, u.role],
  );
  if (res.rows.length === 0) throw new TeamError('emailTaken', `${email} already has an account.`);
  return { id, email };
}
