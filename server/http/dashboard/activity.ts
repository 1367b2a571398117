/**
 * The merchant's activity: what people did in the dashboard (signed in, switched mode, acted; from which session and
 * address: the audit trail) and what the merchant's API keys changed through the API (the request log's successful
 * writes, kept 7 days), one list newest first, or either alone (`?who=people`, `?who=keys`).
 */
import express, { type Router } from 'express';
import { listAudit } from '../../domain/team/audit';
import { keyWritesOf } from '../../logs/repo';
import { html, type Html } from '../pages/html';
import type { DashboardDeps } from './deps';
import { translator, when } from './i18n';
import { dashboardPage, sendDashboard } from './layout';
import { signedIn } from './signed-in';

const LIMIT = 100;

interface Line {
  at: Date;
  row: Html;
}

export function activityRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  router.get('/dashboard/activity', async (req, res) => {
    const { session, viewer } = signedIn(res);
    const t = translator(viewer.locale);
    const who = req.query.who === 'people' || req.query.who === 'keys' ? req.query.who : 'all';
    const [people, keys] = await Promise.all([
      who === 'keys' ? [] : listAudit(deps.db, session.merchantId, LIMIT),
      who === 'people' ? [] : keyWritesOf(deps.db, session.merchantId, LIMIT),
    ]);
    const lines: Line[] = [
      ...people.map((r) => ({
        at: r.created_at,
        row: html`<tr data-kind="person"><td>${when(viewer.locale, r.created_at)}</td><td>${r.actor_email ?? r.actor_id}</td><td>${r.action}</td><td>${r.target ?? ''}</td><td>${r.mode ?? ''}</td><td>${r.session_id ?? ''}</td><td>${r.ip ?? ''}</td></tr>`,
      })),
      ...keys.map((k) => ({
        at: new Date(k.createdAt),
        row: html`<tr data-kind="key"><td>${when(viewer.locale, k.createdAt)}</td><td><a href="/dashboard/developers/requests?key=${k.keyId}">${k.keyId}</a></td><td><code>${k.method} ${k.path}</code> → ${k.status}</td><td></td><td>${k.mode}</td><td><code>${k.correlationId}</code></td><td></td></tr>`,
      })),
    ]
      .sort((a, b) => b.at.getTime() - a.at.getTime())
      .slice(0, LIMIT);
    const tab = (value: string, word: string) => html`<li><a href="/dashboard/activity${value === 'all' ? '' : `?who=${value}`}"${who === value ? html` aria-current="true"` : ''}>${word}</a></li>`;
    const body = html`<h1>${t('activity')}</h1>
<nav aria-label="${t('filter')}"><ul class="tabs">${tab('all', t('any'))}${tab('people', t('activityPeople'))}${tab('keys', t('activityKeys'))}</ul></nav>
<div class="table-wrap" tabindex="0" role="region" aria-label="${t('activity')}"><table id="audit"><thead><tr><th scope="col">${t('when')}</th><th scope="col">${t('actor')}</th><th scope="col">${t('action')}</th><th scope="col">${t('target')}</th><th scope="col">${t('modeLabel')}</th><th scope="col">${t('session')}</th><th scope="col">${t('address')}</th></tr></thead>
<tbody>${lines.map((l) => l.row)}</tbody></table></div>`;
    sendDashboard(res, 200, dashboardPage(viewer, { title: t('activity'), current: '/dashboard/activity', body }));
  });
  return router;
}
