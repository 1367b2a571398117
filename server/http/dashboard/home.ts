/**
 * The home page: the balance available and pending, what needs attention (open disputes), the approval rate and
 * approved volume by method over the last 30 days, and the latest payments. Every figure is read through the API's
 * handlers (balance, and totals of the transactions list), as a partner's own dashboard would compute them.
 */
import express, { type Response, type Router } from 'express';
import type { components } from '../../../generated/schema';
import { html } from '../pages/html';
import { readAs } from './act';
import type { DashboardDeps } from './deps';
import { methodWord, money, translator } from './i18n';
import { dashboardPage, sendDashboard } from './layout';
import { listTable, METHODS } from './payments';
import { signedIn } from './signed-in';

type Balance = components['schemas']['Balance'];
type ListItem = components['schemas']['TransactionListItem'];

async function home(deps: DashboardDeps, res: Response): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const cid = String(res.locals.correlationId ?? '');
  const since = new Date(Date.now() - 30 * 86400_000).toISOString();
  const count = async (query: Record<string, unknown>) =>
    (await readAs<{ total: number; data: ListItem[] }>(deps, session, cid, 'listTransactions', { query: { limit: 1, ...query } })).total;
  const [balance, recent, disputes, byMethod] = await Promise.all([
    readAs<Balance>(deps, session, cid, 'getBalance'),
    readAs<{ data: ListItem[] }>(deps, session, cid, 'listTransactions', { query: { limit: 5, sort: '-createdAt' } }),
    count({ status: 'dispute' }),
    Promise.all(
      METHODS.map(async (method) => {
        const [all, approved] = await Promise.all([count({ method, daterangegte: since }), count({ method, status: 'approved', daterangegte: since })]);
        return { method, all, approved };
      }),
    ),
  ]);
  const b = balance.balances[0] ?? { available: 0, pending: 0 };
  const body = html`<h1>${t('home')}</h1>
<div class="cards">
  <div class="card"><div>${t('balanceAvailable')}</div><div class="figure" id="available">${money(viewer.locale, b.available)}</div></div>
  <div class="card"><div>${t('balancePending')}</div><div class="figure">${money(viewer.locale, b.pending)}</div></div>
</div>
<h2>${t('needsAttention')}</h2>
${disputes > 0 ? html`<p><a href="/dashboard/payments?status=dispute">${t('openDisputes', { n: disputes })}</a></p>` : html`<p>${t('nothingNeedsAttention')}</p>`}
<h2 id="approval-h">${t('approvalByMethod')}</h2>
<div class="table-wrap" tabindex="0" role="region" aria-labelledby="approval-h"><table aria-labelledby="approval-h"><thead><tr><th scope="col">${t('method')}</th><th scope="col" class="num">${t('count')}</th><th scope="col">${t('approvalRate')}</th></tr></thead>
<tbody>${byMethod.map((m) => {
    const rate = m.all === 0 ? 0 : Math.round((m.approved / m.all) * 100);
    return html`<tr><td>${methodWord(viewer.locale, m.method)}</td><td class="num">${m.all}</td><td><meter min="0" max="100" value="${rate}" aria-label="${t('approvalRate')} ${m.method}">${rate}%</meter> ${rate}%</td></tr>`;
  })}</tbody></table></div>
<h2>${t('recentPayments')}</h2>
${listTable(recent.data, viewer.locale, t)}`;
  sendDashboard(res, 200, dashboardPage(viewer, { title: t('home'), current: '/dashboard', body }));
}

export function homeRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  router.get('/dashboard', (_req, res) => home(deps, res));
  return router;
}
