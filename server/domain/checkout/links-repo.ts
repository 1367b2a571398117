/** SQL of payment links: the row, and the reads every part of checkout shares (by id for the API, by access for pages). */
import type { Queryable } from '../../db/types';
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
  success_url: string | null;
  cancel_url: string | null;
  recurring: boolean;
  template_id: string | null;
  metadata: Record<string, string>;
  created_at: Date;
  updated_at: Date;
}

export const LINK_COLUMNS = `id, merchant_id, mode, access_id, name, description, enabled, items, amount::int AS amount, methods,
  max_installments, available_at, expires_at, max_payments, completed_payments, success_url, cancel_url, recurring,
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
