/**
 * A webhook event's page: the request every delivery of it sends (method, address, the headers that do not change
 * between attempts, and the exact body), then each dispatch with its status, attempts, the receiver's response
 * (status, body, time) or the error, and when it tries next; and "redeliver" to one endpoint (enabled and
 * subscribed) or to all, through `redeliverWebhookEvent`. The body is the text the sender signs (`deliveryBody`), read
 * from the event as recorded, so what the page shows is what the receiver got.
 */
import express, { type Request, type Response, type Router } from 'express';
import type { components } from '../../../generated/schema';
import { deliveryBody } from '../../webhooks/delivery';
import { findEvent } from '../../webhooks/events-repo';
import { USER_AGENT } from '../../webhooks/sender';
import { html, type Html } from '../pages/html';
import { formAction, readAs, refusalOf } from './act';
import type { DashboardDeps } from './deps';
import { newFormKey } from './guard';
import { translator, when } from './i18n';
import { csrfField, dashboardPage, developerTabs, may, sendDashboard, type T, type Viewer } from './layout';
import { messagePage } from './messages';
import { signedIn } from './signed-in';
import { WEBHOOKS_PATH } from './webhooks';

type WebhookEvent = components['schemas']['WebhookEvent'];
type Endpoint = components['schemas']['WebhookEndpoint'];
type Dispatch = components['schemas']['WebhookDispatch'];

const EVENT_ID = /^wbh_[0-9A-Za-z]+$/;
const correlation = (res: Response) => String(res.locals.correlationId ?? '');

/** The JSON body indented for reading (the receiver got it on one line; its bytes are the same but for spaces). */
function pretty(text: string): string {
  return JSON.stringify(JSON.parse(text), null, 2);
}

function dispatchRow(v: Viewer, t: T, d: Dispatch, endpoints: Map<string, Endpoint>, event: WebhookEvent, write: boolean): Html {
  const e = endpoints.get(d.endpointId);
  const canResend = write && e?.enabled === true && e.events.includes(event.type);
  return html`<section class="dispatch" data-dispatch="${d.id}" data-status="${d.status}" aria-labelledby="h-${d.id}">
<h3 id="h-${d.id}">${e?.name ?? d.endpointId}: ${t(`dispatch_${d.status}`)}${d.source === 'manual' ? ` (${t('manual')})` : ''}</h3>
<dl class="facts">
  <dt>${t('endpointUrl')}</dt><dd><code>${d.endpoint}</code></dd>
  <dt>${t('attempts')}</dt><dd>${d.attempts}</dd>
  <dt>${t('response')}</dt><dd>${d.responseStatusCode !== null ? html`<span class="http-status">${d.responseStatusCode}</span>${d.responseTime !== null ? ` · ${d.responseTime} ms` : ''}` : t('noResponse')}</dd>
  ${d.lastError && html`<dt>${t('error')}</dt><dd>${d.lastError}</dd>`}
  <dt>${t('lastAttempt')}</dt><dd>${d.lastAttemptAt ? when(v.locale, d.lastAttemptAt) : t('never')}</dd>
  ${d.nextAttemptAt && html`<dt>${t('nextAttempt')}</dt><dd>${when(v.locale, d.nextAttemptAt)}</dd>`}
</dl>
${d.responseBody && html`<details><summary>${t('responseBody')}</summary><pre>${d.responseBody}</pre></details>`}
${canResend && html`<form method="post" action="${WEBHOOKS_PATH}/events/${event.id}/redeliver">${csrfField(v)}<input type="hidden" name="idem" value="${newFormKey()}"><input type="hidden" name="endpointId" value="${d.endpointId}">
<button type="submit" class="secondary">${t('redeliverTo', { name: e.name })}</button></form>`}
</section>`;
}

async function eventPage(deps: DashboardDeps, req: Request, res: Response, status = 200, notice: Html | null = null): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const id = String(req.params.eventId);
  const scope = { merchantId: session.merchantId, mode: session.mode };
  let event: WebhookEvent;
  try {
    if (!EVENT_ID.test(id)) return messagePage(res, viewer, 404, t('notFound'), t('notFoundText'));
    event = await readAs<WebhookEvent>(deps, session, correlation(res), 'getWebhookEvent', { params: { eventId: id } });
  } catch (err) {
    if (refusalOf(err)?.status === 404) return messagePage(res, viewer, 404, t('notFound'), t('notFoundText'));
    throw err;
  }
  const [row, endpoints] = await Promise.all([
    findEvent(deps.db, id, scope),
    readAs<{ data: Endpoint[] }>(deps, session, correlation(res), 'listWebhooks', { query: { limit: 100 } }),
  ]);
  const byId = new Map(endpoints.data.map((e) => [e.id, e]));
  const write = may(session, 'webhooks:write');
  if (!notice && req.query.sent === '1') notice = html`<p class="notice ok" role="status">${t('redelivered')}</p>`;
  const body = row ? pretty(deliveryBody({ id: row.id, type: row.type, payload: row.payload, createdAt: row.created_at }, 'automatic')) : '';
  const page = html`<h1>${t('event')} <code>${event.id}</code></h1>
${developerTabs(t, WEBHOOKS_PATH)}
${notice}
<dl class="facts">
  <dt>${t('eventType')}</dt><dd><code>${event.type}</code></dd>
  <dt>${t('resource')}</dt><dd>${event.resource === 'transaction' ? html`<a href="/dashboard/payments/${event.resourceId}">${event.resourceId}</a>` : event.resourceId}</dd>
  <dt>${t('created')}</dt><dd>${when(viewer.locale, event.createdAt)}</dd>
  <dt>${t('status')}</dt><dd id="event-delivered" data-delivered="${String(event.delivered)}">${event.delivered ? t('delivered') : t('notDelivered')}</dd>
</dl>
<h2>${t('deliveries')}</h2>
${event.dispatches.length === 0 ? html`<p>${t('noDispatches')}</p>` : event.dispatches.map((d) => dispatchRow(viewer, t, d, byId, event, write))}
<h2>${t('request')}</h2>
<details><summary>${t('showRequest')}</summary><pre class="request">POST ${t('eachEndpoint')}
Content-Type: application/json
User-Agent: ${USER_AGENT}
webhook-id: ${event.id}
webhook-timestamp: ${t('eachAttempt')}
webhook-signature: ${t('eachAttempt')}

${body}</pre></details>
<p class="hint">${t('requestSourceNote')}</p>
${write && html`<form method="post" action="${WEBHOOKS_PATH}/events/${event.id}/redeliver">${csrfField(viewer)}<input type="hidden" name="idem" value="${newFormKey()}">
<button type="submit" class="secondary">${t('redeliverAll')}</button></form>`}`;
  sendDashboard(res, status, dashboardPage(viewer, { title: `${t('event')} ${event.id}`, current: '/dashboard/developers/keys', body: page }));
}

async function redeliver(deps: DashboardDeps, req: Request, res: Response): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const id = String(req.params.eventId);
  const bad = (status: number, message: string) => eventPage(deps, req, res, status, html`<p class="notice bad" role="alert">${t('actionRefused', { message })}</p>`);
  if (!EVENT_ID.test(id)) return messagePage(res, viewer, 404, t('notFound'), t('notFoundText'));
  if (!may(session, 'webhooks:write')) return bad(403, t('notAllowed'));
  const b = (req.body ?? {}) as Record<string, unknown>;
  const endpointId = typeof b.endpointId === 'string' && /^wbe_[0-9A-Za-z]+$/.test(b.endpointId) ? b.endpointId : undefined;
  const input = { params: { eventId: id }, body: { ...(endpointId ? { endpointId } : {}), listen: false } };
  const out = await formAction(deps, session, req, res, { operationId: 'redeliverWebhookEvent', input, target: id, back: `${WEBHOOKS_PATH}/events/${id}` }, (status, message) =>
    status === 404 && !endpointId ? messagePage(res, viewer, 404, t('notFound'), t('notFoundText')) : bad(status, message ?? t('formExpired')),
  );
  if (out) res.redirect(303, `${WEBHOOKS_PATH}/events/${id}?sent=1`);
}

export function deliveryRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  router.get(`${WEBHOOKS_PATH}/events/:eventId`, (req, res) => eventPage(deps, req, res));
  router.post(`${WEBHOOKS_PATH}/events/:eventId/redeliver`, (req, res) => redeliver(deps, req, res));
  return router;
}
