import type { BalanceHandlers } from '../../../generated/operations';
import { balanceLinks } from '../../core/links';
import { balanceOf } from '../../domain/ledger/balance';
import type { Ctx } from '../context';

export const balanceHandlers: BalanceHandlers<Ctx> = {
  async getBalance(_req, ctx) {
    return {
      status: 200,
      body: {
        mode: ctx.mode,
        balances: await balanceOf(ctx.db, ctx.scope),
        _links: balanceLinks(),
      },
    };
  },
};
