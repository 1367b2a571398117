/**
 * The team page and invitations over HTTP, with a mail server on loopback: an invitation goes out by e-mail, its link
 * signs the person up once and signs them in with the invited role; an account that exists joins with its own
 * password; roles no stronger than the inviter's; a used, revoked or unknown link is the same 404; without a mail
 * server that answers, the link is shown to the inviter instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipsOf, findUserByEmail } from '../../domain/team/users';
import { ENGINES } from '../../testing/harness';
import { startPagesService, type PagesService } from '../../testing/browser';
import { dashboardClient, type DashboardClient, field, personOf, signedInAs } from '../../testing/dashboard';
import { startSmtp, type TestSmtp } from '../../testing/smtp';
import { TEAM_PATH } from './team';

describe.each(ENGINES)('the team page and invitations, on $name', (engine) => {
  let svc: PagesService;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    svc = await startPagesService(engine, { SMTP_URL: smtp.url, MAIL_FROM: 'Acme <painel@acme.example>' });
  });
  afterAll(async () => {
    await svc?.close();
    await smtp?.close();
  });

  const signedIn = (role: string, merchantId = svc.merchant.merchantId) => signedInAs(svc, role, merchantId);
  async function inviteFrom(c: DashboardClient, email: string, role: string) {
    const page = await c.get(TEAM_PATH);
    return c.post(`${TEAM_PATH}/invite`, { csrf: field(page.text, 'csrf'), idem: field(page.text, 'idem'), email, role });
  }
  const linkIn = (text: string) => /(http:\/\/\S+\/dashboard\/invitations\/[A-Za-z0-9_-]{43})/.exec(text)?.[1];

  it('sends an invitation by e-mail; its link makes the account once and signs the person in with the role', async () => {
    const owner = await signedIn('owner');
    const sent = await inviteFrom(owner, 'Nova.Pessoa@Example.com', 'finance');
    expect(sent.status).toBe(201);
    expect(sent.text).toContain('Convite enviado para nova.pessoa@example.com.');
    expect(sent.text).not.toMatch(/dashboard\/invitations\//);
    const mail = smtp.mails.find((m) => m.to.includes('nova.pessoa@example.com'))!;
    expect(mail.subject).toContain('Convite para o painel de');
    const link = linkIn(mail.text)!;
    expect(link.startsWith(svc.url)).toBe(true);
    const path = new URL(link).pathname;

    const invited = dashboardClient(svc.url);
    const page = await invited.get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('nova.pessoa@example.com');
    const tooShort = await invited.post(path, { csrf: field(page.text, 'csrf'), name: 'Nova', password: 'short' });
    expect(tooShort.status).toBe(422);
    const joined = await invited.post(path, { csrf: field(page.text, 'csrf'), name: 'Nova Pessoa', password: 'uma senha longa o bastante' });
    expect(joined).toMatchObject({ status: 303, location: '/dashboard' });
    const home = await invited.get('/dashboard');
    expect(home.status).toBe(200);
    expect(home.text).toContain('nova.pessoa@example.com · finance');
    // Signing in later with the password chosen works; the link is used up.
    expect((await dashboardClient(svc.url).signIn('nova.pessoa@example.com', 'uma senha longa o bastante')).status).toBe(303);
    expect((await dashboardClient(svc.url).get(path)).status).toBe(404);
    const team = await owner.get(TEAM_PATH);
    expect(team.text).toContain('nova.pessoa@example.com');
    const audit = await svc.db.query<{ action: string }>(`SELECT action FROM audit_events WHERE merchant_id = $1 AND action LIKE 'team.%' ORDER BY created_at`, [svc.merchant.merchantId]);
    expect(audit.rows.map((r) => r.action)).toEqual(['team.invite', 'team.invitation.accept']);
  });

  it("adds a person who has an account elsewhere with their own password, and refuses a wrong one", async () => {
    const elsewhere = await svc.newMerchant('Outra Loja Ltda');
    const person = await personOf(svc.db, elsewhere.merchantId, 'owner');
    const owner = await signedIn('owner');
    expect((await inviteFrom(owner, person.email, 'read-only')).status).toBe(201);
    const path = new URL(linkIn(smtp.mails.find((m) => m.to.includes(person.email))!.text)!).pathname;
    const c = dashboardClient(svc.url);
    const page = await c.get(path);
    expect(page.text).toContain('A senha da sua conta');
    expect((await c.post(path, { csrf: field(page.text, 'csrf'), password: 'not my password' })).status).toBe(422);
    expect((await c.post(path, { csrf: field(page.text, 'csrf'), password: person.password })).status).toBe(303);
    const user = (await findUserByEmail(svc.db, person.email))!;
    expect((await membershipsOf(svc.db, user.id)).map((m) => [m.merchantId, m.role]).sort()).toEqual(
      [[elsewhere.merchantId, 'owner'], [svc.merchant.merchantId, 'read-only']].sort(),
    );
  });

  it('invites with a role no stronger than the inviter\'s, not a member twice; others get no form and a 403', async () => {
    const admin = await signedIn('admin');
    const page = await admin.get(TEAM_PATH);
    expect(page.text).not.toContain('<option value="owner"');
    expect((await inviteFrom(admin, 'chefe@example.com', 'owner')).status).toBe(422);
    const member = await personOf(svc.db, svc.merchant.merchantId, 'developer');
    const twice = await inviteFrom(admin, member.email, 'finance');
    expect(twice.status).toBe(422);
    expect(twice.text).toContain('already on the team');
    const dev = await signedIn('developer');
    const devPage = await dev.get(TEAM_PATH);
    expect(devPage.status).toBe(200);
    expect(devPage.text).not.toContain(`action="${TEAM_PATH}/invite"`);
    const forged = await dev.post(`${TEAM_PATH}/invite`, { csrf: field(devPage.text, 'csrf'), idem: 'dsh_BBBBBBBBBBBBBBBBBBBBBBBB', email: 'x@example.com', role: 'read-only' });
    expect(forged.status).toBe(403);
    const rows = await svc.db.query(`SELECT 1 FROM dashboard_invitations WHERE email IN ('chefe@example.com', 'x@example.com')`);
    expect(rows.rows).toHaveLength(0);
  });

  it('a revoked invitation is the same 404 as an unknown one', async () => {
    const owner = await signedIn('owner');
    expect((await inviteFrom(owner, 'revogar@example.com', 'read-only')).status).toBe(201);
    const path = new URL(linkIn(smtp.mails.find((m) => m.to.includes('revogar@example.com'))!.text)!).pathname;
    const id = (await svc.db.query<{ id: string }>(`SELECT id FROM dashboard_invitations WHERE email = 'revogar@example.com'`)).rows[0]!.id;
    const page = await owner.get(TEAM_PATH);
    expect((await owner.post(`${TEAM_PATH}/invitations/${id}/revoke`, { csrf: field(page.text, 'csrf') })).status).toBe(303);
    expect((await dashboardClient(svc.url).get(path)).status).toBe(404);
    expect((await dashboardClient(svc.url).get('/dashboard/invitations/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });

  it("closes an invitation whose inviter may no longer give its role (demoted since)", async () => {
    const admin = await personOf(svc.db, svc.merchant.merchantId, 'admin');
    const c = dashboardClient(svc.url);
    expect((await c.signIn(admin.email, admin.password)).status).toBe(303);
    expect((await inviteFrom(c, 'rebaixado@example.com', 'admin')).status).toBe(201);
    const path = new URL(linkIn(smtp.mails.find((m) => m.to.includes('rebaixado@example.com'))!.text)!).pathname;
    await svc.db.query(`UPDATE dashboard_members SET role = 'read-only' WHERE user_id = $1`, [admin.id]);
    const page = await dashboardClient(svc.url).get(path);
    const accept = await dashboardClient(svc.url).post(path, { csrf: 'x', name: 'X', password: 'uma senha longa o bastante' });
    expect(accept.status).toBe(403); // the form's own token first
    const fresh = dashboardClient(svc.url);
    const form = await fresh.get(path);
    expect(form.status).toBe(page.status);
    expect((await fresh.post(path, { csrf: field(form.text, 'csrf'), name: 'X', password: 'uma senha longa o bastante' })).status).toBe(404);
    expect(await findUserByEmail(svc.db, 'rebaixado@example.com')).toBeNull();
  });

  it('an admin cannot revoke an invitation of a role stronger than their own', async () => {
    const owner = await signedIn('owner');
    expect((await inviteFrom(owner, 'socio@example.com', 'owner')).status).toBe(201);
    const id = (await svc.db.query<{ id: string }>(`SELECT id FROM dashboard_invitations WHERE email = 'socio@example.com'`)).rows[0]!.id;
    const admin = await signedIn('admin');
    const page = await admin.get(TEAM_PATH);
    expect(page.text).not.toContain(`${TEAM_PATH}/invitations/${id}/revoke`);
    expect((await admin.post(`${TEAM_PATH}/invitations/${id}/revoke`, { csrf: field(page.text, 'csrf') })).status).toBe(303);
    expect((await svc.db.query(`SELECT revoked_at FROM dashboard_invitations WHERE id = $1`, [id])).rows[0]).toEqual({ revoked_at: null });
  });

  it('closes the invitation and shows no link when the mail server does not answer', async () => {
    await smtp.close();
    const owner = await signedIn('owner');
    const sent = await inviteFrom(owner, 'sem.email@example.com', 'read-only');
    expect(sent.status).toBe(502);
    expect(sent.text).toContain('o convite foi cancelado');
    expect(sent.text).not.toMatch(/dashboard\/invitations\/[A-Za-z0-9_-]{20}/);
    const row = await svc.db.query<{ revoked_at: Date | null }>(`SELECT revoked_at FROM dashboard_invitations WHERE email = 'sem.email@example.com'`);
    expect(row.rows[0]!.revoked_at).not.toBeNull();
    // The request's log line does not hold a usable invitation token either.
    // (The links opened by the earlier tests are in the log, each cut to 4 characters.)
    expect(svc.logs.join('')).not.toMatch(/dashboard\/invitations\/[A-Za-z0-9_-]{5}/);
    expect(svc.logs.join('')).toMatch(/dashboard\/invitations\/[A-Za-z0-9_-]{4}…/);
  });

  it("changes a member's role and removes one, never oneself, never a stronger role, never the last owner", async () => {
    const m = await svc.newMerchant('Equipe Delta Ltda');
    const admin = await personOf(svc.db, m.merchantId, 'admin');
    const dev = await personOf(svc.db, m.merchantId, 'developer');
    const owner = await personOf(svc.db, m.merchantId, 'owner');
    const c = dashboardClient(svc.url);
    expect((await c.signIn(admin.email, admin.password)).status).toBe(303);
    const devSession = dashboardClient(svc.url);
    expect((await devSession.signIn(dev.email, dev.password)).status).toBe(303);
    const page = await c.get(TEAM_PATH);
    const csrf = field(page.text, 'csrf');
    expect(page.text).not.toContain(`${TEAM_PATH}/members/${owner.id}/`);
    expect(page.text).not.toContain(`${TEAM_PATH}/members/${admin.id}/`);
    expect((await c.post(`${TEAM_PATH}/members/${dev.id}/role`, { csrf, role: 'finance' })).status).toBe(200);
    expect((await membershipsOf(svc.db, dev.id)).map((x) => x.role)).toEqual(['finance']);
    // Stronger than the admin, or the admin themselves: refused, nothing changed.
    expect((await c.post(`${TEAM_PATH}/members/${owner.id}/role`, { csrf, role: 'read-only' })).status).toBe(404);
    expect((await c.post(`${TEAM_PATH}/members/${dev.id}/role`, { csrf, role: 'owner' })).status).toBe(422);
    expect((await c.post(`${TEAM_PATH}/members/${admin.id}/role`, { csrf, role: 'developer' })).status).toBe(422);
    expect((await membershipsOf(svc.db, owner.id)).map((x) => x.role)).toEqual(['owner']);
    // Removed: their open session ends with their membership.
    expect((await c.post(`${TEAM_PATH}/members/${dev.id}/remove`, { csrf })).status).toBe(422);
    expect((await c.post(`${TEAM_PATH}/members/${dev.id}/remove`, { csrf, confirm: 'yes' })).status).toBe(200);
    expect(await membershipsOf(svc.db, dev.id)).toEqual([]);
    expect((await devSession.get('/dashboard')).location).toMatch(/^\/dashboard\/login/);
    const audit = await svc.db.query<{ action: string }>(`SELECT action FROM audit_events WHERE merchant_id = $1 AND action LIKE 'team.member.%' ORDER BY created_at`, [m.merchantId]);
    expect(audit.rows.map((r) => r.action)).toEqual(['team.member.role', 'team.member.remove']);
    // Two owners demoting each other at once: one of them stays owner.
    const second = await personOf(svc.db, m.merchantId, 'owner');
    const [a, b] = [dashboardClient(svc.url), dashboardClient(svc.url)];
    expect((await a.signIn(owner.email, owner.password)).status).toBe(303);
    expect((await b.signIn(second.email, second.password)).status).toBe(303);
    const [pa, pb] = [await a.get(TEAM_PATH), await b.get(TEAM_PATH)];
    const statuses = await Promise.all([
      a.post(`${TEAM_PATH}/members/${second.id}/role`, { csrf: field(pa.text, 'csrf'), role: 'admin' }),
      b.post(`${TEAM_PATH}/members/${owner.id}/role`, { csrf: field(pb.text, 'csrf'), role: 'admin' }),
    ]).then((r) => r.map((x) => x.status));
    const owners = await svc.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM dashboard_members WHERE merchant_id = $1 AND role = 'owner'`, [m.merchantId]);
    expect(owners.rows[0]!.n).toBe(1);
    // The second is refused as the last owner's demotion (422), or, read after the first, as no owner any more (404).
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    expect([404, 422]).toContain(statuses.find((x) => x !== 200));
  });
});
