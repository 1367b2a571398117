/** SQL of webhook endpoints. API reads are scoped by merchant and mode; deleted endpoints are invisible to them. */
import { Conditions, countRows, selectPage, type PageQuery } from '../db/page';
import type { Queryable } from '../db/types';
import type { Scope } from '../core/tenancy';
import type { ListParams } from '../core/lists';
import { listPage, type SortColumns } from '../db/lists';
import type { EventType } from './events-repo';

export type AuthType = 'basic' | 'bearer' | 'raw';

export interface EndpointRow {
  id: string;
  merchant_id: string;
  mode: Scope['mode'];
  name: string;
  url: string;
  events: EventType[];
  enabled: boolean;
  force_active: boolean;
  secret_sealed: string;
  auth_type: AuthType | null;
  auth_sealed: string | null;
  auth_hint: string | null;
  shots_qty: number;
  failed_shots_qty: number;
  last_delivery_at: Date | null;
  failing_since: Date | null;
  disabled_reason: 'manual' | 'failing' | null;
  metadata: Record<string, string>;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

const COLUMNS = `id, merchant_id, mode, name, url, events, enabled, force_active, secret_sealed, auth_type, auth_sealed,
  auth_hint, shots_qty, failed_shots_qty, last_delivery_at, failing_since, disabled_reason, metadata, created_at,
  updated_at, deleted_at`;

/** The unique index that keeps one live endpoint per URL per merchant and mode. */
export const URL_CONSTRAINT = 'webhook_endpoints_url';

export interface EndpointValues {
  name: string;
  url: string;
  events: EventType[];
  enabled: boolean;
  forceActive: boolean;
  auth: { type: AuthType; sealed: string; hint: string } | null;
  metadata: Record<string, string>;
}

export async function insertEndpoint(q: Queryable, scope: Scope, id: string, v: EndpointValues, secretSealed: string, at: Date): Promise<EndpointRow> {
  const res = await q.query<EndpointRow>(
    `INSERT INTO webhook_endpoints (id, merchant_id, mode, name, url, events, enabled, force_active, secret_sealed,
       auth_type, auth_sealed, auth_hint, disabled_reason, metadata, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, CASE WHEN $7 THEN NULL ELSE 'manual' END,
       $13::jsonb, $14, $14)
     RETURNING ${COLUMNS}`,
    [
      id, scope.merchantId, scope.mode, v.name, v.url, JSON.stringify(v.events), v.enabled, v.forceActive, secretSealed,
      v.auth?.type ?? null, v.auth?.sealed ?? null, v.auth?.hint ?? null, JSON.stringify(v.metadata), at,
    ],
  );
  return res.rows[0]!;
}

/** Replaces the writable fields. Switching on clears the failure state; switching off marks it `manual`. */
export async function replaceEndpoint(q: Queryable, id: string, v: EndpointValues, at: Date): Promise<EndpointRow> {
  const res = await q.query<EndpointRow>(
    `UPDATE webhook_endpoints SET name = $2, url = $3, events = $4::jsonb, force_active = $6,
       auth_type = $7, auth_sealed = $8, auth_hint = $9, metadata = $10::jsonb, updated_at = $11,
       failing_since = CASE WHEN $5 AND NOT enabled THEN NULL ELSE failing_since END,
       disabled_reason = CASE WHEN $5 THEN NULL WHEN enabled THEN 'manual' ELSE disabled_reason END,
       enabled = $5
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, v.name, v.url, JSON.stringify(v.events), v.enabled, v.forceActive, v.auth?.type ?? null, v.auth?.sealed ?? null, v.auth?.hint ?? null, JSON.stringify(v.metadata), at],
  );
  return res.rows[0]!;
}

export async function findEndpoint(q: Queryable, scope: Scope, id: string, forUpdate = false): Promise<EndpointRow | null> {
  const res = await q.query<EndpointRow>(
    `SELECT ${COLUMNS} FROM webhook_endpoints WHERE merchant_id = $1 AND mode = $2 AND id = $3 AND deleted_at IS NULL${forUpdate ? ' FOR UPDATE' : ''}`,
    [scope.merchantId, scope.mode, id],
  );
  return res.rows[0] ?? null;
}

/** The live, enabled endpoints of a merchant and mode subscribed to `type`. */
export async function subscribers(q: Queryable, scope: Scope, type: EventType): Promise<EndpointRow[]> {
  const res = await q.query<EndpointRow>(
    `SELECT ${COLUMNS} FROM webhook_endpoints
      WHERE merchant_id = $1 AND mode = $2 AND deleted_at IS NULL AND enabled AND events ? $3
      ORDER BY created_at, id`,
    [scope.merchantId, scope.mode, type],
  );
  return res.rows;
}

export async function softDeleteEndpoint(q: Queryable, id: string, at: Date): Promise<void> {
  await q.query('UPDATE webhook_endpoints SET deleted_at = $2, updated_at = $2, enabled = false WHERE id = $1', [id, at]);
}

export async function disableForFailing(q: Queryable, id: string, at: Date): Promise<void> {
  await q.query(`UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'failing', updated_at = $2 WHERE id = $1`, [id, at]);
}

/** The fields an endpoint list sorts on besides `createdAt`, `updatedAt` and `id`. */
export const SORTABLE = ['name', 'lastDeliveryAt'] as const;
const SORT_COLUMNS: SortColumns<(typeof SORTABLE)[number]> = { name: 'name', lastDeliveryAt: 'last_delivery_at' };

/** The seed's filters of the endpoint list, on top of its paging, order and creation window. */
export interface ListFilter {
  list: ListParams<(typeof SORTABLE)[number]>;
  name?: string;
  url?: string;
  status?: 'enabled' | 'disabled';
}

function pageQuery(scope: Scope, f: ListFilter): PageQuery {
  const c = new Conditions([scope.merchantId, scope.mode], ['merchant_id = $1', 'mode = $2', 'deleted_at IS NULL'])
    // strpos on lower case, not ILIKE: a `%` or `_` typed by the user is plain text.
    .add(f.name?.toLowerCase(), (p) => `strpos(lower(name), ${p}) > 0`)
    .add(f.url?.toLowerCase(), (p) => `strpos(lower(url), ${p}) > 0`)
    .add(f.status === undefined ? undefined : f.status === 'enabled', (p) => `enabled = ${p}`);
  return listPage({ from: 'webhook_endpoints', columns: COLUMNS }, c, f.list, SORT_COLUMNS);
}

export function listEndpoints(q: Queryable, scope: Scope, f: ListFilter): Promise<EndpointRow[]> {
  return selectPage<EndpointRow>(q, pageQuery(scope, f));
}

export function countEndpoints(q: Queryable, scope: Scope, f: ListFilter): Promise<number> {
  return countRows(q, pageQuery(scope, f));
}
