/**
 * Creating a transaction: everything that can be refused is checked with reads only (route, items, card, due
 * date, fee plan, payer), the payer given inline being decided but not yet created; the card is exchanged for a
 * token; then one statement writes the transaction, its first timeline entry, the `transaction.created` event with its
 * deliveries and the job that processes it, with the request's recovery point (and, for a key not claimed before,
 * the key itself and its answer). A new payer (with `customer.created`) or a checkout session's claim puts a database
 * transaction around that statement. A refused request therefore writes nothing.
 */
import type { components } from '../../../generated/schema';
import type { Db, Queryable } from '../../db/types';
import type { Merchant, Scope } from '../../core/tenancy';
import { ApiError } from '../../core/errors';
import { detectBrand } from '../../payments/card';
import { methodOf } from '../../payments/methods';
import type { PaymentMethodModule } from '../../payments/methods/module';
import type { PublicUrls } from '../../core/public-urls';
import { newId, newPublicToken } from '../../ids';
import { Statement } from '../../db/statement';
import { enqueueIn } from '../../jobs/sql/enqueue';
import { recordEventIn } from '../../webhooks/outbox';
import { primaryAddressOf, type AddressRecord } from '../addresses/service';
import { checkItemVariants } from '../catalog/sale';
import { decidePayer, payerFacts, writePayer, type PayerDecision, type PayerFacts } from '../customers/payer';
import { getCustomer, type CustomerRecord } from '../customers/service';
import { digitsOnly } from '../documents';
import { feeFor, noRateMessage } from '../fees/plan';
import { planFor } from '../fees/service';
import { NO_RECOVERY, type Recovery } from '../recovery';
import { buildCharge, type TypedPayer } from './build-charge';
import type { Engine, PaymentJob } from './engine';
import * as repo from './repo';
import { STATUS_MESSAGE } from './status';
import { summaryView, transactionViewOf, type TransactionSummary } from './view';

type CreateTransactionRequest = components['schemas']['CreateTransactionRequest'];
type TransactionCustomerInput = components['schemas']['TransactionCustomerInput'];

const unprocessable = (message: string, params?: Record<string, string>[]) =>
  new ApiError('unprocessableEntity', { resource: 'transaction', message, ...(params ? { params } : {}) });

function checkItems(body: CreateTransactionRequest): void {
  if (!body.items || body.items.length === 0) return;
  const total = body.items.reduce((sum, i) => sum + i.unitPrice * i.quantity, 0);
  if (total !== body.amount) {
    throw new ApiError('itemsTotalMismatch', {
      resource: 'transaction',
      message: `The items add up to ${total} but amount is ${body.amount}.`,
      params: [{ items: `add up to ${total}, not ${body.amount}` }],
    });
  }
}

/** The payer, decided with reads only: an inline payer that is new is created later, with the charge. */
async function payerOf(db: Db, scope: Scope, body: CreateTransactionRequest, now: Date): Promise<PayerDecision> {
  if (body.customer) return decidePayer(db, scope, body.customer, now);
  const id = body.customerId!;
  try {
    return { kind: 'existing', customer: await getCustomer(db, scope, id) };
  } catch (err) {
    if (err instanceof ApiError && err.code === 'customerNotFound') throw unprocessable(`Customer ${id} was not found.`, [{ customerId: 'names no customer' }]);
    throw err;
  }
}

export function typedPayer(typed: TransactionCustomerInput): TypedPayer {
  const document = typed.document ? { document: { type: typed.document.type, number: digitsOnly(typed.document.number) } } : {};
  return { firstName: typed.firstName, lastName: typed.lastName, email: typed.email.toLowerCase(), ...document };
}

/** The rules on the payer: not retired, and a CPF or CNPJ when the method needs one (a billet). */
function checkPayer(payer: PayerFacts, method: PaymentMethodModule): void {
  if (!payer.available) throw unprocessable(`Customer ${payer.id} is retired (available: false).`, [{ customer: 'is retired' }]);
  const rule = method.payerDocument;
  if (rule && !payer.document) throw unprocessable(rule.message, [{ 'customer[document]': rule.reason }]);
}

/**
 * Writes a new charge in the caller's database transaction: the row, its first timeline entry, `transaction.created`
 * and the job that processes it. The API's creation and a subscription's billing cycle both go through here, so a
 * cycle's charge is the same transaction, processed by the same engine.
 */
export async function recordCharge(
  q: Queryable,
  scope: Scope,
  merchant: Merchant,
  urls: PublicUrls,
  charge: Omit<repo.NewTransaction, 'public_token'>,
): Promise<repo.TransactionRow> {
  const st = new Statement();
  const row = recordChargeIn(st, scope, merchant, urls, charge, st.part('go', 'SELECT 1'));
  await st.run(q, 'SELECT 1');
  return row;
}

/**
 * `recordCharge` as parts of one statement (`db/statement.ts`), all written only if `from` yields a row: one round
 * trip for the whole charge. The event's object is the new charge as reading it would return it (its one timeline
 * entry, nothing else yet), built from what is written instead of read back. Returns the row as written.
 */
export function recordChargeIn(
  st: Statement,
  scope: Scope,
  merchant: Merchant,
  urls: PublicUrls,
  charge: Omit<repo.NewTransaction, 'public_token'>,
  from: string,
): repo.TransactionRow {
  const token = newPublicToken();
  const t: repo.NewTransaction = { ...charge, public_token: token, payment: { ...charge.payment, invoiceLink: urls.invoice(token) } };
  const { part, row } = repo.insertTransactionIn(st, scope, t, from);
  const entry = repo.addTimelineIn(st, part, t.id, { type: 'status', message: STATUS_MESSAGE.pending, details: { from: null, to: 'pending' } }, t.created_at);
  const object = transactionViewOf(row, merchant, { timeline: [entry], receivables: [], refunds: [], disputes: [] });
  recordEventIn(st, scope, { type: 'transaction.created', resource: 'transaction', resourceId: t.id, object }, t.created_at, part);
  // As `schedule` enqueues it (engine.ts): one per charge, due at once (on the clock of a clock's job that bills it).
  const job: PaymentJob = { kind: 'transaction.process', payload: { transactionId: t.id } };
  enqueueIn(st, { ...job, dedupeKey: `${job.kind}:${t.id}` }, part);
  return row;
}

/**
 * What a payment started on a checkout page (`startPayment`) adds to a creation: the link and session its charge (or
 * a subscription's first charge) is tagged with, and the session's claim.
 */
export interface CheckoutStart {
  paymentLinkId: string;
  checkoutSessionId: string;
  /**
   * Runs first in the database transaction that writes the charge (or subscription), given its id: it locks the
   * session, re-checks it and the link, and records the payment on it. A throw rolls everything back, so two payments
   * started at once in one session make one charge.
   */
  claim(q: Queryable, id: string): Promise<void>;
  /**
   * A subscription that starts with a trial charges nothing now: called in the database transaction that writes it,
   * so the session is completed with the subscription, or not at all.
   */
  trialing?(q: Queryable): Promise<void>;
}

export async function createTransaction(
  engine: Engine,
  scope: Scope,
  merchant: Merchant,
  body: CreateTransactionRequest,
  recovery: Recovery = NO_RECOVERY,
  checkout?: CheckoutStart,
): Promise<TransactionSummary> {
  const now = new Date();
  const p = body.payment;
  const routes = engine.orchestrator.routesFor(scope.mode, p.method);
  const method = methodOf(p.method);
  checkItems(body);
  await checkItemVariants(engine.db, scope, body.items);
  // The method's own checks (a card's Luhn and expiry, a billet's due date) and what it makes of the request.
  const terms = method.terms(p, now);
  const { installments } = terms;
  const brand = terms.card ? detectBrand(terms.card.number) : null;
  // The reads at once (one round trip's wait where the pool has connections), their refusals in the order of the rules.
  const planRead = planFor(engine.db, scope.merchantId);
  const payerRead = payerOf(engine.db, scope, body, now);
  // The primary address of a payer found, copied onto the charge as its billing address.
  const addressRead = body.customerId
    ? primaryAddressOf(engine.db, scope, body.customerId)
    : payerRead.then((d) => (d.kind === 'existing' ? primaryAddressOf(engine.db, scope, d.customer.id) : null));
  // Awaited below in turn: a refusal of one must not leave the other's rejection unhandled.
  payerRead.catch(() => undefined);
  addressRead.catch(() => undefined);
  const fee = feeFor(await planRead, { method: p.method, installments, brand, amount: body.amount });
  if (fee.kind === 'noRate') throw unprocessable(noRateMessage(fee));
  const payer = await payerRead;
  checkPayer(payerFacts(payer), method);
  const payerAddress = payer.kind === 'existing' ? await addressRead : null;
  // The card's one trip: to the vault, for a token, once per key: the key is claimed first. Its number and CVV are not
  // kept, logged or passed on.
  if (terms.card) await recovery.claim();
  const card = terms.card ? await engine.orchestrator.vault(scope.mode).tokenize(terms.card) : null;

  const id = newId('tra');
  const at = new Date();

  const items = (body.items ?? []).map((i) => ({
    id: newId('item'), name: i.name, unitPrice: i.unitPrice, quantity: i.quantity, currency: 'BRL' as const,
    description: i.description ?? null, images: i.images ?? [], isUpsell: i.isUpsell ?? false, isOrderbump: i.isOrderbump ?? false,
    metadata: i.metadata ?? {}, variantId: i.variantId ?? null, externalReference: i.externalReference ?? null,
    updatedAt: at.toISOString(), createdAt: at.toISOString(),
  }));
  const charge = (customer: CustomerRecord, address: AddressRecord | null) =>
    buildCharge({
      id, at, method, terms, amount: body.amount, provider: routes[0]!.id, customer,
      typed: checkout && body.customer ? typedPayer(body.customer) : null, address, card, registered: false,
      externalReference: body.externalReference ?? null, metadata: body.metadata ?? {}, items,
      ...(checkout ? { checkout: { paymentLinkId: checkout.paymentLinkId, checkoutSessionId: checkout.checkoutSessionId } } : {}),
    });
  // The charge, its point and (when the key was not claimed before) the key's answer: one statement, written whole or
  // not at all; its answer is the summary, which the handler renders.
  const write = async (q: Queryable, customer: CustomerRecord, address: AddressRecord | null) => {
    const st = new Statement();
    const answer = { status: 201, body: summaryView({ id, amount: body.amount, method: p.method }, merchant) };
    const marked = recovery.markIn(st, { resource: 'transaction', id, status: 201 }, answer);
    const t = recordChargeIn(st, scope, merchant, engine.urls, charge(customer, address), marked.gate);
    const res = await st.run<{ passed: boolean }>(q, `SELECT EXISTS (SELECT 1 FROM ${marked.gate}) AS passed`);
    marked.after(res.rows[0]?.passed === true);
    return t;
  };
  // A payer found and no checkout session to claim: the charge is the one statement, no database transaction around it.
  const row =
    payer.kind === 'existing' && !checkout
      ? await write(engine.db, payer.customer, payerAddress)
      : await engine.db.transaction(async (q) => {
          if (checkout) await checkout.claim(q, id);
          const { customer, created } = await writePayer(q, scope, payer, at);
          // A customer another request created meanwhile with this payer's document or e-mail: the same rules apply.
          if (!created) checkPayer(customer, method);
          const address = created ? null : payer.kind === 'existing' && customer.id === payer.customer.id ? payerAddress : await primaryAddressOf(q, scope, customer.id);
          return write(q, customer, address);
        });
  engine.wake();
  return summaryView(row, merchant);
}
