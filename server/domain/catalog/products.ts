/**
 * Products: create, read, list, replace, disable and enable. Never deleted: a disabled product takes its variants
 * off sale (see `sale.ts`), and subscriptions already running keep the plan they copied.
 */
import type { QueryOf } from '../../../generated/operations';
import type { components } from '../../../generated/schema';
import type { Db } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import { parseList } from '../../core/lists';
import { newId } from '../../ids';
import { NO_RECOVERY, type Recovery } from '../recovery';
import { productNotFound } from './errors';
import * as repo from './repo';
import { unchanged } from './same';
import { productRecord, type ProductRecord } from './view';

type ProductInput = components['schemas']['ProductInput'];
export type ProductQuery = QueryOf<'listProducts'>;

function valuesOf(input: ProductInput): repo.ProductValues {
  return { name: input.name, description: input.description ?? '', metadata: input.metadata ?? {} };
}

export async function createProduct(db: Db, scope: Scope, input: ProductInput, recovery: Recovery = NO_RECOVERY): Promise<ProductRecord> {
  const at = new Date();
  const row = await db.transaction(async (tx) => {
    const inserted = await repo.insertProduct(tx, scope, newId('prd'), valuesOf(input), at);
    await recovery.mark(tx, { resource: 'product', id: inserted.id, status: 201 });
    return inserted;
  });
  return productRecord(row);
}

export async function getProduct(db: Db, scope: Scope, id: string): Promise<ProductRecord> {
  const row = await repo.findProduct(db, scope, id);
  if (!row) throw productNotFound(id);
  return productRecord(row);
}

export async function listProducts(
  db: Db,
  scope: Scope,
  query: ProductQuery,
): Promise<{ items: ProductRecord[]; total: number; limit: number; offset: number }> {
  const filter: repo.ProductFilter = { list: parseList(query, repo.PRODUCT_SORTABLE, { resource: 'product' }), enabled: query.enabled };
  const [rows, total] = await Promise.all([repo.listProducts(db, scope, filter), repo.countProducts(db, scope, filter)]);
  return { items: rows.map(productRecord), total, limit: filter.list.limit, offset: filter.list.offset };
}

/** Full replacement of the product's own fields; `enabled` and its variants are not touched. Same values: no write. */
export async function updateProduct(db: Db, scope: Scope, id: string, input: ProductInput, recovery: Recovery = NO_RECOVERY): Promise<ProductRecord> {
  const row = await db.transaction(async (tx) => {
    const current = await repo.findProduct(tx, scope, id, true);
    if (!current) throw productNotFound(id);
    await recovery.mark(tx, { resource: 'product', id, status: 200 });
    const values = valuesOf(input);
    return unchanged<repo.ProductValues>(current, values) ? current : repo.updateProduct(tx, scope, id, values, new Date());
  });
  return productRecord(row);
}

/** Disables or enables the product; asking for the state it is already in writes nothing and keeps `updatedAt`. */
export async function setProductEnabled(
  db: Db,
  scope: Scope,
  id: string,
  enabled: boolean,
  recovery: Recovery = NO_RECOVERY,
): Promise<ProductRecord> {
  const row = await db.transaction(async (tx) => {
    const current = await repo.findProduct(tx, scope, id, true);
    if (!current) throw productNotFound(id);
    await recovery.mark(tx, { resource: 'product', id, status: 200 });
    return current.enabled === enabled ? current : repo.setProductEnabled(tx, scope, id, enabled, new Date());
  });
  return productRecord(row);
}
