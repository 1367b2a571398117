/** Reading subscriptions and their billing cycles. */
import type { QueryOf } from '../../../generated/operations';
import type { Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import { ApiError } from '../../core/errors';
import { parseList } from '../../core/lists';
import * as repo from './repo';

export type SubscriptionQuery = QueryOf<'listSubscriptions'>;
export type CycleQuery = QueryOf<'listSubscriptionCycles'>;

export function subscriptionNotFound(id: string): ApiError {
  return new ApiError('subscriptionNotFound', { message: `Subscription ${id} was not found.` });
}

export async function getSubscription(q: Queryable, scope: Scope, id: string): Promise<repo.SubscriptionRow> {
  const row = await repo.findSubscription(q, scope, id);
  if (!row) throw subscriptionNotFound(id);
  return row;
}

/** One page of the merchant's subscriptions and the exact number matching the query. */
export async function listSubscriptions(q: Queryable, scope: Scope, query: SubscriptionQuery) {
  const filter: repo.ListFilter = {
    list: parseList(query, repo.SORTABLE, { resource: 'subscription' }),
    status: query.status,
    customerId: query.customerid,
    variantId: query.variantid,
  };
  const [items, total] = await Promise.all([repo.listSubscriptions(q, scope, filter), repo.countSubscriptions(q, scope, filter)]);
  return { items, total, limit: filter.list.limit, offset: filter.list.offset };
}

/** One page of a subscription's billing cycles; 404 when the subscription is not the key's. */
export async function listCycles(q: Queryable, scope: Scope, subscriptionId: string, query: CycleQuery) {
  await getSubscription(q, scope, subscriptionId);
  const filter: repo.CycleFilter = { list: parseList(query, repo.CYCLE_SORTABLE, { resource: 'cycle' }), status: query.status };
  const [items, total] = await Promise.all([repo.listCycles(q, subscriptionId, filter), repo.countCycles(q, subscriptionId, filter)]);
  return { items, total, limit: filter.list.limit, offset: filter.list.offset };
}
