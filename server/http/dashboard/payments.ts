/**
 * Payments: the filtered, paginated list (status, method, creation date, the customer's e-mail or CPF/CNPJ, the customer
 * by id, the payment link; an id goes straight to its page), and a
 * payment's page with its facts, timeline, receivables, refunds and disputes, and a refund, in part or in full,
 * where the person's role and the payment's status allow one. Both read through the API's handlers; the refund runs
 * `createTransactionRefund` (act.ts), confirmed by a checkbox and idempotent under the key its form carries.
 */
import express, { type Request, type Response, type Router } from 'express';
import type { components } from '../../../generated/schema';
import { ApiError } from '../../core/errors';
import { statusOf } from '../errors';
import { STATUSES } from '../../domain/transactions/status';
import { html, type Html } from '../pages/html';
import { actAs, readAs } from './act';
import type { DashboardDeps } from './deps';
import { methodWord, money, statusWord, translator, typedAmount, when, type Locale } from './i18n';
import { csrfField, dashboardPage, may, sendDashboard, type T, type Viewer } from './layout';
import { messagePage } from './messages';
import { formKeyOf, newFormKey } from './guard';
import { signedIn } from './signed-in';

type Transaction = components['schemas']['Transaction'];
type ListItem = components['schemas']['TransactionListItem'];
type Method = components['schemas']['PaymentMethod'];

export const METHODS: readonly Method[] = ['pix', 'credit', 'billet'];
const PAGE_SIZE = 20;
/** A calendar day `YYYY-MM-DD` that exists (not `2026-13-45`, not `2026-02-30`). */
export function isDay(v: unknown): v is string {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

const correlation = (res: Response) => String(res.locals.correlationId ?? '');


/**
 * Reais typed in the person's language as exact cents: `1.234,56` or `1234,5` in Portuguese, `1,234.56` or `1234.5`
 * in English, an optional `R$`. Anything else is null, an ambiguous `1.500` in English (a thousand and five hundred,
 * or one and a half?) among it: the person types it again rather than refunds a thousand times too much.
 */
export function centsOf(input: unknown, locale: Locale): number | null {
  if (typeof input !== 'string') return null;
  const s = input.trim().replace(/^R\$\s*/, '');
  const m = locale === 'pt-BR' ? /^([1-9]\d{0,2}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(s) : /^([1-9]\d{0,2}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const reais = Number(m[1]!.replace(/[.,]/g, ''));
  const cents = Number((m[2] ?? '0').padEnd(2, '0'));
  const total = reais * 100 + cents;
  return Number.isSafeInteger(total) && total > 0 ? total : null;
}

function customerOf(c: { firstName?: string | null; lastName?: string | null; email?: string | null } | null | undefined): string {
  if (!c) return '';
  return [[c.firstName, c.lastName].filter(Boolean).join(' '), c.email].filter(Boolean).join(' · ');
}

function listTable(items: ListItem[], locale: Locale, t: T): Html {
  if (items.length === 0) return html`<p>${t('noPayments')}</p>`;
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label="${t('payments')}"><table>
<caption class="skip">${t('payments')}</caption>
<thead><tr><th scope="col">${t('created')}</th><th scope="col">${t('id')}</th><th scope="col">${t('customer')}</th><th scope="col">${t('method')}</th><th scope="col">${t('status')}</th><th scope="col" class="num">${t('amount')}</th></tr></thead>
<tbody>${items.map(
    (i) => html`<tr><td>${when(locale, i.createdAt)}</td><td><a href="/dashboard/payments/${i.id}">${i.id}</a></td><td>${customerOf(i.customer as never)}</td><td>${methodWord(locale, i.method)}</td><td>${statusWord(locale, i.status)}</td><td class="num">${money(locale, i.amount)}</td></tr>`,
  )}</tbody></table></div>`;
}

export { listTable };

function select(name: string, label: string, values: readonly string[], chosen: string | undefined, t: T, word: (v: string) => string): Html {
  return html`<div><label for="${name}">${label}</label><select id="${name}" name="${name}"><option value="">${t('any')}</option>${values.map(
    (v) => html`<option value="${v}"${v === chosen ? html` selected` : ''}>${word(v)}</option>`,
  )}</select></div>`;
}

async function listPage(deps: DashboardDeps, req: Request, res: Response): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const q = req.query as Record<string, unknown>;
  const id = typeof q.id === 'string' ? q.id.trim() : '';
  if (/^tra_[0-9A-Za-z]+$/.test(id)) return res.redirect(303, `/dashboard/payments/${id}`);
  const status = STATUSES.find((s) => s === q.status);
  const method = METHODS.find((m) => m === q.method);
  const from = isDay(q.from) ? q.from : undefined;
  const to = isDay(q.to) ? q.to : undefined;
  const email = typeof q.email === 'string' && q.email.trim().length >= 3 ? q.email.trim().slice(0, 254) : undefined;
  const document = typeof q.document === 'string' && /^[0-9./ -]{11,18}$/.test(q.document.trim()) ? q.document.trim() : undefined;
  const link = typeof q.link === 'string' && /^link_[0-9A-Za-z]+$/.test(q.link) ? q.link : undefined;
  const customer = typeof q.customer === 'string' && /^cus_[0-9A-Za-z]+$/.test(q.customer) ? q.customer : undefined;
  const page = Math.min(Math.max(1, Number.parseInt(String(q.page ?? '1'), 10) || 1), 10_000);
  const query: Record<string, unknown> = { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, sort: '-createdAt' };
  if (status) query.status = status;
  if (method) query.method = method;
  if (from) query.daterangegte = from;
  if (to) query.daterangelte = `${to}T23:59:59.999-03:00`;
  if (email) query.customeremail = email;
  if (document) query.customerdocument = document;
  if (link) query.paymentlinkid = link;
  if (customer) query.customerid = customer;
  const list = await readAs<{ data: ListItem[]; total: number }>(deps, session, correlation(res), 'listTransactions', { query });
  const keep = new URLSearchParams(Object.entries({ status, method, from, to, email, document, link, customer }).filter((e): e is [string, string] => Boolean(e[1])));
  const pageLink = (p: number) => `/dashboard/payments?${new URLSearchParams([...keep, ['page', String(p)]]).toString()}`;
  const pages = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
  const body = html`<h1>${t('payments')}</h1>
<form method="get" action="/dashboard/payments" class="filters" role="search">
  ${select('status', t('status'), STATUSES, status, t, (v) => statusWord(viewer.locale, v))}
  ${select('method', t('method'), METHODS, method, t, (v) => methodWord(viewer.locale, v))}
  <div><label for="from">${t('from')}</label><input id="from" name="from" type="date" value="${from ?? ''}"></div>
  <div><label for="to">${t('to')}</label><input id="to" name="to" type="date" value="${to ?? ''}"></div>
  <div><label for="email">${t('customerEmail')}</label><input id="email" name="email" type="search" value="${email ?? ''}" maxlength="254" autocomplete="off"></div>
  <div><label for="document">${t('customerDocument')}</label><input id="document" name="document" type="search" value="${document ?? ''}" maxlength="18" inputmode="numeric" autocomplete="off"></div>
  ${link && html`<input type="hidden" name="link" value="${link}">`}
  ${customer && html`<input type="hidden" name="customer" value="${customer}">`}
  <div><label for="id">${t('searchId')}</label><input id="id" name="id" type="search" value="${id}" placeholder="tra_…" maxlength="40"></div>
  <div><button type="submit">${t('filter')}</button></div>
</form>
${listTable(list.data, viewer.locale, t)}
<nav class="pager" aria-label="${t('pageOf', { page, total: list.total })}">
  ${page > 1 && html`<a href="${pageLink(page - 1)}" rel="prev">${t('previous')}</a>`}
  <span>${t('pageOf', { page, total: list.total })}</span>
  ${page < pages && html`<a href="${pageLink(page + 1)}" rel="next">${t('next')}</a>`}
</nav>`;
  sendDashboard(res, 200, dashboardPage(viewer, { title: t('payments'), current: '/dashboard/payments', body }));
}

/** What is left to refund: the captured amount less the refunds pending or succeeded (the API's own rule). */
export function refundable(tx: Transaction): number {
  const base = tx.capturedAmount ?? tx.amount;
  const taken = (tx.refunds ?? []).filter((r) => r.status === 'pending' || r.status === 'succeeded').reduce((sum, r) => sum + r.amount, 0);
  return Math.max(0, base - taken);
}

function refundForm(viewer: Viewer, tx: Transaction, t: T, left: number): Html {
  const locale = viewer.locale;
  return html`<section aria-labelledby="refund-h"><h2 id="refund-h">${t('refund')}</h2>
<form method="post" action="/dashboard/payments/${tx.id}/refund">
  ${csrfField(viewer)}<input type="hidden" name="idem" value="${newFormKey()}">
  <p>${t('refundable', { amount: money(locale, left) })}</p>
  <label for="amount">${t('refundAmount')}</label>
  <input id="amount" name="amount" inputmode="decimal" required value="${typedAmount(locale, left)}" pattern="[0-9.,]+" maxlength="20">
  <label for="reason">${t('refundReason')}</label>
  <select id="reason" name="reason">
    <option value="requested_by_customer">${t('reasonRequested')}</option>
    <option value="duplicate">${t('reasonDuplicate')}</option>
    <option value="fraudulent">${t('reasonFraud')}</option>
    <option value="other">${t('reasonOther')}</option>
  </select>
  <p class="check"><input id="confirm" name="confirm" type="checkbox" value="yes" required> <label for="confirm">${t('refundConfirm')}</label></p>
  <button type="submit" class="danger">${t('refund')}</button>
</form></section>`;
}

function detailBody(viewer: Viewer, tx: Transaction, notice: Html | null): Html {
  const t = translator(viewer.locale);
  const locale = viewer.locale;
  const s = viewer.session!;
  const left = refundable(tx);
  const canRefund = may(s, 'transactions:refund') && tx.status === 'approved' && left > 0;
  return html`<h1>${t('payment')} <code>${tx.id}</code></h1>
${notice}
<dl class="facts">
  <dt>${t('status')}</dt><dd id="status" data-status="${tx.status}">${statusWord(locale, tx.status)}</dd>
  <dt>${t('amount')}</dt><dd>${money(locale, tx.amount)}</dd>
  <dt>${t('method')}</dt><dd>${methodWord(locale, tx.method)}</dd>
  <dt>${t('customer')}</dt><dd>${customerOf(tx.customer as never)}</dd>
  <dt>${t('created')}</dt><dd>${when(locale, tx.createdAt)}</dd>
</dl>
${canRefund && refundForm(viewer, tx, t, left)}
<section aria-labelledby="refunds-h"><h2 id="refunds-h">${t('refunds')}</h2>
${(tx.refunds ?? []).length === 0 ? html`<p>${t('none')}</p>` : html`<div class="table-wrap" tabindex="0" role="region" aria-labelledby="refunds-h"><table id="refunds"><thead><tr><th scope="col">${t('id')}</th><th scope="col">${t('status')}</th><th scope="col">${t('refundReason')}</th><th scope="col" class="num">${t('amount')}</th><th scope="col">${t('created')}</th></tr></thead><tbody>${(tx.refunds ?? []).map(
    (r) => html`<tr><td>${r.id}</td><td>${statusWord(locale, r.status)}</td><td>${r.reason ?? ''}</td><td class="num">${money(locale, r.amount)}</td><td>${when(locale, r.createdAt)}</td></tr>`,
  )}</tbody></table></div>`}
</section>
<section aria-labelledby="rec-h"><h2 id="rec-h">${t('receivables')}</h2>
${(tx.receivables ?? []).length === 0 ? html`<p>${t('none')}</p>` : html`<div class="table-wrap" tabindex="0" role="region" aria-labelledby="rec-h"><table><thead><tr><th scope="col">${t('id')}</th><th scope="col">${t('status')}</th><th scope="col" class="num">${t('total')}</th><th scope="col" class="num">${t('netAmount')}</th><th scope="col">${t('dueAt')}</th></tr></thead><tbody>${(tx.receivables ?? []).map(
    (r) => html`<tr><td>${r.id}</td><td>${statusWord(locale, r.status)}</td><td class="num">${money(locale, r.grossAmount ?? r.amount)}</td><td class="num">${money(locale, r.amount)}</td><td>${r.expectedOn ?? ''}</td></tr>`,
  )}</tbody></table></div>`}
</section>
<section aria-labelledby="disp-h"><h2 id="disp-h">${t('disputes')}</h2>
${(tx.disputes ?? []).length === 0 ? html`<p>${t('none')}</p>` : html`<ul>${(tx.disputes ?? []).map((d) => html`<li>${d.id}: ${statusWord(locale, d.status)}, ${money(locale, d.amount)}${d.evidenceDueBy ? html` (${when(locale, d.evidenceDueBy)})` : ''}</li>`)}</ul>`}
</section>
<section aria-labelledby="tl-h"><h2 id="tl-h">${t('timeline')}</h2>
<ol class="timeline">${(tx.timeline ?? []).map((e) => html`<li><time datetime="${e.createdAt}">${when(locale, e.createdAt)}</time>: ${e.message}</li>`)}</ol>
</section>`;
}

async function detailPage(deps: DashboardDeps, req: Request, res: Response, status = 200, notice: Html | null = null): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const id = String(req.params.transactionId);
  let tx: Transaction;
  try {
    tx = await readAs<Transaction>(deps, session, correlation(res), 'getTransaction', { params: { transactionId: id } });
  } catch (err) {
    if (err instanceof ApiError && err.code.endsWith('NotFound')) return messagePage(res, viewer, 404, t('notFound'), t('notFoundText'));
    throw err;
  }
  if (!notice && req.query.processing === '1') notice = html`<p class="notice ok" role="status">${t('processing')}</p>`;
  if (!notice && req.query.refunded && typeof req.query.refunded === 'string' && /^\d+$/.test(req.query.refunded)) {
    notice = html`<p class="notice ok" role="status">${t('refundDone', { amount: money(viewer.locale, Number(req.query.refunded)) })}</p>`;
  }
  sendDashboard(res, status, dashboardPage(viewer, { title: `${t('payment')} ${tx.id}`, current: '/dashboard/payments', body: detailBody(viewer, tx, notice) }));
}

async function refund(deps: DashboardDeps, req: Request, res: Response): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const id = String(req.params.transactionId);
  const b = req.body as Record<string, unknown>;
  const refused = (status: number, message: string) => detailPage(deps, req, res, status, html`<p class="notice bad" role="alert">${t('actionRefused', { message })}</p>`);
  if (!may(session, 'transactions:refund')) return refused(403, t('notAllowed'));
  const amount = centsOf(b.amount, viewer.locale);
  const key = formKeyOf(b);
  if (amount === null || b.confirm !== 'yes' || !key) return refused(422, `${t('refundAmount')}: ${String(b.amount ?? '')}`);
  const reason = typeof b.reason === 'string' ? b.reason : undefined;
  try {
    await actAs(deps, session, req, correlation(res), 'createTransactionRefund', { params: { transactionId: id }, body: { amount, ...(reason ? { reason } : {}) } }, key, id);
  } catch (err) {
    if (err instanceof ApiError && err.code.endsWith('NotFound')) return messagePage(res, viewer, 404, t('notFound'), t('notFoundText'));
    if (err instanceof ApiError && err.code === 'forbidden') return refused(403, t('notAllowed'));
    // The same form sent again while the first is still at work (a double click): that one decides; show its page.
    if (err instanceof ApiError && err.code === 'idempotencyInProgress') return res.redirect(303, `/dashboard/payments/${encodeURIComponent(id)}?processing=1`);
    if (err instanceof ApiError && statusOf(err) < 500) return refused(statusOf(err), err.message);
    throw err;
  }
  res.redirect(303, `/dashboard/payments/${encodeURIComponent(id)}?refunded=${amount}`);
}

export function paymentRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  router.get('/dashboard/payments', (req, res) => listPage(deps, req, res));
  router.get('/dashboard/payments/:transactionId', (req, res) => detailPage(deps, req, res));
  router.post('/dashboard/payments/:transactionId/refund', (req, res) => refund(deps, req, res));
  return router;
}
