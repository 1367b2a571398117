/**
 * Checkout analytics: the payment links' and checkout pages' sessions over the last 30 days (UTC days, as the API
 * counts them): sessions started and completed by day as a chart, the conversion rate, the approved amount, and the
 * figures by method as a table; read through `getCheckoutSessionAnalytics`.
 */
import express, { type Response, type Router } from 'express';
import type { components } from '../../../generated/schema';
import { html } from '../pages/html';
import { readAs } from './act';
import type { DashboardDeps } from './deps';
import { methodWord, money, translator } from './i18n';
import { chart, dashboardPage, sendDashboard } from './layout';
import { signedIn } from './signed-in';

type Analytics = components['schemas']['CheckoutSessionAnalytics'];

export const ANALYTICS_PATH = '/dashboard/links/analytics';
const DAYS = 30;

async function page(deps: DashboardDeps, res: Response): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const end = new Date();
  const init = new Date(end.getTime() - (DAYS - 1) * 86_400_000);
  const a = await readAs<Analytics>(deps, session, String(res.locals.correlationId ?? ''), 'getCheckoutSessionAnalytics', {
    query: { initdate: init.toISOString().slice(0, 10), enddate: end.toISOString().slice(0, 10), sort: 'date' },
  });
  const days = a.byDay.map((d) => d.date);
  const body = html`<h1>${t('checkoutAnalytics')}</h1>
<nav aria-label="${t('links')}"><ul class="tabs"><li><a href="/dashboard/links">${t('links')}</a></li><li><a href="${ANALYTICS_PATH}" aria-current="true">${t('checkoutAnalytics')}</a></li></ul></nav>
<div class="cards">
  <div class="card"><div>${t('sessionsStarted')}</div><div class="figure" id="started">${a.sessions.started}</div></div>
  <div class="card"><div>${t('sessionsCompleted')}</div><div class="figure" id="completed">${a.sessions.completed}</div></div>
  <div class="card"><div>${t('conversionRate')}</div><div class="figure" id="conversion">${(a.conversionRate * 100).toLocaleString(viewer.locale, { maximumFractionDigits: 1 })}%</div></div>
  <div class="card"><div>${t('approvedVolume')}</div><div class="figure">${money(viewer.locale, a.amounts.approvedAmount)}</div></div>
</div>
${chart('chart-sessions', t('chartSessions', { days: DAYS }), 'count', days, [
    { label: t('sessionsStarted'), color: '#0b5cad', values: a.byDay.map((d) => d.sessions) },
    { label: t('sessionsCompleted'), color: '#007a5e', values: a.byDay.map((d) => d.completed) },
  ])}
<details><summary>${t('byDayTable')}</summary><div class="table-wrap" tabindex="0" role="region" aria-label="${t('byDayTable')}"><table id="checkout-by-day"><thead><tr><th scope="col">${t('day')}</th><th scope="col" class="num">${t('sessionsStarted')}</th><th scope="col" class="num">${t('sessionsCompleted')}</th></tr></thead>
<tbody>${a.byDay.map((d) => html`<tr><td>${d.date}</td><td class="num">${d.sessions}</td><td class="num">${d.completed}</td></tr>`)}</tbody></table></div></details>
<div class="table-wrap" tabindex="0" role="region" aria-labelledby="by-method-h"><table id="checkout-by-method"><caption id="by-method-h">${t('byMethod')}</caption><thead><tr>
<th scope="col">${t('method')}</th><th scope="col" class="num">${t('sessionsStarted')}</th><th scope="col" class="num">${t('approvedN')}</th><th scope="col" class="num">${t('approvedVolume')}</th></tr></thead>
<tbody>${a.byMethod.map((m) => html`<tr><th scope="row">${methodWord(viewer.locale, m.method)}</th><td class="num">${m.sessions}</td><td class="num">${m.approved}</td><td class="num">${money(viewer.locale, m.amount)}</td></tr>`)}</tbody></table></div>`;
  sendDashboard(res, 200, dashboardPage(viewer, { title: t('checkoutAnalytics'), current: '/dashboard/links', body, charts: true }));
}

export function analyticsRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  router.get(ANALYTICS_PATH, (_req, res) => page(deps, res));
  return router;
}
