import type { CustomersHandlers } from '../../../generated/operations';
import * as customers from '../../domain/customers/service';
import type { Ctx } from '../context';
import type { Recoveries } from '../recovery';
import { envelope } from '../lists';
import { CREATE, customerLinks } from '../../core/links';

/** A customer as its operations answer it. */
function customerBody(ctx: Ctx, customer: customers.CustomerRecord) {
  return { ...customer, merchant: ctx.merchant, _links: customerLinks(customer.id) };
}

/** A customer created or replaced, as the retry of its request answers it. */
export const customersRecovery = {
  customer: async (ctx, { id }) => customerBody(ctx, await customers.getCustomer(ctx.db, ctx.scope, id)),
} satisfies Partial<Recoveries>;

export const customersHandlers: CustomersHandlers<Ctx> = {
  async listCustomers(req, ctx) {
    const { items, total, limit, offset } = await customers.listCustomers(ctx.db, ctx.scope, req.query);
    const body = envelope({ data: items, total, limit, offset, merchant: ctx.merchant }, '/v1/customers', req.query, 'This page');
    body._links.create = CREATE.customers;
    return { status: 200, body };
  },

  async createCustomer(req, ctx) {
    const customer = await customers.createCustomer(ctx.db, ctx.scope, req.body, ctx.recovery);
    return { status: 201, body: customerBody(ctx, customer) };
  },

  async getCustomer(req, ctx) {
    const customer = await customers.getCustomer(ctx.db, ctx.scope, req.params.customerId);
    return { status: 200, body: customerBody(ctx, customer) };
  },

  async updateCustomer(req, ctx) {
    const customer = await customers.updateCustomer(ctx.db, ctx.scope, req.params.customerId, req.body, ctx.recovery);
    return { status: 200, body: customerBody(ctx, customer) };
  },
};
