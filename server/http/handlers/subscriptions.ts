import type { SubscriptionsHandlers } from '../../../generated/operations';
import { createSubscription } from '../../domain/subscriptions/create';
import { cancelSubscription, changePaymentMethod, pauseSubscription, resumeSubscription } from '../../domain/subscriptions/operations';
import type { SubscriptionRow } from '../../domain/subscriptions/repo';
import * as subscriptions from '../../domain/subscriptions/service';
import { splitItemsOf } from '../../domain/splits/view';
import { cycleView, subscriptionView } from '../../domain/subscriptions/view';
import { CREATE } from '../../core/links';
import type { Ctx } from '../context';
import type { Recoveries } from '../recovery';
import { envelope } from '../lists';

/** The subscription as reading it returns it. */
function subscriptionBody(ctx: Ctx, row: SubscriptionRow) {
  return subscriptionView(ctx.db, row, ctx.merchant);
}

/** The operations of the Subscriptions tag this part serves; the split operations are the splits part's. */
export type OwnSubscriptionsHandlers = Omit<
  SubscriptionsHandlers<Ctx>,
  'listSubscriptionSplits' | 'createSubscriptionSplit' | 'deleteSubscriptionSplit' | 'updateSubscriptionSplit'
>;

/** A subscription created, canceled, paused, resumed or given another method, as the retry of its request answers it. */
export const subscriptionsRecovery = {
  subscription: async (ctx, { id }) => subscriptionBody(ctx, await subscriptions.getSubscription(ctx.db, ctx.scope, id)),
} satisfies Partial<Recoveries>;

export const subscriptionsHandlers: OwnSubscriptionsHandlers = {
  async listSubscriptions(req, ctx) {
    const { items, total, limit, offset } = await subscriptions.listSubscriptions(ctx.db, ctx.scope, req.query);
    const splits = await splitItemsOf(ctx.db, items.map((s) => s.id));
    const data = await Promise.all(items.map((s) => subscriptionView(ctx.db, s, ctx.merchant, splits.get(s.id))));
    const body = envelope({ data, total, limit, offset, merchant: ctx.merchant }, '/v1/subscriptions', req.query, 'This page');
    body._links.create = CREATE.subscriptions;
    return { status: 200, body };
  },

  async createSubscription(req, ctx) {
    const row = await createSubscription(ctx.payments, ctx.scope, ctx.merchant, req.body, ctx.recovery);
    return { status: 201, body: await subscriptionBody(ctx, row) };
  },

  async getSubscription(req, ctx) {
    return { status: 200, body: await subscriptionBody(ctx, await subscriptions.getSubscription(ctx.db, ctx.scope, req.params.subscriptionId)) };
  },

  async cancelSubscription(req, ctx) {
    const row = await cancelSubscription(ctx.db, ctx.scope, req.params.subscriptionId, req.body?.atPeriodEnd ?? false, ctx.recovery);
    return { status: 200, body: await subscriptionBody(ctx, row) };
  },

  async pauseSubscription(req, ctx) {
    return { status: 200, body: await subscriptionBody(ctx, await pauseSubscription(ctx.db, ctx.scope, req.params.subscriptionId, ctx.recovery)) };
  },

  async resumeSubscription(req, ctx) {
    return { status: 200, body: await subscriptionBody(ctx, await resumeSubscription(ctx.db, ctx.scope, req.params.subscriptionId, ctx.recovery)) };
  },

  async updateSubscriptionPaymentMethod(req, ctx) {
    const row = await changePaymentMethod(ctx.payments, ctx.scope, req.params.subscriptionId, req.body.payment, ctx.recovery);
    return { status: 200, body: await subscriptionBody(ctx, row) };
  },

  async listSubscriptionCycles(req, ctx) {
    const id = req.params.subscriptionId;
    const { items, total, limit, offset } = await subscriptions.listCycles(ctx.db, ctx.scope, id, req.query);
    const data = items.map((c) => cycleView(c, ctx.merchant));
    const body = envelope({ data, total, limit, offset, merchant: ctx.merchant }, `/v1/subscriptions/${id}/cycles`, req.query, 'This page');
    body._links.subscription = { href: `/v1/subscriptions/${id}`, method: 'GET', description: 'Read the subscription' };
    return { status: 200, body };
  },
};
