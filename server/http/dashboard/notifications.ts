/**
 * Settings, notifications: which events of the merchant, in the mode the person is looking at, they want an e-mail
 * for (domain/team/notifications.ts sends them). Every role may choose: each only reads what it is told.
 */
import express, { type Response, type Router } from 'express';
import { recordAudit } from '../../domain/team/audit';
import { NOTIFICATION_KINDS, preferencesOf, setPreferences } from '../../domain/team/notifications';
import { actorOf } from '../../domain/team/sessions';
import { html, type Html } from '../pages/html';
import type { DashboardDeps } from './deps';
import { translator } from './i18n';
import { csrfField, dashboardPage, sendDashboard, settingsTabs } from './layout';
import { signedIn } from './signed-in';

export const NOTIFICATIONS_PATH = '/dashboard/settings/notifications';

async function page(deps: DashboardDeps, res: Response, notice: Html | null = null, status = 200): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const chosen = await preferencesOf(deps.db, session.userId, session.merchantId, session.mode);
  const body = html`<h1>${t('notifications')}</h1>
${settingsTabs(t, NOTIFICATIONS_PATH)}
${notice}
${!deps.mailer && html`<p class="notice bad" role="status">${t('notificationsNeedMail')}</p>`}
<form method="post" action="${NOTIFICATIONS_PATH}">${csrfField(viewer)}<input type="hidden" name="merchant" value="${session.merchantId}"><input type="hidden" name="mode" value="${session.mode}">
<fieldset><legend>${t('notificationsIntro', { email: session.email, mode: t(session.mode) })}</legend>
${NOTIFICATION_KINDS.map((k) => html`<p class="check"><input id="n-${k}" name="kinds" type="checkbox" value="${k}"${chosen.includes(k) ? html` checked` : ''}> <label for="n-${k}">${t(`notify_${k}`)}</label></p>`)}
</fieldset>
<p><button type="submit">${t('save')}</button></p>
</form>`;
  sendDashboard(res, status, dashboardPage(viewer, { title: t('notifications'), current: '/dashboard/settings/team', body }));
}

export function notificationRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  router.get(NOTIFICATIONS_PATH, (_req, res) => page(deps, res));
  router.post(NOTIFICATIONS_PATH, async (req, res) => {
    const { session, viewer } = signedIn(res);
    const b = req.body as Record<string, unknown>;
    // The choices are of the merchant and mode the form showed: after a switch in another tab, the form is stale.
    if (b.merchant !== session.merchantId || b.mode !== session.mode) {
      return page(deps, res, html`<p class="notice bad" role="alert">${translator(viewer.locale)('formExpired')}</p>`, 409);
    }
    const given = b.kinds;
    const kinds = NOTIFICATION_KINDS.filter((k) => (Array.isArray(given) ? given : [given]).includes(k));
    await setPreferences(deps.db, session.userId, session.merchantId, session.mode, kinds);
    await recordAudit(deps.db, { merchantId: session.merchantId, mode: session.mode, actor: actorOf(session), action: 'notifications.update', detail: { kinds }, ip: req.ip ?? null });
    return page(deps, res, html`<p class="notice ok" role="status">${translator(viewer.locale)('saved')}</p>`);
  });
  return router;
}
