/**
 * What a transaction may sell: an item naming a `variantId` must name a variant of the merchant in the key's mode
 * that is enabled, as is its product. The item keeps its own `name` and `unitPrice` (the merchant may discount).
 */
import type { Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import { ApiError } from '../../core/errors';
import { variantDisabled } from './errors';
import { findVariants } from './repo';

/**
 * Checks the variants the items name, in one query. An id that names no variant of this merchant and mode is
 * `422 unprocessableEntity` (as an unknown `customerId` is): `variantNotFound` is always a 404, and a 404 says the
 * path's resource is missing, while here the path exists and the body names something it cannot sell.
 */
export async function checkItemVariants(q: Queryable, scope: Scope, items: readonly { variantId?: string }[] | undefined): Promise<void> {
  const named = (items ?? []).map((item, i) => ({ id: item.variantId, i })).filter((x): x is { id: string; i: number } => x.id !== undefined);
  if (named.length === 0) return;
  const rows = new Map((await findVariants(q, scope, [...new Set(named.map((x) => x.id))])).map((r) => [r.id, r]));
  for (const { id, i } of named) {
    const row = rows.get(id);
    const param = `items[${i}][variantId]`;
    if (!row) {
      throw new ApiError('unprocessableEntity', {
        resource: 'transaction',
        message: `Variant ${id} was not found.`,
        params: [{ [param]: 'names no variant of this merchant and mode' }],
      });
    }
    if (!row.enabled || !row.product_enabled) throw variantDisabled(id, row.enabled, param);
  }
}
