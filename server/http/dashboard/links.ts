/**
 * Payment links: the list (all, switched on, switched off), a new link for a fixed amount, and a link's page with its
 * address to copy, its QR code, whether a payer can pay it now and why not, and the switch to turn it off or on.
 * Everything goes through the API's handlers (`listPaymentLinks`, `createPaymentLink`, `getPaymentLink`,
 * `disablePaymentLink`, `enablePaymentLink`) as the session's person: the same rules, events and audit trail. A link
 * of catalogue items is made through the API; the dashboard sells a fixed amount, the common case of a merchant
 * sending a link by chat.
 */
import express, { type Request, type Response, type Router } from 'express';
import type { components } from '../../../generated/schema';
import { html, type Html } from '../pages/html';
import { formAction, readAs, refusalOf } from './act';
import type { DashboardDeps } from './deps';
import { newFormKey } from './guard';
import { methodWord, money, translator, when, type Locale } from './i18n';
import { csrfField, dashboardPage, may, sendDashboard, type T, type Viewer } from './layout';
import { messagePage } from './messages';
import { centsOf, METHODS } from './payments';
import { qrImage } from './qr';
import { signedIn } from './signed-in';

type Link = components['schemas']['PaymentLink'];
type LinkItem = components['schemas']['PaymentLinkListItem'];

export const LINKS_PATH = '/dashboard/links';
const PAGE_SIZE = 20;
const LINK_ID = /^link_[0-9A-Za-z]+$/;

const correlation = (res: Response) => String(res.locals.correlationId ?? '');
const bad = (t: T, message: string) => html`<p class="notice bad" role="alert">${t('actionRefused', { message })}</p>`;

function listTable(items: LinkItem[], locale: Locale, t: T): Html {
  if (items.length === 0) return html`<p>${t('none')}</p>`;
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label="${t('links')}"><table id="links">
<thead><tr><th scope="col">${t('created')}</th><th scope="col">${t('linkName')}</th><th scope="col">${t('linkUrl')}</th><th scope="col">${t('linkExpires')}</th></tr></thead>
<tbody>${items.map(
    (l) => html`<tr data-link="${l.id}"><td>${when(locale, l.createdAt)}</td><td><a href="${LINKS_PATH}/${l.id}">${l.name}</a></td><td><code>${l.accessFullUrl}</code></td><td>${l.expiresAt ? when(locale, l.expiresAt) : t('never')}</td></tr>`,
  )}</tbody></table></div>`;
}

function createForm(v: Viewer, t: T, typed: Record<string, unknown> = {}): Html {
  const chosen = Array.isArray(typed.methods) ? typed.methods : typed.methods ? [typed.methods] : METHODS;
  return html`<section aria-labelledby="new-link-h"><h2 id="new-link-h">${t('newLink')}</h2>
<form method="post" action="${LINKS_PATH}">${csrfField(v)}<input type="hidden" name="idem" value="${newFormKey()}">
  <label for="name">${t('linkName')}</label>
  <input id="name" name="name" required maxlength="120" value="${typeof typed.name === 'string' ? typed.name : ''}">
  <label for="amount">${t('linkAmount')}</label>
  <input id="amount" name="amount" inputmode="decimal" required pattern="[0-9.,]+" maxlength="20" value="${typeof typed.amount === 'string' ? typed.amount : ''}">
  <label for="description">${t('linkDescription')}</label>
  <textarea id="description" name="description" rows="2" cols="40" maxlength="500">${typeof typed.description === 'string' ? typed.description : ''}</textarea>
  <fieldset><legend>${t('linkMethods')}</legend>${METHODS.map(
    (m) => html`<p class="check"><input id="m-${m}" name="methods" type="checkbox" value="${m}"${chosen.includes(m) ? html` checked` : ''}> <label for="m-${m}">${methodWord(v.locale, m)}</label></p>`,
  )}</fieldset>
  <label for="installments">${t('maxInstallments')}</label>
  <select id="installments" name="installments">${Array.from({ length: 12 }, (_, i) => i + 1).map((n) => html`<option value="${n}">${n}</option>`)}</select>
  <p><button type="submit">${t('createLink')}</button></p>
</form></section>`;
}

async function listPage(deps: DashboardDeps, req: Request, res: Response, status = 200, notice: Html | null = null, typed: Record<string, unknown> = {}): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const q = req.query as Record<string, unknown>;
  const only = q.status === 'enabled' || q.status === 'disabled' ? q.status : undefined;
  const page = Math.min(Math.max(1, Number.parseInt(String(q.page ?? '1'), 10) || 1), 10_000);
  const query: Record<string, unknown> = { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, sort: '-createdAt', ...(only ? { status: only } : {}) };
  const list = await readAs<{ data: LinkItem[]; total: number }>(deps, session, correlation(res), 'listPaymentLinks', { query });
  const pages = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
  const pageLink = (p: number) => `${LINKS_PATH}?${new URLSearchParams([...(only ? [['status', only] as [string, string]] : []), ['page', String(p)]]).toString()}`;
  const tab = (value: string | undefined, word: string) =>
    html`<li><a href="${LINKS_PATH}${value ? `?status=${value}` : ''}"${only === value ? html` aria-current="true"` : ''}>${word}</a></li>`;
  const body = html`<h1>${t('links')}</h1>
<p><a href="/dashboard/links/analytics">${t('checkoutAnalytics')}</a></p>
${notice}
<nav aria-label="${t('filter')}"><ul class="tabs">${tab(undefined, t('any'))}${tab('enabled', t('linkEnabled'))}${tab('disabled', t('linkDisabled'))}</ul></nav>
${listTable(list.data, viewer.locale, t)}
<nav class="pager" aria-label="${t('linksPageOf', { page, total: list.total })}">
  ${page > 1 && html`<a href="${pageLink(page - 1)}" rel="prev">${t('previous')}</a>`}
  <span>${t('linksPageOf', { page, total: list.total })}</span>
  ${page < pages && html`<a href="${pageLink(page + 1)}" rel="next">${t('next')}</a>`}
</nav>
${may(session, 'checkouts:write') && createForm(viewer, t, typed)}`;
  sendDashboard(res, status, dashboardPage(viewer, { title: t('links'), current: LINKS_PATH, body }));
}

function switchForm(v: Viewer, t: T, link: Link): Html {
  const to = link.enabled ? 'disable' : 'enable';
  return html`<form method="post" action="${LINKS_PATH}/${link.id}/${to}">${csrfField(v)}<input type="hidden" name="idem" value="${newFormKey()}">
<button type="submit" class="${link.enabled ? 'danger' : ''}">${link.enabled ? t('disableLink') : t('enableLink')}</button></form>`;
}

function detailBody(v: Viewer, link: Link, notice: Html | null): Html {
  const t = translator(v.locale);
  const s = v.session!;
  return html`<h1>${t('link')}: ${link.name}</h1>
${notice}
<div class="link-share">
  <div>
    <label for="link-url">${t('linkUrl')}</label>
    <input id="link-url" readonly value="${link.accessFullUrl}" size="48">
    <button type="button" class="secondary" data-copy="link-url" data-copied="${t('copied')}" hidden>${t('copy')}</button>
    <p><a href="${link.accessFullUrl}" target="_blank" rel="noopener">${t('openLink')}</a></p>
  </div>
  ${((qr) => html`<img id="link-qr" src="${qr.src}" alt="${t('linkQr')}" width="${qr.width}">`)(qrImage(link.accessFullUrl))}
</div>
<dl class="facts">
  <dt>${t('id')}</dt><dd><code>${link.id}</code></dd>
  <dt>${t('linkState')}</dt><dd id="availability" data-availability="${link.availability}">${t(`avail_${link.availability}`)}</dd>
  <dt>${t('amount')}</dt><dd>${money(v.locale, link.amount)}</dd>
  <dt>${t('linkMethods')}</dt><dd>${link.methods.map((m) => methodWord(v.locale, m)).join(', ')}</dd>
  <dt>${t('maxInstallments')}</dt><dd>${link.maxInstallments}</dd>
  <dt>${t('linkPaid')}</dt><dd id="paid-count">${link.completedPayments}${link.maxPayments ? ` / ${link.maxPayments}` : ''}</dd>
  <dt>${t('linkExpires')}</dt><dd>${link.expiresAt ? when(v.locale, link.expiresAt) : t('never')}</dd>
  <dt>${t('created')}</dt><dd>${when(v.locale, link.createdAt)}</dd>
</dl>
${may(s, 'checkouts:write') && switchForm(v, t, link)}
<p><a href="/dashboard/payments?link=${link.id}">${t('linkPayments')}</a></p>`;
}

async function detailPage(deps: DashboardDeps, req: Request, res: Response, status = 200, notice: Html | null = null): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const id = String(req.params.linkId);
  let link: Link;
  try {
    if (!LINK_ID.test(id)) throw Object.assign(new Error('not a link id'), { notFound: true });
    link = await readAs<Link>(deps, session, correlation(res), 'getPaymentLink', { params: { linkId: id } });
  } catch (err) {
    if ((err as { notFound?: boolean }).notFound || refusalOf(err)?.status === 404) return messagePage(res, viewer, 404, t('notFound'), t('notFoundText'));
    throw err;
  }
  if (!notice && req.query.created === '1') notice = html`<p class="notice ok" role="status">${t('linkCreated')}</p>`;
  sendDashboard(res, status, dashboardPage(viewer, { title: `${t('link')} ${link.name}`, current: LINKS_PATH, body: detailBody(viewer, link, notice) }));
}

async function create(deps: DashboardDeps, req: Request, res: Response): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const b = (req.body ?? {}) as Record<string, unknown>;
  const refused = (status: number, message: string) => listPage(deps, req, res, status, bad(t, message), b);
  if (!may(session, 'checkouts:write')) return refused(403, t('notAllowed'));
  const amount = centsOf(b.amount, viewer.locale);
  const methods = METHODS.filter((m) => (Array.isArray(b.methods) ? b.methods : [b.methods]).includes(m));
  const installments = Number.parseInt(String(b.installments ?? '1'), 10);
  const name = typeof b.name === 'string' ? b.name.trim() : '';
  const description = typeof b.description === 'string' ? b.description.trim() : '';
  if (!name) return refused(422, t('linkName'));
  if (amount === null) return refused(422, `${t('linkAmount')}: ${String(b.amount ?? '')}`);
  // The contract's bounds of a link's amount (CreatePaymentLinkRequest), said in the person's words.
  if (amount < 100 || amount > 100_000_000) return refused(422, t('linkAmountRange', { min: money(viewer.locale, 100), max: money(viewer.locale, 100_000_000) }));
  if (methods.length === 0) return refused(422, t('linkMethods'));
  const body = { name, amount, methods, maxInstallments: Number.isInteger(installments) ? installments : 1, ...(description ? { description } : {}) };
  const out = await formAction<Link>(deps, session, req, res, { operationId: 'createPaymentLink', input: { body }, target: null, back: LINKS_PATH }, (status, message) =>
    refused(status, message ?? t('formExpired')),
  );
  if (out) res.redirect(303, `${LINKS_PATH}/${out.body.id}?created=1`);
}

async function toggle(deps: DashboardDeps, req: Request, res: Response, to: 'enable' | 'disable'): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const id = String(req.params.linkId);
  const refused = (status: number, message: string) => detailPage(deps, req, res, status, bad(t, message));
  if (!LINK_ID.test(id)) return messagePage(res, viewer, 404, t('notFound'), t('notFoundText'));
  if (!may(session, 'checkouts:write')) return refused(403, t('notAllowed'));
  const operationId = to === 'disable' ? 'disablePaymentLink' : 'enablePaymentLink';
  const out = await formAction(deps, session, req, res, { operationId, input: { params: { linkId: id } }, target: id, back: `${LINKS_PATH}/${id}` }, (status, message) =>
    status === 404 ? messagePage(res, viewer, 404, t('notFound'), t('notFoundText')) : refused(status, message ?? t('formExpired')),
  );
  if (out) res.redirect(303, `${LINKS_PATH}/${id}`);
}

export function linkRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  router.get(LINKS_PATH, (req, res) => listPage(deps, req, res));
  router.post(LINKS_PATH, (req, res) => create(deps, req, res));
  router.get(`${LINKS_PATH}/:linkId`, (req, res) => detailPage(deps, req, res));
  router.post(`${LINKS_PATH}/:linkId/disable`, (req, res) => toggle(deps, req, res, 'disable'));
  router.post(`${LINKS_PATH}/:linkId/enable`, (req, res) => toggle(deps, req, res, 'enable'));
  return router;
}
