/**
 * Invitations to a merchant's dashboard. A person who may manage the team invites an e-mail with a role no stronger
 * than their own; the link carries a random 256-bit token, kept only as its SHA-256. Accepting it, once and within 7
 * days, makes the person a member: a new account sets its name and password there; an e-mail that already has an
 * account proves it with that account's password. Revoking one, or accepting it, closes it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../../db/types';
import { newId } from '../../ids';
import { grantableRoles, type RoleId } from '../access/roles';
import { checkPassword, hashPassword, MIN_PASSWORD_LENGTH, passwordProblem } from './passwords';
import { normalEmail, TeamError } from './users';

export const INVITATION_DAYS = 7;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface PendingInvitation {
  id: string;
  merchantId: string;
  merchantName: string;
  email: string;
  role: RoleId;
  expiresAt: Date;
  /** Whether the e-mail already has an account (it then accepts with that account's password). */
  hasAccount: boolean;
}

export async function invite(
  q: Queryable,
  i: { merchantId: string; email: string; role: RoleId; invitedBy: string },
  now = new Date(),
): Promise<{ id: string; token: string; email: string; expiresAt: Date }> {
  const email = normalEmail(i.email);
  if (!email) throw new TeamError('badEmail', `${JSON.stringify(i.email)} is not an e-mail address.`);
  const member = await q.query(
    'SELECT 1 FROM dashboard_members m JOIN dashboard_users u ON u.id = m.user_id WHERE m.merchant_id = $1 AND u.email = $2',
    [i.merchantId, email],
  );
  if (member.rows.length > 0) throw new TeamError('alreadyMember', `${email} is already on the team.`);
  const token = randomBytes(32).toString('base64url');
  const id = newId('inv');
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  await q.query(
    `INSERT INTO dashboard_invitations (id, token_hash, merchant_id, email, role, invited_by, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, hashOf(token), i.merchantId, email, i.role, i.invitedBy, now, expiresAt],
  );
  return { id, token, email, expiresAt };
}

/** The open invitation of `token`: not accepted, not revoked, not expired; null for anything else. */
export async function findInvitation(q: Queryable, token: string | null, now = new Date()): Promise<PendingInvitation | null> {
  if (!token || !TOKEN.test(token)) return null;
  const res = await q.query<{ id: string; merchant_id: string; name: string; email: string; role: RoleId; expires_at: Date; has_account: boolean }>(
    `SELECT i.id, i.merchant_id, b.name, i.email, i.role, i.expires_at,
            EXISTS (SELECT 1 FROM dashboard_users u WHERE u.email = i.email AND u.password_hash IS NOT NULL) AS has_account
       FROM dashboard_invitations i JOIN merchants b ON b.id = i.merchant_id
      WHERE i.token_hash = $1 AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > $2`,
    [hashOf(token), now],
  );
  const r = res.rows[0];
  return r ? { id: r.id, merchantId: r.merchant_id, merchantName: r.name, email: r.email, role: r.role, expiresAt: r.expires_at, hasAccount: r.has_account } : null;
}

export class InvitationClosed extends Error {}

/**
 * Accepts the invitation of `token`, once: under its row lock, so two acceptances at once make one member. A new
 * account takes `name` and `password`; an existing one must give its password. The person's id on success.
 */
export async function acceptInvitation(db: Db, token: string, form: { name: string; password: string }, now = new Date()): Promise<{ userId: string; merchantId: string }> {
  if (!TOKEN.test(token)) throw new InvitationClosed('no such invitation');
  // The password's work (argon2, a fifth of a second) is done before the transaction, not while holding its lock;
  // the transaction then checks that the account is still the one whose password was checked.
  const res0 = await db.query<{ email: string; password_hash: string | null; user_id: string | null; disabled_at: Date | null }>(
    `SELECT i.email, u.password_hash, u.id AS user_id, u.disabled_at
       FROM dashboard_invitations i LEFT JOIN dashboard_users u ON u.email = i.email WHERE i.token_hash = $1`,
    [hashOf(token)],
  );
  const seen = res0.rows[0];
  if (!seen) throw new InvitationClosed('no such invitation');
  if (seen.disabled_at) throw new InvitationClosed('the account is disabled');
  let newHash: string | null = null;
  if (seen.user_id) {
    if (!(await checkPassword(seen.password_hash, form.password))) throw new TeamError('wrongPassword', 'wrong password');
  } else {
    const problem = passwordProblem(form.password);
    if (problem) throw new TeamError(problem, problem === 'tooShort' ? `The password is too short (at least ${MIN_PASSWORD_LENGTH} characters).` : 'The password is too long.');
    newHash = await hashPassword(form.password);
  }
  return db.transaction(async (tx) => {
    const res = await tx.query<{ id: string; merchant_id: string; email: string; role: RoleId; inviter_role: RoleId | null }>(
      `SELECT i.id, i.merchant_id, i.email, i.role, m.role AS inviter_role
         FROM dashboard_invitations i
         LEFT JOIN dashboard_members m ON m.user_id = i.invited_by AND m.merchant_id = i.merchant_id
         LEFT JOIN dashboard_users inviter ON inviter.id = i.invited_by AND inviter.disabled_at IS NULL
        WHERE i.token_hash = $1 AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > $2 AND inviter.id IS NOT NULL
        FOR UPDATE OF i`,
      [hashOf(token), now],
    );
    const inv = res.rows[0];
    // The inviter must still be on the team with the right to give this role: one demoted or removed since cannot
    // come back, or bring anyone, through an invitation sent before.
    if (!inv || !inv.inviter_role || !grantableRoles(inv.inviter_role).includes(inv.role)) {
      throw new InvitationClosed('the invitation was used, revoked, has expired, or its inviter may no longer give it');
    }
    const account = await tx.query<{ id: string; password_hash: string | null; disabled_at: Date | null }>(
      'SELECT id, password_hash, disabled_at FROM dashboard_users WHERE email = $1 FOR UPDATE',
      [inv.email],
    );
    const now_ = account.rows[0];
    // The account changed since its password was checked (made, given another password, disabled): ask again.
    if ((now_?.id ?? null) !== seen.user_id || (now_?.password_hash ?? null) !== seen.password_hash || now_?.disabled_at) {
      throw new InvitationChanged('the account changed while the invitation was being accepted');
    }
    let userId = seen.user_id;
    if (!userId) {
      userId = newId('usr');
      await tx.query(`INSERT INTO dashboard_users (id, email, name, password_hash, created_at) VALUES ($1, $2, $3, $4, $5)`, [
        userId,
        inv.email,
        form.name.trim().slice(0, 120),
        newHash,
        now,
      ]);
    }
    await tx.query(
      `INSERT INTO dashboard_members (user_id, merchant_id, role, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, merchant_id) DO NOTHING`,
      [userId, inv.merchant_id, inv.role, now],
    );
    await tx.query('UPDATE dashboard_invitations SET accepted_at = $2, accepted_by = $3 WHERE id = $1', [inv.id, now, userId]);
    return { userId, merchantId: inv.merchant_id };
  });
}

/** The account behind an invitation changed while it was being accepted: the person opens the form again. */
export class InvitationChanged extends Error {}

/**
 * Revokes the open invitation `id` of `merchantId` if its role is one of `roles` (those the person revoking could
 * give); true when it did.
 */
export async function revokeInvitation(q: Queryable, merchantId: string, id: string, roles: RoleId[]): Promise<boolean> {
  const done = await q.query(
    `UPDATE dashboard_invitations SET revoked_at = now()
      WHERE id = $1 AND merchant_id = $2 AND accepted_at IS NULL AND revoked_at IS NULL AND role = ANY($3::text[])`,
    [id, merchantId, roles],
  );
  return (done.rowCount ?? 0) > 0;
}

/** Closes an invitation whose e-mail was never sent: no link to it exists anywhere but in a mail that never left. */
export async function closeUnsent(q: Queryable, id: string): Promise<void> {
  await q.query('UPDATE dashboard_invitations SET revoked_at = now() WHERE id = $1', [id]);
}

export interface TeamView {
  members: { userId: string; email: string; name: string; role: RoleId; since: Date }[];
  invitations: { id: string; email: string; role: RoleId; expiresAt: Date; createdAt: Date }[];
}

export async function teamOf(q: Queryable, merchantId: string, now = new Date()): Promise<TeamView> {
  const members = await q.query<{ user_id: string; email: string; name: string; role: RoleId; created_at: Date }>(
    `SELECT m.user_id, u.email, u.name, m.role, m.created_at FROM dashboard_members m JOIN dashboard_users u ON u.id = m.user_id
      WHERE m.merchant_id = $1 ORDER BY m.created_at, u.email`,
    [merchantId],
  );
  const invitations = await q.query<{ id: string; email: string; role: RoleId; expires_at: Date; created_at: Date }>(
    `SELECT id, email, role, expires_at, created_at FROM dashboard_invitations
      WHERE merchant_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $2 ORDER BY created_at DESC`,
    [merchantId, now],
  );
  return {
    members: members.rows.map((r) => ({ userId: r.user_id, email: r.email, name: r.name, role: r.role, since: r.created_at })),
    invitations: invitations.rows.map((r) => ({ id: r.id, email: r.email, role: r.role, expiresAt: r.expires_at, createdAt: r.created_at })),
  };
}

/**
 * Changes a member's role (`to`), or removes them from the team (`to: null`), as a person whose grantable roles are
 * `roles` asks: only a member whose current role and new role are both among them (an admin neither touches the
 * owner nor makes one), never oneself (another owner or admin does it), and never the merchant's last owner. Under a
 * lock of the merchant's owners, so two changes at once cannot leave none. A removed person's sessions at the
 * merchant end with their membership (a session is read with it). 'changed', or why not.
 */
export async function changeMember(
  db: Db,
  m: { merchantId: string; userId: string; to: RoleId | null; by: string; roles: RoleId[] },
  /** Called in the change's transaction, so its audit line commits with it or not at all. */
  withChange: (tx: Queryable) => Promise<void> = async () => {},
): Promise<'changed' | 'notFound' | 'self' | 'lastOwner'> {
  if (m.userId === m.by) return 'self';
  return db.transaction(async (tx) => {
    const owners = await tx.query<{ user_id: string; role: RoleId }>(
      `SELECT user_id, role FROM dashboard_members WHERE merchant_id = $1 AND (role = 'owner' OR user_id = $2) ORDER BY user_id FOR UPDATE`,
      [m.merchantId, m.userId],
    );
    const target = owners.rows.find((r) => r.user_id === m.userId);
    if (!target || !m.roles.includes(target.role) || (m.to !== null && !m.roles.includes(m.to))) return 'notFound';
    if (target.role === 'owner' && m.to !== 'owner' && owners.rows.filter((r) => r.role === 'owner').length <= 1) return 'lastOwner';
    if (m.to === null) await tx.query('DELETE FROM dashboard_members WHERE merchant_id = $1 AND user_id = $2', [m.merchantId, m.userId]);
    else await tx.query('UPDATE dashboard_members SET role = $3 WHERE merchant_id = $1 AND user_id = $2', [m.merchantId, m.userId, m.to]);
    await withChange(tx);
    return 'changed';
  });
}
