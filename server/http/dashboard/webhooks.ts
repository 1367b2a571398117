/**
 * Developers, webhooks: the endpoints of the session's mode, a new one (its signing secret shown once, in the answer
 * to the form), and an endpoint's page: its facts, switching it off or on, its signing secret revealed on demand to
 * a person who may manage webhooks (`webhooks:write`; audited, as Stripe's dashboard reveals it), a test delivery,
 * and its recent deliveries, each leading to the event's page (deliveries.ts). Every change goes through the API's
 * handlers (`createWebhook`, `updateWebhook`, `redeliverWebhookEvent`) as the session's person.
 *
 * A test delivery is a real one: the newest event of a type the endpoint subscribes to, sent again to this endpoint
 * alone (`source: manual`, the same `id`, signed with the endpoint's secret), so the receiver's verification runs
 * on what production sends. With no such event yet, the page says how to make one (a sandbox charge).
 */
import express, { type Request, type Response, type Router } from 'express';
import type { components } from '../../../generated/schema';
import { getRegistration } from '../../domain/webhooks/endpoints';
import { recordAudit } from '../../domain/team/audit';
import { actorOf } from '../../domain/team/sessions';
import { html, type Html } from '../pages/html';
import { formAction, readAs, refusalOf } from './act';
import type { DashboardDeps } from './deps';
import { newFormKey } from './guard';
import { translator, when, type Locale } from './i18n';
import { csrfField, dashboardPage, developerTabs, may, sendDashboard, type T, type Viewer } from './layout';
import { messagePage } from './messages';
import { signedIn } from './signed-in';

type Endpoint = components['schemas']['WebhookEndpoint'];
type EndpointWithSecret = components['schemas']['WebhookEndpointWithSecret'];
type WebhookEvent = components['schemas']['WebhookEvent'];
type EventType = components['schemas']['WebhookEventType'];

export const WEBHOOKS_PATH = '/dashboard/developers/webhooks';
const ENDPOINT_ID = /^wbe_[0-9A-Za-z]+$/;

/** Every event type, in the spec's order (WebhookEventType.yaml): the form's checkboxes. */
export const EVENT_TYPES: readonly EventType[] = [
  'transaction.created', 'transaction.pre-authorized', 'transaction.approved', 'transaction.failed', 'transaction.refused',
  'transaction.canceled', 'transaction.partially-refunded', 'transaction.refunded', 'transaction.dispute', 'transaction.chargeback',
  'transaction.analyzing', 'transaction.fraud-review', 'transaction.awaiting', 'customer.created', 'customer.updated',
  'withdrawal.created', 'withdrawal.paid', 'withdrawal.failed', 'subscription.created', 'subscription.activated',
  'subscription.past-due', 'subscription.paused', 'subscription.resumed', 'subscription.unpaid', 'subscription.canceled',
  'subscription.expired', 'cycle.billed', 'cycle.paid', 'cycle.failed', 'checkout.completed', 'checkout.abandoned',
];

const correlation = (res: Response) => String(res.locals.correlationId ?? '');
const bad = (t: T, message: string) => html`<p class="notice bad" role="alert">${t('actionRefused', { message })}</p>`;
const ok = (text: string) => html`<p class="notice ok" role="status">${text}</p>`;

function stateOf(t: T, e: Pick<Endpoint, 'enabled' | 'failingSince' | 'disabledReason'>, locale: Locale): string {
  if (!e.enabled) return e.disabledReason === 'failing' ? t('endpointDisabledFailing') : t('endpointOff');
  return e.failingSince ? t('endpointFailing', { since: when(locale, e.failingSince) }) : t('endpointOn');
}

function endpointRows(v: Viewer, endpoints: Endpoint[], t: T): Html {
  if (endpoints.length === 0) return html`<p>${t('none')}</p>`;
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label="${t('webhookEndpoints')}"><table id="endpoints"><thead><tr>
<th scope="col">${t('endpointName')}</th><th scope="col">${t('endpointUrl')}</th><th scope="col">${t('status')}</th><th scope="col" class="num">${t('deliveries')}</th><th scope="col">${t('lastDelivery')}</th>
</tr></thead><tbody>${endpoints.map(
    (e) => html`<tr data-endpoint="${e.id}"><td><a href="${WEBHOOKS_PATH}/${e.id}">${e.name}</a></td><td><code>${e.endpoint}</code></td><td>${stateOf(t, e, v.locale)}</td><td class="num">${e.shotsQty} (${t('failedN', { n: e.failedShotsQty })})</td><td>${e.lastDeliveryAt ? when(v.locale, e.lastDeliveryAt) : t('never')}</td></tr>`,
  )}</tbody></table></div>`;
}

function createForm(v: Viewer, t: T): Html {
  return html`<section aria-labelledby="new-endpoint-h"><h2 id="new-endpoint-h">${t('newEndpoint')}</h2>
<form method="post" action="${WEBHOOKS_PATH}">${csrfField(v)}<input type="hidden" name="idem" value="${newFormKey()}">
  <label for="name">${t('endpointName')}</label><input id="name" name="name" required maxlength="100">
  <label for="endpoint">${t('endpointUrl')}</label><input id="endpoint" name="endpoint" type="url" required maxlength="2048" placeholder="https://" size="48">
  <fieldset><legend>${t('endpointEvents')}</legend><div class="event-grid">${EVENT_TYPES.map(
    (type) => html`<p class="check"><input id="ev-${type}" name="events" type="checkbox" value="${type}"> <label for="ev-${type}"><code>${type}</code></label></p>`,
  )}</div></fieldset>
  <p><button type="submit">${t('createEndpoint')}</button></p>
</form></section>`;
}

async function listPage(deps: DashboardDeps, res: Response, status = 200, notice: Html | null = null): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const list = await readAs<{ data: Endpoint[] }>(deps, session, correlation(res), 'listWebhooks', { query: { limit: 100 } });
  const body = html`<h1>${t('webhookEndpoints')}</h1>
${developerTabs(t, WEBHOOKS_PATH)}
${notice}
<p>${t('webhooksIntro', { mode: t(session.mode) })}</p>
${endpointRows(viewer, list.data, t)}
${may(session, 'webhooks:write') && createForm(viewer, t)}`;
  sendDashboard(res, status, dashboardPage(viewer, { title: t('webhookEndpoints'), current: '/dashboard/developers/keys', body }));
}

function secretShown(t: T, secret: string): Html {
  return html`<div class="notice ok" role="status"><p>${t('secretShown')}</p><p><code id="endpoint-secret">${secret}</code></p></div>`;
}

/** The endpoint's recent deliveries: its dispatches in the latest events sent to it. */
function deliveryRows(v: Viewer, t: T, endpointId: string, events: WebhookEvent[]): Html {
  const rows = events.flatMap((e) => e.dispatches.filter((d) => d.endpointId === endpointId).map((d) => ({ e, d })));
  if (rows.length === 0) return html`<p>${t('none')}</p>`;
  return html`<div class="table-wrap" tabindex="0" role="region" aria-labelledby="deliveries-h"><table id="deliveries"><thead><tr>
<th scope="col">${t('event')}</th><th scope="col">${t('eventType')}</th><th scope="col">${t('status')}</th><th scope="col" class="num">${t('attempts')}</th><th scope="col">${t('response')}</th><th scope="col">${t('lastAttempt')}</th>
</tr></thead><tbody>${rows.map(
    ({ e, d }) => html`<tr data-dispatch="${d.id}" data-status="${d.status}"><td><a href="${WEBHOOKS_PATH}/events/${e.id}">${e.id}</a></td><td><code>${e.type}</code></td><td>${t(`dispatch_${d.status}`)}${d.source === 'manual' ? ` (${t('manual')})` : ''}</td><td class="num">${d.attempts}</td><td>${d.responseStatusCode ?? d.lastError ?? ''}</td><td>${d.lastAttemptAt ? when(v.locale, d.lastAttemptAt) : ''}</td></tr>`,
  )}</tbody></table></div>`;
}

async function endpointPage(deps: DashboardDeps, req: Request, res: Response, status = 200, notice: Html | null = null): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const id = String(req.params.webhookId);
  const endpoint = await readEndpoint(deps, res, id);
  if (!endpoint) return messagePage(res, viewer, 404, t('notFound'), t('notFoundText'));
  const events = await readAs<{ data: WebhookEvent[] }>(deps, session, correlation(res), 'listWebhookEvents', { query: { endpoint: endpoint.id, limit: 50 } });
  const write = may(session, 'webhooks:write');
  if (!notice && req.query.created === '1') notice = ok(t('endpointCreated'));
  const body = html`<h1>${t('webhookEndpoint')}: ${endpoint.name}</h1>
${developerTabs(t, WEBHOOKS_PATH)}
${notice}
<dl class="facts">
  <dt>${t('id')}</dt><dd><code>${endpoint.id}</code></dd>
  <dt>${t('endpointUrl')}</dt><dd><code>${endpoint.endpoint}</code></dd>
  <dt>${t('status')}</dt><dd id="endpoint-state" data-enabled="${String(endpoint.enabled)}">${stateOf(t, endpoint, viewer.locale)}</dd>
  <dt>${t('endpointEvents')}</dt><dd>${endpoint.events.map((e, i) => html`${i > 0 ? ', ' : ''}<code>${e}</code>`)}</dd>
  <dt>${t('deliveries')}</dt><dd>${endpoint.shotsQty} (${t('failedN', { n: endpoint.failedShotsQty })})</dd>
  <dt>${t('created')}</dt><dd>${when(viewer.locale, endpoint.createdAt)}</dd>
</dl>
${write && html`<div class="actions">
<form method="post" action="${WEBHOOKS_PATH}/${endpoint.id}/${endpoint.enabled ? 'disable' : 'enable'}" class="inline">${csrfField(viewer)}<input type="hidden" name="idem" value="${newFormKey()}">
<button type="submit" class="${endpoint.enabled ? 'danger' : ''}">${endpoint.enabled ? t('disableEndpoint') : t('enableEndpoint')}</button></form>
<form method="post" action="${WEBHOOKS_PATH}/${endpoint.id}/secret" class="inline">${csrfField(viewer)}<button type="submit" class="secondary">${t('revealSecret')}</button></form>
<form method="post" action="${WEBHOOKS_PATH}/${endpoint.id}/test" class="inline">${csrfField(viewer)}<input type="hidden" name="idem" value="${newFormKey()}"><button type="submit" class="secondary">${t('sendTest')}</button></form>
</div>`}
<h2 id="deliveries-h">${t('recentDeliveries')}</h2>
${deliveryRows(viewer, t, endpoint.id, events.data)}`;
  sendDashboard(res, status, dashboardPage(viewer, { title: `${t('webhookEndpoint')} ${endpoint.name}`, current: '/dashboard/developers/keys', body }));
}

/** The endpoint `id` of the session's merchant and mode, through the API's handler; null when there is none. */
async function readEndpoint(deps: DashboardDeps, res: Response, id: string): Promise<Endpoint | null> {
  if (!ENDPOINT_ID.test(id)) return null;
  try {
    return await readAs<Endpoint>(deps, signedIn(res).session, correlation(res), 'getWebhook', { params: { webhookId: id } });
  } catch (err) {
    if (refusalOf(err)?.status === 404) return null;
    throw err;
  }
}

async function create(deps: DashboardDeps, req: Request, res: Response): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  if (!may(session, 'webhooks:write')) return listPage(deps, res, 403, bad(t, t('notAllowed')));
  const b = (req.body ?? {}) as Record<string, unknown>;
  const events = EVENT_TYPES.filter((e) => (Array.isArray(b.events) ? b.events : [b.events]).includes(e));
  if (events.length === 0) return listPage(deps, res, 422, bad(t, t('endpointEvents')));
  const body = { name: String(b.name ?? '').trim(), endpoint: String(b.endpoint ?? '').trim(), events };
  const out = await formAction<EndpointWithSecret>(deps, session, req, res, { operationId: 'createWebhook', input: { body }, target: null, back: WEBHOOKS_PATH }, (status, message) =>
    listPage(deps, res, status, bad(t, message ?? t('formExpired'))),
  );
  if (!out) return;
  // A form sent again is answered by the endpoint's page, without its secret: the secret is shown to one answer.
  if (out.replayed) return res.redirect(303, `${WEBHOOKS_PATH}/${out.body.id}`);
  req.params.webhookId = out.body.id;
  return endpointPage(deps, req, res, 201, html`${ok(t('endpointCreated'))}${secretShown(t, out.body.secret)}`);
}

/**
 * The endpoint a form acts on, for a person who may manage webhooks; null once the page answered (403 with the
 * endpoint's page, or 404).
 */
async function writableEndpoint(deps: DashboardDeps, req: Request, res: Response): Promise<Endpoint | null> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  if (!may(session, 'webhooks:write')) {
    await endpointPage(deps, req, res, 403, bad(t, t('notAllowed')));
    return null;
  }
  const endpoint = await readEndpoint(deps, res, String(req.params.webhookId));
  if (!endpoint) messagePage(res, viewer, 404, t('notFound'), t('notFoundText'));
  return endpoint;
}

async function toggle(deps: DashboardDeps, req: Request, res: Response, enabled: boolean): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const endpoint = await writableEndpoint(deps, req, res);
  if (!endpoint) return;
  const id = endpoint.id;
  // A replacement (PUT) of what the endpoint is now, but for the switch: the authorization header, omitted, is kept.
  const body = { name: endpoint.name, endpoint: endpoint.endpoint, events: endpoint.events, enabled, forceActive: endpoint.forceActive, metadata: endpoint.metadata };
  const out = await formAction(deps, session, req, res, { operationId: 'updateWebhook', input: { params: { webhookId: id }, body }, target: id, back: `${WEBHOOKS_PATH}/${id}` }, (status, message) =>
    endpointPage(deps, req, res, status, bad(t, message ?? t('formExpired'))),
  );
  if (out) res.redirect(303, `${WEBHOOKS_PATH}/${id}`);
}

async function reveal(deps: DashboardDeps, req: Request, res: Response): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const endpoint = await writableEndpoint(deps, req, res);
  if (!endpoint) return;
  const id = endpoint.id;
  const { secret } = await getRegistration(deps.db, deps.webhooks, { merchantId: session.merchantId, mode: session.mode }, id);
  await recordAudit(deps.db, { merchantId: session.merchantId, mode: session.mode, actor: actorOf(session), action: 'webhook.secret.reveal', target: id, ip: req.ip ?? null });
  return endpointPage(deps, req, res, 200, secretShown(t, secret));
}

async function sendTest(deps: DashboardDeps, req: Request, res: Response): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const endpoint = await writableEndpoint(deps, req, res);
  if (!endpoint) return;
  const id = endpoint.id;
  if (!endpoint.enabled) return endpointPage(deps, req, res, 422, bad(t, t('endpointOff')));
  // The merchant's latest event of a type the endpoint takes, however many events of other types came after it.
  const latest = await Promise.all(
    endpoint.events.map((type) => readAs<{ data: WebhookEvent[] }>(deps, session, correlation(res), 'listWebhookEvents', { query: { type, limit: 1 } })),
  );
  const event = latest.flatMap((l) => l.data).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  if (!event) return endpointPage(deps, req, res, 422, bad(t, t('noEventToSend')));
  const input = { params: { eventId: event.id }, body: { endpointId: id, listen: false } };
  const out = await formAction(deps, session, req, res, { operationId: 'redeliverWebhookEvent', input, target: event.id, back: `${WEBHOOKS_PATH}/events/${event.id}` }, (status, message) =>
    endpointPage(deps, req, res, status, bad(t, message ?? t('formExpired'))),
  );
  if (out) res.redirect(303, `${WEBHOOKS_PATH}/events/${event.id}?sent=1`);
}

export function webhookRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  router.get(WEBHOOKS_PATH, (_req, res) => listPage(deps, res));
  router.post(WEBHOOKS_PATH, (req, res) => create(deps, req, res));
  router.get(`${WEBHOOKS_PATH}/:webhookId`, (req, res) => endpointPage(deps, req, res));
  router.post(`${WEBHOOKS_PATH}/:webhookId/disable`, (req, res) => toggle(deps, req, res, false));
  router.post(`${WEBHOOKS_PATH}/:webhookId/enable`, (req, res) => toggle(deps, req, res, true));
  router.post(`${WEBHOOKS_PATH}/:webhookId/secret`, (req, res) => reveal(deps, req, res));
  router.post(`${WEBHOOKS_PATH}/:webhookId/test`, (req, res) => sendTest(deps, req, res));
  return router;
}

