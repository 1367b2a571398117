/** SQL of addresses. Every statement is scoped by merchant and mode; deleted addresses (`deleted_at`) are invisible. */
import type { Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';

export interface AddressRow {
  id: string;
  owner_type: 'customer';
  owner_id: string;
  street: string;
  number: string;
  complement: string;
  district: string;
  city: string;
  state: string;
  country: string;
  postcode: string;
  latitude: number | null;
  longitude: number | null;
  is_primary: boolean;
  metadata: Record<string, string> | null;
  created_at: Date;
  updated_at: Date;
}

/** Every writable value of an address, as stored (the owner is set once, on insert). */
export interface AddressValues {
  street: string;
  number: string;
  complement: string;
  district: string;
  city: string;
  state: string;
  country: string;
  postcode: string;
  latitude: number | null;
  longitude: number | null;
  primary: boolean;
  metadata: Record<string, string> | null;
}

const COLUMNS = `id, owner_type, owner_id, street, number, complement, district, city, state, country, postcode,
  latitude, longitude, is_primary, metadata, created_at, updated_at`;

/** The parameters $4…$15 of an insert or an update. */
function writable(v: AddressValues): unknown[] {
  return [
    v.street, v.number, v.complement, v.district, v.city, v.state, v.country, v.postcode, v.latitude, v.longitude,
    v.primary, v.metadata === null ? null : JSON.stringify(v.metadata),
  ];
}

export async function insertAddress(
  q: Queryable,
  scope: Scope,
  a: { id: string; ownerId: string; values: AddressValues; at: Date },
): Promise<AddressRow> {
  const res = await q.query<AddressRow>(
    `INSERT INTO addresses (id, merchant_id, mode, street, number, complement, district, city, state, country,
       postcode, latitude, longitude, is_primary, metadata, owner_type, owner_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb, 'customer', $16, $17, $17)
     RETURNING ${COLUMNS}`,
    [a.id, scope.merchantId, scope.mode, ...writable(a.values), a.ownerId, a.at],
  );
  return res.rows[0]!;
}

export async function updateAddress(q: Queryable, scope: Scope, id: string, v: AddressValues, at: Date): Promise<AddressRow> {
  const res = await q.query<AddressRow>(
    `UPDATE addresses SET street = $4, number = $5, complement = $6, district = $7, city = $8, state = $9,
       country = $10, postcode = $11, latitude = $12, longitude = $13, is_primary = $14, metadata = $15::jsonb,
       updated_at = $16
     WHERE merchant_id = $2 AND mode = $3 AND id = $1 AND deleted_at IS NULL
     RETURNING ${COLUMNS}`,
    [id, scope.merchantId, scope.mode, ...writable(v), at],
  );
  return res.rows[0]!;
}

/** A live address; `forUpdate` locks its row until the transaction ends. */
export async function findAddress(q: Queryable, scope: Scope, id: string, forUpdate = false): Promise<AddressRow | null> {
  const res = await q.query<AddressRow>(
    `SELECT ${COLUMNS} FROM addresses
      WHERE merchant_id = $1 AND mode = $2 AND id = $3 AND deleted_at IS NULL${forUpdate ? ' FOR UPDATE' : ''}`,
    [scope.merchantId, scope.mode, id],
  );
  return res.rows[0] ?? null;
}

/** The owner's live primary address, if it has one. */
export async function findPrimary(q: Queryable, scope: Scope, ownerId: string): Promise<AddressRow | null> {
  const res = await q.query<AddressRow>(
    `SELECT ${COLUMNS} FROM addresses
      WHERE merchant_id = $1 AND mode = $2 AND owner_id = $3 AND is_primary AND deleted_at IS NULL`,
    [scope.merchantId, scope.mode, ownerId],
  );
  return res.rows[0] ?? null;
}

/** Takes the primary mark from the owner's other live addresses (their `updatedAt` moves: they changed). */
export async function clearPrimary(q: Queryable, scope: Scope, ownerId: string, exceptId: string, at: Date): Promise<void> {
  await q.query(
    `UPDATE addresses SET is_primary = false, updated_at = $5
      WHERE merchant_id = $1 AND mode = $2 AND owner_id = $3 AND id <> $4 AND is_primary AND deleted_at IS NULL`,
    [scope.merchantId, scope.mode, ownerId, exceptId, at],
  );
}

/** Soft delete: the row leaves every read and the primary index. Returns the owner, or null when nothing was live. */
export async function softDelete(q: Queryable, scope: Scope, id: string, at: Date): Promise<string | null> {
  const res = await q.query<{ owner_id: string }>(
    `UPDATE addresses SET deleted_at = $4, updated_at = $4, is_primary = false
      WHERE merchant_id = $1 AND mode = $2 AND id = $3 AND deleted_at IS NULL
      RETURNING owner_id`,
    [scope.merchantId, scope.mode, id, at],
  );
  return res.rows[0]?.owner_id ?? null;
}
