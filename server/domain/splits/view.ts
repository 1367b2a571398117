/** Splits as the API shows them inside a collection or a subscription (no `merchant`, no `_links`). */
import type { components } from '../../../generated/schema';
import type { Queryable } from '../../db/types';
import { listSplits, type SplitRow } from './repo';
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

/** The splits of a subscription as its `splits` field shows them, oldest first. */
export async function splitItemsOf(q: Queryable, subscriptionId: string): Promise<Omit<SubscriptionSplit, 'merchant' | '_links'>[]> {
  return (await listSplits(q, subscriptionId)).map(splitItem);
}
