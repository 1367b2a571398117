import type { AddressesHandlers } from '../../../generated/operations';
import type { components } from '../../../generated/schema';
import * as addresses from '../../domain/addresses/service';
import { scopeOf, type Ctx } from '../context';

type Links = components['schemas']['Links'];

const CREATE = { href: '/v1/addresses', method: 'POST', description: 'Add an address' } as const;

function addressLinks(a: { id: string; ownerId: string }): Links {
  const href = `/v1/addresses/${a.id}`;
  return {
    self: { href, method: 'GET', description: 'Read this address' },
    update: { href, method: 'PUT', description: 'Replace this address' },
    delete: { href, method: 'DELETE', description: 'Delete this address' },
    owner: { href: `/v1/customers/${a.ownerId}`, method: 'GET', description: 'Read the customer who owns this address' },
  };
}

/** An address as its operations answer it. */
export function addressBody(ctx: Ctx, address: addresses.AddressRecord) {
  return { ...address, merchant: ctx.merchant, _links: addressLinks(address) };
}

export const addressesHandlers: AddressesHandlers<Ctx> = {
  async createAddress(req, ctx) {
    const address = await addresses.createAddress(ctx.db, scopeOf(ctx), req.body, ctx.recovery);
    return { status: 201, body: addressBody(ctx, address) };
  },

  async getAddress(req, ctx) {
    const address = await addresses.getAddress(ctx.db, scopeOf(ctx), req.params.addressId);
    return { status: 200, body: addressBody(ctx, address) };
  },

  async updateAddress(req, ctx) {
    const address = await addresses.updateAddress(ctx.db, scopeOf(ctx), req.params.addressId, req.body, ctx.recovery);
    return { status: 200, body: addressBody(ctx, address) };
  },

  async deleteAddress(req, ctx) {
    const { addressId } = req.params;
    const { ownerId } = await addresses.deleteAddress(ctx.db, scopeOf(ctx), addressId);
    const owner = { href: `/v1/customers/${ownerId}`, method: 'GET', description: 'Read the customer who owned this address' } as const;
    return {
      status: 200,
      body: { id: addressId, resource: 'address', deleted: true, merchant: ctx.merchant, _links: { owner, create: CREATE } },
    };
  },
};
