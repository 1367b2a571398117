/**
 * Sub-accounts: merchants under a parent merchant (`isSubAccount: true`). They receive the split shares of their
 * parent's charges into a ledger and balance of their own, and have their own keys (an owner key per mode) to read
 * that balance and withdraw from it. One level only: a sub-account has no sub-accounts of its own.
 */
import type { Db, Queryable } from '../../db/types';
import { createKey, KeyError, type CreatedMerchant } from './keys';
import { newId } from '../../ids';

export interface SubAccount {
  merchantId: string;
  name: string;
  parentId: string;
  createdAt: string;
}

/** A sub-account of `parentId` with an owner key per mode; refused (KeyError) for an unknown parent or a sub-account parent. */
export async function createSubAccount(db: Db, parentId: string, name: string): Promise<CreatedMerchant & { parentId: string }> {
  return db.transaction(async (q) => {
    const parent = await q.query<{ parent_id: string | null }>('SELECT parent_id FROM merchants WHERE id = $1 FOR UPDATE', [parentId]);
    const row = parent.rows[0];
    if (!row) throw new KeyError(`no merchant ${parentId}`, 'notFound');
    if (row.parent_id !== null) throw new KeyError(`${parentId} is itself a sub-account (of ${row.parent_id}); sub-accounts have no sub-accounts`, 'invalid');
    const merchantId = newId('bus');
    await q.query('INSERT INTO merchants (id, name, is_sub_account, parent_id) VALUES ($1, $2, true, $3)', [merchantId, name, parentId]);
    const sandbox = await createKey(q, { merchantId, mode: 'sandbox', role: 'owner' });
    const production = await createKey(q, { merchantId, mode: 'production', role: 'owner' });
    return {
      merchantId,
      parentId,
      sandboxKey: sandbox.key,
      sandboxKeyId: sandbox.keyId,
      productionKey: production.key,
      productionKeyId: production.keyId,
    };
  });
}

/** The sub-accounts of one parent, or of every parent, oldest first. */
export async function listSubAccounts(q: Queryable, parentId?: string): Promise<SubAccount[]> {
  const res = await q.query<{ id: string; name: string; parent_id: string; created_at: Date }>(
    `SELECT id, name, parent_id, created_at FROM merchants
      WHERE parent_id IS NOT NULL AND ($1::text IS NULL OR parent_id = $1) ORDER BY created_at, id`,
    [parentId ?? null],
  );
  return res.rows.map((r) => ({ merchantId: r.id, name: r.name, parentId: r.parent_id, createdAt: r.created_at.toISOString() }));
}
