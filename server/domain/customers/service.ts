/**
 * Customers: create, read, list with the seed's filters, full replacement. The document is unique per merchant
 * and mode (the unique index decides races: 23505 → 409 customerAlreadyExists naming the holder); an update that
 * changes nothing writes nothing and keeps `updatedAt`. Customers are never deleted.
 */
import type { QueryOf } from '../../../generated/operations';
import type { components } from '../../../generated/schema';
import { isUniqueViolation } from '../../db/errors';
import type { Db, Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import { ApiError } from '../../core/errors';
import { parseList } from '../../core/lists';
import { newId } from '../../ids';
import { digitsOnly } from '../documents';
import { fold, normalise, sameValues, searchName, type CustomerValues } from './fields';
import * as repo from './repo';
import { customerLinks } from '../../core/links';
import { merchantOf } from '../access/merchants';
import { recordEvent } from '../../webhooks/outbox';
import { NO_RECOVERY, type Recovery } from '../recovery';

type Customer = components['schemas']['Customer'];
export type CustomerListItem = components['schemas']['CustomerListItem'];
export type CustomerRecord = Omit<Customer, 'merchant' | '_links'>;
type CreateCustomerRequest = components['schemas']['CreateCustomerRequest'];
type UpdateCustomerRequest = components['schemas']['UpdateCustomerRequest'];
export type CustomerQuery = QueryOf<'listCustomers'>;

/** Sortable besides `createdAt`, `updatedAt` and `id` (spec of `GET /v1/customers`). */
function valuesOf(row: repo.CustomerRow): CustomerValues {
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    document: row.document_type && row.document_number ? { type: row.document_type, number: row.document_number } : null,
    telephone: row.telephone,
    birthdate: row.birthdate,
    gender: row.gender,
    externalReference: row.external_reference,
    additionalEmails: row.additional_emails,
    metadata: row.metadata,
    available: row.available,
  };
}

function toListItem(row: repo.CustomerRow): CustomerListItem {
  const v = valuesOf(row);
  return {
    id: row.id,
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    document: v.document,
    telephone: v.telephone,
    externalReference: v.externalReference,
    available: v.available,
    delinquent: row.delinquent,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The customer as the API answers it, without `merchant` and `_links`. */
export function toRecord(row: repo.CustomerRow): CustomerRecord {
  const v = valuesOf(row);
  return {
    id: row.id,
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    document: v.document,
    telephone: v.telephone,
    birthdate: v.birthdate,
    gender: v.gender,
    available: v.available,
    delinquent: row.delinquent,
    externalReference: v.externalReference,
    additionalEmails: v.additionalEmails,
    metadata: v.metadata,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The 404 of a customer this merchant and mode cannot see (shared with addresses, whose owner is a customer). */
export function customerNotFound(id: string): ApiError {
  return new ApiError('customerNotFound', { message: `Customer ${id} was not found.` });
}

/** The list's parameters (`parseList` refuses an empty date range with 422) and the seed's filters, normalised. */
function filterOf(raw: CustomerQuery): repo.ListFilter {
  const list = parseList(raw, repo.SORTABLE, { resource: 'customer' });
  const telephone = raw.telephoneline === undefined ? undefined : digitsOnly(raw.telephoneline);
  return {
    list,
    id: raw.id,
    email: raw.email?.toLowerCase(),
    name: raw.name === undefined ? undefined : fold(raw.name),
    telephoneLine: telephone === undefined ? undefined : `+${telephone}`,
    document: raw.document === undefined ? undefined : digitsOnly(raw.document),
    externalReference: raw.externalreference,
  };
}

/** One page of customers and the exact number matching the query. */
export async function listCustomers(
  db: Db,
  scope: Scope,
  query: CustomerQuery,
): Promise<{ items: CustomerListItem[]; total: number; limit: number; offset: number }> {
  const filter = filterOf(query);
  const { rows, total } = await repo.listCustomers(db, scope, filter);
  return { items: rows.map(toListItem), total, limit: filter.list.limit, offset: filter.list.offset };
}

export async function getCustomer(db: Queryable, scope: Scope, id: string): Promise<CustomerRecord> {
  const row = await repo.findCustomer(db, scope, id);
  if (!row) throw customerNotFound(id);
  return toRecord(row);
}

/** True when `q` can see the customer; `forUpdate` locks its row (addresses serialise their primary mark on it). */
export async function customerExists(q: Queryable, scope: Scope, id: string, forUpdate = false): Promise<boolean> {
  return (await repo.findCustomer(q, scope, id, forUpdate)) !== null;
}

/** Runs a write; a unique violation on the document becomes 409 naming the customer that holds it. */
async function guardDocument<T>(db: Db, scope: Scope, v: CustomerValues, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!isUniqueViolation(err, repo.DOCUMENT_CONSTRAINT) || !v.document) throw err;
    const holder = await repo.findIdByDocument(db, scope, v.document.number);
    throw new ApiError('customerAlreadyExists', {
      message: 'A customer with this document already exists.',
      ...(holder ? { details: `Existing customer: ${holder}.` } : {}),
    });
  }
}

/** Records `customer.<what>` with the customer as reading it returns it, in the caller's database transaction. */
export async function announce(q: Queryable, scope: Scope, what: 'created' | 'updated', row: repo.CustomerRow, at: Date): Promise<void> {
  const object = { ...toRecord(row), merchant: await merchantOf(q, scope.merchantId), _links: customerLinks(row.id) };
  await recordEvent(q, scope, { type: `customer.${what}`, resource: 'customer', resourceId: row.id, object }, at);
}

export async function createCustomer(db: Db, scope: Scope, input: CreateCustomerRequest, recovery: Recovery = NO_RECOVERY): Promise<CustomerRecord> {
  // Milliseconds only, so a `createdAt` read back is an exact `daterange` bound for this row.
  const at = new Date();
  const v = normalise(input, at);
  const row = await guardDocument(db, scope, v, () =>
    db.transaction(async (tx) => {
      const inserted = await repo.insertCustomer(tx, scope, newId('cus'), v, searchName(v.firstName, v.lastName), at);
      await announce(tx, scope, 'created', inserted, at);
      await recovery.mark(tx, { resource: 'customer', id: inserted.id, status: 201 });
      return inserted;
    }),
  );
  return toRecord(row);
}

/** Full replacement; a body equal to what is stored writes nothing and keeps `updatedAt`. */
export async function updateCustomer(
  db: Db,
  scope: Scope,
  id: string,
  input: UpdateCustomerRequest,
  recovery: Recovery = NO_RECOVERY,
): Promise<CustomerRecord> {
  const v = normalise(input, new Date());
  const row = await guardDocument(db, scope, v, () =>
    db.transaction(async (tx) => {
      const current = await repo.findCustomer(tx, scope, id, true);
      if (!current) throw customerNotFound(id);
      await recovery.mark(tx, { resource: 'customer', id, status: 200 });
      if (sameValues(valuesOf(current), v)) return current;
      // Taken under the row lock, so concurrent replacements get increasing `updatedAt`s in commit order.
      const at = new Date();
      const updated = await repo.updateCustomer(tx, scope, id, v, searchName(v.firstName, v.lastName), at);
      await announce(tx, scope, 'updated', updated, at);
      return updated;
    }),
  );
  return toRecord(row);
}
