import type { SandboxHandlers, WithdrawalsHandlers } from '../../../generated/operations';
import * as withdrawals from '../../domain/withdrawals/service';
import { simulateWithdrawal } from '../../domain/withdrawals/simulate';
import { CREATE } from '../../core/links';
import { withdrawalItem, withdrawalView } from '../../domain/withdrawals/view';
import type { Ctx } from '../context';
import type { Recoveries } from '../recovery';
import { envelope } from '../lists';

/** A withdrawal asked for, as the retry of its request answers it. */
export const withdrawalsRecovery = {
  withdrawal: async (ctx, { id }) => withdrawalView(await withdrawals.getWithdrawal(ctx.db, ctx.scope, id), ctx.merchant),
} satisfies Partial<Recoveries>;

export const withdrawalsHandlers: WithdrawalsHandlers<Ctx> = {
  async listWithdrawals(req, ctx) {
    const { items, total, limit, offset } = await withdrawals.listWithdrawals(ctx.db, ctx.scope, req.query);
    const data = items.map(withdrawalItem);
    const body = envelope({ data, total, limit, offset, merchant: ctx.merchant }, '/v1/withdrawals', req.query, 'This page');
    body._links.create = CREATE.withdrawals;
    return { status: 200, body };
  },

  async createWithdrawal(req, ctx) {
    const row = await withdrawals.createWithdrawal(ctx.payments, ctx.scope, ctx.merchant, req.body, ctx.recovery);
    return { status: 201, body: withdrawalView(row, ctx.merchant) };
  },

  async getWithdrawal(req, ctx) {
    const row = await withdrawals.getWithdrawal(ctx.db, ctx.scope, req.params.withdrawalId);
    return { status: 200, body: withdrawalView(row, ctx.merchant) };
  },
};

export const sandboxWithdrawalsHandlers: Pick<SandboxHandlers<Ctx>, 'simulateSandboxWithdrawal'> = {
  async simulateSandboxWithdrawal(req, ctx) {
    const row = await simulateWithdrawal(ctx.payments, ctx.scope, req.params.withdrawalId, req.body.action);
    return { status: 200, body: withdrawalView(row, ctx.merchant) };
  },
};
