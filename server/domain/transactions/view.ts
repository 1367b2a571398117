/**
 * Transactions as the API shows them: the full object of `GET /v1/transactions/{id}` (also the `payload.object` of
 * every `transaction.*` event), the list projection and the creation summary. Built from rows, inside whatever
 * database transaction the caller holds, so an event carries the state right after its change.
 */
import type { components } from '../../../generated/schema';
import type { Queryable } from '../../db/types';
import { transactionLinks } from '../../core/links';
import type { Merchant, Scope } from '../../core/tenancy';
import type * as ledger from './ledger-repo';
import { findTransactionDetail, readDetail, type TransactionDetail, type TransactionRow } from './repo';
import { splitAmounts } from '../splits/allocate';
import { apiValue } from '../splits/values';

type Transaction = components['schemas']['Transaction'];
export type TransactionListItem = components['schemas']['TransactionListItem'];
export type TransactionSummary = components['schemas']['TransactionSummary'];
export type Refund = components['schemas']['Refund'];

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function refundView(r: ledger.RefundRow): Omit<Refund, 'merchant' | '_links'> {
  return {
    id: r.id,
    transactionId: r.transaction_id,
    amount: r.amount,
    currency: 'BRL',
    status: r.status,
    reason: r.reason,
    failureReason: r.failure_reason,
    metadata: r.metadata,
    refundedAt: iso(r.refunded_at),
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

function receivableView(r: ledger.ReceivableRow): components['schemas']['Receivable'] {
  return {
    id: r.id,
    recipient: r.recipient,
    split: r.split,
    status: r.status,
    amount: r.amount,
    grossAmount: r.gross_amount,
    anticipationFee: r.anticipation_fee,
    installmentNumber: r.installment_number,
    description: r.description,
    currency: 'BRL',
    authorizationCode: r.authorization_code,
    paidAt: iso(r.paid_at),
    refundedAt: iso(r.refunded_at),
    canceledAt: iso(r.canceled_at),
    expectedOn: r.expected_on,
    liable: r.liable,
    chargeProcessingFee: r.charge_processing_fee,
    updatedAt: r.updated_at.toISOString(),
    createdAt: r.created_at.toISOString(),
  };
}

function disputeView(d: ledger.DisputeRow): components['schemas']['Dispute'] {
  return {
    id: d.id,
    status: d.status,
    reason: d.reason,
    amount: d.amount,
    currency: 'BRL',
    evidenceDueBy: iso(d.evidence_due_by),
    closedAt: iso(d.closed_at),
    createdAt: d.created_at.toISOString(),
    updatedAt: d.updated_at.toISOString(),
  };
}

const orNull = <T>(list: T[]): T[] | null => (list.length === 0 ? null : list);

/**
 * The applied split as the transaction shows it: each share's `amount` is computed from the captured amount (the
 * amount while nothing is captured yet) by the same rule that made the receivables.
 */
function splitsView(t: TransactionRow): components['schemas']['TransactionSplit'][] | null {
  if (!t.splits || t.splits.length === 0) return null;
  const amounts = splitAmounts(t.splits, t.merchant_id, t.captured_amount > 0 ? t.captured_amount : t.amount, t.installments);
  return t.splits.map((s) => ({
    id: s.splitId,
    recipient: s.recipient,
    type: s.type,
    value: apiValue(s),
    amount: amounts.get(s.splitId)!,
    chargeProcessingFee: s.chargeProcessingFee,
    liable: s.liable,
  }));
}

/**
 * The whole transaction of a row already read, its detail read with `q` in one round trip (inside the caller's
 * database transaction when it has one, so an event carries the state right after its change).
 */
export async function transactionView(q: Queryable, t: TransactionRow, merchant: Merchant): Promise<Transaction> {
  return transactionViewOf(t, merchant, await readDetail(q, t.id));
}

/** The whole transaction as the merchant's key sees it, read in one round trip; null when it cannot see it. */
export async function readTransaction(q: Queryable, scope: Scope, merchant: Merchant, id: string): Promise<Transaction | null> {
  const found = await findTransactionDetail(q, scope, id);
  return found ? transactionViewOf(found.row, merchant, found.detail) : null;
}

/** The whole transaction from its row and its parts, read or (for a charge being created) known without a read. */
export function transactionViewOf(t: TransactionRow, merchant: Merchant, { timeline, receivables, refunds, disputes }: TransactionDetail): Transaction {
  const splits = splitsView(t);
  return {
    id: t.id,
    customId: null,
    amount: t.amount,
    originalAmount: t.original_amount,
    capturedAmount: t.captured_amount,
    refundedAmount: t.refunded_amount,
    status: t.status,
    method: t.method,
    currency: 'BRL',
    payment: t.payment,
    discount: null,
    customer: t.customer,
    billing: { address: t.billing_address },
    shipping: null,
    externalReference: t.external_reference,
    subscriptionId: t.subscription_id,
    billingCycleId: t.billing_cycle_id,
    paymentLinkId: t.payment_link_id,
    checkoutSessionId: t.checkout_session_id,
    shippable: false,
    spplited: splits !== null,
    items: t.items,
    receivables: receivables.map(receivableView),
    splits,
    refunds: orNull(refunds.map(refundView)),
    disputes: orNull(disputes.map(disputeView)),
    timeline: timeline.map((e) => ({
      id: e.id,
      message: e.message,
      details: e.details,
      type: e.type,
      updatedAt: e.created_at.toISOString(),
      createdAt: e.created_at.toISOString(),
    })),
    callback: null,
    metadata: t.metadata,
    createdAt: t.created_at.toISOString(),
    updatedAt: t.updated_at.toISOString(),
    merchant,
    _links: transactionLinks(t),
  };
}

export function listItemView(t: TransactionRow): TransactionListItem {
  return {
    id: t.id,
    status: t.status,
    method: t.method,
    amount: t.amount,
    capturedAmount: t.captured_amount,
    refundedAmount: t.refunded_amount,
    currency: 'BRL',
    installments: t.installments,
    customer: { id: t.customer.id, firstName: t.customer.firstName, lastName: t.customer.lastName, email: t.customer.email },
    externalReference: t.external_reference,
    paidAt: iso(t.paid_at),
    createdAt: t.created_at.toISOString(),
    updatedAt: t.updated_at.toISOString(),
  };
}

export function summaryView(t: Pick<TransactionRow, 'id' | 'amount' | 'method'>, merchant: Merchant): TransactionSummary {
  return {
    id: t.id,
    status: 'pending',
    amount: t.amount,
    method: t.method,
    currency: 'BRL',
    merchant,
    _links: transactionLinks({ id: t.id, status: 'pending' }),
  };
}
