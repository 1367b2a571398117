/** SQL of wallets. Every statement is scoped by merchant and mode; deleted wallets (`deleted_at`) are invisible. */
import type { ListParams } from '../../core/lists';
import { listPage, type SortColumns } from '../../db/lists';
import { Conditions, countRows, selectPage, type PageQuery } from '../../db/page';
import type { Queryable } from '../../db/types';
import type { DocumentType } from '../documents';
import type { Scope } from '../../core/tenancy';

export type AccountType = 'checking' | 'savings' | 'payment';

export interface WalletRow {
  id: string;
  name: string;
  bank_code: string;
  bank_name: string;
  holder_name: string;
  holder_document: { type: DocumentType; number: string };
  routing_number: string;
  account_number: string;
  account_type: AccountType;
  is_primary: boolean;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface NewWalletRow {
  id: string;
  name: string;
  bankCode: string;
  bankName: string;
  holderName: string;
  holderDocument: { type: DocumentType; number: string };
  routingNumber: string;
  accountNumber: string;
  accountType: AccountType;
  primary: boolean;
  at: Date;
}

/** The constraint that makes one live registration per bank account (migration 003). */
export const ACCOUNT_CONSTRAINT = 'wallets_account';

const COLUMNS = `id, name, bank_code, bank_name, holder_name, holder_document, routing_number, account_number,
  account_type, is_primary, enabled, created_at, updated_at`;

/**
 * Serialises the writes that move the primary mark within one merchant and mode until the transaction ends, so that
 * two concurrent first registrations cannot both see "no wallet yet" (the unique index would refuse the second).
 */
export async function lockScope(tx: Queryable, scope: Scope): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('wallets:' || $1 || ':' || $2, 0))`, [
    scope.merchantId,
    scope.mode,
  ]);
}

export async function hasLiveWallet(tx: Queryable, scope: Scope): Promise<boolean> {
  const res = await tx.query(
    'SELECT 1 FROM wallets WHERE merchant_id = $1 AND mode = $2 AND deleted_at IS NULL LIMIT 1',
    [scope.merchantId, scope.mode],
  );
  return res.rowCount > 0;
}

export async function clearPrimary(tx: Queryable, scope: Scope, at: Date): Promise<void> {
  await tx.query(
    `UPDATE wallets SET is_primary = false, updated_at = $3
      WHERE merchant_id = $1 AND mode = $2 AND is_primary AND deleted_at IS NULL`,
    [scope.merchantId, scope.mode, at],
  );
}

export async function insertWallet(tx: Queryable, scope: Scope, w: NewWalletRow): Promise<WalletRow> {
  const res = await tx.query<WalletRow>(
    `INSERT INTO wallets (id, merchant_id, mode, name, bank_code, bank_name, holder_name, holder_document,
       routing_number, account_number, account_type, is_primary, enabled, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12, true, $13, $13)
     RETURNING ${COLUMNS}`,
    [
      w.id, scope.merchantId, scope.mode, w.name, w.bankCode, w.bankName, w.holderName,
      JSON.stringify(w.holderDocument), w.routingNumber, w.accountNumber, w.accountType, w.primary, w.at,
    ],
  );
  return res.rows[0]!;
}

/** The live wallet registered for this bank account (same key as the unique index), if any. */
export async function findIdByAccount(
  q: Queryable,
  scope: Scope,
  account: { bankCode: string; routingNumber: string; accountNumber: string },
): Promise<string | null> {
  const res = await q.query<{ id: string }>(
    `SELECT id FROM wallets
      WHERE merchant_id = $1 AND mode = $2 AND deleted_at IS NULL AND bank_code = $3
        AND left(routing_number, 4) = left($4, 4) AND ltrim(account_number, '0') = ltrim($5, '0')`,
    [scope.merchantId, scope.mode, account.bankCode, account.routingNumber, account.accountNumber],
  );
  return res.rows[0]?.id ?? null;
}

/** A live wallet; `forUpdate` locks its row (a withdrawal inserted meanwhile waits for the delete to finish). */
export async function findWallet(q: Queryable, scope: Scope, id: string, forUpdate = false): Promise<WalletRow | null> {
  const res = await q.query<WalletRow>(
    `SELECT ${COLUMNS} FROM wallets
      WHERE merchant_id = $1 AND mode = $2 AND id = $3 AND deleted_at IS NULL${forUpdate ? ' FOR UPDATE' : ''}`,
    [scope.merchantId, scope.mode, id],
  );
  return res.rows[0] ?? null;
}

export async function countPendingWithdrawals(tx: Queryable, scope: Scope, walletId: string): Promise<number> {
  const res = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM withdrawals
      WHERE merchant_id = $1 AND mode = $2 AND wallet_id = $3 AND status = 'pending'`,
    [scope.merchantId, scope.mode, walletId],
  );
  return res.rows[0]?.n ?? 0;
}

/** Soft delete: the row stays (withdrawals reference it) but leaves every read, list and index of live wallets. */
export async function softDelete(tx: Queryable, scope: Scope, id: string, at: Date): Promise<void> {
  await tx.query(
    `UPDATE wallets SET deleted_at = $4, updated_at = $4, is_primary = false
      WHERE merchant_id = $1 AND mode = $2 AND id = $3 AND deleted_at IS NULL`,
    [scope.merchantId, scope.mode, id, at],
  );
}

/** Marks the most recently created live wallet primary; none when no wallet is left. */
export async function promoteNewest(tx: Queryable, scope: Scope, at: Date): Promise<void> {
  await tx.query(
    `UPDATE wallets SET is_primary = true, updated_at = $3
      WHERE id = (SELECT id FROM wallets WHERE merchant_id = $1 AND mode = $2 AND deleted_at IS NULL
                   ORDER BY created_at DESC, id DESC LIMIT 1)`,
    [scope.merchantId, scope.mode, at],
  );
}

/** The fields a wallet list sorts on besides `createdAt`, `updatedAt` and `id`. */
export const SORTABLE = ['name', 'bankCode'] as const;
const SORT_COLUMNS: SortColumns<(typeof SORTABLE)[number]> = { name: 'name', bankCode: 'bank_code' };

export interface ListFilter {
  list: ListParams<(typeof SORTABLE)[number]>;
  id?: string;
}

function pageQuery(scope: Scope, f: ListFilter): PageQuery {
  const c = new Conditions([scope.merchantId, scope.mode], ['merchant_id = $1', 'mode = $2', 'deleted_at IS NULL'])
    .add(f.id, (p) => `id = ${p}`);
  return listPage({ from: 'wallets', columns: COLUMNS }, c, f.list, SORT_COLUMNS);
}

export function listWallets(q: Queryable, scope: Scope, f: ListFilter): Promise<WalletRow[]> {
  return selectPage<WalletRow>(q, pageQuery(scope, f));
}

export function countWallets(q: Queryable, scope: Scope, f: ListFilter): Promise<number> {
  return countRows(q, pageQuery(scope, f));
}
