/**
 * Settings, team: who is on the merchant's team with which role, the invitations still open, and for a person who
 * may manage the team (`keys:manage`: owner, admin) inviting an e-mail with a role no stronger than their own, or
 * revoking an invitation. The invitation goes by e-mail (SMTP_URL) and only so: its link is never shown to the
 * inviter, and an invitation whose mail could not be sent is closed at once. The link's page (`/dashboard/invitations/…`, no session needed) lets the
 * invited person set a password, or give their account's, and signs them in.
 */
import express, { type Request, type Response, type Router } from 'express';
import { claimForm, FormAlreadyUsed, recordAudit, recordRefusedSignIn, setAuditTarget } from '../../domain/team/audit';
import { acceptInvitation, changeMember, closeUnsent, findInvitation, invite, InvitationChanged, InvitationClosed, INVITATION_DAYS, revokeInvitation, teamOf } from '../../domain/team/invitations';
import { PasswordChecksBusy } from '../../domain/team/passwords';
import { actorOf } from '../../domain/team/sessions';
import { findUserByEmail, TeamError } from '../../domain/team/users';
import { hasSecondFactor } from '../../domain/team/second-factor';
import { html, type Html } from '../pages/html';
import type { DashboardDeps } from './deps';
import { cookie, formKeyOf, LOGIN_COOKIE, localeOf, loginNonce, newFormKey, sameOrigin, tokenFor, tokenValid } from './guard';
import { translator, when, type Locale } from './i18n';
import { csrfField, dashboardPage, may, sendDashboard, settingsTabs, type T } from './layout';
import { addressKey, beginSession, takeAttempt } from './login';
import { grantableRoles } from '../../domain/access/roles';
import { askSecondFactor } from './second-factor';
import { signedIn } from './signed-in';

export const TEAM_PATH = '/dashboard/settings/team';

const bad = (message: string) => html`<p class="notice bad" role="alert">${message}</p>`;

/**
 * The origin of the links mailed: PUBLIC_BASE_URL, else the address this process listens on (a developer's machine).
 * Never the request's Host header, which the client writes: a mailed link must point to this service.
 */
export function mailOrigin(deps: DashboardDeps, req: Request): string {
  if (deps.publicBaseUrl) return deps.publicBaseUrl;
  const address = req.socket.localAddress ?? '127.0.0.1';
  const host = address.includes(':') ? `[${address.replace(/^::ffff:/, '')}]`.replace(/^\[(\d+\.\d+\.\d+\.\d+)\]$/, '$1') : address;
  return `http://${host}:${req.socket.localPort}`;
}

async function teamPage(deps: DashboardDeps, res: Response, status: number, notice: Html | null): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const team = await teamOf(deps.db, session.merchantId);
  const manage = may(session, 'keys:manage');
  const body = html`<h1>${t('team')}</h1>
${settingsTabs(t, TEAM_PATH)}
${notice}
<div class="table-wrap" tabindex="0" role="region" aria-label="${t('team')}"><table id="members"><thead><tr><th scope="col">${t('email')}</th><th scope="col">${t('name')}</th><th scope="col">${t('role')}</th><th scope="col">${t('since')}</th><th scope="col">${t('actions')}</th></tr></thead>
<tbody>${team.members.map((m) => {
    const editable = manage && m.userId !== session.userId && grantableRoles(session.role).includes(m.role);
    return html`<tr data-member="${m.userId}"><td>${m.email}</td><td>${m.name}</td><td>${editable
      ? html`<form method="post" action="${TEAM_PATH}/members/${m.userId}/role" class="inline">${csrfField(viewer)}<label class="skip" for="role-${m.userId}">${t('role')} ${m.email}</label><select id="role-${m.userId}" name="role">${grantableRoles(session.role).map((r) => html`<option value="${r}"${r === m.role ? html` selected` : ''}>${r}</option>`)}</select> <button type="submit" class="secondary">${t('changeRole')}<span class="skip"> ${m.email}</span></button></form>`
      : m.role}</td><td>${when(viewer.locale, m.since)}</td><td>${editable
      ? html`<form method="post" action="${TEAM_PATH}/members/${m.userId}/remove" class="inline">${csrfField(viewer)}<p class="check"><input id="remove-${m.userId}" name="confirm" type="checkbox" value="yes" required> <label for="remove-${m.userId}">${t('removeConfirm', { email: m.email })}</label></p><button type="submit" class="danger">${t('removeMember')}<span class="skip"> ${m.email}</span></button></form>`
      : ''}</td></tr>`;
  })}</tbody></table></div>
<h2>${t('invitations')}</h2>
${team.invitations.length === 0 ? html`<p>${t('none')}</p>` : html`<ul id="invitations">${team.invitations.map(
    (i) => html`<li>${i.email} (${i.role}), ${t('expires')} ${when(viewer.locale, i.expiresAt)}${manage && grantableRoles(session.role).includes(i.role) && html` <form method="post" action="${TEAM_PATH}/invitations/${i.id}/revoke" class="inline">${csrfField(viewer)}<button type="submit" class="secondary">${t('revoke')} ${i.email}</button></form>`}</li>`,
  )}</ul>`}
${manage && html`<section aria-labelledby="invite-h"><h2 id="invite-h">${t('invite')}</h2>
<form method="post" action="${TEAM_PATH}/invite">${csrfField(viewer)}<input type="hidden" name="idem" value="${newFormKey()}">
  <label for="invite-email">${t('email')}</label><input id="invite-email" name="email" type="email" required maxlength="254">
  <label for="invite-role">${t('role')}</label><select id="invite-role" name="role">${grantableRoles(session.role).map((r) => html`<option value="${r}"${r === 'read-only' ? html` selected` : ''}>${r}</option>`)}</select>
  <p><button type="submit">${t('invite')}</button></p>
</form></section>`}`;
  sendDashboard(res, status, dashboardPage(viewer, { title: t('team'), current: TEAM_PATH, body }));
}

function invitationText(t: T, o: { inviter: string; merchant: string; role: string; link: string }): { subject: string; text: string } {
  return {
    subject: t('inviteSubject', { merchant: o.merchant }),
    text: `${t('inviteBody', { inviter: o.inviter, merchant: o.merchant, role: o.role, days: INVITATION_DAYS })}\n\n${o.link}\n\n${t('inviteIgnore')}\n`,
  };
}

function acceptForm(req: Request, res: Response, deps: DashboardDeps, locale: Locale, status: number, token: string, inv: NonNullable<Awaited<ReturnType<typeof findInvitation>>>, error?: string): void {
  const t = translator(locale);
  const nonce = loginNonce(req, res);
  const body = html`<div class="login">
<h1>${t('invitedTitle', { merchant: inv.merchantName })}</h1>
${error && bad(error)}
<p>${t('invitedText', { email: inv.email, role: inv.role })}</p>
<form method="post" action="/dashboard/invitations/${token}">
  <input type="hidden" name="csrf" value="${tokenFor(deps.csrfKey, 'login', nonce)}">
  ${inv.hasAccount
    ? html`<label for="password">${t('yourPassword')}</label><input id="password" name="password" type="password" autocomplete="current-password" required maxlength="256">`
    : html`<label for="name">${t('name')}</label><input id="name" name="name" autocomplete="name" required maxlength="120">
  <label for="password">${t('newPassword')}</label><input id="password" name="password" type="password" autocomplete="new-password" required minlength="10" maxlength="256">`}
  <button type="submit">${t('accept')}</button>
</form></div>`;
  sendDashboard(res, status, dashboardPage({ session: null, locale, csrf: '', path: req.path }, { title: t('invitedTitle', { merchant: inv.merchantName }), body }));
}

export function teamRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  router.get(TEAM_PATH, (_req, res) => teamPage(deps, res, 200, null));

  router.post(`${TEAM_PATH}/invite`, async (req, res) => {
    const { session, viewer } = signedIn(res);
    const t = translator(viewer.locale);
    if (!may(session, 'keys:manage')) return teamPage(deps, res, 403, bad(t('notAllowed')));
    const b = (req.body ?? {}) as Record<string, unknown>;
    const idem = formKeyOf(b);
    const role = grantableRoles(session.role).find((r) => r === b.role);
    const email = typeof b.email === 'string' ? b.email : '';
    if (!idem || !role) return teamPage(deps, res, 422, bad(t('actionRefused', { message: t('role') })));
    // The link goes to the invited address only, by e-mail: an inviter who could read it could make the account of an
    // address that is not theirs. Without a mail server there are no invitations (`create-user` adds people).
    if (!deps.mailer) return teamPage(deps, res, 422, bad(t('inviteNeedsMail')));
    let made: Awaited<ReturnType<typeof invite>>;
    try {
      made = await deps.db.transaction(async (tx) => {
        await claimForm(tx, { merchantId: session.merchantId, mode: null, actor: actorOf(session), action: 'team.invite', detail: { role }, ip: req.ip ?? null, idempotencyKey: idem });
        const inv = await invite(tx, { merchantId: session.merchantId, email, role, invitedBy: session.userId });
        await setAuditTarget(tx, session.merchantId, idem, inv.email);
        return inv;
      });
    } catch (err) {
      if (err instanceof FormAlreadyUsed) return teamPage(deps, res, 409, bad(t('formUsed')));
      if (err instanceof TeamError) return teamPage(deps, res, 422, bad(t('actionRefused', { message: err.message })));
      throw err;
    }
    const link = `${mailOrigin(deps, req)}/dashboard/invitations/${made.token}`;
    // The inviter's address, never a name they chose, in the platform's own e-mail.
    const mail = invitationText(t, { inviter: session.email, merchant: session.merchantName, role, link });
    try {
      await deps.mailer!.send({ to: made.email, ...mail });
    } catch (err) {
      await closeUnsent(deps.db, made.id);
      deps.logger.warn({ err: { message: (err as Error).message }, invitation: made.id }, 'invitation e-mail not sent; invitation closed');
      return teamPage(deps, res, 502, bad(t('inviteNotSent', { email: made.email })));
    }
    return teamPage(deps, res, 201, html`<p class="notice ok" role="status">${t('inviteSent', { email: made.email })}</p>`);
  });

  // A member's role changed, or the member removed: by an owner or admin, of a role no stronger than their own, never
  // themselves nor the last owner (changeMember). Each the same however often it is sent.
  router.post(`${TEAM_PATH}/members/:userId/:change`, async (req, res) => {
    const { session, viewer } = signedIn(res);
    const t = translator(viewer.locale);
    if (!may(session, 'keys:manage')) return teamPage(deps, res, 403, bad(t('notAllowed')));
    const b = (req.body ?? {}) as Record<string, unknown>;
    const change = req.params.change;
    const to = change === 'remove' ? null : grantableRoles(session.role).find((r) => r === b.role);
    if ((change !== 'remove' && change !== 'role') || to === undefined) return teamPage(deps, res, 422, bad(t('actionRefused', { message: t('role') })));
    if (change === 'remove' && b.confirm !== 'yes') return teamPage(deps, res, 422, bad(t('actionRefused', { message: t('removeMember') })));
    const userId = String(req.params.userId);
    const done = await changeMember(deps.db, { merchantId: session.merchantId, userId, to, by: session.userId, roles: grantableRoles(session.role) }, (tx) =>
      recordAudit(tx, { merchantId: session.merchantId, mode: null, actor: actorOf(session), action: to === null ? 'team.member.remove' : 'team.member.role', target: userId, detail: { role: to }, ip: req.ip ?? null }),
    );
    if (done === 'notFound') return teamPage(deps, res, 404, bad(t('notFound')));
    if (done !== 'changed') return teamPage(deps, res, 422, bad(t(done === 'self' ? 'notYourself' : 'lastOwner')));
    return teamPage(deps, res, 200, html`<p class="notice ok" role="status">${t('teamChanged')}</p>`);
  });

  router.post(`${TEAM_PATH}/invitations/:id/revoke`, async (req, res) => {
    const { session, viewer } = signedIn(res);
    const t = translator(viewer.locale);
    if (!may(session, 'keys:manage')) return teamPage(deps, res, 403, bad(t('notAllowed')));
    const id = String(req.params.id);
    await deps.db.transaction(async (tx) => {
      // Only an invitation of a role the person could give: an admin does not cancel an owner's invitation.
      if (await revokeInvitation(tx, session.merchantId, id, grantableRoles(session.role))) {
        await recordAudit(tx, { merchantId: session.merchantId, mode: null, actor: actorOf(session), action: 'team.invitation.revoke', target: id, ip: req.ip ?? null });
      }
    });
    res.redirect(303, TEAM_PATH);
  });
  return router;
}

/** The invitation's own pages: no session, the link's token is the key (a closed one is the same 404 as none). */
export function invitationRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 20 });
  const gone = (req: Request, res: Response, locale: Locale) => {
    const t = translator(locale);
    sendDashboard(res, 404, dashboardPage({ session: null, locale, csrf: '', path: req.path }, { title: t('invitationGone'), body: html`<h1>${t('invitationGone')}</h1><p>${t('invitationGoneText')}</p>` }));
  };
  router.get('/dashboard/invitations/:token', async (req, res) => {
    const locale = localeOf(req, res, 'pt-BR');
    const token = String(req.params.token);
    const inv = await findInvitation(deps.db, token);
    if (!inv) return gone(req, res, locale);
    acceptForm(req, res, deps, locale, 200, token, inv);
  });
  router.post('/dashboard/invitations/:token', form, async (req, res) => {
    const locale = localeOf(req, res, 'pt-BR');
    const t = translator(locale);
    const token = String(req.params.token);
    const inv = await findInvitation(deps.db, token);
    if (!inv) return gone(req, res, locale);
    const b = (req.body ?? {}) as Record<string, unknown>;
    if (!sameOrigin(req) || !tokenValid(deps.csrfKey, 'login', cookie(req, LOGIN_COOKIE), b.csrf)) return acceptForm(req, res, deps, locale, 403, token, inv, t('formExpired'));
    // An account's password given here is a sign-in: it is counted as one.
    const address = addressKey(req.ip ?? 'unknown');
    const wait = await takeAttempt(deps, `${inv.email}|${address}`, address);
    if (wait > 0) {
      res.set('Retry-After', String(wait));
      return acceptForm(req, res, deps, locale, 429, token, inv, t('throttled', { minutes: Math.ceil(wait / 60) }));
    }
    const password = typeof b.password === 'string' ? b.password : '';
    const name = typeof b.name === 'string' ? b.name : '';
    try {
      const { userId, merchantId } = await acceptInvitation(deps.db, token, { name, password });
      await deps.limiters.signInFailures.delete(`${inv.email}|${address}`).catch(() => undefined);
      await recordAudit(deps.db, { merchantId, mode: null, actor: { kind: 'user', id: userId }, action: 'team.invitation.accept', target: inv.id, ip: req.ip ?? null });
      // An account with a second factor gives its code here too: the invitation proves the mailbox and the password,
      // not the phone.
      if (await hasSecondFactor(deps.db, userId)) return askSecondFactor(deps, req, res, locale, { userId, merchantId }, '/dashboard');
      await beginSession(deps, req, res, userId, merchantId);
      return res.redirect(303, '/dashboard');
    } catch (err) {
      if (err instanceof InvitationClosed) return gone(req, res, locale);
      if (err instanceof InvitationChanged) {
        const again = await findInvitation(deps.db, token);
        return again ? acceptForm(req, res, deps, locale, 409, token, again, t('formExpired')) : gone(req, res, locale);
      }
      if (err instanceof PasswordChecksBusy) return acceptForm(req, res, deps, locale, 429, token, inv, t('throttled', { minutes: 1 }));
      if (err instanceof TeamError && err.reason === 'wrongPassword') {
        // A wrong password for an account is a refused sign-in of that account, in its merchants' audit trails too.
        const user = await findUserByEmail(deps.db, inv.email);
        if (user) await recordRefusedSignIn(deps.db, user.id, req.ip ?? null, { via: 'invitation' });
        return acceptForm(req, res, deps, locale, 422, token, inv, t('wrongCredentials'));
      }
      if (err instanceof TeamError) return acceptForm(req, res, deps, locale, 422, token, inv, t('passwordTooShort'));
      throw err;
    }
  });
  return router;
}
