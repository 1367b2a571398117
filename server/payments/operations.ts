/**
 * The record of every provider call that moves or releases money (`provider_operations`): written `started` before
 * the call, moved to `succeeded` / `failed` with the provider's answer, or to `uncertain` when the call timed out or
 * broke. An uncertain operation is never assumed either way: whatever it holds stays held, and a reconcile job asks
 * the provider again under the same idempotency key (which a provider answers with its first answer) until it knows.
 */
import type { Queryable } from '../db/types';
import type { Scope } from '../core/tenancy';
import { sourcesOf, sqlStates, type Transitions } from '../core/state-machine';
import { newId } from '../ids';

export type OperationKind = 'authorize' | 'capture' | 'cancel' | 'void' | 'release' | 'refund' | 'payout';
export type OperationState = 'started' | 'uncertain' | 'succeeded' | 'failed';

/**
 * The life of an operation (the table of "Provider operations" in server/README.md, compared by a test): the
 * statements below move only from the states this table lists. A `failed` operation is `started` again only when its
 * key is asked again after the provider said it did nothing under it (`reopenFailed`).
 */
export const OPERATION_TRANSITIONS = {
  started: ['uncertain', 'succeeded', 'failed'],
  uncertain: ['succeeded', 'failed'],
  failed: ['started'],
  succeeded: [],
} as const satisfies Transitions<OperationState>;

const FROM = {
  started: sqlStates(sourcesOf(OPERATION_TRANSITIONS, 'started')),
  uncertain: sqlStates(sourcesOf(OPERATION_TRANSITIONS, 'uncertain')),
  succeeded: sqlStates(sourcesOf(OPERATION_TRANSITIONS, 'succeeded')),
  failed: sqlStates(sourcesOf(OPERATION_TRANSITIONS, 'failed')),
};
export type OperationSubject = { kind: 'transaction' | 'withdrawal'; id: string };

export interface OperationRow {
  id: string;
  merchant_id: string;
  mode: Scope['mode'];
  subject_kind: OperationSubject['kind'];
  subject_id: string;
  cause_id: string | null;
  kind: OperationKind;
  provider: string;
  idempotency_key: string;
  amount: number;
  state: OperationState;
  result: unknown;
  reason: string | null;
  attempts: number;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, merchant_id, mode, subject_kind, subject_id, cause_id, kind, provider, idempotency_key,
  amount::float8 AS amount, state, result, reason, attempts, created_at, updated_at`;

export interface NewOperation {
  scope: Scope;
  subject: OperationSubject;
  /** The refund (or other record) the call is made for, when it is not the subject. */
  causeId?: string | null;
  kind: OperationKind;
  provider: string;
  idempotencyKey: string;
  amount: number;
}

/**
 * Records that a call is about to be sent, in the caller's database transaction (with the reservation it goes with).
 * The same key started again (a retried job asks the same question) is the same operation: its `attempts` grows and
 * a final state stays as it was. With `reopenFailed`, a `failed` one is `started` again: the provider did nothing
 * under the key (it said so), so a new request under it is a new attempt (a capture retried after a 503).
 */
export async function startOperation(q: Queryable, op: NewOperation, at: Date, options: { reopenFailed?: boolean } = {}): Promise<OperationRow> {
  const reopen = options.reopenFailed === true;
  const res = await q.query<OperationRow>(
    `INSERT INTO provider_operations (id, merchant_id, mode, subject_kind, subject_id, cause_id, kind, provider,
       idempotency_key, amount, state, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'started', $11, $11)
     ON CONFLICT (idempotency_key) DO UPDATE SET attempts = provider_operations.attempts + 1, updated_at = EXCLUDED.updated_at,
       state = CASE WHEN $12 AND provider_operations.state IN (${FROM.started}) THEN 'started' ELSE provider_operations.state END,
       result = CASE WHEN $12 AND provider_operations.state IN (${FROM.started}) THEN NULL ELSE provider_operations.result END,
       reason = CASE WHEN $12 AND provider_operations.state IN (${FROM.started}) THEN NULL ELSE provider_operations.reason END
     RETURNING ${COLUMNS}`,
    [
      newId('pop'), op.scope.merchantId, op.scope.mode, op.subject.kind, op.subject.id, op.causeId ?? null, op.kind,
      op.provider, op.idempotencyKey, op.amount, at, reopen,
    ],
  );
  return res.rows[0]!;
}

/** The call's answer is known. Only an open operation (started, uncertain) moves; returns whether this call moved it. */
export async function finishOperation(
  q: Queryable,
  idempotencyKey: string,
  outcome: { state: 'succeeded' | 'failed'; result?: unknown; reason?: string | null },
  at: Date,
): Promise<boolean> {
  const from = outcome.state === 'succeeded' ? FROM.succeeded : FROM.failed;
  const res = await q.query(
    `UPDATE provider_operations SET state = $2, result = $3, reason = $4, updated_at = $5
      WHERE idempotency_key = $1 AND state IN (${from})`,
    [idempotencyKey, outcome.state, JSON.stringify(outcome.result ?? null), outcome.reason ?? null, at],
  );
  return res.rowCount === 1;
}

/** The call timed out or broke: the provider may have done it. Only a `started` operation becomes uncertain. */
export async function markUncertain(q: Queryable, idempotencyKey: string, reason: string, at: Date): Promise<boolean> {
  const res = await q.query(
    `UPDATE provider_operations SET state = 'uncertain', reason = $2, updated_at = $3
      WHERE idempotency_key = $1 AND state IN (${FROM.uncertain})`,
    [idempotencyKey, reason.slice(0, 500), at],
  );
  return res.rowCount === 1;
}

/** The operation made under `idempotencyKey`; `forUpdate` locks it. */
export async function findOperation(q: Queryable, idempotencyKey: string, forUpdate = false): Promise<OperationRow | null> {
  const res = await q.query<OperationRow>(
    `SELECT ${COLUMNS} FROM provider_operations WHERE idempotency_key = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [idempotencyKey],
  );
  return res.rows[0] ?? null;
}

/** Every operation on a subject, oldest first. */
export async function operationsOf(q: Queryable, subjectId: string): Promise<OperationRow[]> {
  const res = await q.query<OperationRow>(
    `SELECT ${COLUMNS} FROM provider_operations WHERE subject_id = $1 ORDER BY created_at, id`,
    [subjectId],
  );
  return res.rows;
}

/** Every open operation in one state (the operator's list of uncertain ones), oldest first, at most `limit`. */
export async function operationsInState(q: Queryable, state: 'started' | 'uncertain', limit = 100): Promise<OperationRow[]> {
  const res = await q.query<OperationRow>(
    `SELECT ${COLUMNS} FROM provider_operations WHERE state = $1 ORDER BY created_at, id LIMIT $2`,
    [state, limit],
  );
  return res.rows;
}

/** The operations on a subject still open (started, uncertain), oldest first. */
export async function openOperationsOf(q: Queryable, subjectId: string): Promise<OperationRow[]> {
  return (await operationsOf(q, subjectId)).filter((o) => o.state === 'started' || o.state === 'uncertain');
}

/**
 * The transactions and withdrawals of a merchant in one mode that have an uncertain operation (the provider did not
 * answer; a reconcile job is asking it): what the dashboard's home lists as needing attention.
 */
export async function uncertainSubjectsOf(q: Queryable, merchantId: string, mode: string): Promise<{ kind: string; subjectId: string; since: Date }[]> {
  const res = await q.query<{ subject_kind: string; subject_id: string; since: Date }>(
    `SELECT subject_kind, subject_id, min(updated_at) AS since FROM provider_operations
      WHERE state = 'uncertain' AND merchant_id = $1 AND mode = $2
      GROUP BY 1, 2 ORDER BY 3 LIMIT 20`,
    [merchantId, mode],
  );
  return res.rows.map((r) => ({ kind: r.subject_kind, subjectId: r.subject_id, since: r.since }));
}
