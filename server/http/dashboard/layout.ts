/**
 * The frame of every dashboard page: the person's language, a skip link, the navigation, the mode switch (a form,
 * as every change is), the language links and sign-out; a banner while sandbox data is shown. One same-origin
 * stylesheet and one small script (a sent form's button disabled): every page works under the pages'
 * Content-Security-Policy, and without JavaScript.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import express, { type Response, type Router } from 'express';
import { allows } from '../../domain/access/roles';
import type { Session } from '../../domain/team/sessions';
import { pageHeaders } from '../pages/headers';
import { html, type Html } from '../pages/html';
import type { Locale, WordKey } from './i18n';
import { translator } from './i18n';

const CSS = readFileSync(resolve(import.meta.dirname, 'assets/dashboard.css'));
const JS = readFileSync(resolve(import.meta.dirname, 'assets/dashboard.js'));
const versionOf = (body: Buffer) => createHash('sha256').update(body).digest('hex').slice(0, 12);
const CSS_VERSION = versionOf(CSS);
const JS_VERSION = versionOf(JS);
// The charts: uPlot (a small chart library, MIT) as its package ships it, and our glue; on pages with a chart only.
const UPLOT = createRequire(import.meta.url);
const UPLOT_JS = readFileSync(UPLOT.resolve('uplot/dist/uPlot.iife.min.js'));
const UPLOT_CSS = readFileSync(UPLOT.resolve('uplot/dist/uPlot.min.css'));
const CHARTS_JS = readFileSync(resolve(import.meta.dirname, 'assets/dashboard-charts.js'));
const CHARTS_VERSION = versionOf(Buffer.concat([UPLOT_JS, UPLOT_CSS, CHARTS_JS]));

export function dashboardAssets(): Router {
  const router = express.Router();
  router.get('/dashboard/assets/dashboard.css', (_req, res) => {
    pageHeaders(res, 'public, max-age=31536000, immutable');
    res.type('text/css; charset=utf-8').send(CSS);
  });
  router.get('/dashboard/assets/dashboard.js', (_req, res) => {
    pageHeaders(res, 'public, max-age=31536000, immutable');
    res.type('text/javascript; charset=utf-8').send(JS);
  });
  for (const [name, type, body] of [
    ['uplot.js', 'text/javascript', UPLOT_JS],
    ['uplot.css', 'text/css', UPLOT_CSS],
    ['charts.js', 'text/javascript', CHARTS_JS],
  ] as const) {
    router.get(`/dashboard/assets/${name}`, (_req, res) => {
      pageHeaders(res, 'public, max-age=31536000, immutable');
      res.type(`${type}; charset=utf-8`).send(body);
    });
  }
  return router;
}

/** What a page needs to draw its frame. */
export interface Viewer {
  session: Session | null;
  locale: Locale;
  /** The CSRF token of the session's forms. */
  csrf: string;
  /** The path of this page, for the language links. */
  path: string;
}

export type T = ReturnType<typeof translator>;

const NAV: readonly { path: string; word: WordKey }[] = [
  { path: '/dashboard', word: 'home' },
  { path: '/dashboard/payments', word: 'payments' },
  { path: '/dashboard/customers', word: 'customers' },
  { path: '/dashboard/subscriptions', word: 'subscriptions' },
  { path: '/dashboard/links', word: 'links' },
  { path: '/dashboard/balance', word: 'balanceTitle' },
  { path: '/dashboard/developers/keys', word: 'developers' },
  { path: '/dashboard/settings/team', word: 'settings' },
  { path: '/dashboard/activity', word: 'activity' },
];

export function csrfField(v: Viewer): Html {
  return html`<input type="hidden" name="csrf" value="${v.csrf}">`;
}

function header(v: Viewer, s: Session, t: T, current: string): Html {
  const other = s.mode === 'sandbox' ? 'production' : 'sandbox';
  return html`<header class="top">
  <a class="brand" href="/dashboard">${s.merchantName}</a>
  <nav aria-label="${t('menu')}"><ul>${NAV.map(
    (n) => html`<li><a href="${n.path}"${current === n.path ? html` aria-current="page"` : ''}>${t(n.word)}</a></li>`,
  )}</ul></nav>
  <form method="post" action="/dashboard/mode" class="mode">
    ${csrfField(v)}<input type="hidden" name="mode" value="${other}">
    <span class="mode-now mode-${s.mode}">${t(s.mode)}</span>
    <button type="submit">${t('switchTo', { mode: t(other) })}</button>
  </form>
  <div class="who"><span>${s.email} · ${s.role}</span> <a href="/dashboard/merchants">${t('yourAccounts')}</a> <a href="/dashboard/settings/security">${t('security')}</a>
    <form method="post" action="/dashboard/logout">${csrfField(v)}<button type="submit">${t('signOut')}</button></form>
  </div>
</header>`;
}

function languages(v: Viewer, t: T): Html {
  return html`<p class="langs">${t('language')}: <a href="${v.path}?lang=pt-BR" lang="pt-BR" hreflang="pt-BR">Português</a> · <a href="${v.path}?lang=en" lang="en" hreflang="en">English</a></p>`;
}

export function dashboardPage(v: Viewer, o: { title: string; current?: string; body: Html; charts?: boolean }): string {
  const t = translator(v.locale);
  const s = v.session;
  return html`<!doctype html>
<html lang="${v.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<link rel="icon" href="data:,">
<title>${o.title} · ${t('appName')}</title>
<link rel="stylesheet" href="/dashboard/assets/dashboard.css?v=${CSS_VERSION}">
<script src="/dashboard/assets/dashboard.js?v=${JS_VERSION}" defer></script>
${o.charts && html`<link rel="stylesheet" href="/dashboard/assets/uplot.css?v=${CHARTS_VERSION}">
<script src="/dashboard/assets/uplot.js?v=${CHARTS_VERSION}" defer></script>
<script src="/dashboard/assets/charts.js?v=${CHARTS_VERSION}" defer></script>`}
</head>
<body>
<a class="skip" href="#main">${t('skipToContent')}</a>
${s && header(v, s, t, o.current ?? '')}
${s?.mode === 'sandbox' && html`<aside class="sandbox" aria-label="${t('sandbox')}"><p>${t('sandboxBanner')}</p></aside>`}
<main id="main" tabindex="-1">
${o.body}
</main>
<footer>${languages(v, t)}</footer>
</body>
</html>
`.text;
}

/** Sends a dashboard page: the pages' headers (CSP, no-store, nosniff, no referrer). */
export function sendDashboard(res: Response, status: number, page: string): void {
  pageHeaders(res);
  // Unlike a payer's page, the dashboard's forms name their origin to it (the CSRF check reads `Origin`); other sites
  // still get no referrer.
  res.set('Referrer-Policy', 'same-origin');
  res.status(status).type('text/html; charset=utf-8').send(page);
}

/** Whether the session's person may do what `permission` names (the API's rule for its keys). */
export function may(s: Session, permission: Parameters<typeof allows>[1]): boolean {
  return allows(s.role, permission);
}

/** The developers' pages, one tab each: keys, webhooks, requests. */
export function developerTabs(t: T, current: string): Html {
  const tabs = [
    { path: '/dashboard/developers/keys', word: t('apiKeys') },
    { path: '/dashboard/developers/webhooks', word: t('webhookEndpoints') },
    { path: '/dashboard/developers/requests', word: t('requestLog') },
  ];
  return html`<nav aria-label="${t('developers')}"><ul class="tabs">${tabs.map((x) => html`<li><a href="${x.path}"${x.path === current ? html` aria-current="true"` : ''}>${x.word}</a></li>`)}</ul></nav>`;
}

/** The settings' pages, one tab each: team, security, notifications. */
export function settingsTabs(t: T, current: string): Html {
  const tabs = [
    { path: '/dashboard/settings/team', word: t('team') },
    { path: '/dashboard/settings/security', word: t('security') },
    { path: '/dashboard/settings/notifications', word: t('notifications') },
  ];
  return html`<nav aria-label="${t('settings')}"><ul class="tabs">${tabs.map((x) => html`<li><a href="${x.path}"${x.path === current ? html` aria-current="true"` : ''}>${x.word}</a></li>`)}</ul></nav>`;
}

export interface ChartSeries {
  label: string;
  color: string;
  values: (number | null)[];
}

/** The colours of the methods' lines: distinct to colour-blind eyes (Okabe–Ito), each 3:1 or more on white. */
export const METHOD_COLOURS: Record<string, string> = { pix: '#007a5e', credit: '#0b5cad', billet: '#b35900' };

/**
 * A chart (assets/dashboard-charts.js draws it) of daily values: `days` as `YYYY-MM-DD`, one series per line. It is
 * an image to assistive technology, named by `label`; the page gives the same figures as a table.
 */
export function chart(id: string, label: string, unit: 'brl' | 'percent' | 'count', days: string[], series: ChartSeries[]): Html {
  const x = days.map((d) => Date.parse(`${d}T12:00:00Z`) / 1000);
  return html`<figure class="chart"><div id="${id}" class="chart-box" role="img" aria-label="${label}" data-chart="${JSON.stringify({ unit, x, series })}"></div><figcaption>${label}</figcaption></figure>`;
}
