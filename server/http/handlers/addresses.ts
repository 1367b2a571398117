import type { AddressesHandlers } from '../../../generated/operations';
import * as addresses from '../../domain/addresses/service';
import type { Ctx } from '../context';
import type { Recoveries } from '../recovery';
import { addressLinks, deletedAddressLinks } from '../../core/links';

/** An address as its operations answer it. */
function addressBody(ctx: Ctx, address: addresses.AddressRecord) {
  return { ...address, merchant: ctx.merchant, _links: addressLinks(address) };
}

/** An address created or replaced, as the retry of its request answers it. */
export const addressesRecovery = {
  address: async (ctx, { id }) => addressBody(ctx, await addresses.getAddress(ctx.db, ctx.scope, id)),
} satisfies Partial<Recoveries>;

export const addressesHandlers: AddressesHandlers<Ctx> = {
  async createAddress(req, ctx) {
    const address = await addresses.createAddress(ctx.db, ctx.scope, req.body, ctx.recovery);
    return { status: 201, body: addressBody(ctx, address) };
  },

  async getAddress(req, ctx) {
    const address = await addresses.getAddress(ctx.db, ctx.scope, req.params.addressId);
    return { status: 200, body: addressBody(ctx, address) };
  },

  async updateAddress(req, ctx) {
    const address = await addresses.updateAddress(ctx.db, ctx.scope, req.params.addressId, req.body, ctx.recovery);
    return { status: 200, body: addressBody(ctx, address) };
  },

  async deleteAddress(req, ctx) {
    const { addressId } = req.params;
    const { ownerId } = await addresses.deleteAddress(ctx.db, ctx.scope, addressId);
    return {
      status: 200,
      body: { id: addressId, resource: 'address', deleted: true, merchant: ctx.merchant, _links: deletedAddressLinks(ownerId) },
    };
  },
};
