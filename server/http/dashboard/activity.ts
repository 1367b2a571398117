/** The audit trail of the merchant: who signed in, switched mode or acted, from which session and address. */
import express, { type Router } from 'express';
import { listAudit } from '../../domain/team/audit';
import { html } from '../pages/html';
import type { DashboardDeps } from './deps';
import { translator, when } from './i18n';
import { dashboardPage, sendDashboard } from './layout';
import { signedIn } from './signed-in';

export function activityRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  router.get('/dashboard/activity', async (_req, res) => {
    const { session, viewer } = signedIn(res);
    const t = translator(viewer.locale);
    const rows = await listAudit(deps.db, session.merchantId, 100);
    const body = html`<h1>${t('activity')}</h1>
<div class="table-wrap" tabindex="0" role="region" aria-label="${t('activity')}"><table id="audit"><thead><tr><th scope="col">${t('when')}</th><th scope="col">${t('actor')}</th><th scope="col">${t('action')}</th><th scope="col">${t('target')}</th><th scope="col">${t('modeLabel')}</th><th scope="col">${t('session')}</th><th scope="col">${t('address')}</th></tr></thead>
<tbody>${rows.map(
      (r) => html`<tr><td>${when(viewer.locale, r.created_at)}</td><td>${r.actor_email ?? r.actor_id}</td><td>${r.action}</td><td>${r.target ?? ''}</td><td>${r.mode ?? ''}</td><td>${r.session_id ?? ''}</td><td>${r.ip ?? ''}</td></tr>`,
    )}</tbody></table></div>`;
    sendDashboard(res, 200, dashboardPage(viewer, { title: t('activity'), current: '/dashboard/activity', body }));
  });
  return router;
}
