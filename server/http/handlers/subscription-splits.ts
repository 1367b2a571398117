/** The split operations of the Subscriptions tag: a subscription's split rule, the template of each cycle's charge. */
import type { SubscriptionsHandlers } from '../../../generated/operations';
import { subscriptionSplitLinks, subscriptionSplitsLinks } from '../../core/links';
import * as splits from '../../domain/splits/service';
import type { SplitRow } from '../../domain/splits/repo';
import { splitItem } from '../../domain/splits/view';
import type { Ctx } from '../context';
import type { Recoveries } from '../recovery';

type SplitOperations = 'listSubscriptionSplits' | 'createSubscriptionSplit' | 'updateSubscriptionSplit' | 'deleteSubscriptionSplit';

/** A split as its create and update answer it. */
function splitBody(ctx: Ctx, subscriptionId: string, s: SplitRow) {
  return { ...splitItem(s), merchant: ctx.merchant, _links: subscriptionSplitLinks(subscriptionId, s.splitId) };
}

function collectionBody(ctx: Ctx, state: splits.SplitState) {
  return {
    subscription: state.subscription,
    splits: state.splits.map(splitItem),
    totalPercentage: state.totalPercentage / 100,
    remainingPercentage: (10_000 - state.totalPercentage) / 100,
    remainingAmount: String(state.remainingAmount),
    merchant: ctx.merchant,
    _links: subscriptionSplitsLinks(state.subscription),
  };
}

/** A split added or changed, as the retry of its request answers it (found through its subscription). */
export const subscriptionSplitsRecovery = {
  async subscriptionSplit(ctx, { id, parentId }) {
    if (!parentId) throw new Error(`split ${id} of a recovery point has no subscription`);
    return splitBody(ctx, parentId, await splits.getSplit(ctx.db, ctx.scope, parentId, id));
  },
} satisfies Partial<Recoveries>;

export const subscriptionSplitsHandlers: Pick<SubscriptionsHandlers<Ctx>, SplitOperations> = {
  async listSubscriptionSplits(req, ctx) {
    return { status: 200, body: collectionBody(ctx, await splits.listSplits(ctx.db, ctx.scope, req.params.subscriptionId)) };
  },

  async createSubscriptionSplit(req, ctx) {
    const { subscriptionId } = req.params;
    const split = await splits.createSplit(ctx.db, ctx.scope, subscriptionId, req.body, ctx.recovery);
    return { status: 201, body: splitBody(ctx, subscriptionId, split) };
  },

  async updateSubscriptionSplit(req, ctx) {
    const { subscriptionId, splitId } = req.params;
    const split = await splits.updateSplit(ctx.db, ctx.scope, subscriptionId, splitId, req.body, ctx.recovery);
    return { status: 200, body: splitBody(ctx, subscriptionId, split) };
  },

  async deleteSubscriptionSplit(req, ctx) {
    const { subscriptionId } = req.params;
    const state = await splits.deleteSplit(ctx.db, ctx.scope, subscriptionId, req.query.splitId);
    return { status: 200, body: collectionBody(ctx, state) };
  },
};
