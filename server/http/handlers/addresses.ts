import type { AddressesHandlers } from '../../../generated/operations';
import * as addresses from '../../domain/addresses/service';
import { scopeOf, type Ctx } from '../context';
import { addressLinks, deletedAddressLinks } from '../../core/links';

export const addressesHandlers: AddressesHandlers<Ctx> = {
  async createAddress(req, ctx) {
    const address = await addresses.createAddress(ctx.db, scopeOf(ctx), req.body);
    return { status: 201, body: { ...address, merchant: ctx.merchant, _links: addressLinks(address) } };
  },

  async getAddress(req, ctx) {
    const address = await addresses.getAddress(ctx.db, scopeOf(ctx), req.params.addressId);
    return { status: 200, body: { ...address, merchant: ctx.merchant, _links: addressLinks(address) } };
  },

  async updateAddress(req, ctx) {
    const address = await addresses.updateAddress(ctx.db, scopeOf(ctx), req.params.addressId, req.body);
    return { status: 200, body: { ...address, merchant: ctx.merchant, _links: addressLinks(address) } };
  },

  async deleteAddress(req, ctx) {
    const { addressId } = req.params;
    const { ownerId } = await addresses.deleteAddress(ctx.db, scopeOf(ctx), addressId);
    return {
      status: 200,
      body: { id: addressId, resource: 'address', deleted: true, merchant: ctx.merchant, _links: deletedAddressLinks(ownerId) },
    };
  },
};
