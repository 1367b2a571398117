/**
 * Addresses of customers: the owner must be a customer of the merchant in this mode, a `BR` address has a CEP and
 * one of the 27 UFs, the display lines are composed here, and a customer has at most one primary address (the mark
 * moves inside one transaction that holds the customer's row lock). Deleting never promotes another address.
 */
import type { components } from '../../../generated/schema';
import type { Db, Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import { ApiError } from '../../core/errors';
import { newId } from '../../ids';
import { customerExists, customerNotFound } from '../customers/service';
import { displayLines, isUf, normalisePostcode } from './postal';
import * as repo from './repo';
import { NO_RECOVERY, type Recovery } from '../recovery';

type Address = components['schemas']['Address'];
export type AddressRecord = Omit<Address, 'merchant' | '_links'>;
type CreateAddressRequest = components['schemas']['CreateAddressRequest'];
type UpdateAddressRequest = components['schemas']['UpdateAddressRequest'];

function toRecord(row: repo.AddressRow): AddressRecord {
  return {
    id: row.id,
    ownerType: row.owner_type,
    ownerId: row.owner_id,
    street: row.street,
    number: row.number,
    complement: row.complement,
    district: row.district,
    city: row.city,
    state: row.state,
    country: row.country,
    postcode: row.postcode,
    latitude: row.latitude,
    longitude: row.longitude,
    primary: row.is_primary,
    ...displayLines(row),
    metadata: row.metadata,
    updatedAt: row.updated_at.toISOString(),
    createdAt: row.created_at.toISOString(),
  };
}

function valuesOf(row: repo.AddressRow): repo.AddressValues {
  const { street, number, complement, district, city, state, country, postcode, latitude, longitude, metadata } = row;
  return { street, number, complement, district, city, state, country, postcode, latitude, longitude, metadata, primary: row.is_primary };
}

function addressNotFound(id: string): ApiError {
  return new ApiError('addressNotFound', { message: `Address ${id} was not found.` });
}

type PostalInput = Omit<UpdateAddressRequest, 'country' | 'complement' | 'primary'> & {
  country?: string;
  complement?: string;
};

/**
 * The stored values of a create or a replacement (without `primary`, whose default differs between the two).
 * Throws 400 for a CEP of another shape or coordinates sent alone, 422 for a state that is no UF.
 */
export function normalise(input: PostalInput): Omit<repo.AddressValues, 'primary'> {
  const country = (input.country ?? 'BR').toUpperCase();
  const state = input.state.toUpperCase();
  const postcode = normalisePostcode(country, input.postcode);
  if (postcode === null) {
    throw new ApiError('invalidParameters', {
      resource: 'address',
      message: `${input.postcode} is not a CEP.`,
      params: [{ postcode: 'must be a CEP of 8 digits, with or without the hyphen (01310200 or 01310-200)' }],
    });
  }
  const latitude = input.latitude ?? null;
  const longitude = input.longitude ?? null;
  if ((latitude === null) !== (longitude === null)) {
    const missing = latitude === null ? 'latitude' : 'longitude';
    throw new ApiError('invalidParameters', {
      resource: 'address',
      message: 'latitude and longitude go together.',
      params: [{ [missing]: 'is required when the other coordinate is given' }],
    });
  }
  if (country === 'BR' && !isUf(state)) {
    throw new ApiError('unprocessableEntity', {
      resource: 'address',
      message: `${state} is not a Brazilian state (UF).`,
      params: [{ state: 'must be one of the 27 UFs' }],
    });
  }
  return {
    street: input.street,
    number: input.number,
    complement: input.complement ?? '',
    district: input.district,
    city: input.city,
    state,
    country,
    postcode,
    latitude,
    longitude,
    metadata: input.metadata ?? null,
  };
}

/** Locks the owning customer's row: every move of the primary mark of one customer runs one at a time. */
async function lockOwner(tx: Queryable, scope: Scope, ownerId: string): Promise<void> {
  if (!(await customerExists(tx, scope, ownerId, true))) throw customerNotFound(ownerId);
}

export async function createAddress(db: Db, scope: Scope, input: CreateAddressRequest, recovery: Recovery = NO_RECOVERY): Promise<AddressRecord> {
  const values: repo.AddressValues = { ...normalise(input), primary: input.primary === true };
  const row = await db.transaction(async (tx) => {
    await lockOwner(tx, scope, input.ownerId);
    const id = newId('addr');
    // Milliseconds only, so a `createdAt` read back is an exact bound for this row.
    const at = new Date();
    if (values.primary) await repo.clearPrimary(tx, scope, input.ownerId, id, at);
    await recovery.mark(tx, { resource: 'address', id, status: 201 });
    return repo.insertAddress(tx, scope, { id, ownerId: input.ownerId, values, at });
  });
  return toRecord(row);
}

export async function getAddress(db: Db, scope: Scope, id: string): Promise<AddressRecord> {
  const row = await repo.findAddress(db, scope, id);
  if (!row) throw addressNotFound(id);
  return toRecord(row);
}

/** The customer's primary address, as the record reading it returns; null when it has none. */
export async function primaryAddressOf(q: Queryable, scope: Scope, customerId: string): Promise<AddressRecord | null> {
  const row = await repo.findPrimary(q, scope, customerId);
  return row ? toRecord(row) : null;
}

/** True when storing `b` would change nothing of `a` (metadata key order does not count: jsonb reorders keys). */
function same(a: repo.AddressValues, b: repo.AddressValues): boolean {
  const meta = (m: Record<string, string> | null) => (m === null ? 'null' : JSON.stringify(Object.entries(m).sort()));
  const fields = Object.keys(a) as (keyof repo.AddressValues)[];
  return fields.every((k) => (k === 'metadata' ? meta(a.metadata) === meta(b.metadata) : a[k] === b[k]));
}

/**
 * Full replacement: omitted coordinates and metadata are reset to null, an omitted `primary` keeps the mark.
 * A body equal to what is stored writes nothing and keeps `updatedAt`.
 */
export async function updateAddress(db: Db, scope: Scope, id: string, input: UpdateAddressRequest, recovery: Recovery = NO_RECOVERY): Promise<AddressRecord> {
  const postal = normalise(input);
  const row = await db.transaction(async (tx) => {
    // Customer row first, then the address: the order createAddress takes its locks in, so the two cannot deadlock.
    const seen = await repo.findAddress(tx, scope, id);
    if (!seen) throw addressNotFound(id);
    await lockOwner(tx, scope, seen.owner_id);
    const current = await repo.findAddress(tx, scope, id, true);
    if (!current) throw addressNotFound(id);
    const values: repo.AddressValues = { ...postal, primary: input.primary ?? current.is_primary };
    await recovery.mark(tx, { resource: 'address', id, status: 200 });
    if (same(valuesOf(current), values)) return current;
    const at = new Date();
    if (values.primary && !current.is_primary) await repo.clearPrimary(tx, scope, current.owner_id, id, at);
    return repo.updateAddress(tx, scope, id, values, at);
  });
  return toRecord(row);
}

/** Soft-deletes the address; the owner is then left without a primary one if it was. Returns the owner's id. */
export async function deleteAddress(db: Db, scope: Scope, id: string): Promise<{ ownerId: string }> {
  const ownerId = await repo.softDelete(db, scope, id, new Date());
  if (ownerId === null) throw addressNotFound(id);
  return { ownerId };
}
