import type { WebhooksHandlers } from '../../../generated/operations';
import * as endpoints from '../../domain/webhooks/endpoints';
import * as history from '../../domain/webhooks/history';
import type { Ctx } from '../context';
import type { Recoveries } from '../recovery';
import { envelope } from '../lists';
import { CREATE, deletedEndpointLinks, endpointLinks, eventLinks } from '../../core/links';

/** A webhook endpoint as its operations answer it. */
function endpointBody(ctx: Ctx, e: endpoints.Endpoint) {
  return { ...e, merchant: ctx.merchant, _links: endpointLinks(e.id) };
}

async function register(ctx: Ctx, r: endpoints.Registration) {
  const created = await endpoints.registerEndpoint(ctx.db, ctx.webhooks, ctx.scope, r, ctx.recovery);
  return { status: 201 as const, body: { ...created, merchant: ctx.merchant, _links: endpointLinks(created.id) } };
}

/** An endpoint registered or changed, as the retry of its request answers it. */
export const webhooksRecovery = {
  async webhookEndpoint(ctx, { id, status }) {
    // The registration shows the signing secret; its recovered answer must too, or the caller never learns it.
    const e = status === 201 ? await endpoints.getRegistration(ctx.db, ctx.webhooks, ctx.scope, id) : await endpoints.getEndpoint(ctx.db, ctx.scope, id);
    return endpointBody(ctx, e);
  },
} satisfies Partial<Recoveries>;

export const webhooksHandlers: WebhooksHandlers<Ctx> = {
  async listWebhooks(req, ctx) {
    const { items, total, limit, offset } = await endpoints.listEndpoints(ctx.db, ctx.scope, req.query);
    const data = items.map((e) => ({ ...e, merchant: ctx.merchant, _links: endpointLinks(e.id) }));
    const body = envelope({ data, total, limit, offset, merchant: ctx.merchant }, '/v1/webhooks', req.query, 'This page');
    body._links.create = CREATE.webhooks;
    return { status: 200, body };
  },

  createWebhook: (req, ctx) => register(ctx, endpoints.fromWebhookRequest(req.body)),

  createWebhookEndpoint: (req, ctx) => register(ctx, endpoints.fromEndpointRequest(req.body)),

  async getWebhook(req, ctx) {
    const e = await endpoints.getEndpoint(ctx.db, ctx.scope, req.params.webhookId);
    return { status: 200, body: endpointBody(ctx, e) };
  },

  async updateWebhook(req, ctx) {
    const e = await endpoints.updateEndpoint(ctx.db, ctx.webhooks, ctx.scope, req.params.webhookId, req.body, ctx.recovery);
    return { status: 200, body: endpointBody(ctx, e) };
  },

  async deleteWebhook(req, ctx) {
    await endpoints.deleteEndpoint(ctx.db, ctx.scope, req.params.webhookId);
    return { status: 200, body: { id: req.params.webhookId, resource: 'webhook', deleted: true, merchant: ctx.merchant, _links: deletedEndpointLinks() } };
  },

  async listWebhookEvents(req, ctx) {
    const { items, total, limit, offset } = await history.listEvents(ctx.db, ctx.scope, req.query);
    const data = items.map((e) => ({ ...e, merchant: ctx.merchant, _links: eventLinks(e.id) }));
    return { status: 200, body: envelope({ data, total, limit, offset, merchant: ctx.merchant }, '/v1/webhooks/events', req.query, 'This page') };
  },

  async getWebhookEvent(req, ctx) {
    const e = await history.getEvent(ctx.db, ctx.scope, req.params.eventId);
    return { status: 200, body: { ...e, merchant: ctx.merchant, _links: eventLinks(e.id) } };
  },

  async redeliverWebhookEvent(req, ctx) {
    const e = await history.redeliver(ctx.db, ctx.scope, req.params.eventId, req.body ?? {});
    ctx.webhooks.wake();
    return { status: 200, body: { ...e, merchant: ctx.merchant, _links: eventLinks(e.id) } };
  },
};
