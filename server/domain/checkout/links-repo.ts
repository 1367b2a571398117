/**
 * SQL of payment links: the row, the reads every part of checkout shares (by id for the API, by access for pages),
 * and the writes and list of the merchant's API. Every statement but the public read is scoped by merchant and mode.
 */
import { Conditions, countRows, selectPage, type PageQuery } from '../../db/page';
import { listPage, type SortColumns } from '../../db/lists';
import type { Queryable } from '../../db/types';
import type { ListParams } from '../../core/lists';
import type { Mode } from '../access/keys';
import type { Scope } from '../../core/tenancy';

export type LinkMethod = 'pix' | 'credit' | 'billet';

export interface LinkRow {
  id: string;
  merchant_id: string;
  mode: Mode;
  access_id: string;
  name: string;
  description: string;
  enabled: boolean;
  /** Catalogue variants sold, or null for a fixed-amount link. */
  items: { variantId: string; quantity: number }[] | null;
  /** The fixed amount in cents, or null when `items` is set. */
  amount: number | null;
  methods: LinkMethod[];
  max_installments: number;
  available_at: Date | null;
  expires_at: Date | null;
  max_payments: number | null;
  completed_payments: number;
  /** Places held by payments under way (`places.ts`). */
  reserved_payments: number;
  success_url: string | null;
  cancel_url: string | null;
  recurring: boolean;
  template_id: string | null;
  metadata: Record<string, string>;
  created_at: Date;
  updated_at: Date;
}

// bigint amounts read as float8: a JS number, exact for any integer below 2^53 (an `::int` would overflow past 2^31).
export const LINK_COLUMNS = `id, merchant_id, mode, access_id, name, description, enabled, items, amount::float8 AS amount, methods,
  max_installments, available_at, expires_at, max_payments, completed_payments, reserved_payments, success_url, cancel_url, recurring,
  template_id, metadata, created_at, updated_at`;

/** The link as the merchant's key sees it; `forUpdate` locks its row. */
export async function findLink(q: Queryable, scope: Scope, id: string, forUpdate = false): Promise<LinkRow | null> {
  const res = await q.query<LinkRow>(
    `SELECT ${LINK_COLUMNS} FROM payment_links WHERE merchant_id = $1 AND mode = $2 AND id = $3${forUpdate ? ' FOR UPDATE' : ''}`,
    [scope.merchantId, scope.mode, id],
  );
  return res.rows[0] ?? null;
}

/** The link behind a public address (`/c/{accessId}`), whoever asks: the access id is the only secret. */
export async function findLinkByAccess(q: Queryable, accessId: string, forUpdate = false): Promise<LinkRow | null> {
  const res = await q.query<LinkRow>(`SELECT ${LINK_COLUMNS} FROM payment_links WHERE access_id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [accessId]);
  return res.rows[0] ?? null;
}

/** What a creation or a change writes, in column terms (`enabled`, `recurring` and the counters are not among them). */
export type LinkValues = Pick<
  LinkRow,
  | 'name' | 'description' | 'items' | 'amount' | 'methods' | 'max_installments' | 'available_at' | 'expires_at' | 'max_payments'
  | 'success_url' | 'cancel_url' | 'template_id' | 'metadata'
>;

function valueParams(v: LinkValues): unknown[] {
  return [
    v.name, v.description, v.items === null ? null : JSON.stringify(v.items), v.amount, JSON.stringify(v.methods), v.max_installments,
    v.available_at, v.expires_at, v.max_payments, v.success_url, v.cancel_url, v.template_id, JSON.stringify(v.metadata),
  ];
}

export async function insertLink(
  q: Queryable,
  scope: Scope,
  ids: { id: string; accessId: string },
  v: LinkValues,
  recurring: boolean,
  at: Date,
): Promise<LinkRow> {
  const res = await q.query<LinkRow>(
    `INSERT INTO payment_links (id, merchant_id, mode, access_id, name, description, items, amount, methods, max_installments,
       available_at, expires_at, max_payments, success_url, cancel_url, template_id, metadata, recurring, enabled, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9::jsonb, $10, $11, $12, $13, $14, $15, $16, $17::jsonb, $18, true, $19, $19)
     RETURNING ${LINK_COLUMNS}`,
    [ids.id, scope.merchantId, scope.mode, ids.accessId, ...valueParams(v), recurring, at],
  );
  return res.rows[0]!;
}

export async function updateLink(q: Queryable, scope: Scope, id: string, v: LinkValues, at: Date): Promise<LinkRow> {
  const res = await q.query<LinkRow>(
    `UPDATE payment_links SET name = $4, description = $5, items = $6::jsonb, amount = $7, methods = $8::jsonb,
       max_installments = $9, available_at = $10, expires_at = $11, max_payments = $12, success_url = $13, cancel_url = $14,
       template_id = $15, metadata = $16::jsonb, updated_at = $17
     WHERE merchant_id = $2 AND mode = $3 AND id = $1 RETURNING ${LINK_COLUMNS}`,
    [id, scope.merchantId, scope.mode, ...valueParams(v), at],
  );
  return res.rows[0]!;
}

export async function setLinkEnabled(q: Queryable, scope: Scope, id: string, enabled: boolean, at: Date): Promise<LinkRow> {
  const res = await q.query<LinkRow>(
    `UPDATE payment_links SET enabled = $4, updated_at = $5 WHERE merchant_id = $2 AND mode = $3 AND id = $1 RETURNING ${LINK_COLUMNS}`,
    [id, scope.merchantId, scope.mode, enabled, at],
  );
  return res.rows[0]!;
}

/** The fields a link list sorts on besides `createdAt`, `updatedAt` and `id`. */
export const LINK_SORTABLE = ['name', 'availableAt', 'expiresAt'] as const;
// A window's open side sorts as what it means: no `availableAt` is "since creation", no `expiresAt` "never".
const LINK_SORT: SortColumns<(typeof LINK_SORTABLE)[number]> = {
  name: 'name',
  availableAt: 'COALESCE(available_at, created_at)',
  expiresAt: "COALESCE(expires_at, 'infinity'::timestamptz)",
};

export interface LinkFilter {
  list: ListParams<(typeof LINK_SORTABLE)[number]>;
  enabled?: boolean;
  templateId?: string;
}

function linkPage(scope: Scope, f: LinkFilter): PageQuery {
  const c = new Conditions([scope.merchantId, scope.mode], ['merchant_id = $1', 'mode = $2'])
    .add(f.enabled, (p) => `enabled = ${p}`)
    .add(f.templateId, (p) => `template_id = ${p}`);
  return listPage({ from: 'payment_links', columns: LINK_COLUMNS }, c, f.list, LINK_SORT);
}

export const listLinks = (q: Queryable, scope: Scope, f: LinkFilter) => selectPage<LinkRow>(q, linkPage(scope, f));
export const countLinks = (q: Queryable, scope: Scope, f: LinkFilter) => countRows(q, linkPage(scope, f));
