/**
 * "Forgot your password?": a person types their e-mail and, when it has an active account, gets a link by e-mail
 * (domain/team/password-resets.ts: once, within an hour); the answer is the same whether it has one or not, so the
 * form tells nobody which addresses have accounts. Asking is throttled as signing in is (per address and e-mail, and
 * per address). The link's page sets a new password and signs the person out everywhere; the second factor, if on,
 * is still asked at the next sign-in. Without a mail server (no SMTP_URL) the page says to ask the operator.
 */
import express, { type Request, type Response, type Router } from 'express';
import { recordAudit } from '../../domain/team/audit';
import { MIN_PASSWORD_LENGTH } from '../../domain/team/passwords';
import { askReset, findReset, RESET_MINUTES, useReset } from '../../domain/team/password-resets';
import { membershipsOf, TeamError } from '../../domain/team/users';
import { html } from '../pages/html';
import type { DashboardDeps } from './deps';
import { cookie, LOGIN_COOKIE, localeOf, loginNonce, sameOrigin, tokenFor, tokenValid } from './guard';
import { translator, type Locale } from './i18n';
import { dashboardPage, sendDashboard } from './layout';
import { addressKey, takeAttempt } from './login';
import { mailOrigin } from './team';

export const FORGOT_PATH = '/dashboard/password/forgot';
const RESET_PATH = '/dashboard/password/reset';

function page(res: Response, locale: Locale, status: number, title: string, body: ReturnType<typeof html>): void {
  sendDashboard(res, status, dashboardPage({ session: null, locale, csrf: '', path: FORGOT_PATH }, { title, body: html`<div class="login">${body}</div>` }));
}

function forgotForm(req: Request, res: Response, deps: DashboardDeps, locale: Locale, status: number, notice?: ReturnType<typeof html>): void {
  const t = translator(locale);
  const csrf = tokenFor(deps.csrfKey, 'login', loginNonce(req, res));
  page(res, locale, status, t('forgotPassword'), html`<h1>${t('forgotPassword')}</h1>
${notice ?? null}
<p>${t('forgotIntro', { minutes: RESET_MINUTES })}</p>
<form method="post" action="${FORGOT_PATH}"><input type="hidden" name="csrf" value="${csrf}">
  <label for="email">${t('email')}</label><input id="email" name="email" type="email" autocomplete="username" required maxlength="254">
  <button type="submit">${t('sendResetLink')}</button>
</form>
<p><a href="/dashboard/login">${t('backToSignIn')}</a></p>`);
}

function resetForm(req: Request, res: Response, deps: DashboardDeps, locale: Locale, status: number, token: string, email: string, error?: string): void {
  const t = translator(locale);
  const csrf = tokenFor(deps.csrfKey, 'login', loginNonce(req, res));
  page(res, locale, status, t('newPasswordTitle'), html`<h1>${t('newPasswordTitle')}</h1>
${error && html`<p class="notice bad" role="alert">${error}</p>`}
<form method="post" action="${RESET_PATH}/${token}"><input type="hidden" name="csrf" value="${csrf}">
  <input type="hidden" name="username" value="${email}" autocomplete="username">
  <label for="password">${t('newPassword')}</label>
  <input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="256">
  <button type="submit">${t('setPassword')}</button>
</form>`);
}

export function passwordResetRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 });

  router.get(FORGOT_PATH, (req, res) => forgotForm(req, res, deps, localeOf(req, res, 'pt-BR'), 200));

  router.post(FORGOT_PATH, form, async (req, res) => {
    const locale = localeOf(req, res, 'pt-BR');
    const t = translator(locale);
    const b = (req.body ?? {}) as Record<string, unknown>;
    if (!sameOrigin(req) || !tokenValid(deps.csrfKey, 'login', cookie(req, LOGIN_COOKIE), b.csrf)) {
      return forgotForm(req, res, deps, locale, 403, html`<p class="notice bad" role="alert">${t('formExpired')}</p>`);
    }
    if (!deps.mailer) return forgotForm(req, res, deps, locale, 503, html`<p class="notice bad" role="alert">${t('resetNeedsMail')}</p>`);
    const email = typeof b.email === 'string' ? b.email.trim().slice(0, 254) : '';
    const address = addressKey(req.ip ?? 'unknown');
    // Counted per address, and per e-mail whatever the address: nobody fills a person's mailbox by changing addresses.
    const wait = await takeAttempt(deps, `reset|${email.toLowerCase()}`, address);
    if (wait > 0) {
      res.set('Retry-After', String(wait));
      return forgotForm(req, res, deps, locale, 429, html`<p class="notice bad" role="alert">${t('throttled', { minutes: Math.ceil(wait / 60) })}</p>`);
    }
    // The same answer, at once, whether the address has an account or not: the reset is made and mailed after it, so
    // neither the page nor its timing tells.
    forgotForm(req, res, deps, locale, 200, html`<p class="notice ok" role="status">${t('resetSent', { email })}</p>`);
    const reset = email ? await askReset(deps.db, email) : null;
    if (!reset) return;
    const tt = translator(reset.locale);
    const link = `${mailOrigin(deps, req)}${RESET_PATH}/${reset.token}`;
    await deps.mailer
      .send({ to: reset.email, subject: tt('resetSubject'), text: `${tt('resetBody', { minutes: RESET_MINUTES })}\n\n${link}\n\n${tt('resetIgnore')}\n` })
      .catch((err: unknown) => deps.logger.error({ err: (err as Error).message, user: reset.userId }, 'password reset e-mail not sent'));
  });

  router.get(`${RESET_PATH}/:token`, async (req, res) => {
    const locale = localeOf(req, res, 'pt-BR');
    const t = translator(locale);
    const token = String(req.params.token);
    const open = await findReset(deps.db, token);
    if (!open) return page(res, locale, 404, t('resetGone'), html`<h1>${t('resetGone')}</h1><p>${t('resetGoneText')}</p><p><a href="${FORGOT_PATH}">${t('forgotPassword')}</a></p>`);
    resetForm(req, res, deps, locale, 200, token, open.email);
  });

  router.post(`${RESET_PATH}/:token`, form, async (req, res) => {
    const locale = localeOf(req, res, 'pt-BR');
    const t = translator(locale);
    const token = String(req.params.token);
    const b = (req.body ?? {}) as Record<string, unknown>;
    const open = await findReset(deps.db, token);
    if (!open) return page(res, locale, 404, t('resetGone'), html`<h1>${t('resetGone')}</h1><p>${t('resetGoneText')}</p>`);
    if (!sameOrigin(req) || !tokenValid(deps.csrfKey, 'login', cookie(req, LOGIN_COOKIE), b.csrf)) return resetForm(req, res, deps, locale, 403, token, open.email, t('formExpired'));
    try {
      await useReset(deps.db, token, typeof b.password === 'string' ? b.password : '');
    } catch (err) {
      if (err instanceof TeamError && err.reason === 'resetClosed') return page(res, locale, 404, t('resetGone'), html`<h1>${t('resetGone')}</h1><p>${t('resetGoneText')}</p>`);
      if (err instanceof TeamError) return resetForm(req, res, deps, locale, 422, token, open.email, err.reason === 'tooLong' ? t('passwordTooLong') : t('passwordTooShort'));
      throw err;
    }
    for (const m of await membershipsOf(deps.db, open.userId)) {
      await recordAudit(deps.db, { merchantId: m.merchantId, mode: null, actor: { kind: 'user', id: open.userId }, action: 'password.reset', ip: req.ip ?? null });
    }
    res.redirect(303, '/dashboard/login?reset=1');
  });
  return router;
}
