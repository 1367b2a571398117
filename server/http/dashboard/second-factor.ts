/**
 * The second factor's step of signing in (the settings that turn it on and off: security.ts). A person who has one is
 * asked for a code after the right password:
 * the password's success is held for 5 minutes in a signed cookie naming the person (no session exists until the
 * code is right), and codes are throttled as passwords are (5 per person and address in 15 min, taken before the
 * check: login.ts).
 */
import type { Request, Response } from 'express';
import { html } from '../pages/html';
import type { DashboardDeps } from './deps';
import { cookie, loginNonce, safeNext, SECOND_FACTOR_COOKIE, setCookie, tokenFor, tokenValid } from './guard';
import { translator, type Locale } from './i18n';
import { dashboardPage, sendDashboard } from './layout';

const PENDING_MS = 5 * 60_000;

/** Whose password was right, until when, and the merchant to start at (an invitation's; else the person's first). */
export interface Pending {
  userId: string;
  merchantId: string | null;
}

function pendingValue(key: Buffer, p: Pending, now = Date.now()): string {
  const subject = `${p.userId}.${p.merchantId ?? '-'}.${now + PENDING_MS}`;
  return `${subject}.${tokenFor(key, 'second-factor', subject)}`;
}

/** The pending step from its cookie, while it is fresh and its signature holds. */
export function pendingStep(key: Buffer, req: Request): Pending | null {
  const value = cookie(req, SECOND_FACTOR_COOKIE);
  const m = value ? /^((usr_[0-9A-Za-z]+)\.(bus_[0-9A-Za-z]+|-)\.(\d{13}))\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!m || !tokenValid(key, 'second-factor', m[1]!, m[5]) || Number(m[4]) <= Date.now()) return null;
  return { userId: m[2]!, merchantId: m[3] === '-' ? null : m[3]! };
}

export function codeForm(req: Request, res: Response, deps: DashboardDeps, locale: Locale, status: number, next: string, error?: string): void {
  const t = translator(locale);
  const nonce = loginNonce(req, res);
  const body = html`<div class="login">
<h1>${t('secondFactorTitle')}</h1>
${error && html`<p class="notice bad" role="alert">${error}</p>`}
<form method="post" action="/dashboard/login/code">
  <input type="hidden" name="csrf" value="${tokenFor(deps.csrfKey, 'login', nonce)}">
  <input type="hidden" name="next" value="${safeNext(next)}">
  <label for="code">${t('secondFactorCode')}</label>
  <input id="code" name="code" autocomplete="one-time-code" inputmode="numeric" required maxlength="11" autofocus>
  <button type="submit">${t('confirm')}</button>
</form>
<p class="hint">${t('recoveryHint')}</p>
</div>`;
  sendDashboard(res, status, dashboardPage({ session: null, locale, csrf: '', path: '/dashboard/login' }, { title: t('secondFactorTitle'), body }));
}

/** After the right password of a person with a second factor: holds the success and asks for the code. */
export function askSecondFactor(deps: DashboardDeps, req: Request, res: Response, locale: Locale, pending: Pending, next: string): void {
  setCookie(req, res, SECOND_FACTOR_COOKIE, pendingValue(deps.csrfKey, pending), PENDING_MS / 1000);
  codeForm(req, res, deps, locale, 200, next);
}

