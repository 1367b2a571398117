/** SQL of customers. Every statement is scoped by merchant and mode. */
import { Conditions, selectPageCounted, type PageQuery } from '../../db/page';
import type { Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import type { ListParams } from '../../core/lists';
import { listPage, type SortColumns } from '../../db/lists';
import type { CustomerValues, Document, Gender, Telephone } from './fields';

export interface CustomerRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  document_type: Document['type'] | null;
  document_number: string | null;
  telephone: Telephone | null;
  /** `YYYY-MM-DD`, formatted by SQL so that no time zone of the driver can shift the day. */
  birthdate: string | null;
  gender: Gender;
  available: boolean;
  delinquent: boolean;
  external_reference: string | null;
  additional_emails: string[] | null;
  metadata: Record<string, string>;
  created_at: Date;
  updated_at: Date;
}

/** The partial unique index of migration 001 that keeps a document on one customer per merchant and mode. */
export const DOCUMENT_CONSTRAINT = 'customers_document';

const COLUMNS = `id, first_name, last_name, email, document_type, document_number, telephone,
  to_char(birthdate, 'YYYY-MM-DD') AS birthdate, gender, available, delinquent, external_reference,
  additional_emails, metadata, created_at, updated_at`;

const json = (v: unknown) => (v === null ? null : JSON.stringify(v));

/** The parameters $4…$16 of an insert or an update, in the column order of `WRITABLE`. */
function writable(v: CustomerValues, searchName: string): unknown[] {
  return [
    v.firstName, v.lastName, v.email, v.document?.type ?? null, v.document?.number ?? null, json(v.telephone),
    v.birthdate, v.gender, v.externalReference, json(v.additionalEmails), JSON.stringify(v.metadata), v.available,
    searchName,
  ];
}

const INSERT = `INSERT INTO customers (id, merchant_id, mode, first_name, last_name, email, document_type, document_number,
       telephone, birthdate, gender, external_reference, additional_emails, metadata, available, search_name,
       delinquent, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::date, $11, $12, $13::jsonb, $14::jsonb, $15, $16,
       false, $17, $17)`;

/** Inserts the customer. */
export async function insertCustomer(q: Queryable, scope: Scope, id: string, v: CustomerValues, searchName: string, at: Date): Promise<CustomerRow> {
  return (await insertRow(q, scope, id, v, searchName, at, ''))!;
}

/**
 * Inserts the customer unless another one holds its document: then nothing and null. The unique index decides
 * without raising, so the caller's database transaction stays usable (an error would abort it on PostgreSQL).
 */
export async function insertCustomerUnlessDocumentTaken(
  q: Queryable,
  scope: Scope,
  id: string,
  v: CustomerValues,
  searchName: string,
  at: Date,
): Promise<CustomerRow | null> {
  return insertRow(q, scope, id, v, searchName, at, 'ON CONFLICT (merchant_id, mode, document_number) WHERE document_number IS NOT NULL DO NOTHING');
}

async function insertRow(q: Queryable, scope: Scope, id: string, v: CustomerValues, searchName: string, at: Date, onConflict: string): Promise<CustomerRow | null> {
  const res = await q.query<CustomerRow>(`${INSERT} ${onConflict} RETURNING ${COLUMNS}`, [id, scope.merchantId, scope.mode, ...writable(v, searchName), at]);
  return res.rows[0] ?? null;
}

/**
 * Serialises, until the caller's database transaction ends, the creation of customers with this e-mail: nothing
 * else keeps an e-mail on one customer, so two charges for the same new payer without a document take turns.
 */
export async function lockEmail(tx: Queryable, scope: Scope, email: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('customer-email:' || $1 || ':' || $2 || ':' || $3, 0))`, [
    scope.merchantId,
    scope.mode,
    email,
  ]);
}

export async function updateCustomer(
  q: Queryable,
  scope: Scope,
  id: string,
  v: CustomerValues,
  searchName: string,
  at: Date,
): Promise<CustomerRow> {
  const res = await q.query<CustomerRow>(
    `UPDATE customers SET first_name = $4, last_name = $5, email = $6, document_type = $7, document_number = $8,
       telephone = $9::jsonb, birthdate = $10::date, gender = $11, external_reference = $12,
       additional_emails = $13::jsonb, metadata = $14::jsonb, available = $15, search_name = $16, updated_at = $17
     WHERE merchant_id = $2 AND mode = $3 AND id = $1
     RETURNING ${COLUMNS}`,
    [id, scope.merchantId, scope.mode, ...writable(v, searchName), at],
  );
  return res.rows[0]!;
}

/** The customer; `forUpdate` locks its row until the transaction ends. */
export async function findCustomer(q: Queryable, scope: Scope, id: string, forUpdate = false): Promise<CustomerRow | null> {
  const res = await q.query<CustomerRow>(
    `SELECT ${COLUMNS} FROM customers WHERE merchant_id = $1 AND mode = $2 AND id = $3${forUpdate ? ' FOR UPDATE' : ''}`,
    [scope.merchantId, scope.mode, id],
  );
  return res.rows[0] ?? null;
}

/** The customer that has this document (digits), if any. */
export async function findIdByDocument(q: Queryable, scope: Scope, number: string): Promise<string | null> {
  const res = await q.query<{ id: string }>(
    'SELECT id FROM customers WHERE merchant_id = $1 AND mode = $2 AND document_number = $3',
    [scope.merchantId, scope.mode, number],
  );
  return res.rows[0]?.id ?? null;
}

/** The customer holding this document (digits), or else the most recently created one with this e-mail. */
export async function findPayer(q: Queryable, scope: Scope, document: string | null, email: string): Promise<CustomerRow | null> {
  const res = document
    ? await q.query<CustomerRow>(
        `SELECT ${COLUMNS} FROM customers WHERE merchant_id = $1 AND mode = $2 AND document_number = $3`,
        [scope.merchantId, scope.mode, document],
      )
    : await q.query<CustomerRow>(
        `SELECT ${COLUMNS} FROM customers WHERE merchant_id = $1 AND mode = $2 AND email = $3
          ORDER BY created_at DESC, id DESC LIMIT 1`,
        [scope.merchantId, scope.mode, email],
      );
  return res.rows[0] ?? null;
}

/** The fields a customer list sorts on besides `createdAt`, `updatedAt` and `id`. */
export const SORTABLE = ['firstName', 'lastName', 'email'] as const;
const SORT_COLUMNS: SortColumns<(typeof SORTABLE)[number]> = { firstName: 'first_name', lastName: 'last_name', email: 'email' };

/** The seed's filters of the list, on top of its paging, order and creation window. */
export interface ListFilter {
  list: ListParams<(typeof SORTABLE)[number]>;
  id?: string;
  /** Lower case. */
  email?: string;
  /** Folded like `search_name`. */
  name?: string;
  /** E.164 with its `+`. */
  telephoneLine?: string;
  /** Digits only. */
  document?: string;
  externalReference?: string;
}

function pageQuery(scope: Scope, f: ListFilter): PageQuery {
  const c = new Conditions([scope.merchantId, scope.mode], ['merchant_id = $1', 'mode = $2'])
    .add(f.id, (p) => `id = ${p}`)
    .add(f.email, (p) => `email = ${p}`)
    // strpos, not LIKE: a `%` or `_` typed by the user is plain text.
    .add(f.name, (p) => `strpos(search_name, ${p}) > 0`)
    .add(f.telephoneLine, (p) => `telephone ->> 'line' = ${p}`)
    .add(f.document, (p) => `document_number = ${p}`)
    .add(f.externalReference, (p) => `external_reference = ${p}`);
  return listPage({ from: 'customers', columns: COLUMNS }, c, f.list, SORT_COLUMNS);
}

/** One page of customers and the exact number matching the filter, in one round trip. */
export function listCustomers(q: Queryable, scope: Scope, f: ListFilter): Promise<{ rows: CustomerRow[]; total: number }> {
  return selectPageCounted<CustomerRow>(q, pageQuery(scope, f));
}
