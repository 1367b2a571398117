/** SQL of transactions and their timeline. API reads are scoped by merchant and mode; workers read by id. */
import type { components } from '../../../generated/schema';
import { Conditions, countRows, selectPage, type PageQuery } from '../../db/page';
import type { Statement } from '../../db/statement';
import type { Queryable } from '../../db/types';
import type { Mode } from '../access/keys';
import type { Scope } from '../../core/tenancy';
import type { ListParams } from '../../core/lists';
import { listPage, type SortColumns } from '../../db/lists';
import { newId } from '../../ids';
import type { TransactionStatus } from './status';
import * as ledger from './ledger-repo';
import type { AppliedSplit } from '../splits/template';

type Payment = components['schemas']['TransactionPayment'];
type Method = components['schemas']['PaymentMethod'];
export type TimelineType = components['schemas']['TimelineEntry']['type'];

/** What the background processing keeps besides the API fields; never a card number or CVV. */
export interface Processing {
  card?: { token: string; brand: NonNullable<Payment['cardBrand']>; firstDigits: string; lastDigits: string };
  billet?: { dueDate: string; instructions: string | null };
  /** Set once the anti-fraud analysis cleared the charge, so a retry does not analyse it again. */
  fraudCleared?: boolean;
  /** Authorization keys of routes that timed out and were voided: a retried job does not ask them again. */
  voided?: string[];
  /**
   * Keys of routes that timed out whose void is under way: written under the row lock before the provider is told to
   * cancel, so no other run records the key's answer meanwhile; moved to `voided` once the provider confirmed.
   */
  voiding?: { provider: string; key: string; attempt: number; reason: string }[];
  /** Keys the sandbox simulator (`issueNow`) timed out on and claimed for voiding, not the charge's job. */
  simulatorVoided?: string[];
  /** Rounds whose every key the sandbox simulator used up (`simulatorVoided`): they count no retry of the schedule. */
  freeRounds?: number;
  /** The route and key the charge was settled under; capture, cancel and refund go to that route. */
  route?: { provider: string; key: string };
  /** Authorization code of the card charge or PIX end-to-end id, copied onto the receivables. */
  authorizationCode?: string;
}

export interface TransactionRow {
  id: string;
  merchant_id: string;
  mode: Mode;
  status: TransactionStatus;
  method: Method;
  amount: number;
  original_amount: number;
  captured_amount: number;
  refunded_amount: number;
  customer_id: string;
  customer: components['schemas']['TransactionCustomer'];
  billing_address: components['schemas']['TransactionAddress'] | null;
  external_reference: string | null;
  metadata: Record<string, string>;
  items: components['schemas']['TransactionItem'][];
  installments: number;
  capture: boolean;
  processing: Processing;
  payment: Payment;
  route_rounds: number;
  paid_at: Date | null;
  /** The split applied to the charge (a subscription cycle's copy of its template); null when not split. */
  splits: AppliedSplit[] | null;
  /** The subscription and billing cycle this transaction charges; null for a one-off charge. */
  subscription_id: string | null;
  billing_cycle_id: string | null;
  /** The random token of the charge's public pages (invoice, QR code, billet); never shown through the API alone. */
  public_token: string;
  /** The payment link and checkout session whose page made this charge; null otherwise. */
  payment_link_id: string | null;
  checkout_session_id: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, merchant_id, mode, status, method, amount::int AS amount, original_amount::int AS original_amount,
  captured_amount::int AS captured_amount, refunded_amount::int AS refunded_amount, customer_id, customer,
  billing_address, external_reference, metadata, items, installments, capture, processing, payment, route_rounds,
  paid_at, splits, subscription_id, billing_cycle_id, public_token, payment_link_id, checkout_session_id, created_at,
  updated_at`;

export type NewTransaction = Omit<
  TransactionRow,
  'merchant_id' | 'mode' | 'status' | 'captured_amount' | 'refunded_amount' | 'route_rounds' | 'paid_at' | 'updated_at' | 'splits' | 'subscription_id' | 'billing_cycle_id'
  | 'payment_link_id' | 'checkout_session_id'
> & {
  /** A billing cycle's charge: its subscription and cycle, and the split copied from the subscription's template. */
  cycle?: { subscriptionId: string; billingCycleId: string; splits: unknown[] | null };
  /** A charge made on a payment link's checkout page: the link and the payer's session. */
  checkout?: { paymentLinkId: string; checkoutSessionId: string };
};

/**
 * Inserts a new transaction as a part of the statement `st` (`db/statement.ts`), only if `from` (a part of `st`)
 * yields a row. Returns the part (it yields the new row's id) and the row as stored, known without reading it back.
 */
export function insertTransactionIn(st: Statement, scope: Scope, t: NewTransaction, from: string): { part: string; row: TransactionRow } {
  const values = [
    t.id, scope.merchantId, scope.mode, t.method, t.amount, t.original_amount, t.customer_id, JSON.stringify(t.customer),
    t.billing_address === null ? null : JSON.stringify(t.billing_address), t.external_reference,
    JSON.stringify(t.metadata), JSON.stringify(t.items), t.installments, t.capture, JSON.stringify(t.processing),
    JSON.stringify(t.payment), t.created_at, t.cycle?.subscriptionId ?? null, t.cycle?.billingCycleId ?? null,
    t.cycle?.splits ? JSON.stringify(t.cycle.splits) : null, t.public_token, t.checkout?.paymentLinkId ?? null,
    t.checkout?.checkoutSessionId ?? null,
  ];
  const casts = ['text', 'text', 'text', 'text', 'bigint', 'bigint', 'text', 'jsonb', 'jsonb', 'text', 'jsonb', 'jsonb', 'int', 'boolean', 'jsonb', 'jsonb', 'timestamptz', 'text', 'text', 'jsonb', 'text', 'text', 'text'];
  const p = values.map((v, i) => st.param(v, casts[i]));
  const part = st.part(
    'transaction',
    `INSERT INTO transactions (id, merchant_id, mode, status, method, amount, original_amount, customer_id, customer,
       billing_address, external_reference, metadata, items, installments, capture, processing, payment, created_at,
       updated_at, subscription_id, billing_cycle_id, splits, public_token, payment_link_id, checkout_session_id)
     SELECT ${p[0]}, ${p[1]}, ${p[2]}, 'pending', ${p[3]}, ${p[4]}, ${p[5]}, ${p[6]}, ${p[7]}, ${p[8]}, ${p[9]}, ${p[10]},
       ${p[11]}, ${p[12]}, ${p[13]}, ${p[14]}, ${p[15]}, ${p[16]}, ${p[16]}, ${p[17]}, ${p[18]}, ${p[19]}, ${p[20]}, ${p[21]}, ${p[22]}
       FROM (SELECT 1 FROM ${from} LIMIT 1) AS gate
     RETURNING id`,
  );
  // As the columns' defaults and the values above make it: a JSON value round-trips unchanged through jsonb.
  const row: TransactionRow = {
    id: t.id, merchant_id: scope.merchantId, mode: scope.mode, status: 'pending', method: t.method, amount: t.amount,
    original_amount: t.original_amount, captured_amount: 0, refunded_amount: 0, customer_id: t.customer_id,
    customer: t.customer, billing_address: t.billing_address, external_reference: t.external_reference,
    metadata: t.metadata, items: t.items, installments: t.installments, capture: t.capture, processing: t.processing,
    payment: t.payment, route_rounds: 0, paid_at: null, splits: (t.cycle?.splits ?? null) as AppliedSplit[] | null,
    subscription_id: t.cycle?.subscriptionId ?? null, billing_cycle_id: t.cycle?.billingCycleId ?? null,
    public_token: t.public_token, payment_link_id: t.checkout?.paymentLinkId ?? null,
    checkout_session_id: t.checkout?.checkoutSessionId ?? null, created_at: t.created_at, updated_at: t.created_at,
  };
  return { part, row };
}

/** The transaction as the merchant's key sees it; `forUpdate` locks its row until the transaction ends. */
export async function findTransaction(q: Queryable, scope: Scope, id: string, forUpdate = false): Promise<TransactionRow | null> {
  const res = await q.query<TransactionRow>(
    `SELECT ${COLUMNS} FROM transactions WHERE merchant_id = $1 AND mode = $2 AND id = $3${forUpdate ? ' FOR UPDATE' : ''}`,
    [scope.merchantId, scope.mode, id],
  );
  return res.rows[0] ?? null;
}

/** The transaction by id alone, for background work that carries no key. */
export async function findTransactionById(q: Queryable, id: string, forUpdate = false): Promise<TransactionRow | null> {
  const res = await q.query<TransactionRow>(`SELECT ${COLUMNS} FROM transactions WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return res.rows[0] ?? null;
}

export interface TransactionPatch {
  status?: TransactionStatus;
  /** Merged into `payment` (top-level keys replaced). */
  payment?: Partial<Payment>;
  /** Merged into `processing`. */
  processing?: Partial<Processing>;
  capturedAmount?: number;
  refundedAmount?: number;
  paidAt?: Date;
  routeRounds?: number;
}

export async function updateTransaction(q: Queryable, id: string, p: TransactionPatch, at: Date): Promise<TransactionRow> {
  const res = await q.query<TransactionRow>(
    `UPDATE transactions SET
       status = COALESCE($2, status),
       payment = payment || COALESCE($3::jsonb, '{}'::jsonb),
       processing = processing || COALESCE($4::jsonb, '{}'::jsonb),
       captured_amount = COALESCE($5, captured_amount),
       refunded_amount = COALESCE($6, refunded_amount),
       paid_at = COALESCE($7, paid_at),
       route_rounds = COALESCE($8, route_rounds),
       updated_at = $9
     WHERE id = $1
     RETURNING ${COLUMNS}`,
    [
      id, p.status ?? null, p.payment ? JSON.stringify(p.payment) : null, p.processing ? JSON.stringify(p.processing) : null,
      p.capturedAmount ?? null, p.refundedAmount ?? null, p.paidAt ?? null, p.routeRounds ?? null, at,
    ],
  );
  const row = res.rows[0];
  if (!row) throw new Error(`transaction ${id} vanished`);
  return row;
}

export interface TimelineRow {
  id: string;
  type: TimelineType;
  message: string;
  details: Record<string, unknown> | null;
  created_at: Date;
}

export async function addTimeline(
  q: Queryable,
  transactionId: string,
  entry: { type: TimelineType; message: string; details: Record<string, unknown> | null; fact?: string },
  at: Date,
): Promise<void> {
  // Entries without a fact never conflict (the unique index is partial); one with a fact already written is skipped.
  await q.query(
    `INSERT INTO transaction_timeline (id, transaction_id, type, message, details, fact, created_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)
     ON CONFLICT (transaction_id, fact) WHERE fact IS NOT NULL DO NOTHING`,
    [newId('tml'), transactionId, entry.type, entry.message, entry.details === null ? null : JSON.stringify(entry.details), entry.fact ?? null, at],
  );
}

/** `addTimeline` of a new transaction, as a part of `st` written only if `from` yields a row; the entry as stored. */
export function addTimelineIn(
  st: Statement,
  from: string,
  transactionId: string,
  entry: { type: TimelineType; message: string; details: Record<string, unknown> | null },
  at: Date,
): TimelineRow {
  const id = newId('tml');
  st.part(
    'timeline',
    `INSERT INTO transaction_timeline (id, transaction_id, type, message, details, created_at)
     SELECT ${st.param(id)}, ${st.param(transactionId)}, ${st.param(entry.type)}, ${st.param(entry.message)},
            ${st.param(entry.details === null ? null : JSON.stringify(entry.details), 'jsonb')}, ${st.param(at, 'timestamptz')}
       FROM (SELECT 1 FROM ${from} LIMIT 1) AS gate
     RETURNING id`,
  );
  return { id, type: entry.type, message: entry.message, details: entry.details, created_at: at };
}

/** Everything a transaction's full view shows besides its row. */
export interface TransactionDetail {
  /** Newest first. */
  timeline: TimelineRow[];
  /** In installment order (and, within one installment, oldest first). */
  receivables: ledger.ReceivableRow[];
  /** Newest first. */
  refunds: ledger.RefundRow[];
  /** Newest first. */
  disputes: ledger.DisputeRow[];
}

interface DetailColumns {
  detail_timeline: ledger.JsonRow<TimelineRow>[];
  detail_receivables: ledger.JsonRow<ledger.ReceivableRow>[];
  detail_refunds: ledger.JsonRow<ledger.RefundRow>[];
  detail_disputes: ledger.JsonRow<ledger.DisputeRow>[];
}

/**
 * The detail of the transaction `idSql` (an SQL expression) as four JSON arrays, in the select list of one query:
 * what took a round trip per list is one subquery each.
 */
function detailColumns(idSql: string): string {
  const timeline = ledger.jsonArray(
    `SELECT seq, id, type, message, details, created_at FROM transaction_timeline WHERE transaction_id = ${idSql}`,
    'x.seq DESC',
  );
  return `${timeline} AS detail_timeline, ${ledger.receivablesJson(idSql)} AS detail_receivables,
    ${ledger.refundsJson(idSql)} AS detail_refunds, ${ledger.disputesJson(idSql)} AS detail_disputes`;
}

function detailOf(d: DetailColumns): TransactionDetail {
  return {
    timeline: d.detail_timeline.map((e) => ({ id: e.id, type: e.type, message: e.message, details: e.details, created_at: ledger.jsonDate(e.created_at) })),
    receivables: d.detail_receivables.map(ledger.receivableFromJson),
    refunds: d.detail_refunds.map(ledger.refundFromJson),
    disputes: d.detail_disputes.map(ledger.disputeFromJson),
  };
}

/** The detail of a transaction already read, in one round trip (inside the caller's database transaction if any). */
export async function readDetail(q: Queryable, transactionId: string): Promise<TransactionDetail> {
  const res = await q.query<DetailColumns>(`SELECT ${detailColumns('$1')}`, [transactionId]);
  return detailOf(res.rows[0]!);
}

/** The transaction as the merchant's key sees it, with its detail, in one round trip; null when it cannot see it. */
export async function findTransactionDetail(
  q: Queryable,
  scope: Scope,
  id: string,
): Promise<{ row: TransactionRow; detail: TransactionDetail } | null> {
  const res = await q.query<TransactionRow & DetailColumns>(
    `SELECT ${COLUMNS}, ${detailColumns('t.id')} FROM transactions t WHERE merchant_id = $1 AND mode = $2 AND id = $3`,
    [scope.merchantId, scope.mode, id],
  );
  const found = res.rows[0];
  if (!found) return null;
  const { detail_timeline, detail_receivables, detail_refunds, detail_disputes, ...row } = found;
  return { row, detail: detailOf({ detail_timeline, detail_receivables, detail_refunds, detail_disputes }) };
}

/** The fields a transaction list sorts on besides `createdAt`, `updatedAt` and `id`. */
export const SORTABLE = ['amount'] as const;
const SORT_COLUMNS: SortColumns<(typeof SORTABLE)[number]> = { amount: 'amount' };

/** The seed's filters of the list, on top of its paging, order and creation window. */
export interface ListFilter {
  list: ListParams<(typeof SORTABLE)[number]>;
  status?: TransactionStatus;
  method?: Method;
  customerId?: string;
  externalReference?: string;
  /** The customer's e-mail as the transaction recorded it, any case. */
  customerEmail?: string;
  /** The customer's CPF or CNPJ as the transaction recorded it, digits only. */
  customerDocument?: string;
  paymentLinkId?: string;
}

function pageQuery(scope: Scope, f: ListFilter): PageQuery {
  const c = new Conditions([scope.merchantId, scope.mode], ['merchant_id = $1', 'mode = $2'])
    .add(f.status, (p) => `status = ${p}`)
    .add(f.method, (p) => `method = ${p}`)
    .add(f.customerId, (p) => `customer_id = ${p}`)
    .add(f.externalReference, (p) => `external_reference = ${p}`)
    // On the copy of the customer the transaction keeps, as its page shows it; no index: the merchant's and mode's
    // rows are read, as for a filter on the metadata.
    .add(f.customerEmail?.toLowerCase(), (p) => `lower(customer->>'email') = ${p}`)
    .add(f.customerDocument, (p) => `customer->'document'->>'number' = ${p}`)
    .add(f.paymentLinkId, (p) => `payment_link_id = ${p}`);
  return listPage({ from: 'transactions', columns: COLUMNS }, c, f.list, SORT_COLUMNS);
}

export function listTransactions(q: Queryable, scope: Scope, f: ListFilter): Promise<TransactionRow[]> {
  return selectPage<TransactionRow>(q, pageQuery(scope, f));
}

export function countTransactions(q: Queryable, scope: Scope, f: ListFilter): Promise<number> {
  return countRows(q, pageQuery(scope, f));
}
