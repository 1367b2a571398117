/**
 * Settings, security: the person's second factor. Turning it on shows a QR code for the authenticator app and the
 * secret to type instead, and asks for the password and a code of it; then ten recovery codes are shown, once.
 * Turning it off asks for the password and a code. Both are counted as sign-in attempts of the person. The secret is never logged, and
 * shown only in the answer to the person's own "turn on" (or, after a wrong code, to their right password).
 */
import express, { type Request, type Response, type Router } from 'express';
import { recordAudit } from '../../domain/team/audit';
import { checkPassword, PasswordChecksBusy } from '../../domain/team/passwords';
import { beginTotp, checkSecondFactor, confirmTotp, hasPendingTotp, hasSecondFactor, pendingTotp, recoveryCodesLeft, removeSecondFactor, type TotpSetup } from '../../domain/team/second-factor';
import { actorOf } from '../../domain/team/sessions';
import { findUser } from '../../domain/team/users';
import { html, type Html } from '../pages/html';
import type { DashboardDeps } from './deps';
import { translator } from './i18n';
import { csrfField, dashboardPage, sendDashboard, settingsTabs, type T, type Viewer } from './layout';
import { addressKey, takeAttempt } from './login';
import { qrImage } from './qr';
import { signedIn } from './signed-in';

export const SECURITY_PATH = '/dashboard/settings/security';

/**
 * The set-up's confirmation form; its secret (QR code and text) only in the answer to the person's own "turn on" or to
 * their right password: a page read later, by anyone holding the session, never shows a secret someone else may add
 * to an app and the person then confirm without knowing.
 */
function setupBody(v: Viewer, t: T, setup: TotpSetup | 'hidden'): Html {
  const qr = setup === 'hidden' ? null : qrImage(setup.uri);
  return html`<section aria-labelledby="totp-h"><h2 id="totp-h">${t('totpSetUp')}</h2>
${setup === 'hidden' || qr === null
    ? html`<p>${t('totpFinish')}</p>`
    : html`<p>${t('totpScan')}</p>
<img id="totp-qr" src="${qr.src}" width="${qr.width}" alt="${t('totpQr')}">
<p>${t('totpTypeInstead')} <code id="totp-secret">${setup.secret}</code></p>`}
<form method="post" action="${SECURITY_PATH}/totp/confirm">${csrfField(v)}
  <label for="password">${t('password')}</label><input id="password" name="password" type="password" autocomplete="current-password" required maxlength="256">
  <label for="code">${t('secondFactorCode')}</label>
  <input id="code" name="code" autocomplete="one-time-code" inputmode="numeric" required maxlength="6" pattern="[0-9]{6}">
  <p><button type="submit">${t('totpTurnOn')}</button></p>
</form>
${setup === 'hidden' && html`<form method="post" action="${SECURITY_PATH}/totp/begin">${csrfField(v)}<button type="submit" class="secondary">${t('totpRestart')}</button></form>`}</section>`;
}

/** The page; `setup` the pending set-up to show with its secret (else one pending is shown without it). */
async function securityPage(deps: DashboardDeps, res: Response, status: number, o: { notice?: Html; setup?: TotpSetup | null; codes?: string[] } = {}): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const on = await hasSecondFactor(deps.db, session.userId);
  const left = on ? await recoveryCodesLeft(deps.db, session.userId) : 0;
  const setup = o.setup === undefined ? ((await hasPendingTotp(deps.db, session.userId)) ? 'hidden' : null) : o.setup;
  const body = html`<h1>${t('security')}</h1>
${settingsTabs(t, SECURITY_PATH)}
${o.notice ?? null}
${o.codes && html`<div class="notice ok" role="status"><p>${t('recoveryCodesShown')}</p><ul id="recovery-codes" class="codes">${o.codes.map((c) => html`<li><code>${c}</code></li>`)}</ul></div>`}
<p id="totp-state" data-on="${String(on)}">${on ? t('totpOn', { left }) : t('totpOff')}</p>
${on
    ? html`<section aria-labelledby="off-h"><h2 id="off-h">${t('totpTurnOff')}</h2><form method="post" action="${SECURITY_PATH}/totp/remove">${csrfField(viewer)}
  <label for="password">${t('password')}</label><input id="password" name="password" type="password" autocomplete="current-password" required maxlength="256">
  <label for="off-code">${t('secondFactorCode')}</label><input id="off-code" name="code" autocomplete="one-time-code" inputmode="numeric" required maxlength="11">
  <p><button type="submit" class="danger">${t('totpTurnOff')}</button></p></form></section>`
    : setup
      ? setupBody(viewer, t, setup)
      : html`<form method="post" action="${SECURITY_PATH}/totp/begin">${csrfField(viewer)}<button type="submit">${t('totpBegin')}</button></form>`}`;
  sendDashboard(res, status, dashboardPage(viewer, { title: t('security'), current: '/dashboard/settings/team', body }));
}

const bad = (text: string) => html`<p class="notice bad" role="alert">${text}</p>`;

export function securityRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  router.get(SECURITY_PATH, (_req, res) => securityPage(deps, res, 200));

  router.post(`${SECURITY_PATH}/totp/begin`, async (_req, res) => {
    const { session } = signedIn(res);
    if (await hasSecondFactor(deps.db, session.userId)) return res.redirect(303, SECURITY_PATH);
    const setup = await beginTotp(deps.db, deps.webhooks.sealer, { id: session.userId, email: session.email });
    return securityPage(deps, res, 200, { setup });
  });

  /**
   * The person's password, checked as a sign-in is (counted per person, PasswordChecksBusy a 429): turning the factor on
   * or off is asked of the person, not of whoever has their open session.
   */
  async function passwordGiven(req: Request, res: Response): Promise<'ok' | 'wrong' | Html> {
    const { session, viewer } = signedIn(res);
    const t = translator(viewer.locale);
    const wait = await takeAttempt(deps, `2fa|${session.userId}`, addressKey(req.ip ?? 'unknown'));
    if (wait > 0) return bad(t('throttled', { minutes: Math.ceil(wait / 60) }));
    const user = await findUser(deps.db, session.userId);
    const given = (req.body as Record<string, unknown>).password;
    try {
      return (await checkPassword(user?.password_hash ?? null, typeof given === 'string' ? given : '')) ? 'ok' : 'wrong';
    } catch (err) {
      if (err instanceof PasswordChecksBusy) return bad(t('throttled', { minutes: 1 }));
      throw err;
    }
  }

  router.post(`${SECURITY_PATH}/totp/confirm`, async (req, res) => {
    const { session, viewer } = signedIn(res);
    const t = translator(viewer.locale);
    // Sent again after it worked (a reload, a retry): say it is on, not that the code is wrong.
    if (await hasSecondFactor(deps.db, session.userId)) return securityPage(deps, res, 200, { notice: html`<p class="notice ok" role="status">${t('totpAlreadyOn')}</p>` });
    const password = await passwordGiven(req, res);
    if (password !== 'ok') return securityPage(deps, res, password === 'wrong' ? 401 : 429, { notice: password === 'wrong' ? bad(t('wrongPasswordOrCode')) : password });
    const code = String((req.body as Record<string, unknown>).code ?? '');
    const codes = await confirmTotp(deps.db, deps.webhooks.sealer, session.userId, code);
    // The right password and a wrong code: the person may show the secret again, to add it to their app afresh.
    if (!codes) return securityPage(deps, res, 422, { notice: bad(t('wrongPasswordOrCode')), setup: await pendingTotp(deps.db, deps.webhooks.sealer, { id: session.userId, email: session.email }) });
    await deps.limiters.signInFailures.delete(`2fa|${session.userId}`).catch(() => undefined);
    await recordAudit(deps.db, { merchantId: session.merchantId, mode: session.mode, actor: actorOf(session), action: 'second-factor.on', ip: req.ip ?? null });
    return securityPage(deps, res, 200, { codes, setup: null, notice: html`<p class="notice ok" role="status">${t('totpTurnedOn')}</p>` });
  });

  router.post(`${SECURITY_PATH}/totp/remove`, async (req, res) => {
    const { session, viewer } = signedIn(res);
    const t = translator(viewer.locale);
    if (!(await hasSecondFactor(deps.db, session.userId))) return securityPage(deps, res, 200, { notice: html`<p class="notice ok" role="status">${t('totpTurnedOff')}</p>` });
    // The password and a code, both: a session left open on a shared computer does not get to remove the factor.
    const password = await passwordGiven(req, res);
    if (password !== 'ok' && password !== 'wrong') return securityPage(deps, res, 429, { notice: password });
    const b = req.body as Record<string, unknown>;
    const codeOk = password === 'ok' && (await checkSecondFactor(deps.db, deps.webhooks.sealer, session.userId, typeof b.code === 'string' ? b.code.slice(0, 20) : ''));
    if (!codeOk) return securityPage(deps, res, 401, { notice: bad(t('wrongPasswordOrCode')) });
    await deps.limiters.signInFailures.delete(`2fa|${session.userId}`).catch(() => undefined);
    await removeSecondFactor(deps.db, session.userId);
    await recordAudit(deps.db, { merchantId: session.merchantId, mode: session.mode, actor: actorOf(session), action: 'second-factor.off', ip: req.ip ?? null });
    return securityPage(deps, res, 200, { notice: html`<p class="notice ok" role="status">${t('totpTurnedOff')}</p>` });
  });
  return router;
}
