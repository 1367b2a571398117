/** Splits as the API shows them inside a collection or a subscription (no `merchant`, no `_links`). */
import type { components } from '../../../generated/schema';
import type { Queryable } from '../../db/types';
import { listSplitsOf, type SplitRow } from './repo';
import { apiValue } from './values';

type SubscriptionSplit = components['schemas']['SubscriptionSplit'];

export function splitItem(s: SplitRow): Omit<SubscriptionSplit, 'merchant' | '_links'> {
  return {
    id: s.splitId,
    recipient: s.recipient,
    type: s.type,
    value: apiValue(s),
    chargeProcessingFee: s.chargeProcessingFee,
    liable: s.liable,
    updatedAt: s.updatedAt.toISOString(),
    createdAt: s.createdAt.toISOString(),
  };
}

/** The splits of each of the subscriptions `ids` as their `splits` field shows them, oldest first, in one query. */
export async function splitItemsOf(q: Queryable, ids: readonly string[]): Promise<Map<string, Omit<SubscriptionSplit, 'merchant' | '_links'>[]>> {
  const rows = await listSplitsOf(q, ids);
  return new Map([...rows].map(([id, splits]) => [id, splits.map(splitItem)]));
}
