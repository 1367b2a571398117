/**
 * The audit trail: who did what at a merchant, from which session (a person in the dashboard) and address. An
 * action is recorded once it took effect, under the idempotency key of the form that asked for it: the retry of a
 * form whose answer was lost (the same key) records nothing twice, and records what a crash kept the first from.
 */
import type { Queryable } from '../../db/types';
import { newId } from '../../ids';
import type { Mode } from '../../core/tenancy';

export interface AuditEntry {
  merchantId: string;
  mode: Mode | null;
  actor: { kind: 'user' | 'key'; id: string; sessionId?: string | null };
  /** `signin`, `signin.refused`, `signout`, `mode.switch`, or the API operation an action ran (`createTransactionRefund`). */
  action: string;
  target?: string | null;
  detail?: Record<string, unknown>;
  ip?: string | null;
  idempotencyKey?: string | null;
}

export async function recordAudit(q: Queryable, e: AuditEntry, now = new Date()): Promise<void> {
  await q.query(
    `INSERT INTO audit_events (id, merchant_id, mode, actor_kind, actor_id, session_id, action, target, detail, ip, idempotency_key, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (merchant_id, idempotency_key) DO NOTHING`,
    [
      newId('aud'),
      e.merchantId,
      e.mode,
      e.actor.kind,
      e.actor.id,
      e.actor.sessionId ?? null,
      e.action,
      e.target ?? null,
      JSON.stringify(e.detail ?? {}),
      e.ip ?? null,
      e.idempotencyKey ?? null,
      now,
    ],
  );
}

export interface AuditRow {
  id: string;
  mode: Mode | null;
  actor_kind: 'user' | 'key';
  actor_id: string;
  actor_email: string | null;
  session_id: string | null;
  action: string;
  target: string | null;
  detail: Record<string, unknown>;
  ip: string | null;
  created_at: Date;
}

/** The newest entries of a merchant first. */
export async function listAudit(q: Queryable, merchantId: string, limit = 50): Promise<AuditRow[]> {
  const res = await q.query<AuditRow>(
    `SELECT a.id, a.mode, a.actor_kind, a.actor_id, u.email AS actor_email, a.session_id, a.action, a.target, a.detail, a.ip, a.created_at
       FROM audit_events a LEFT JOIN dashboard_users u ON a.actor_kind = 'user' AND u.id = a.actor_id
      WHERE a.merchant_id = $1 ORDER BY a.created_at DESC, a.id DESC LIMIT $2`,
    [merchantId, limit],
  );
  return res.rows;
}

/** A form already used: its key is in the audit trail (the action was done, or is being done, by its first sending). */
export class FormAlreadyUsed extends Error {}

/**
 * Records `e` as the claim of its form, in the caller's transaction, before the action it names is done there: a
 * second sending of the same form (its idempotency key) finds the line and throws FormAlreadyUsed, so the action is
 * done once; a failed action rolls the line back with it.
 */
export async function claimForm(q: Queryable, e: AuditEntry & { idempotencyKey: string }, now = new Date()): Promise<void> {
  const res = await q.query(
    `INSERT INTO audit_events (id, merchant_id, mode, actor_kind, actor_id, session_id, action, target, detail, ip, idempotency_key, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (merchant_id, idempotency_key) DO NOTHING RETURNING id`,
    [newId('aud'), e.merchantId, e.mode, e.actor.kind, e.actor.id, e.actor.sessionId ?? null, e.action, e.target ?? null, JSON.stringify(e.detail ?? {}), e.ip ?? null, e.idempotencyKey, now],
  );
  if (res.rows.length === 0) throw new FormAlreadyUsed(`form ${e.idempotencyKey} was already sent`);
}

/** Points an audit line at what its action made (a key created: its id), once the action knows it. */
export async function setAuditTarget(q: Queryable, merchantId: string, idempotencyKey: string, target: string): Promise<void> {
  await q.query('UPDATE audit_events SET target = $3 WHERE merchant_id = $1 AND idempotency_key = $2', [merchantId, idempotencyKey, target]);
}

/**
 * A refused sign-in of a known person, in the audit trail of each merchant they belong to (one statement: a person
 * on many teams costs no more round trips).
 */
export async function recordRefusedSignIn(q: Queryable, userId: string, ip: string | null, detail: Record<string, unknown> = {}, now = new Date()): Promise<void> {
  const members = await q.query<{ merchant_id: string }>('SELECT merchant_id FROM dashboard_members WHERE user_id = $1', [userId]);
  if (members.rows.length === 0) return;
  await q.query(
    `INSERT INTO audit_events (id, merchant_id, mode, actor_kind, actor_id, action, detail, ip, created_at)
     SELECT ids.id, ids.merchant_id, NULL, 'user', $1, 'signin.refused', $2, $3, $4
       FROM unnest($5::text[], $6::text[]) AS ids (id, merchant_id)`,
    [userId, JSON.stringify(detail), ip, now, members.rows.map(() => newId('aud')), members.rows.map((m) => m.merchant_id)],
  );
}
