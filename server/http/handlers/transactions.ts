import type { SandboxHandlers, TransactionsHandlers } from '../../../generated/operations';
import { ApiError } from '../../core/errors';
import { createTransaction } from '../../domain/transactions/create';
import { createRefund } from '../../domain/transactions/refunds';
import * as transactions from '../../domain/transactions/service';
import { operationUncertain } from '../../domain/transactions/settle';
import { invalidTransition } from '../../domain/transactions/status';
import { simulate } from '../../domain/transactions/simulate';
import { refundView, summaryView, transactionView } from '../../domain/transactions/view';
import { findTransaction, type TransactionRow } from '../../domain/transactions/repo';
import { findRefund, type RefundRow } from '../../domain/transactions/ledger-repo';
import { findOperation } from '../../payments/operations';
import type { Ctx } from '../context';
import type { Recoveries } from '../recovery';
import { envelope } from '../lists';
import { CREATE, refundLinks } from '../../core/links';

/** The transaction after an operation, as reading it returns it. */
function read(ctx: Ctx, row: TransactionRow) {
  return transactionView(ctx.db, row, ctx.merchant);
}

/** A refund as its creation answers it. */
function refundBody(ctx: Ctx, refund: RefundRow) {
  return {
    ...refundView(refund),
    merchant: ctx.merchant,
    _links: refundLinks(refund.transaction_id),
  } as const;
}

/**
 * A capture or cancel answers success only once its provider operation succeeded: while it is being confirmed the
 * retry gets the 503 the request got (and the key stays open), a capture the provider refused its 402, and a cancel
 * it refused (a PIX the payer paid first), or one that left the charge other than canceled, the 422 of the live call.
 */
async function operationSucceeded(ctx: Ctx, key: string, row: TransactionRow): Promise<void> {
  const op = await findOperation(ctx.db, key);
  if (!op) throw new Error(`provider operation ${key} of a recovery point is missing`);
  if (op.state === 'started' || op.state === 'uncertain') throw operationUncertain(op.kind === 'capture' ? 'capture' : 'cancel');
  if (op.kind === 'cancel' && (op.state === 'failed' || row.status !== 'canceled')) {
    throw invalidTransition(row.id, row.status, `canceled: ${op.reason ?? 'the provider did not cancel it'}`);
  }
  if (op.state === 'failed') {
    throw new ApiError('paymentDeclined', {
      resource: 'transaction',
      message: `The acquirer refused the ${op.kind}; the transaction is as it was.`,
    });
  }
}

/** A transaction created, captured or canceled, or a refund created, as the retry of its request answers it. */
export const transactionsRecovery = {
  async transaction(ctx, { id, status, operation }) {
    const row = await findTransaction(ctx.db, ctx.scope, id);
    if (!row) throw transactions.transactionNotFound(id);
    if (operation) await operationSucceeded(ctx, operation, row);
    // A creation answers the summary (always `pending`, as its replay does); capture and cancel the transaction.
    return status === 201 ? summaryView(row, ctx.merchant) : read(ctx, row);
  },
  async refund(ctx, { id }) {
    const refund = await findRefund(ctx.db, id);
    // Only a refund that was undone has no row; its undo cleared the point, so this is a broken invariant.
    if (!refund) throw new Error(`refund ${id} of a recovery point is missing`);
    return refundBody(ctx, refund);
  },
} satisfies Partial<Recoveries>;

export const transactionsHandlers: TransactionsHandlers<Ctx> = {
  async listTransactions(req, ctx) {
    const { items, total, limit, offset } = await transactions.listTransactions(ctx.db, ctx.scope, req.query);
    const body = envelope({ data: items, total, limit, offset, merchant: ctx.merchant }, '/v1/transactions', req.query, 'This page');
    body._links.create = CREATE.transactions;
    return { status: 200, body };
  },

  async createTransaction(req, ctx) {
    return { status: 201, body: await createTransaction(ctx.payments, ctx.scope, ctx.merchant, req.body, ctx.recovery) };
  },

  async getTransaction(req, ctx) {
    return { status: 200, body: await transactions.getTransaction(ctx.db, ctx.scope, ctx.merchant, req.params.transactionId) };
  },

  async cancelTransaction(req, ctx) {
    const row = await transactions.cancelTransaction(ctx.payments, ctx.scope, req.params.transactionId, req.body?.reason, ctx.recovery);
    return { status: 200, body: await read(ctx, row) };
  },

  async captureTransaction(req, ctx) {
    const row = await transactions.captureTransaction(ctx.payments, ctx.scope, req.params.transactionId, req.body?.amount, ctx.recovery);
    return { status: 200, body: await read(ctx, row) };
  },

  async createTransactionRefund(req, ctx) {
    const refund = await createRefund(ctx.payments, ctx.scope, req.params.transactionId, req.body, ctx.recovery);
    return { status: 201, body: refundBody(ctx, refund) };
  },
};

export const sandboxHandlers: Pick<SandboxHandlers<Ctx>, 'simulateSandboxTransaction'> = {
  async simulateSandboxTransaction(req, ctx) {
    const row = await simulate(ctx.payments, ctx.scope, req.params.transactionId, req.body.action);
    return { status: 200, body: await read(ctx, row) };
  },
};
