/** The merchant object of responses and events, read for work that has no key in hand. */
import type { Queryable } from '../../db/types';
import type { components } from '../../../generated/schema';

/** The merchant object of responses and events (the spec's `Merchant`). */
export type Merchant = components['schemas']['Merchant'];

/** The merchant `merchantId`; throws when it does not exist (work in hand always names one that does). */
export async function merchantOf(q: Queryable, merchantId: string): Promise<Merchant> {
  const res = await q.query<{ name: string; is_sub_account: boolean }>('SELECT name, is_sub_account FROM merchants WHERE id = $1', [merchantId]);
  const row = res.rows[0];
  if (!row) throw new Error(`merchant ${merchantId} vanished`);
  return { name: row.name, merchantId, isSubAccount: row.is_sub_account };
}
