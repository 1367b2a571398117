/** SQL of the catalogue (products and variants). Every statement is scoped by merchant and mode. */
import { Conditions, countRows, selectPage, type PageQuery } from '../../db/page';
import type { Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import type { ListParams } from '../../core/lists';
import { listPage, type SortColumns } from '../../db/lists';
import type { BillingFrequency, BillingType, PriceType, TrialInterval } from './pricing';

export interface ProductRow {
  id: string;
  name: string;
  description: string;
  enabled: boolean;
  metadata: Record<string, string>;
  created_at: Date;
  updated_at: Date;
}

export interface ProductValues {
  name: string;
  description: string;
  metadata: Record<string, string>;
}

export interface VariantRow {
  id: string;
  product_id: string;
  /** The product's own flag: a variant of a disabled product is not sold either. */
  product_enabled: boolean;
  name: string;
  description: string;
  sku: string;
  enabled: boolean;
  images: string[];
  metadata: Record<string, string>;
  external_reference: string;
  attributes: Record<string, string> | null;
  price_type: PriceType;
  unit_price: number;
  old_price: number | null;
  cost_per_item: number | null;
  currency: 'BRL';
  billing_type: BillingType | null;
  billing_frequency: BillingFrequency | null;
  billing_frequency_count: number | null;
  billing_exact_day: number | null;
  cycles: number | null;
  trial_interval: TrialInterval | null;
  trial_interval_count: number;
  created_at: Date;
  updated_at: Date;
}

/** What a create or a replacement writes, in column terms. */
export type VariantValues = Omit<VariantRow, 'id' | 'product_enabled' | 'enabled' | 'currency' | 'created_at' | 'updated_at'>;

const PRODUCT_COLUMNS = 'id, name, description, enabled, metadata, created_at, updated_at';

// Money columns are bigint: read as float8 so both drivers give numbers (exact up to 2^53 cents).
const variantColumns = (productEnabled: string) => `v.id, v.product_id, ${productEnabled} AS product_enabled, v.name, v.description, v.sku, v.enabled,
  v.images, v.metadata, v.external_reference, v.attributes, v.price_type, v.unit_price::float8 AS unit_price,
  v.old_price::float8 AS old_price, v.cost_per_item::float8 AS cost_per_item, v.currency, v.billing_type,
  v.billing_frequency, v.billing_frequency_count, v.billing_exact_day, v.cycles, v.trial_interval,
  v.trial_interval_count, v.created_at, v.updated_at`;
const VARIANT_COLUMNS = variantColumns('p.enabled');
const VARIANT_FROM = 'variants v JOIN products p ON p.id = v.product_id';
// Lists order and window on unqualified column names (db/lists.ts): a derived table keeps them unambiguous.
const VARIANT_LIST_FROM = `(SELECT v.*, p.enabled AS product_enabled FROM ${VARIANT_FROM}) v`;

export async function insertProduct(q: Queryable, scope: Scope, id: string, v: ProductValues, at: Date): Promise<ProductRow> {
  const res = await q.query<ProductRow>(
    `INSERT INTO products (id, merchant_id, mode, name, description, enabled, metadata, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, true, $6::jsonb, $7, $7) RETURNING ${PRODUCT_COLUMNS}`,
    [id, scope.merchantId, scope.mode, v.name, v.description, JSON.stringify(v.metadata), at],
  );
  return res.rows[0]!;
}

export async function findProduct(q: Queryable, scope: Scope, id: string, forUpdate = false): Promise<ProductRow | null> {
  const res = await q.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM products WHERE merchant_id = $1 AND mode = $2 AND id = $3${forUpdate ? ' FOR UPDATE' : ''}`,
    [scope.merchantId, scope.mode, id],
  );
  return res.rows[0] ?? null;
}

export async function updateProduct(q: Queryable, scope: Scope, id: string, v: ProductValues, at: Date): Promise<ProductRow> {
  const res = await q.query<ProductRow>(
    `UPDATE products SET name = $4, description = $5, metadata = $6::jsonb, updated_at = $7
      WHERE merchant_id = $2 AND mode = $3 AND id = $1 RETURNING ${PRODUCT_COLUMNS}`,
    [id, scope.merchantId, scope.mode, v.name, v.description, JSON.stringify(v.metadata), at],
  );
  return res.rows[0]!;
}

export async function setProductEnabled(q: Queryable, scope: Scope, id: string, enabled: boolean, at: Date): Promise<ProductRow> {
  const res = await q.query<ProductRow>(
    `UPDATE products SET enabled = $4, updated_at = $5 WHERE merchant_id = $2 AND mode = $3 AND id = $1 RETURNING ${PRODUCT_COLUMNS}`,
    [id, scope.merchantId, scope.mode, enabled, at],
  );
  return res.rows[0]!;
}

function variantParams(v: VariantValues): unknown[] {
  return [
    v.product_id, v.name, v.description, v.sku, JSON.stringify(v.images), JSON.stringify(v.metadata), v.external_reference,
    v.attributes === null ? null : JSON.stringify(v.attributes), v.price_type, v.unit_price, v.old_price, v.cost_per_item,
    v.billing_type, v.billing_frequency, v.billing_frequency_count, v.billing_exact_day, v.cycles, v.trial_interval,
    v.trial_interval_count,
  ];
}

/** `written` (an INSERT or UPDATE … RETURNING *) read back with its product's flag, in the same statement. */
async function writeVariant(q: Queryable, written: string, params: unknown[]): Promise<VariantRow> {
  const res = await q.query<VariantRow>(`WITH v AS (${written}) SELECT ${VARIANT_COLUMNS} FROM v JOIN products p ON p.id = v.product_id`, params);
  return res.rows[0]!;
}

export async function insertVariant(q: Queryable, scope: Scope, id: string, v: VariantValues, at: Date): Promise<VariantRow> {
  return writeVariant(
    q,
    `INSERT INTO variants (id, merchant_id, mode, product_id, name, description, sku, images, metadata, external_reference,
       attributes, price_type, unit_price, old_price, cost_per_item, billing_type, billing_frequency,
       billing_frequency_count, billing_exact_day, cycles, trial_interval, trial_interval_count, enabled, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10, $11::jsonb, $12, $13, $14, $15, $16, $17, $18, $19, $20,
       $21, $22, true, $23, $23) RETURNING *`,
    [id, scope.merchantId, scope.mode, ...variantParams(v), at],
  );
}

export async function updateVariant(q: Queryable, scope: Scope, id: string, v: VariantValues, at: Date): Promise<VariantRow> {
  return writeVariant(
    q,
    `UPDATE variants SET product_id = $4, name = $5, description = $6, sku = $7, images = $8::jsonb, metadata = $9::jsonb,
       external_reference = $10, attributes = $11::jsonb, price_type = $12, unit_price = $13, old_price = $14,
       cost_per_item = $15, billing_type = $16, billing_frequency = $17, billing_frequency_count = $18,
       billing_exact_day = $19, cycles = $20, trial_interval = $21, trial_interval_count = $22, updated_at = $23
     WHERE merchant_id = $2 AND mode = $3 AND id = $1 RETURNING *`,
    [id, scope.merchantId, scope.mode, ...variantParams(v), at],
  );
}

export async function setVariantEnabled(q: Queryable, scope: Scope, id: string, enabled: boolean, at: Date): Promise<VariantRow> {
  return writeVariant(q, 'UPDATE variants SET enabled = $4, updated_at = $5 WHERE merchant_id = $2 AND mode = $3 AND id = $1 RETURNING *', [
    id, scope.merchantId, scope.mode, enabled, at,
  ]);
}

/** The variant with its product's flag; `forUpdate` locks the variant's row until the transaction ends. */
export async function findVariant(q: Queryable, scope: Scope, id: string, forUpdate = false): Promise<VariantRow | null> {
  const res = await q.query<VariantRow>(
    `SELECT ${VARIANT_COLUMNS} FROM ${VARIANT_FROM} WHERE v.merchant_id = $1 AND v.mode = $2 AND v.id = $3${forUpdate ? ' FOR UPDATE OF v' : ''}`,
    [scope.merchantId, scope.mode, id],
  );
  return res.rows[0] ?? null;
}

/** The variants among `ids` this merchant and mode can see (one round trip for a transaction's items). */
export async function findVariants(q: Queryable, scope: Scope, ids: readonly string[]): Promise<VariantRow[]> {
  if (ids.length === 0) return [];
  const res = await q.query<VariantRow>(
    `SELECT ${VARIANT_COLUMNS} FROM ${VARIANT_FROM} WHERE v.merchant_id = $1 AND v.mode = $2 AND v.id = ANY($3::text[])`,
    [scope.merchantId, scope.mode, ids],
  );
  return res.rows;
}

/** The fields a product list sorts on besides `createdAt`, `updatedAt` and `id`. */
export const PRODUCT_SORTABLE = ['name'] as const;
const PRODUCT_SORT: SortColumns<(typeof PRODUCT_SORTABLE)[number]> = { name: 'name' };

export interface ProductFilter {
  list: ListParams<(typeof PRODUCT_SORTABLE)[number]>;
  enabled?: boolean;
}

function productPage(scope: Scope, f: ProductFilter): PageQuery {
  const c = new Conditions([scope.merchantId, scope.mode], ['merchant_id = $1', 'mode = $2']).add(f.enabled, (p) => `enabled = ${p}`);
  return listPage({ from: 'products', columns: PRODUCT_COLUMNS }, c, f.list, PRODUCT_SORT);
}

export const listProducts = (q: Queryable, scope: Scope, f: ProductFilter) => selectPage<ProductRow>(q, productPage(scope, f));
export const countProducts = (q: Queryable, scope: Scope, f: ProductFilter) => countRows(q, productPage(scope, f));

/** The fields a variant list sorts on besides `createdAt`, `updatedAt` and `id`. */
export const VARIANT_SORTABLE = ['name', 'unitPrice'] as const;
const VARIANT_SORT: SortColumns<(typeof VARIANT_SORTABLE)[number]> = { name: 'name', unitPrice: 'unit_price' };

export interface VariantFilter {
  list: ListParams<(typeof VARIANT_SORTABLE)[number]>;
  productId?: string;
  enabled?: boolean;
  type?: PriceType;
}

function variantPage(scope: Scope, f: VariantFilter): PageQuery {
  const c = new Conditions([scope.merchantId, scope.mode], ['merchant_id = $1', 'mode = $2'])
    .add(f.productId, (p) => `product_id = ${p}`)
    .add(f.enabled, (p) => `enabled = ${p}`)
    .add(f.type, (p) => `price_type = ${p}`);
  return listPage({ from: VARIANT_LIST_FROM, columns: variantColumns('v.product_enabled') }, c, f.list, VARIANT_SORT);
}

export const listVariants = (q: Queryable, scope: Scope, f: VariantFilter) => selectPage<VariantRow>(q, variantPage(scope, f));
export const countVariants = (q: Queryable, scope: Scope, f: VariantFilter) => countRows(q, variantPage(scope, f));
