/** The analytics operation of the Checkouts tag (the payment link operations are the links module's handlers). */
import type { CheckoutsHandlers } from '../../../generated/operations';
import { checkoutAnalyticsLinks } from '../../core/links';
import { getCheckoutSessionAnalytics } from '../../domain/checkout/analytics';
import type { Ctx } from '../context';

export const checkoutAnalyticsHandlers: Pick<CheckoutsHandlers<Ctx>, 'getCheckoutSessionAnalytics'> = {
  async getCheckoutSessionAnalytics(req, ctx) {
    const figures = await getCheckoutSessionAnalytics(ctx.db, ctx.scope, req.query);
    return { status: 200, body: { ...figures, merchant: ctx.merchant, _links: checkoutAnalyticsLinks(figures.period, req.query.sort ?? 'date') } };
  },
};
