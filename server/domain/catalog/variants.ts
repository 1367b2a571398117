/**
 * Variants: create, read, list, replace, disable and enable. A variant belongs to an enabled product when it is
 * written (the product's row is locked meanwhile, so a concurrent disable of the product comes before or after,
 * never in between). Never deleted; subscriptions already running keep the plan they copied when they started.
 */
import type { QueryOf } from '../../../generated/operations';
import type { Db, Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import { parseList } from '../../core/lists';
import { newId } from '../../ids';
import { NO_RECOVERY, type Recovery } from '../recovery';
import { productDisabled, productNotFound, variantNotFound } from './errors';
import { variantValues, type VariantInput } from './input';
import * as repo from './repo';
import { unchanged } from './same';
import { variantRecord, type VariantRecord } from './view';

export type VariantQuery = QueryOf<'listVariants'>;

/** Locks the product the variant is written under; 404 when the merchant has none such, 422 when it is disabled. */
async function lockOpenProduct(tx: Queryable, scope: Scope, productId: string): Promise<void> {
  const product = await repo.findProduct(tx, scope, productId, true);
  if (!product) throw productNotFound(productId);
  if (!product.enabled) throw productDisabled(productId);
}

export async function createVariant(db: Db, scope: Scope, input: VariantInput, recovery: Recovery = NO_RECOVERY): Promise<VariantRecord> {
  const values = variantValues(input);
  const at = new Date();
  const row = await db.transaction(async (tx) => {
    await lockOpenProduct(tx, scope, values.product_id);
    const inserted = await repo.insertVariant(tx, scope, newId('var'), values, at);
    await recovery.mark(tx, { resource: 'variant', id: inserted.id, status: 201 });
    return inserted;
  });
  return variantRecord(row);
}

export async function getVariant(q: Queryable, scope: Scope, id: string): Promise<VariantRecord> {
  const row = await repo.findVariant(q, scope, id);
  if (!row) throw variantNotFound(id);
  return variantRecord(row);
}

export async function listVariants(
  db: Db,
  scope: Scope,
  query: VariantQuery,
): Promise<{ items: VariantRecord[]; total: number; limit: number; offset: number }> {
  const filter: repo.VariantFilter = {
    list: parseList(query, repo.VARIANT_SORTABLE, { resource: 'variant' }),
    productId: query.productId,
    enabled: query.enabled,
    type: query.type,
  };
  const [rows, total] = await Promise.all([repo.listVariants(db, scope, filter), repo.countVariants(db, scope, filter)]);
  return { items: rows.map(variantRecord), total, limit: filter.list.limit, offset: filter.list.offset };
}

/**
 * Full replacement; a body equal to what is stored writes nothing and keeps `updatedAt`. The variant is found before its (new) product is checked, so a missing variant is its 404 even
 * when the body names a product that is missing too.
 */
export async function updateVariant(db: Db, scope: Scope, id: string, input: VariantInput, recovery: Recovery = NO_RECOVERY): Promise<VariantRecord> {
  const values = variantValues(input);
  const row = await db.transaction(async (tx) => {
    const current = await repo.findVariant(tx, scope, id, true);
    if (!current) throw variantNotFound(id);
    // Staying under its product is allowed even when that product is disabled: only a move needs an open product.
    if (current.product_id !== values.product_id) await lockOpenProduct(tx, scope, values.product_id);
    await recovery.mark(tx, { resource: 'variant', id, status: 200 });
    return unchanged<repo.VariantValues>(current, values) ? current : repo.updateVariant(tx, scope, id, values, new Date());
  });
  return variantRecord(row);
}

/** Disables or enables the variant; asking for the state it is already in writes nothing and keeps `updatedAt`. */
export async function setVariantEnabled(
  db: Db,
  scope: Scope,
  id: string,
  enabled: boolean,
  recovery: Recovery = NO_RECOVERY,
): Promise<VariantRecord> {
  const row = await db.transaction(async (tx) => {
    const current = await repo.findVariant(tx, scope, id, true);
    if (!current) throw variantNotFound(id);
    await recovery.mark(tx, { resource: 'variant', id, status: 200 });
    return current.enabled === enabled ? current : repo.setVariantEnabled(tx, scope, id, enabled, new Date());
  });
  return variantRecord(row);
}
