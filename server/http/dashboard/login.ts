/**
 * Signing in and out. The sign-in form carries a token bound to a random cookie of its own (a login CSRF: another
 * site cannot sign a browser into an account of its choosing). A wrong e-mail and a wrong password are one answer,
 * after the same argon2 work; failures are counted per person and address and per address (SIGN_IN_LIMITS), and past
 * the limit even the right password is refused until the window passes. An attempt is counted before its password is
 * checked (a burst sent at once is counted whole), and a success gives it back. A success always starts a new session: a
 * token the browser held before is ended, never promoted.
 */
import express, { type Request, type Response, type Router } from 'express';
import type { RateLimiterRes } from 'rate-limiter-flexible';
import { recordAudit, recordRefusedSignIn } from '../../domain/team/audit';
import { checkPassword, PasswordChecksBusy } from '../../domain/team/passwords';
import { endSession, findSession, SESSION_LIFETIME_MS, startSession } from '../../domain/team/sessions';
import { checkSecondFactor, hasSecondFactor } from '../../domain/team/second-factor';
import { findUser, findUserByEmail, membershipsOf } from '../../domain/team/users';
import { html } from '../pages/html';
import type { DashboardDeps } from './deps';
import { clearCookie, cookie, LOGIN_COOKIE, localeOf, loginNonce, safeNext, sameOrigin, SECOND_FACTOR_COOKIE, SESSION_COOKIE, setCookie, tokenFor, tokenValid } from './guard';
import { askSecondFactor, codeForm, pendingStep } from './second-factor';

export { safeNext };
import { translator, type Locale } from './i18n';
import { dashboardPage, sendDashboard } from './layout';

function loginForm(req: Request, res: Response, deps: DashboardDeps, locale: Locale, status: number, o: { error?: string; email?: string; next?: string; notice?: string }): void {
  const t = translator(locale);
  const nonce = loginNonce(req, res);
  const body = html`<div class="login">
<h1>${t('signInTitle')}</h1>
${o.error && html`<p class="notice bad" role="alert">${o.error}</p>`}
${o.notice && html`<p class="notice ok" role="status">${o.notice}</p>`}
<form method="post" action="/dashboard/login">
  <input type="hidden" name="csrf" value="${tokenFor(deps.csrfKey, 'login', nonce)}">
  <input type="hidden" name="next" value="${safeNext(o.next)}">
  <label for="email">${t('email')}</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${o.email ?? ''}" maxlength="254">
  <label for="password">${t('password')}</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="256">
  <button type="submit">${t('signIn')}</button>
</form>
<p><a href="/dashboard/password/forgot">${t('forgotPassword')}</a></p>
</div>`;
  sendDashboard(res, status, dashboardPage({ session: null, locale, csrf: '', path: '/dashboard/login' }, { title: t('signIn'), body }));
}

/**
 * The key an address is counted under: an IPv4 address as it is, an IPv6 one by its /64 (one subscriber's block: a
 * host that owns one has 2^64 addresses to rotate through).
 */
export function addressKey(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (v4) return v4[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => (g || '0').toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * Takes one attempt from the person's and the address's allowance before the password is checked, atomically in the
 * rate-limit store: requests sent at once cannot all read a count below the limit and all be checked. Seconds to wait
 * when either allowance is spent; 0 when the attempt may go on.
 */
export async function takeAttempt(deps: DashboardDeps, personKey: string, address: string): Promise<number> {
  const refusal = (err: unknown) => (err instanceof Error ? 0 : Math.max(1, Math.ceil((err as RateLimiterRes).msBeforeNext / 1000)));
  const person = await deps.limiters.signInFailures.consume(personKey).then(() => 0, refusal);
  if (person > 0) return person;
  return deps.limiters.signInFailuresByAddress.consume(address).then(() => 0, refusal);
}

/**
 * Signs the person in: whatever session the browser presented is ended (session fixation: a sign-in always gets a
 * new token), a new one starts on `merchantId` in sandbox, and the sign-in is in the audit trail.
 */
/** Returns the new session's id. */
export async function beginSession(deps: DashboardDeps, req: Request, res: Response, userId: string, merchantId: string): Promise<string> {
  const before = await findSession(deps.db, cookie(req, SESSION_COOKIE));
  if (before) await endSession(deps.db, before.id);
  const ip = req.ip ?? null;
  const started = await startSession(deps.db, { userId, merchantId, mode: 'sandbox', ip, userAgent: req.get('user-agent') ?? null });
  await recordAudit(deps.db, { merchantId, mode: 'sandbox', actor: { kind: 'user', id: userId, sessionId: started.id }, action: 'signin', ip });
  setCookie(req, res, SESSION_COOKIE, started.token, Math.floor(SESSION_LIFETIME_MS / 1000));
  clearCookie(req, res, LOGIN_COOKIE);
  return started.id;
}

export function loginRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 20 });

  router.get('/dashboard/login', async (req, res) => {
    if (await findSession(deps.db, cookie(req, SESSION_COOKIE))) return res.redirect(303, '/dashboard');
    const locale = localeOf(req, res, 'pt-BR');
    const notice = req.query.reset === '1' ? translator(locale)('passwordChanged') : undefined;
    loginForm(req, res, deps, locale, 200, { next: String(req.query.next ?? ''), ...(notice ? { notice } : {}) });
  });

  router.post('/dashboard/login', form, async (req, res) => {
    const locale = localeOf(req, res, 'pt-BR');
    const t = translator(locale);
    const b = (req.body ?? {}) as Record<string, unknown>;
    const email = typeof b.email === 'string' ? b.email.trim().slice(0, 254) : '';
    const password = typeof b.password === 'string' ? b.password : '';
    const next = safeNext(b.next);
    if (!sameOrigin(req) || !tokenValid(deps.csrfKey, 'login', cookie(req, LOGIN_COOKIE), b.csrf)) {
      return loginForm(req, res, deps, locale, 403, { error: t('formExpired'), email, next });
    }
    const ip = req.ip ?? 'unknown';
    const address = addressKey(ip);
    const personKey = `${email.toLowerCase()}|${address}`;
    const wait = await takeAttempt(deps, personKey, address);
    if (wait > 0) {
      res.set('Retry-After', String(wait));
      return loginForm(req, res, deps, locale, 429, { error: t('throttled', { minutes: Math.ceil(wait / 60) }), email, next });
    }
    const user = email ? await findUserByEmail(deps.db, email) : null;
    let ok: boolean;
    try {
      ok = await checkPassword(user && !user.disabled_at ? user.password_hash : null, password);
    } catch (err) {
      if (!(err instanceof PasswordChecksBusy)) throw err;
      res.set('Retry-After', '5');
      return loginForm(req, res, deps, locale, 429, { error: t('throttled', { minutes: 1 }), email, next });
    }
    const memberships = ok && user ? await membershipsOf(deps.db, user.id) : [];
    if (!ok || !user || memberships.length === 0) {
      deps.logger.info({ ip, known: Boolean(user) }, 'dashboard sign-in refused');
      loginForm(req, res, deps, locale, 401, { error: t('wrongCredentials'), email, next });
      // After the answer: an e-mail with an account must not be told apart by the time its audit lines take.
      if (user) await recordRefusedSignIn(deps.db, user.id, ip);
      return;
    }
    // A success gives the attempts back: the person's count starts again, and the address's is not spent by it.
    await deps.limiters.signInFailures.delete(personKey).catch(() => undefined);
    await deps.limiters.signInFailuresByAddress.reward(address, 1).catch(() => undefined);
    if (await hasSecondFactor(deps.db, user.id)) return askSecondFactor(deps, req, res, locale, { userId: user.id, merchantId: null }, next);
    await beginSession(deps, req, res, user.id, memberships[0]!.merchantId);
    res.redirect(303, next);
  });

  router.post('/dashboard/login/code', form, async (req, res) => {
    const locale = localeOf(req, res, 'pt-BR');
    const t = translator(locale);
    const b = (req.body ?? {}) as Record<string, unknown>;
    const next = safeNext(b.next);
    const pending = pendingStep(deps.csrfKey, req);
    if (!sameOrigin(req) || !tokenValid(deps.csrfKey, 'login', cookie(req, LOGIN_COOKIE), b.csrf) || !pending) {
      clearCookie(req, res, SECOND_FACTOR_COOKIE);
      return res.redirect(303, '/dashboard/login');
    }
    const ip = req.ip ?? 'unknown';
    const address = addressKey(ip);
    const userId = pending.userId;
    // Counted per person whatever the address (5 in 15 min): a code has a million values, and an attacker who has the
    // password may have many addresses.
    const wait = await takeAttempt(deps, `2fa|${userId}`, address);
    if (wait > 0) {
      res.set('Retry-After', String(wait));
      return codeForm(req, res, deps, locale, 429, next, t('throttled', { minutes: Math.ceil(wait / 60) }));
    }
    const accepted = await checkSecondFactor(deps.db, deps.webhooks.sealer, userId, typeof b.code === 'string' ? b.code.slice(0, 20) : '');
    const memberships = accepted ? await membershipsOf(deps.db, userId) : [];
    const user = accepted ? await findUser(deps.db, userId) : null;
    if (!accepted || memberships.length === 0 || !user || user.disabled_at) {
      deps.logger.info({ ip }, 'dashboard second factor refused');
      codeForm(req, res, deps, locale, 401, next, t('wrongCode'));
      await recordRefusedSignIn(deps.db, userId, ip);
      return;
    }
    await deps.limiters.signInFailures.delete(`2fa|${userId}`).catch(() => undefined);
    await deps.limiters.signInFailuresByAddress.reward(address, 1).catch(() => undefined);
    clearCookie(req, res, SECOND_FACTOR_COOKIE);
    // The invitation's merchant when the step came from one (and the person is still its member), else the first.
    const merchantId = (memberships.find((m) => m.merchantId === pending.merchantId) ?? memberships[0]!).merchantId;
    const sessionId = await beginSession(deps, req, res, userId, merchantId);
    if (accepted === 'recovery') {
      await recordAudit(deps.db, { merchantId, mode: 'sandbox', actor: { kind: 'user', id: userId, sessionId }, action: 'recovery-code.used', ip });
    }
    res.redirect(303, next);
  });

  return router;
}
