/**
 * The home page: the balance available and pending; what needs attention (open disputes and their evidence deadline,
 * webhook endpoints failing or switched off for failing, charges and withdrawals whose provider has not answered);
 * approved volume and approval rate by method, day by day over the last 30 days, as charts with the same figures in a
 * table (domain/transactions/daily.ts says what counts as approved and declined); and the latest payments. The
 * balance, lists and endpoints are read through the API's handlers; the daily figures and the uncertain operations
 * through the domain's own queries, which no API operation answers.
 */
import express, { type Response, type Router } from 'express';
import type { components } from '../../../generated/schema';
import { dailyFigures, type DayFigures } from '../../domain/transactions/daily';
import { uncertainSubjectsOf } from '../../payments/operations';
import { html, type Html } from '../pages/html';
import { readAs } from './act';
import type { DashboardDeps } from './deps';
import { methodWord, money, translator, when, type Locale } from './i18n';
import { chart, dashboardPage, METHOD_COLOURS, sendDashboard, type T } from './layout';
import { listTable, METHODS } from './payments';
import { signedIn } from './signed-in';

type Balance = components['schemas']['Balance'];
type ListItem = components['schemas']['TransactionListItem'];
type Endpoint = components['schemas']['WebhookEndpoint'];
type Transaction = components['schemas']['Transaction'];

export const DAYS = 30;

/** The last `n` calendar days in São Paulo, oldest first, as `YYYY-MM-DD`. */
export function lastDays(n: number, now = new Date()): string[] {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);
  const end = Date.parse(`${today}T12:00:00Z`);
  return Array.from({ length: n }, (_, i) => new Date(end - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

const rateOf = (approved: number, declined: number): number | null => (approved + declined === 0 ? null : Math.round((approved / (approved + declined)) * 1000) / 10);

function charts(t: T, locale: Locale, days: string[], figures: DayFigures[]): Html {
  const at = (day: string, method: string) => figures.find((f) => f.day === day && f.method === method);
  const volume = METHODS.map((m) => ({ label: methodWord(locale, m), color: METHOD_COLOURS[m]!, values: days.map((d) => at(d, m)?.approvedAmount ?? 0) }));
  const rate = METHODS.map((m) => ({ label: methodWord(locale, m), color: METHOD_COLOURS[m]!, values: days.map((d) => { const f = at(d, m); return f ? rateOf(f.approved, f.declined) : null; }) }));
  const totals = METHODS.map((m) => {
    const of = figures.filter((f) => f.method === m);
    const sum = (k: 'total' | 'approved' | 'declined' | 'approvedAmount') => of.reduce((s, f) => s + f[k], 0);
    return { method: m, total: sum('total'), approved: sum('approved'), declined: sum('declined'), amount: sum('approvedAmount') };
  });
  return html`<div class="chart-grid">
${chart('chart-volume', t('chartVolume', { days: DAYS }), 'brl', days, volume)}
${chart('chart-approval', t('chartApproval', { days: DAYS }), 'percent', days, rate)}
</div>
<details><summary>${t('byDayTable')}</summary><div class="table-wrap" tabindex="0" role="region" aria-label="${t('byDayTable')}"><table id="by-day"><thead><tr><th scope="col">${t('day')}</th><th scope="col">${t('method')}</th><th scope="col" class="num">${t('count')}</th><th scope="col" class="num">${t('approvedN')}</th><th scope="col" class="num">${t('declinedN')}</th><th scope="col" class="num">${t('approvedVolume')}</th></tr></thead>
<tbody>${figures.map((f) => html`<tr><td>${f.day}</td><td>${methodWord(locale, f.method)}</td><td class="num">${f.total}</td><td class="num">${f.approved}</td><td class="num">${f.declined}</td><td class="num">${money(locale, f.approvedAmount)}</td></tr>`)}</tbody></table></div></details>
<div class="table-wrap" tabindex="0" role="region" aria-labelledby="approval-h"><table id="by-method"><caption id="approval-h">${t('approvalByMethod')}</caption><thead><tr><th scope="col">${t('method')}</th><th scope="col" class="num">${t('count')}</th><th scope="col" class="num">${t('approvedN')}</th><th scope="col" class="num">${t('declinedN')}</th><th scope="col" class="num">${t('approvalRate')}</th><th scope="col" class="num">${t('approvedVolume')}</th></tr></thead>
<tbody>${totals.map((m) => {
    const r = rateOf(m.approved, m.declined);
    return html`<tr data-method="${m.method}"><th scope="row">${methodWord(locale, m.method)}</th><td class="num">${m.total}</td><td class="num">${m.approved}</td><td class="num">${m.declined}</td><td class="num">${r === null ? '—' : `${r.toLocaleString(locale)}%`}</td><td class="num">${money(locale, m.amount)}</td></tr>`;
  })}</tbody></table></div>`;
}

async function home(deps: DashboardDeps, res: Response): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const cid = String(res.locals.correlationId ?? '');
  const days = lastDays(DAYS);
  const since = new Date(Date.parse(`${days[0]}T00:00:00-03:00`));
  const scope = { merchantId: session.merchantId, mode: session.mode };
  const [balance, recent, disputes, endpoints, figures, uncertain] = await Promise.all([
    readAs<Balance>(deps, session, cid, 'getBalance'),
    readAs<{ data: ListItem[] }>(deps, session, cid, 'listTransactions', { query: { limit: 5, sort: '-createdAt' } }),
    readAs<{ data: ListItem[]; total: number }>(deps, session, cid, 'listTransactions', { query: { limit: 5, status: 'dispute', sort: 'createdAt' } }),
    readAs<{ data: Endpoint[] }>(deps, session, cid, 'listWebhooks', { query: { limit: 100 } }),
    dailyFigures(deps.db, scope, since),
    uncertainSubjectsOf(deps.db, session.merchantId, session.mode),
  ]);
  // Each open dispute's deadline, from its transaction (the list's projection does not carry disputes).
  const disputed = await Promise.all(disputes.data.map((d) => readAs<Transaction>(deps, session, cid, 'getTransaction', { params: { transactionId: d.id } })));
  const failing = endpoints.data.filter((e) => e.failingSince || e.disabledReason === 'failing');
  const b = balance.balances[0] ?? { available: 0, pending: 0 };
  const attention: Html[] = [
    ...disputed.map((tx) => {
      const open = (tx.disputes ?? []).find((d) => !['won', 'lost'].includes(d.status));
      return html`<li class="attention-dispute"><a href="/dashboard/payments/${tx.id}">${t('disputeOn', { id: tx.id, amount: money(viewer.locale, tx.amount) })}</a>${open?.evidenceDueBy ? html`: ${t('evidenceDue', { when: when(viewer.locale, open.evidenceDueBy) })}` : ''}</li>`;
    }),
    ...(disputes.total > disputed.length ? [html`<li><a href="/dashboard/payments?status=dispute">${t('openDisputes', { n: disputes.total })}</a></li>`] : []),
    ...failing.map((e) => html`<li class="attention-webhook"><a href="/dashboard/developers/webhooks/${e.id}">${e.enabled ? t('webhookFailing', { name: e.name }) : t('webhookOffFailing', { name: e.name })}</a></li>`),
    ...uncertain.map((u) => html`<li class="attention-uncertain">${u.kind === 'transaction' ? html`<a href="/dashboard/payments/${u.subjectId}">${t('uncertainPayment', { id: u.subjectId })}</a>` : t('uncertainWithdrawal', { id: u.subjectId })} (${when(viewer.locale, u.since)})</li>`),
  ];
  const body = html`<h1>${t('home')}</h1>
<div class="cards">
  <div class="card"><div>${t('balanceAvailable')}</div><div class="figure" id="available">${money(viewer.locale, b.available)}</div></div>
  <div class="card"><div>${t('balancePending')}</div><div class="figure" id="pending">${money(viewer.locale, b.pending)}</div></div>
</div>
<h2>${t('needsAttention')}</h2>
${attention.length > 0 ? html`<ul id="attention">${attention}</ul>` : html`<p>${t('nothingNeedsAttention')}</p>`}
<h2>${t('last30Days', { days: DAYS })}</h2>
${charts(t, viewer.locale, days, figures)}
<h2>${t('recentPayments')}</h2>
${listTable(recent.data, viewer.locale, t)}`;
  sendDashboard(res, 200, dashboardPage(viewer, { title: t('home'), current: '/dashboard', body, charts: true }));
}

export function homeRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  router.get('/dashboard', (_req, res) => home(deps, res));
  return router;
}
