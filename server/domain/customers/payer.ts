/**
 * The payer of a new charge given inline, in two steps so that a refused charge writes nothing: `decidePayer`
 * only reads (the customer with that document, or else the newest with that e-mail, or one to create), so the
 * charge can check every rule first; `writePayer` runs inside the charge's own database transaction and creates
 * the customer (with its `customer.created` event) only when it must.
 */
import type { components } from '../../../generated/schema';
import type { Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import { newId } from '../../ids';
import { normalise, searchName, type CustomerValues } from './fields';
import * as repo from './repo';
import { announce, toRecord, type CustomerRecord } from './service';

type PayerInput = components['schemas']['TransactionCustomerInput'];

/** Who pays: a customer that exists (used as it is), or one to create, under this id, from the values sent. */
export type PayerDecision = { kind: 'existing'; customer: CustomerRecord } | { kind: 'new'; id: string; values: CustomerValues };

/** What a charge's rules look at, known before the payer is written. */
export type PayerFacts = Pick<CustomerRecord, 'id' | 'document' | 'available'>;

/**
 * Decides the payer given inline without writing. A CPF or CNPJ with wrong check digits is 422 `invalidDocument`
 * before any lookup; the fields sent never update a customer that is found.
 */
export async function decidePayer(q: Queryable, scope: Scope, input: PayerInput, now: Date): Promise<PayerDecision> {
  const values = normalise(input, now);
  const found = await repo.findPayer(q, scope, values.document?.number ?? null, values.email);
  return found ? { kind: 'existing', customer: toRecord(found) } : { kind: 'new', id: newId('cus'), values };
}

/** The facts of the payer decided, for the checks that run before anything is written. */
export function payerFacts(d: PayerDecision): PayerFacts {
  if (d.kind === 'existing') return { id: d.customer.id, document: d.customer.document, available: d.customer.available };
  return { id: d.id, document: d.values.document, available: d.values.available };
}

/**
 * Makes the decision real in the caller's database transaction: a new payer is created (and `customer.created`
 * recorded) unless a concurrent request created that customer meanwhile; then that one is the payer, `created`
 * false, and the caller checks it like any customer found.
 */
export async function writePayer(tx: Queryable, scope: Scope, d: PayerDecision, at: Date): Promise<{ customer: CustomerRecord; created: boolean }> {
  if (d.kind === 'existing') return { customer: d.customer, created: false };
  const { id, values: v } = d;
  const name = searchName(v.firstName, v.lastName);
  let row: repo.CustomerRow | null;
  if (v.document) {
    // The unique index on the document decides between concurrent creations; the loser reads the winner, whose
    // commit its insert waited for (each statement sees what was committed before it began).
    row = (await repo.insertCustomerUnlessDocumentTaken(tx, scope, id, v, name, at)) ?? (await repo.findPayer(tx, scope, v.document.number, v.email));
  } else {
    // No index keeps an e-mail on one customer: concurrent creations take turns, and the later one finds the first.
    await repo.lockEmail(tx, scope, v.email);
    row = (await repo.findPayer(tx, scope, null, v.email)) ?? (await repo.insertCustomer(tx, scope, id, v, name, at));
  }
  // Customers are never deleted: whoever took the document is still there.
  if (!row) throw new Error("the customer created meanwhile with the payer's document was not found");
  if (row.id !== id) return { customer: toRecord(row), created: false };
  await announce(tx, scope, 'created', row, at);
  return { customer: toRecord(row), created: true };
}
