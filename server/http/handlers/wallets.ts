import type { WalletsHandlers } from '../../../generated/operations';
import * as wallets from '../../domain/wallets/service';
import type { Ctx } from '../context';
import type { Recoveries } from '../recovery';
import { envelope } from '../lists';
import { CREATE, deletedWalletLinks, walletLinks } from '../../core/links';

/** A wallet as its operations answer it. */
function walletBody(ctx: Ctx, wallet: wallets.WalletRecord) {
  return { ...wallet, merchant: ctx.merchant, _links: walletLinks(wallet.id) };
}

/** A wallet registered, as the retry of its request answers it. */
export const walletsRecovery = {
  wallet: async (ctx, { id }) => walletBody(ctx, await wallets.getWallet(ctx.db, ctx.scope, id)),
} satisfies Partial<Recoveries>;

export const walletsHandlers: WalletsHandlers<Ctx> = {
  async listWallets(req, ctx) {
    const { items, total, limit, offset } = await wallets.listWallets(ctx.db, ctx.scope, req.query);
    const body = envelope({ data: items, total, limit, offset, merchant: ctx.merchant }, '/v1/wallets', req.query, 'This page');
    body._links.create = CREATE.wallets;
    return { status: 200, body };
  },

  async listWalletsAll(req, ctx) {
    return { status: 200, body: await wallets.listAllWallets(ctx.db, ctx.scope, req.query) };
  },

  async createWallet(req, ctx) {
    const wallet = await wallets.createWallet(ctx.db, ctx.scope, req.body, ctx.recovery);
    return { status: 201, body: walletBody(ctx, wallet) };
  },

  async getWallet(req, ctx) {
    const wallet = await wallets.getWallet(ctx.db, ctx.scope, req.params.walletId);
    return { status: 200, body: walletBody(ctx, wallet) };
  },

  async deleteWallet(req, ctx) {
    const { walletId } = req.params;
    await wallets.deleteWallet(ctx.db, ctx.scope, walletId);
    return {
      status: 200,
      body: { id: walletId, resource: 'wallet', deleted: true, merchant: ctx.merchant, _links: deletedWalletLinks() },
    };
  },
};
