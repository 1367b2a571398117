/**
 * Developers, requests: the API requests of the session's mode over the last 7 days, newest first, as the request
 * log keeps them (`listRequestLogs`): all of them, or one key's (`?key=`, linked from each key's row), answered with
 * a class of status. Each line names its correlation id, what support asks for.
 */
import express, { type Request, type Response, type Router } from 'express';
import type { components } from '../../../generated/schema';
import { html } from '../pages/html';
import { readAs } from './act';
import type { DashboardDeps } from './deps';
import { translator, when } from './i18n';
import { dashboardPage, developerTabs, sendDashboard } from './layout';
import { signedIn } from './signed-in';

type RequestLog = components['schemas']['RequestLog'];

export const REQUESTS_PATH = '/dashboard/developers/requests';
const CLASSES = ['2xx', '4xx', '5xx'] as const;
const PAGE_SIZE = 50;

async function page(deps: DashboardDeps, req: Request, res: Response): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const q = req.query as Record<string, unknown>;
  const key = typeof q.key === 'string' && /^key_[0-9A-Za-z]+$/.test(q.key) ? q.key : undefined;
  const status = CLASSES.find((c) => c === q.status);
  const query = { limit: PAGE_SIZE, ...(key ? { keyid: key } : {}), ...(status ? { status: [status] } : {}) };
  const list = await readAs<{ data: RequestLog[]; total: number }>(deps, session, String(res.locals.correlationId ?? ''), 'listRequestLogs', { query });
  const body = html`<h1>${t('requestLog')}</h1>
${developerTabs(t, REQUESTS_PATH)}
<form method="get" action="${REQUESTS_PATH}" class="filters" role="search">
  <div><label for="key">${t('key')}</label><input id="key" name="key" value="${key ?? ''}" placeholder="key_…" maxlength="64"></div>
  <div><label for="status">${t('status')}</label><select id="status" name="status"><option value="">${t('any')}</option>${CLASSES.map((c) => html`<option value="${c}"${c === status ? html` selected` : ''}>${c}</option>`)}</select></div>
  <div><button type="submit">${t('filter')}</button></div>
</form>
<p>${t('requestsShown', { n: list.data.length, total: list.total })}</p>
${list.data.length === 0 ? html`<p>${t('none')}</p>` : html`<div class="table-wrap" tabindex="0" role="region" aria-label="${t('requestLog')}"><table id="requests"><thead><tr>
<th scope="col">${t('created')}</th><th scope="col">${t('request')}</th><th scope="col">${t('status')}</th><th scope="col">${t('key')}</th><th scope="col" class="num">ms</th><th scope="col">${t('correlationId')}</th>
</tr></thead><tbody>${list.data.map(
    (r) => html`<tr><td>${when(viewer.locale, r.createdAt)}</td><td><code>${r.method} ${r.path}</code></td><td>${r.status}${r.errorCode ? html` <code>${r.errorCode}</code>` : ''}</td><td><a href="${REQUESTS_PATH}?key=${r.keyId}">${r.keyId}</a></td><td class="num">${r.durationMs}</td><td><code>${r.correlationId}</code></td></tr>`,
  )}</tbody></table></div>`}`;
  sendDashboard(res, 200, dashboardPage(viewer, { title: t('requestLog'), current: '/dashboard/developers/keys', body }));
}

export function requestRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  router.get(REQUESTS_PATH, (req, res) => page(deps, req, res));
  return router;
}
