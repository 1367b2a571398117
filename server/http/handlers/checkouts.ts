import type { CheckoutsHandlers } from '../../../generated/operations';
import { CREATE, paymentLinkLinks } from '../../core/links';
import * as links from '../../domain/checkout/links';
import type { LinkRecord } from '../../domain/checkout/links-view';
import type { Ctx } from '../context';
import type { Recoveries } from '../recovery';
import { envelope } from '../lists';

type PaymentLinksHandlers = Omit<CheckoutsHandlers<Ctx>, 'getCheckoutSessionAnalytics'>;

/** A payment link as its operations answer it. */
function paymentLinkBody(ctx: Ctx, link: LinkRecord) {
  return { ...link, merchant: ctx.merchant, _links: paymentLinkLinks(link) };
}

/** A payment link created, changed, disabled or enabled, as the retry of its request answers it. */
export const paymentLinksRecovery = {
  paymentLink: async (ctx, { id }) => paymentLinkBody(ctx, await links.getLink(ctx.db, ctx.payments.urls, ctx.scope, id)),
} satisfies Partial<Recoveries>;

export const paymentLinksHandlers: PaymentLinksHandlers = {
  async listPaymentLinks(req, ctx) {
    const { items, total, limit, offset } = await links.listLinks(ctx.db, ctx.payments.urls, ctx.scope, req.query);
    const body = envelope({ data: items, total, limit, offset, merchant: ctx.merchant }, '/v1/checkouts/payment-links', req.query, 'This page');
    body._links.create = CREATE.paymentLinks;
    return { status: 200, body };
  },

  async createPaymentLink(req, ctx) {
    const link = await links.createLink(ctx.db, ctx.payments.urls, ctx.scope, req.body, ctx.recovery);
    return { status: 201, body: paymentLinkBody(ctx, link) };
  },

  async getPaymentLink(req, ctx) {
    return { status: 200, body: paymentLinkBody(ctx, await links.getLink(ctx.db, ctx.payments.urls, ctx.scope, req.params.linkId)) };
  },

  async updatePaymentLink(req, ctx) {
    // The body is optional: left out, it is `{}` (nothing changes).
    const link = await links.updateLink(ctx.db, ctx.payments.urls, ctx.scope, req.params.linkId, req.body ?? {}, ctx.recovery);
    return { status: 200, body: paymentLinkBody(ctx, link) };
  },

  async disablePaymentLink(req, ctx) {
    const link = await links.setLinkEnabled(ctx.db, ctx.payments.urls, ctx.scope, req.params.linkId, false, ctx.recovery);
    return { status: 200, body: paymentLinkBody(ctx, link) };
  },

  async enablePaymentLink(req, ctx) {
    const link = await links.setLinkEnabled(ctx.db, ctx.payments.urls, ctx.scope, req.params.linkId, true, ctx.recovery);
    return { status: 200, body: paymentLinkBody(ctx, link) };
  },
};
