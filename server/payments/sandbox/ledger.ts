/**
 * The sandbox provider's memory of what it did, by idempotency key. The first answer to a key is kept and every
 * later call with that key gets it back: of two workers racing on one key, the insert decides which answer stands.
 */
import type { Queryable } from '../../db/types';

export interface LedgerEntry<R> {
  provider: string;
  operation: 'authorize' | 'capture' | 'cancel' | 'refund' | 'payout';
  transactionId: string;
  amount: number;
  result: R;
}

export async function recall<R>(q: Queryable, key: string): Promise<LedgerEntry<R> | null> {
  const res = await q.query<{ provider: string; operation: LedgerEntry<R>['operation']; transaction_id: string; amount: number; result: R }>(
    'SELECT provider, operation, transaction_id, amount, result FROM sandbox_operations WHERE idempotency_key = $1',
    [key],
  );
  const row = res.rows[0];
  return row ? { provider: row.provider, operation: row.operation, transactionId: row.transaction_id, amount: Number(row.amount), result: row.result } : null;
}

/** Records `entry` under `key` unless an answer is already there; returns the answer that stands. */
export async function remember<R>(q: Queryable, key: string, entry: LedgerEntry<R>): Promise<R> {
  const res = await q.query<{ result: R }>(
    `INSERT INTO sandbox_operations (idempotency_key, provider, operation, transaction_id, amount, result)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb) ON CONFLICT (idempotency_key) DO NOTHING RETURNING result`,
    [key, entry.provider, entry.operation, entry.transactionId, entry.amount, JSON.stringify(entry.result)],
  );
  if (res.rows[0]) return res.rows[0].result;
  const existing = await recall<R>(q, key);
  if (!existing) throw new Error(`sandbox ledger: ${key} vanished`);
  return existing.result;
}

/** Updates the stored answer of a key (a pending refund that the sandbox bank has now confirmed). */
export async function amend<R>(q: Queryable, key: string, result: R): Promise<void> {
  await q.query('UPDATE sandbox_operations SET result = $2::jsonb WHERE idempotency_key = $1', [key, JSON.stringify(result)]);
}
