import type { SandboxHandlers, TransactionsHandlers } from '../../../generated/operations';
import { createTransaction } from '../../domain/transactions/create';
import { createRefund } from '../../domain/transactions/refunds';
import * as transactions from '../../domain/transactions/service';
import { simulate } from '../../domain/transactions/simulate';
import { refundView, transactionView } from '../../domain/transactions/view';
import type { TransactionRow } from '../../domain/transactions/repo';
import type { RefundRow } from '../../domain/transactions/ledger-repo';
import type { Ctx } from '../context';
import { envelope } from '../lists';
import { CREATE, refundLinks } from '../../core/links';

/** The transaction after an operation, as reading it returns it. */
export function read(ctx: Ctx, row: TransactionRow) {
  return transactionView(ctx.db, row, ctx.merchant);
}

/** A refund as its creation answers it. */
export function refundBody(ctx: Ctx, refund: RefundRow) {
  return {
    ...refundView(refund),
    merchant: ctx.merchant,
    _links: refundLinks(refund.transaction_id),
  } as const;
}

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
