import type { WalletsHandlers } from '../../../generated/operations';
import * as wallets from '../../domain/wallets/service';
import { scopeOf, type Ctx } from '../context';
import { envelope } from '../lists';
import { CREATE, deletedWalletLinks, walletLinks } from '../../core/links';

export const walletsHandlers: WalletsHandlers<Ctx> = {
  async listWallets(req, ctx) {
    const { items, total, limit, offset } = await wallets.listWallets(ctx.db, scopeOf(ctx), req.query);
    const body = envelope({ data: items, total, limit, offset, merchant: ctx.merchant }, '/v1/wallets', req.query, 'This page');
    body._links.create = CREATE.wallets;
    return { status: 200, body };
  },

  async listWalletsAll(req, ctx) {
    return { status: 200, body: await wallets.listAllWallets(ctx.db, scopeOf(ctx), req.query) };
  },

  async createWallet(req, ctx) {
    const wallet = await wallets.createWallet(ctx.db, scopeOf(ctx), req.body);
    return { status: 201, body: { ...wallet, merchant: ctx.merchant, _links: walletLinks(wallet.id) } };
  },

  async getWallet(req, ctx) {
    const wallet = await wallets.getWallet(ctx.db, scopeOf(ctx), req.params.walletId);
    return { status: 200, body: { ...wallet, merchant: ctx.merchant, _links: walletLinks(wallet.id) } };
  },

  async deleteWallet(req, ctx) {
    const { walletId } = req.params;
    await wallets.deleteWallet(ctx.db, scopeOf(ctx), walletId);
    return {
      status: 200,
      body: { id: walletId, resource: 'wallet', deleted: true, merchant: ctx.merchant, _links: deletedWalletLinks() },
    };
  },
};
