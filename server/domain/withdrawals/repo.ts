/** SQL of withdrawals. Every statement a request makes is scoped by merchant and mode; the payout job reads by id. */
import type { ListParams } from '../../core/lists';
import { listPage, type SortColumns } from '../../db/lists';
import { Conditions, countRows, selectPage, type PageQuery } from '../../db/page';
import type { Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import { sourcesOf, sqlStates, type Transitions } from '../../core/state-machine';

export type WithdrawalStatus = 'pending' | 'paid' | 'failed';

/**
 * The life of a withdrawal (the table of the spec's `WithdrawalStatus`, compared by a test): created `pending` with
 * its debit, ended once by the bank's answer.
 */
export const WITHDRAWAL_TRANSITIONS = {
  pending: ['paid', 'failed'],
  paid: [],
  failed: [],
} as const satisfies Transitions<WithdrawalStatus>;

export interface WithdrawalRow {
  id: string;
  merchant_id: string;
  mode: Scope['mode'];
  wallet_id: string;
  amount: number;
  currency: string;
  status: WithdrawalStatus;
  description: string | null;
  metadata: Record<string, unknown>;
  failure_reason: string | null;
  paid_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

// float8 holds every cent amount the spec allows exactly (≤ 10^11 < 2^53); int4 would not.
const COLUMNS = `id, merchant_id, mode, wallet_id, amount::float8 AS amount, currency, status, description, metadata,
  failure_reason, paid_at, created_at, updated_at`;

export interface NewWithdrawal {
  id: string;
  walletId: string;
  amount: number;
  currency: string;
  description: string | null;
  metadata: Record<string, unknown>;
}

export async function insertWithdrawal(q: Queryable, scope: Scope, w: NewWithdrawal, at: Date): Promise<WithdrawalRow> {
  const res = await q.query<WithdrawalRow>(
    `INSERT INTO withdrawals (id, merchant_id, mode, wallet_id, amount, currency, status, description, metadata,
       created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8::jsonb, $9, $9)
     RETURNING ${COLUMNS}`,
    [w.id, scope.merchantId, scope.mode, w.walletId, w.amount, w.currency, w.description, JSON.stringify(w.metadata), at],
  );
  return res.rows[0]!;
}

/** The merchant's withdrawal in this mode. */
export async function findWithdrawal(q: Queryable, scope: Scope, id: string): Promise<WithdrawalRow | null> {
  const res = await q.query<WithdrawalRow>(
    `SELECT ${COLUMNS} FROM withdrawals WHERE merchant_id = $1 AND mode = $2 AND id = $3`,
    [scope.merchantId, scope.mode, id],
  );
  return res.rows[0] ?? null;
}

/** A withdrawal by id alone (background work); `forUpdate` locks it until the caller's transaction ends. */
export async function withdrawalById(q: Queryable, id: string, forUpdate = false): Promise<WithdrawalRow | null> {
  const res = await q.query<WithdrawalRow>(`SELECT ${COLUMNS} FROM withdrawals WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return res.rows[0] ?? null;
}

export type Outcome = { status: 'paid' } | { status: 'failed'; reason: string };

/** Ends a pending withdrawal; null when it was not pending any more (another run wrote the outcome first). */
export async function settleWithdrawal(q: Queryable, id: string, outcome: Outcome, at: Date): Promise<WithdrawalRow | null> {
  const res = await q.query<WithdrawalRow>(
    `UPDATE withdrawals SET status = $2, paid_at = $3, failure_reason = $4, updated_at = $5
      WHERE id = $1 AND status IN (${sqlStates(sourcesOf(WITHDRAWAL_TRANSITIONS, outcome.status))}) RETURNING ${COLUMNS}`,
    [id, outcome.status, outcome.status === 'paid' ? at : null, outcome.status === 'failed' ? outcome.reason : null, at],
  );
  return res.rows[0] ?? null;
}

/** Sortable besides `createdAt`, `updatedAt` and `id`. */
export const SORTABLE = ['amount'] as const;
const SORT_COLUMNS: SortColumns<(typeof SORTABLE)[number]> = { amount: 'amount' };

export interface ListFilter {
  list: ListParams<(typeof SORTABLE)[number]>;
  status?: WithdrawalStatus;
  walletId?: string;
}

function pageQuery(scope: Scope, f: ListFilter): PageQuery {
  const where = new Conditions([scope.merchantId, scope.mode], ['merchant_id = $1', 'mode = $2'])
    .add(f.status, (p) => `status = ${p}`)
    .add(f.walletId, (p) => `wallet_id = ${p}`);
  return listPage({ from: 'withdrawals', columns: COLUMNS }, where, f.list, SORT_COLUMNS);
}

export function listWithdrawals(q: Queryable, scope: Scope, f: ListFilter): Promise<WithdrawalRow[]> {
  return selectPage<WithdrawalRow>(q, pageQuery(scope, f));
}

export function countWithdrawals(q: Queryable, scope: Scope, f: ListFilter): Promise<number> {
  return countRows(q, pageQuery(scope, f));
}
