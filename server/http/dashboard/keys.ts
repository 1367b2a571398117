/**
 * Developers, API keys: the keys of the merchant in the session's mode (never a secret, only a hint), and for a person
 * who may manage keys (`keys:manage`: owner, admin) creating one (a role no stronger than their own, an optional IP
 * allow-list), rolling one (a new key now, the old one working for a grace period), revoking one. A new key's secret
 * is shown once, in the answer to the form that made it (`no-store`), never again. Each form acts once: its key is
 * claimed in the audit trail in the same transaction as the action (`claimForm`), and a second sending is told so.
 */
import express, { type Request, type Response, type Router } from 'express';
import { KeyError, createKey, type CreatedKey } from '../../domain/access/keys';
import { getKey, listKeys, MAX_ROLL_GRACE_SECONDS, revokeKey, rollKey, type KeySummary } from '../../domain/access/key-admin';
import { grantableRoles } from '../../domain/access/roles';
import { claimForm, FormAlreadyUsed, recordAudit, setAuditTarget } from '../../domain/team/audit';
import { actorOf, type Session } from '../../domain/team/sessions';
import { html, type Html } from '../pages/html';
import type { DashboardDeps } from './deps';
import { formKeyOf, newFormKey } from './guard';
import { translator, when } from './i18n';
import { csrfField, dashboardPage, developerTabs, may, sendDashboard, type T, type Viewer } from './layout';
import { signedIn } from './signed-in';

export const KEYS_PATH = '/dashboard/developers/keys';

/** The grace periods a roll offers, in seconds: at once, an hour, a day (the default), a week. */
const GRACES = [0, 3600, 86_400, MAX_ROLL_GRACE_SECONDS] as const;

export { grantableRoles };

function graceWord(t: T, seconds: number): string {
  return seconds === 0 ? t('graceNow') : seconds === 3600 ? t('graceHour') : seconds === 86_400 ? t('graceDay') : t('graceWeek');
}

function keyRows(v: Viewer, keys: KeySummary[], t: T, manage: boolean): Html {
  const grantable = v.session ? grantableRoles(v.session.role) : [];
  if (keys.length === 0) return html`<p>${t('none')}</p>`;
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label="${t('apiKeys')}"><table id="keys"><thead><tr>
<th scope="col">${t('id')}</th><th scope="col">${t('key')}</th><th scope="col">${t('role')}</th><th scope="col">${t('status')}</th><th scope="col">${t('ips')}</th><th scope="col">${t('lastUsed')}</th>${manage && html`<th scope="col">${t('actions')}</th>`}
</tr></thead><tbody>${keys.map((k) => {
    const live = k.status === 'active' || k.status === 'expiring';
    const mine = manage && grantable.includes(k.role);
    return html`<tr data-key="${k.keyId}"><td>${k.keyId}</td><td><code>${k.hint}</code></td><td>${k.role}</td><td>${t(`key_${k.status}`)}${k.expiresAt && live ? html` (${when(v.locale, k.expiresAt)})` : ''}</td><td>${k.ipAllowlist?.join(', ') ?? t('anyAddress')}</td><td>${k.lastUsedAt ? when(v.locale, k.lastUsedAt) : t('never')} · <a href="/dashboard/developers/requests?key=${k.keyId}">${t('recentRequests')}<span class="skip"> ${k.keyId}</span></a></td>${
      manage &&
      html`<td>${mine && live && !k.rolledTo ? html`<form method="post" action="${KEYS_PATH}/${k.keyId}/roll" class="inline">${csrfField(v)}<input type="hidden" name="idem" value="${newFormKey()}">
<label for="grace-${k.keyId}">${t('rollGrace')}</label><select id="grace-${k.keyId}" name="grace">${GRACES.map((g) => html`<option value="${g}"${g === 86_400 ? html` selected` : ''}>${graceWord(t, g)}</option>`)}</select>
<button type="submit" class="secondary">${t('roll')} ${k.keyId}</button></form>` : ''}${mine && k.status !== 'revoked' ? html`<form method="post" action="${KEYS_PATH}/${k.keyId}/revoke" class="inline">${csrfField(v)}
<p class="check"><input id="revoke-${k.keyId}" name="confirm" type="checkbox" value="yes" required> <label for="revoke-${k.keyId}">${t('revokeConfirm')}</label></p>
<button type="submit" class="danger">${t('revoke')} ${k.keyId}</button></form>` : ''}</td>`
    }</tr>`;
  })}</tbody></table></div>`;
}

function createForm(v: Viewer, s: Session, t: T): Html {
  return html`<section aria-labelledby="new-key-h"><h2 id="new-key-h">${t('createKey')}</h2>
<form method="post" action="${KEYS_PATH}">${csrfField(v)}<input type="hidden" name="idem" value="${newFormKey()}">
  <label for="role">${t('role')}</label>
  <select id="role" name="role">${grantableRoles(s.role).map((r) => html`<option value="${r}"${r === 'developer' ? html` selected` : ''}>${r}</option>`)}</select>
  <label for="ips">${t('ipsHelp')}</label>
  <textarea id="ips" name="ips" rows="3" cols="40" maxlength="2000"></textarea>
  <p><button type="submit">${t('createKey')}</button></p>
</form></section>`;
}

async function page(deps: DashboardDeps, res: Response, status: number, notice: Html | null): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const keys = (await listKeys(deps.db, { merchantId: session.merchantId })).filter((k) => k.mode === session.mode);
  const manage = may(session, 'keys:manage');
  const body = html`<h1>${t('apiKeys')}</h1>
${developerTabs(t, KEYS_PATH)}
${notice}
<p>${t('keysIntro', { mode: t(session.mode) })}</p>
${keyRows(viewer, keys, t, manage)}
${manage && createForm(viewer, session, t)}`;
  sendDashboard(res, status, dashboardPage(viewer, { title: t('apiKeys'), current: KEYS_PATH, body }));
}

function secretShown(t: T, created: CreatedKey): Html {
  return html`<div class="notice ok" role="status"><p>${t('keyCreated', { id: created.keyId })}</p><p><code id="new-key">${created.key}</code></p></div>`;
}

const bad = (message: string) => html`<p class="notice bad" role="alert">${message}</p>`;

function formOf(req: Request): Record<string, unknown> {
  return (req.body ?? {}) as Record<string, unknown>;
}


/**
 * The key `keyId` if it is the session's merchant's and mode's, and of a role the person could give (an admin does not
 * roll or revoke the owner's key); else null: not found, as another merchant's key is.
 */
async function ownKey(deps: DashboardDeps, s: Session, keyId: string): Promise<KeySummary | null> {
  if (!/^key_[0-9A-Za-z]+$/.test(keyId)) return null;
  const k = await getKey(deps.db, keyId).catch((err: unknown) => {
    if (err instanceof KeyError) return null;
    throw err;
  });
  return k && k.merchantId === s.merchantId && k.mode === s.mode && grantableRoles(s.role).includes(k.role) ? k : null;
}

/** Makes a key with `make` and shows its secret, once; a form sent before, or a refused key, says so instead. */
async function withSecret(deps: DashboardDeps, res: Response, t: T, make: () => Promise<CreatedKey>): Promise<void> {
  let created: CreatedKey;
  try {
    created = await make();
  } catch (err) {
    if (err instanceof FormAlreadyUsed) return page(deps, res, 409, bad(t('formUsed')));
    if (err instanceof KeyError) return page(deps, res, 422, bad(t('actionRefused', { message: err.message })));
    throw err;
  }
  return page(deps, res, 201, secretShown(t, created));
}

export function keyRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  router.get(KEYS_PATH, (_req, res) => page(deps, res, 200, null));

  router.post(KEYS_PATH, async (req, res) => {
    const { session, viewer } = signedIn(res);
    const t = translator(viewer.locale);
    if (!may(session, 'keys:manage')) return page(deps, res, 403, bad(t('notAllowed')));
    const b = formOf(req);
    const idem = formKeyOf(b);
    const role = grantableRoles(session.role).find((r) => r === b.role);
    const ips = typeof b.ips === 'string' ? b.ips.split(/[\s,]+/).filter(Boolean) : [];
    if (!idem || !role || ips.length > 50) return page(deps, res, 422, bad(t('actionRefused', { message: t('role') })));
    return withSecret(deps, res, t, () =>
      deps.db.transaction(async (tx) => {
        await claimForm(tx, { merchantId: session.merchantId, mode: session.mode, actor: actorOf(session), action: 'key.create', detail: { role, ipAllowlist: ips }, ip: req.ip ?? null, idempotencyKey: idem });
        const key = await createKey(tx, { merchantId: session.merchantId, mode: session.mode, role, ipAllowlist: ips });
        await setAuditTarget(tx, session.merchantId, idem, key.keyId);
        return key;
      }),
    );
  });

  router.post(`${KEYS_PATH}/:keyId/roll`, async (req, res) => {
    const { session, viewer } = signedIn(res);
    const t = translator(viewer.locale);
    if (!may(session, 'keys:manage')) return page(deps, res, 403, bad(t('notAllowed')));
    const b = formOf(req);
    const idem = formKeyOf(b);
    const grace = GRACES.find((g) => String(g) === b.grace);
    const key = await ownKey(deps, session, String(req.params.keyId));
    if (!key) return page(deps, res, 404, bad(t('notFound')));
    if (!idem || grace === undefined) return page(deps, res, 422, bad(t('actionRefused', { message: t('rollGrace') })));
    return withSecret(deps, res, t, async () => {
      const { created } = await rollKey(deps.db, key.keyId, grace, (tx) =>
        claimForm(tx, { merchantId: session.merchantId, mode: session.mode, actor: actorOf(session), action: 'key.roll', target: key.keyId, detail: { graceSeconds: grace }, ip: req.ip ?? null, idempotencyKey: idem }),
      );
      return created;
    });
  });

  router.post(`${KEYS_PATH}/:keyId/revoke`, async (req, res) => {
    const { session, viewer } = signedIn(res);
    const t = translator(viewer.locale);
    if (!may(session, 'keys:manage')) return page(deps, res, 403, bad(t('notAllowed')));
    const key = await ownKey(deps, session, String(req.params.keyId));
    if (!key) return page(deps, res, 404, bad(t('notFound')));
    if (formOf(req).confirm !== 'yes') return page(deps, res, 422, bad(t('actionRefused', { message: t('revokeConfirm') })));
    // Revoking is the same whatever how often it is asked: a second sending changes nothing and records nothing.
    const { alreadyRevoked } = await revokeKey(deps.db, key.keyId);
    if (!alreadyRevoked) {
      await recordAudit(deps.db, { merchantId: session.merchantId, mode: session.mode, actor: actorOf(session), action: 'key.revoke', target: key.keyId, ip: req.ip ?? null });
    }
    res.redirect(303, KEYS_PATH);
  });
  return router;
}
