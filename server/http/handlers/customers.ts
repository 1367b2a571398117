import type { CustomersHandlers } from '../../../generated/operations';
import type { components } from '../../../generated/schema';
import * as customers from '../../domain/customers/service';
import { scopeOf, type Ctx } from '../context';
import { envelope } from '../lists';

type Links = components['schemas']['Links'];

const LIST = { href: '/v1/customers', method: 'GET', description: 'List customers' } as const;
const CREATE = { href: '/v1/customers', method: 'POST', description: 'Create a customer' } as const;
const ADD_ADDRESS = { href: '/v1/addresses', method: 'POST', description: 'Add an address to this customer' } as const;

function customerLinks(id: string): Links {
  const href = `/v1/customers/${id}`;
  return {
    self: { href, method: 'GET', description: 'Read this customer' },
    update: { href, method: 'PUT', description: 'Replace this customer' },
    list: LIST,
    addresses: ADD_ADDRESS,
  };
}

export const customersHandlers: CustomersHandlers<Ctx> = {
  async listCustomers(req, ctx) {
    const { items, total, limit, offset } = await customers.listCustomers(ctx.db, scopeOf(ctx), req.query);
    const body = envelope({ data: items, total, limit, offset, merchant: ctx.merchant }, '/v1/customers', req.query, 'This page');
    body._links.create = CREATE;
    return { status: 200, body };
  },

  async createCustomer(req, ctx) {
    const customer = await customers.createCustomer(ctx.db, scopeOf(ctx), req.body);
    return { status: 201, body: { ...customer, merchant: ctx.merchant, _links: customerLinks(customer.id) } };
  },

  async getCustomer(req, ctx) {
    const customer = await customers.getCustomer(ctx.db, scopeOf(ctx), req.params.customerId);
    return { status: 200, body: { ...customer, merchant: ctx.merchant, _links: customerLinks(customer.id) } };
  },

  async updateCustomer(req, ctx) {
    const customer = await customers.updateCustomer(ctx.db, scopeOf(ctx), req.params.customerId, req.body);
    return { status: 200, body: { ...customer, merchant: ctx.merchant, _links: customerLinks(customer.id) } };
  },
};
