/**
 * The append-only ledger of each merchant and mode: the balance is the sum of its entries, never a stored number.
 * Entries are written in the caller's database transaction, with the change that causes them; one entry per type,
 * cause and merchant (`UNIQUE (type, source_id, merchant_id)`: a refund of a split charge debits each liable
 * recipient under the same refund), so a re-run of the work that writes one finds it written.
 */
import type { Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import { newId } from '../../ids';

export type EntryType =
  | 'settlement'
  | 'fee'
  | 'refund'
  | 'chargeback'
  | 'dispute_hold'
  | 'dispute_release'
  | 'withdrawal'
  | 'withdrawal_reversal';
export type SourceKind = 'receivable' | 'refund' | 'dispute' | 'withdrawal';

export interface NewEntry {
  type: EntryType;
  /** Signed cents: credits positive, debits negative. */
  amount: number;
  source: { kind: SourceKind; id: string };
  transactionId?: string | null;
  description: string;
  currency?: string;
}

export interface EntryRow {
  id: string;
  merchant_id: string;
  mode: Scope['mode'];
  currency: string;
  amount: number;
  type: EntryType;
  source_kind: SourceKind;
  source_id: string;
  transaction_id: string | null;
  description: string;
  created_at: Date;
}

const COLUMNS = `id, merchant_id, mode, currency, amount::int AS amount, type, source_kind, source_id, transaction_id,
  description, created_at`;

/**
 * Appends an entry; an entry of the same type, cause and merchant already written is left as it is (returns false).
 * The conflict names no key: the ledger's only unique key besides its id is that one (and a fresh id never clashes).
 */
export async function post(q: Queryable, scope: Scope, entry: NewEntry, at: Date): Promise<boolean> {
  if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) throw new RangeError(`ledger amount must be a non-zero integer: ${entry.amount}`);
  const res = await q.query(
    `INSERT INTO ledger_entries (id, merchant_id, mode, currency, amount, type, source_kind, source_id, transaction_id,
       description, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT DO NOTHING`,
    [
      newId('led'), scope.merchantId, scope.mode, entry.currency ?? 'BRL', entry.amount, entry.type, entry.source.kind,
      entry.source.id, entry.transactionId ?? null, entry.description, at,
    ],
  );
  return res.rowCount === 1;
}

/** The balance of a merchant and mode per currency: the sum of its entries. */
export async function available(q: Queryable, scope: Scope): Promise<Map<string, number>> {
  const res = await q.query<{ currency: string; amount: number }>(
    `SELECT currency, COALESCE(sum(amount), 0)::bigint::text AS amount FROM ledger_entries
      WHERE merchant_id = $1 AND mode = $2 GROUP BY currency`,
    [scope.merchantId, scope.mode],
  );
  return new Map(res.rows.map((r) => [r.currency, Number(r.amount)]));
}

/**
 * Serializes every change of one merchant's balance (a withdrawal checked against what is available) until the
 * caller's database transaction ends: the merchant's row is locked. `NO KEY UPDATE`, not `UPDATE`: two balance locks
 * exclude each other, but not the key-share lock a row referencing the merchant takes (a ledger entry written for it
 * by another charge's settlement), so a settlement never waits on a balance lock nor a balance lock on it.
 */
export async function lockBalance(q: Queryable, scope: Scope): Promise<void> {
  await q.query(`SELECT id FROM merchants WHERE id = $1 FOR NO KEY UPDATE`, [scope.merchantId]);
}

/** The entries of a charge, in order. */
export async function entriesOfTransaction(q: Queryable, transactionId: string): Promise<EntryRow[]> {
  const res = await q.query<EntryRow>(`SELECT ${COLUMNS} FROM ledger_entries WHERE transaction_id = $1 ORDER BY seq`, [transactionId]);
  return res.rows;
}
