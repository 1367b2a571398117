/**
 * Wallets (the merchant's bank accounts) and their rules: the bank name derived from the COMPE code, branch and
 * account normalised to the hyphenated form, one live registration per account, exactly one primary wallet while
 * any exists, no delete while withdrawals are pending.
 */
import type { QueryOf } from '../../../generated/operations';
import type { components } from '../../../generated/schema';
import { isUniqueViolation } from '../../db/errors';
import type { Db } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import { ApiError } from '../../core/errors';
import { parseList } from '../../core/lists';
import { newId } from '../../ids';
import { digitsOnly, isValidDocument } from '../documents';
import { bankName } from './banks';
import * as repo from './repo';
import { NO_RECOVERY, type Recovery } from '../recovery';

type Wallet = components['schemas']['Wallet'];
export type WalletListItem = components['schemas']['WalletListItem'];
export type WalletRecord = Omit<Wallet, 'merchant' | '_links'>;
type CreateWalletRequest = components['schemas']['CreateWalletRequest'];

/** The validated query of both list operations (the `daterange` bounds are typed `unknown`: `anyOf` in the spec). */
export type WalletQuery = QueryOf<'listWallets'> | QueryOf<'listWalletsAll'>;

/** Sortable besides `createdAt`, `updatedAt` and `id` (spec of `GET /v1/wallets`). */
/** `12345` and `1234-5` → `1234-5`; `0912` stays; a lower-case `x` check digit becomes `X`. */
export function normaliseRouting(raw: string): string {
  const s = raw.replace('-', '').toUpperCase();
  return s.length === 4 ? s : `${s.slice(0, 4)}-${s.slice(4)}`;
}

/** `456789` and `45678-9` → `45678-9`: the last character is the check digit (`X` for some banks). */
export function normaliseAccount(raw: string): string {
  const s = raw.replace('-', '').toUpperCase();
  return `${s.slice(0, -1)}-${s.slice(-1)}`;
}

function toRecord(row: repo.WalletRow): WalletRecord {
  return { ...toListItem(row), holderDocument: row.holder_document, accountType: row.account_type };
}

function toListItem(row: repo.WalletRow): WalletListItem {
  return {
    id: row.id,
    name: row.name,
    bankName: row.bank_name,
    bankCode: row.bank_code,
    holderName: row.holder_name,
    routingNumber: row.routing_number,
    accountNumber: row.account_number,
    primary: row.is_primary,
    enabled: row.enabled,
    updatedAt: row.updated_at.toISOString(),
    createdAt: row.created_at.toISOString(),
  };
}

function notFound(id: string): ApiError {
  return new ApiError('walletNotFound', { message: `Wallet ${id} was not found.` });
}

/** The list's parameters (`parseList` refuses an empty date range with 422) and its filter. */
function filterOf(query: WalletQuery, defaultLimit: number): repo.ListFilter {
  return { list: parseList(query, repo.SORTABLE, { resource: 'wallet', defaultLimit }), id: query.id };
}

/** One page of live wallets and the exact number matching the query. */
export async function listWallets(
  db: Db,
  scope: Scope,
  query: WalletQuery,
): Promise<{ items: WalletListItem[]; total: number; limit: number; offset: number }> {
  const filter = filterOf(query, 20);
  const [rows, total] = await Promise.all([repo.listWallets(db, scope, filter), repo.countWallets(db, scope, filter)]);
  return { items: rows.map(toListItem), total, limit: filter.list.limit, offset: filter.list.offset };
}

/** The bare array of `GET /v1/wallets/listall`: the same filters, 1000 items by default and at most. */
export async function listAllWallets(db: Db, scope: Scope, query: WalletQuery): Promise<WalletListItem[]> {
  const filter = filterOf(query, 1000);
  const rows = await repo.listWallets(db, scope, { ...filter, list: { ...filter.list, limit: Math.min(filter.list.limit, 1000) } });
  return rows.map(toListItem);
}

export async function getWallet(db: Db, scope: Scope, id: string): Promise<WalletRecord> {
  const row = await repo.findWallet(db, scope, id);
  if (!row) throw notFound(id);
  return toRecord(row);
}

export async function createWallet(db: Db, scope: Scope, input: CreateWalletRequest, recovery: Recovery = NO_RECOVERY): Promise<WalletRecord> {
  const name = bankName(input.bankCode);
  if (!name) {
    throw new ApiError('unprocessableEntity', {
      resource: 'wallet',
      message: `Bank code ${input.bankCode} names no known bank.`,
      params: [{ bankCode: 'is not a known COMPE bank code' }],
    });
  }
  const doc = { type: input.holderDocument.type, number: digitsOnly(input.holderDocument.number) };
  if (!isValidDocument(doc.type, doc.number)) {
    throw new ApiError('invalidDocument', {
      resource: 'wallet',
      message: `The ${doc.type.toUpperCase()} ${input.holderDocument.number} has invalid check digits.`,
      params: [{ 'holderDocument[number]': `is not a valid ${doc.type.toUpperCase()}` }],
    });
  }
  const account = {
    bankCode: input.bankCode,
    routingNumber: normaliseRouting(input.routingNumber),
    accountNumber: normaliseAccount(input.accountNumber),
  };
  try {
    const row = await db.transaction(async (tx) => {
      await repo.lockScope(tx, scope);
      const hasAny = await repo.hasLiveWallet(tx, scope);
      // The first wallet is primary whatever the request says; a later one takes the mark only when asked.
      const primary = !hasAny || input.primary === true;
      // Milliseconds only, so a `createdAt` read back is an exact `daterange` bound for this row.
      const at = new Date();
      if (primary && hasAny) await repo.clearPrimary(tx, scope, at);
      const id = newId('wall');
      await recovery.mark(tx, { resource: 'wallet', id, status: 201 });
      return repo.insertWallet(tx, scope, {
        id,
        name: input.name,
        bankName: name,
        holderName: input.holderName,
        holderDocument: doc,
        accountType: input.accountType,
        primary,
        at,
        ...account,
      });
    });
    return toRecord(row);
  } catch (err) {
    if (!isUniqueViolation(err, repo.ACCOUNT_CONSTRAINT)) throw err;
    const existing = await repo.findIdByAccount(db, scope, account);
    throw new ApiError('walletAlreadyExists', {
      ...(existing ? { details: `Existing wallet: ${existing}.` } : {}),
    });
  }
}

/** Soft-deletes the wallet; the primary mark moves to the most recently created remaining wallet. */
export async function deleteWallet(db: Db, scope: Scope, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.lockScope(tx, scope);
    const row = await repo.findWallet(tx, scope, id, true);
    if (!row) throw notFound(id);
    const pending = await repo.countPendingWithdrawals(tx, scope, id);
    if (pending > 0) {
      throw new ApiError('walletHasPendingWithdrawals', {
        message: `Wallet ${id} has ${pending} withdrawal${pending === 1 ? '' : 's'} still pending.`,
      });
    }
    const at = new Date();
    await repo.softDelete(tx, scope, id, at);
    if (row.is_primary) await repo.promoteNewest(tx, scope, at);
  });
}
