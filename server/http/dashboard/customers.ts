/**
 * Customers: the list, searched by e-mail, name or CPF/CNPJ (the API's own filters), and a customer's page with
 * their details, their payments and their subscriptions, each read through the API's handlers.
 */
import express, { type Request, type Response, type Router } from 'express';
import type { components } from '../../../generated/schema';
import { html } from '../pages/html';
import { readAs, refusalOf } from './act';
import type { DashboardDeps } from './deps';
import { translator, when } from './i18n';
import { dashboardPage, sendDashboard } from './layout';
import { messagePage } from './messages';
import { listTable } from './payments';
import { signedIn } from './signed-in';
import { subscriptionRows } from './subscriptions';

type CustomerItem = components['schemas']['CustomerListItem'];
type Customer = components['schemas']['Customer'];
type ListItem = components['schemas']['TransactionListItem'];
type Subscription = components['schemas']['Subscription'];

export const CUSTOMERS_PATH = '/dashboard/customers';
const PAGE_SIZE = 20;

async function listPage(deps: DashboardDeps, req: Request, res: Response): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const q = req.query as Record<string, unknown>;
  const search = typeof q.q === 'string' ? q.q.trim().slice(0, 120) : '';
  const page = Math.min(Math.max(1, Number.parseInt(String(q.page ?? '1'), 10) || 1), 10_000);
  const query: Record<string, unknown> = { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, sort: '-createdAt' };
  // One box for the three searches a person types: an e-mail, a CPF/CNPJ (digits and punctuation), else a name.
  if (search.includes('@')) query.email = search;
  else if (/^[0-9./ -]{11,18}$/.test(search)) query.document = search.replace(/\D/g, '');
  else if (search) query.name = search;
  let list: { data: CustomerItem[]; total: number };
  try {
    list = await readAs(deps, session, String(res.locals.correlationId ?? ''), 'listCustomers', { query });
  } catch (err) {
    if (refusalOf(err)?.status !== 400 && refusalOf(err)?.status !== 422) throw err;
    list = { data: [], total: 0 };
  }
  const pages = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
  const link = (p: number) => `${CUSTOMERS_PATH}?${new URLSearchParams({ ...(search ? { q: search } : {}), page: String(p) }).toString()}`;
  const body = html`<h1>${t('customers')}</h1>
<form method="get" action="${CUSTOMERS_PATH}" class="filters" role="search">
  <div><label for="q">${t('customerSearch')}</label><input id="q" name="q" type="search" value="${search}" maxlength="120" size="32"></div>
  <div><button type="submit">${t('filter')}</button></div>
</form>
${list.data.length === 0 ? html`<p>${t('none')}</p>` : html`<div class="table-wrap" tabindex="0" role="region" aria-label="${t('customers')}"><table id="customers"><thead><tr>
<th scope="col">${t('name')}</th><th scope="col">${t('email')}</th><th scope="col">${t('document')}</th><th scope="col">${t('created')}</th>
</tr></thead><tbody>${list.data.map(
    (c) => html`<tr data-customer="${c.id}"><td><a href="${CUSTOMERS_PATH}/${c.id}">${[c.firstName, c.lastName].filter(Boolean).join(' ') || c.id}</a></td><td>${c.email}</td><td>${c.document?.number ?? ''}</td><td>${when(viewer.locale, c.createdAt)}</td></tr>`,
  )}</tbody></table></div>`}
<nav class="pager" aria-label="${t('customers')}">
  ${page > 1 && html`<a href="${link(page - 1)}" rel="prev">${t('previous')}</a>`}
  <span>${t('customersPageOf', { page, total: list.total })}</span>
  ${page < pages && html`<a href="${link(page + 1)}" rel="next">${t('next')}</a>`}
</nav>`;
  sendDashboard(res, 200, dashboardPage(viewer, { title: t('customers'), current: CUSTOMERS_PATH, body }));
}

async function detailPage(deps: DashboardDeps, req: Request, res: Response): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const id = String(req.params.customerId);
  const cid = String(res.locals.correlationId ?? '');
  if (!/^cus_[0-9A-Za-z]+$/.test(id)) return messagePage(res, viewer, 404, t('notFound'), t('notFoundText'));
  let customer: Customer;
  try {
    customer = await readAs<Customer>(deps, session, cid, 'getCustomer', { params: { customerId: id } });
  } catch (err) {
    if (refusalOf(err)?.status === 404) return messagePage(res, viewer, 404, t('notFound'), t('notFoundText'));
    throw err;
  }
  const [payments, subs] = await Promise.all([
    readAs<{ data: ListItem[]; total: number }>(deps, session, cid, 'listTransactions', { query: { customerid: id, limit: 20, sort: '-createdAt' } }),
    readAs<{ data: Subscription[] }>(deps, session, cid, 'listSubscriptions', { query: { customerid: id, limit: 50 } }),
  ]);
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ') || customer.id;
  const body = html`<h1>${t('customer')}: ${name}</h1>
<dl class="facts">
  <dt>${t('id')}</dt><dd><code>${customer.id}</code></dd>
  <dt>${t('email')}</dt><dd>${customer.email}</dd>
  <dt>${t('document')}</dt><dd>${customer.document?.number ?? '—'}</dd>
  <dt>${t('phone')}</dt><dd>${customer.telephone ? customer.telephone.line ?? `+${customer.telephone.countryCode} ${customer.telephone.areaCode} ${customer.telephone.number}` : '—'}</dd>
  <dt>${t('created')}</dt><dd>${when(viewer.locale, customer.createdAt)}</dd>
</dl>
<h2>${t('payments')}</h2>
${listTable(payments.data, viewer.locale, t)}
${payments.total > payments.data.length ? html`<p><a href="/dashboard/payments?customer=${customer.id}">${t('allPayments', { n: payments.total })}</a></p>` : ''}
<h2>${t('subscriptions')}</h2>
${subscriptionRows(viewer.locale, t, subs.data)}`;
  sendDashboard(res, 200, dashboardPage(viewer, { title: name, current: CUSTOMERS_PATH, body }));
}

export function customerRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  router.get(CUSTOMERS_PATH, (req, res) => listPage(deps, req, res));
  router.get(`${CUSTOMERS_PATH}/:customerId`, (req, res) => detailPage(deps, req, res));
  return router;
}
