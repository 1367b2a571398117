import type { SandboxHandlers, TransactionsHandlers } from '../../../generated/operations';
import { createTransaction } from '../../domain/transactions/create';
import { createRefund } from '../../domain/transactions/refunds';
import * as transactions from '../../domain/transactions/service';
import { simulate } from '../../domain/transactions/simulate';
import { refundView, transactionView } from '../../domain/transactions/view';
import type { TransactionRow } from '../../domain/transactions/repo';
import { scopeOf, type Ctx } from '../context';
import { envelope } from '../lists';

const CREATE = { href: '/v1/transactions', method: 'POST', description: 'Create a transaction' } as const;

/** The transaction after an operation, as reading it returns it. */
function read(ctx: Ctx, row: TransactionRow) {
  return transactionView(ctx.db, row, ctx.merchant);
}

export const transactionsHandlers: TransactionsHandlers<Ctx> = {
  async listTransactions(req, ctx) {
    const { items, total, limit, offset } = await transactions.listTransactions(ctx.db, scopeOf(ctx), req.query);
    const body = envelope({ data: items, total, limit, offset, merchant: ctx.merchant }, '/v1/transactions', req.query, 'This page');
    body._links.create = CREATE;
    return { status: 200, body };
  },

  async createTransaction(req, ctx) {
    return { status: 201, body: await createTransaction(ctx.payments, scopeOf(ctx), ctx.merchant, req.body) };
  },

  async getTransaction(req, ctx) {
    return { status: 200, body: await transactions.getTransaction(ctx.db, scopeOf(ctx), ctx.merchant, req.params.transactionId) };
  },

  async cancelTransaction(req, ctx) {
    const row = await transactions.cancelTransaction(ctx.payments, scopeOf(ctx), req.params.transactionId, req.body?.reason);
    return { status: 200, body: await read(ctx, row) };
  },

  async captureTransaction(req, ctx) {
    const row = await transactions.captureTransaction(ctx.payments, scopeOf(ctx), req.params.transactionId, req.body?.amount);
    return { status: 200, body: await read(ctx, row) };
  },

  async createTransactionRefund(req, ctx) {
    const refund = await createRefund(ctx.payments, scopeOf(ctx), req.params.transactionId, req.body);
    const href = `/v1/transactions/${refund.transaction_id}`;
    return {
      status: 201,
      body: {
        ...refundView(refund),
        merchant: ctx.merchant,
        _links: {
          transaction: { href, method: 'GET', description: 'Read the refunded transaction' },
          refund: { href: `${href}/refunds`, method: 'POST', description: 'Refund more of this transaction' },
        },
      },
    };
  },
};

export const sandboxHandlers: Pick<SandboxHandlers<Ctx>, 'simulateSandboxTransaction'> = {
  async simulateSandboxTransaction(req, ctx) {
    const row = await simulate(ctx.payments, scopeOf(ctx), req.params.transactionId, req.body.action);
    return { status: 200, body: await read(ctx, row) };
  },
};
