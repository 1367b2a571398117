/**
 * The merchants of a person who belongs to several (an agency, a group's companies): the list, with the role at each,
 * and the switch to another, which moves the session there in sandbox and is in both merchants' audit trails. A
 * merchant the person is not a member of is refused as not found.
 */
import express, { type Router } from 'express';
import { recordAudit } from '../../domain/team/audit';
import { actorOf, setSessionMerchant } from '../../domain/team/sessions';
import { membershipsOf } from '../../domain/team/users';
import { html } from '../pages/html';
import type { DashboardDeps } from './deps';
import { translator } from './i18n';
import { csrfField, dashboardPage, sendDashboard } from './layout';
import { messagePage } from './messages';
import { signedIn } from './signed-in';

export const MERCHANTS_PATH = '/dashboard/merchants';

export function merchantRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  router.get(MERCHANTS_PATH, async (_req, res) => {
    const { session, viewer } = signedIn(res);
    const t = translator(viewer.locale);
    const all = await membershipsOf(deps.db, session.userId);
    const body = html`<h1>${t('yourAccounts')}</h1>
<ul id="merchants" class="plain">${all.map(
      (m) => html`<li data-merchant="${m.merchantId}">${m.merchantId === session.merchantId
        ? html`<strong>${m.merchantName}</strong> · ${m.role} · ${t('current')}`
        : html`<form method="post" action="${MERCHANTS_PATH}/switch" class="inline">${csrfField(viewer)}<input type="hidden" name="merchant" value="${m.merchantId}"><button type="submit" class="secondary">${t('switchToMerchant', { name: m.merchantName })}</button></form> · ${m.role}`}</li>`,
    )}</ul>`;
    sendDashboard(res, 200, dashboardPage(viewer, { title: t('yourAccounts'), body }));
  });
  router.post(`${MERCHANTS_PATH}/switch`, async (req, res) => {
    const { session, viewer } = signedIn(res);
    const t = translator(viewer.locale);
    const to = (req.body as Record<string, unknown>).merchant;
    if (typeof to !== 'string' || !(await setSessionMerchant(deps.db, session.id, session.userId, to))) return messagePage(res, viewer, 404, t('notFound'), t('notFoundText'));
    if (to !== session.merchantId) {
      for (const merchantId of [session.merchantId, to]) {
        await recordAudit(deps.db, { merchantId, mode: null, actor: actorOf(session), action: 'merchant.switch', detail: { from: session.merchantId, to }, ip: req.ip ?? null });
      }
    }
    res.redirect(303, '/dashboard');
  });
  return router;
}
