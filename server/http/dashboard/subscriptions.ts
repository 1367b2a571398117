/**
 * Subscriptions: the list by status, and a subscription's page with its plan, its cycles (each with its charge) and
 * the actions its status allows, each confirmed and acting once: pause (`active`), resume (`paused`),
 * cancel now or at the end of the period already paid. All through the API's handlers (`pauseSubscription`,
 * `resumeSubscription`, `cancelSubscription`), whose rules decide; a refusal shows the API's words.
 */
import express, { type Request, type Response, type Router } from 'express';
import type { components } from '../../../generated/schema';
import { html, type Html } from '../pages/html';
import { formAction, readAs, refusalOf } from './act';
import type { DashboardDeps } from './deps';
import { newFormKey } from './guard';
import { money, statusWord, translator, when, type Locale } from './i18n';
import { csrfField, dashboardPage, may, sendDashboard, type T, type Viewer } from './layout';
import { messagePage } from './messages';
import { signedIn } from './signed-in';

type Subscription = components['schemas']['Subscription'];
type Cycle = components['schemas']['BillingCycle'];
type Status = components['schemas']['SubscriptionStatus'];

export const SUBSCRIPTIONS_PATH = '/dashboard/subscriptions';
const STATUSES: readonly Status[] = ['pending', 'trialing', 'active', 'past-due', 'paused', 'unpaid', 'canceled', 'expired'];
const ID = /^subs?_[0-9A-Za-z]+$/;
const PAGE_SIZE = 20;

export function subscriptionRows(locale: Locale, t: T, subs: Subscription[]): Html {
  if (subs.length === 0) return html`<p>${t('none')}</p>`;
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label="${t('subscriptions')}"><table class="subscriptions"><thead><tr>
<th scope="col">${t('id')}</th><th scope="col">${t('status')}</th><th scope="col" class="num">${t('amount')}</th><th scope="col">${t('nextBilling')}</th><th scope="col">${t('created')}</th>
</tr></thead><tbody>${subs.map(
    (s) => html`<tr data-subscription="${s.id}"><td><a href="${SUBSCRIPTIONS_PATH}/${s.id}">${s.id}</a></td><td>${statusWord(locale, s.status)}</td><td class="num">${money(locale, s.amount)}</td><td>${s.nextBillingAt ? when(locale, s.nextBillingAt) : '—'}</td><td>${when(locale, s.createdAt)}</td></tr>`,
  )}</tbody></table></div>`;
}

async function listPage(deps: DashboardDeps, req: Request, res: Response): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const q = req.query as Record<string, unknown>;
  const status = STATUSES.find((s) => s === q.status);
  const page = Math.min(Math.max(1, Number.parseInt(String(q.page ?? '1'), 10) || 1), 10_000);
  const list = await readAs<{ data: Subscription[]; total: number }>(deps, session, String(res.locals.correlationId ?? ''), 'listSubscriptions', {
    query: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, sort: '-createdAt', ...(status ? { status } : {}) },
  });
  const pages = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
  const link = (p: number) => `${SUBSCRIPTIONS_PATH}?${new URLSearchParams({ ...(status ? { status } : {}), page: String(p) }).toString()}`;
  const body = html`<h1>${t('subscriptions')}</h1>
<form method="get" action="${SUBSCRIPTIONS_PATH}" class="filters" role="search">
  <div><label for="status">${t('status')}</label><select id="status" name="status"><option value="">${t('any')}</option>${STATUSES.map((s) => html`<option value="${s}"${s === status ? html` selected` : ''}>${statusWord(viewer.locale, s)}</option>`)}</select></div>
  <div><button type="submit">${t('filter')}</button></div>
</form>
${subscriptionRows(viewer.locale, t, list.data)}
<nav class="pager" aria-label="${t('subscriptions')}">
  ${page > 1 && html`<a href="${link(page - 1)}" rel="prev">${t('previous')}</a>`}
  <span>${t('subscriptionsPageOf', { page, total: list.total })}</span>
  ${page < pages && html`<a href="${link(page + 1)}" rel="next">${t('next')}</a>`}
</nav>`;
  sendDashboard(res, 200, dashboardPage(viewer, { title: t('subscriptions'), current: SUBSCRIPTIONS_PATH, body }));
}

function actions(v: Viewer, t: T, s: Subscription): Html {
  const form = (action: string, label: string, danger: boolean) =>
    html`<form method="post" action="${SUBSCRIPTIONS_PATH}/${s.id}/${action}" class="inline">${csrfField(v)}<input type="hidden" name="idem" value="${newFormKey()}">
<p class="check"><input id="confirm-${action}" name="confirm" type="checkbox" value="yes" required> <label for="confirm-${action}">${t('confirmAction')}</label></p>
<button type="submit"${danger ? html` class="danger"` : ''}>${label}</button></form>`;
  const live = s.status !== 'canceled' && s.status !== 'expired';
  return html`<section aria-labelledby="actions-h"><h2 id="actions-h">${t('actions')}</h2>
${s.status === 'active' && form('pause', t('pauseSubscription'), false)}
${s.status === 'paused' && form('resume', t('resumeSubscription'), false)}
${live && !s.cancelAtPeriodEnd && form('cancel', t('cancelAtPeriodEnd'), true)}
${live && form('cancel-now', t('cancelNow'), true)}
</section>`;
}

async function detailPage(deps: DashboardDeps, req: Request, res: Response, status = 200, notice: Html | null = null): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const id = String(req.params.subscriptionId);
  const cid = String(res.locals.correlationId ?? '');
  if (!ID.test(id)) return messagePage(res, viewer, 404, t('notFound'), t('notFoundText'));
  let sub: Subscription;
  let cycles: { data: Cycle[] };
  try {
    [sub, cycles] = await Promise.all([
      readAs<Subscription>(deps, session, cid, 'getSubscription', { params: { subscriptionId: id } }),
      readAs<{ data: Cycle[] }>(deps, session, cid, 'listSubscriptionCycles', { params: { subscriptionId: id }, query: { limit: 50, sort: '-cycle' } }),
    ]);
  } catch (err) {
    if (refusalOf(err)?.status === 404) return messagePage(res, viewer, 404, t('notFound'), t('notFoundText'));
    throw err;
  }
  if (!notice && req.query.done === '1') notice = html`<p class="notice ok" role="status">${t('subscriptionChanged')}</p>`;
  const body = html`<h1>${t('subscription')} <code>${sub.id}</code></h1>
${notice}
<dl class="facts">
  <dt>${t('status')}</dt><dd id="status" data-status="${sub.status}">${statusWord(viewer.locale, sub.status)}${sub.cancelAtPeriodEnd ? ` (${t('endsAtPeriodEnd')})` : ''}</dd>
  <dt>${t('customer')}</dt><dd><a href="/dashboard/customers/${sub.customerId}">${sub.customerId}</a></dd>
  <dt>${t('amount')}</dt><dd>${money(viewer.locale, sub.amount)} / ${sub.billingFrequencyCount} ${sub.billingFrequency}</dd>
  <dt>${t('nextBilling')}</dt><dd>${sub.nextBillingAt ? when(viewer.locale, sub.nextBillingAt) : '—'}</dd>
  <dt>${t('created')}</dt><dd>${when(viewer.locale, sub.createdAt)}</dd>
</dl>
${may(session, 'subscriptions:write') && actions(viewer, t, sub)}
<h2 id="cycles-h">${t('cycles')}</h2>
${cycles.data.length === 0 ? html`<p>${t('none')}</p>` : html`<div class="table-wrap" tabindex="0" role="region" aria-labelledby="cycles-h"><table id="cycles"><thead><tr>
<th scope="col">#</th><th scope="col">${t('period')}</th><th scope="col">${t('status')}</th><th scope="col" class="num">${t('amount')}</th><th scope="col">${t('payment')}</th>
</tr></thead><tbody>${cycles.data.map(
    (c) => html`<tr><td>${c.cycle}</td><td>${c.startDate} – ${c.endDate}</td><td>${statusWord(viewer.locale, c.status)}</td><td class="num">${money(viewer.locale, c.amount)}</td><td>${c.transactionId ? html`<a href="/dashboard/payments/${c.transactionId}">${c.transactionId}</a>` : '—'}</td></tr>`,
  )}</tbody></table></div>`}`;
  sendDashboard(res, status, dashboardPage(viewer, { title: `${t('subscription')} ${sub.id}`, current: SUBSCRIPTIONS_PATH, body }));
}

async function act(deps: DashboardDeps, req: Request, res: Response, action: 'pause' | 'resume' | 'cancel' | 'cancel-now'): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const id = String(req.params.subscriptionId);
  const refused = (status: number, message: string | null) => detailPage(deps, req, res, status, html`<p class="notice bad" role="alert">${t('actionRefused', { message: message ?? t('formExpired') })}</p>`);
  if (!ID.test(id)) return messagePage(res, viewer, 404, t('notFound'), t('notFoundText'));
  if (!may(session, 'subscriptions:write')) return refused(403, t('notAllowed'));
  const b = (req.body ?? {}) as Record<string, unknown>;
  if (b.confirm !== 'yes') return refused(422, t('confirmAction'));
  const operationId = action === 'pause' ? 'pauseSubscription' : action === 'resume' ? 'resumeSubscription' : 'cancelSubscription';
  // The route says when: `cancel` at the end of the period paid, `cancel-now` at once.
  const input = { params: { subscriptionId: id }, ...(action === 'cancel' || action === 'cancel-now' ? { body: { atPeriodEnd: action === 'cancel' } } : {}) };
  const done = await formAction(deps, session, req, res, { operationId, input, target: id, back: `${SUBSCRIPTIONS_PATH}/${id}` }, (status, message) =>
    status === 404 ? messagePage(res, viewer, 404, t('notFound'), t('notFoundText')) : refused(status, message),
  );
  if (done) res.redirect(303, `${SUBSCRIPTIONS_PATH}/${id}?done=1`);
}

export function subscriptionRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  router.get(SUBSCRIPTIONS_PATH, (req, res) => listPage(deps, req, res));
  router.get(`${SUBSCRIPTIONS_PATH}/:subscriptionId`, (req, res) => detailPage(deps, req, res));
  router.post(`${SUBSCRIPTIONS_PATH}/:subscriptionId/pause`, (req, res) => act(deps, req, res, 'pause'));
  router.post(`${SUBSCRIPTIONS_PATH}/:subscriptionId/resume`, (req, res) => act(deps, req, res, 'resume'));
  router.post(`${SUBSCRIPTIONS_PATH}/:subscriptionId/cancel`, (req, res) => act(deps, req, res, 'cancel'));
  router.post(`${SUBSCRIPTIONS_PATH}/:subscriptionId/cancel-now`, (req, res) => act(deps, req, res, 'cancel-now'));
  return router;
}
