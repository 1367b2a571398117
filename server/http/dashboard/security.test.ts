/**
 * The second factor and password resets over HTTP: TOTP turned on with a code of its secret (ten recovery codes shown
 * once), then asked at every sign-in before any session exists; a code accepted once; a recovery code once; wrong
 * codes throttled; a tampered pending sign-in refused; turned off only with the password and a code; the secret never
 * in the logs nor stored in clear. A reset link mailed for an account (and the same answer for an address without
 * one), used once, which ends the person's sessions. E-mail notifications of the kinds a person chose.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify, preferencesOf, setPreferences } from '../../domain/team/notifications';
import { recordEvent } from '../../webhooks/outbox';
import { totpCode } from '../../domain/team/second-factor';
import { askReset } from '../../domain/team/password-resets';
import { ENGINES } from '../../testing/harness';
import { simulate, startPagesService, type PagesService } from '../../testing/browser';
import { pixBody } from '../../testing/payments';
import { dashboardClient, field, personOf, type DashboardClient, type Person } from '../../testing/dashboard';
import { startSmtp, type TestSmtp } from '../../testing/smtp';
import { SECURITY_PATH } from './security';

const secretOf = (page: string) => /<code id="totp-secret">([A-Z2-7]+)<\/code>/.exec(page)?.[1];
const codesOf = (page: string) => [...page.matchAll(/<li><code>([0-9a-f]{5}-[0-9a-f]{5})<\/code><\/li>/g)].map((m) => m[1]!);
/** A code of the secret one step (30 s) from now: the step after the one just used. */
const later = (secret: string, steps: number) => totpCode(secret, new Date(Date.now() + steps * 30_000));

describe.each(ENGINES)('the second factor and password resets, on $name', (engine) => {
  let svc: PagesService;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    // Behind a proxy on the loopback (HTTP_TRUST_PROXY): a test may come from several addresses (X-Forwarded-For).
    svc = await startPagesService(engine, { SMTP_URL: smtp.url, HTTP_TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await svc?.close();
    await smtp?.close();
  });

  async function turnedOn(): Promise<{ person: Person; secret: string; codes: string[]; client: DashboardClient }> {
    const person = await personOf(svc.db, svc.merchant.merchantId, 'developer');
    const client = dashboardClient(svc.url);
    expect((await client.signIn(person.email, person.password)).status).toBe(303);
    const page = await client.get(SECURITY_PATH);
    expect(page.text).toContain('data-on="false"');
    const setup = await client.post(`${SECURITY_PATH}/totp/begin`, { csrf: field(page.text, 'csrf') });
    const secret = secretOf(setup.text)!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.text).toMatch(/<img id="totp-qr" src="data:image\/png;base64,/);
    const csrf = field(setup.text, 'csrf');
    // Read again by whoever holds the session, the page asks for the code but shows no secret to add to an app.
    const reread = await client.get(SECURITY_PATH);
    expect(reread.text).toContain('action="/dashboard/settings/security/totp/confirm"');
    expect(reread.text).not.toContain(secret);
    expect(reread.text).not.toContain('id="totp-qr"');
    // The right password with a wrong code shows it again, to add afresh.
    const wrong = await client.post(`${SECURITY_PATH}/totp/confirm`, { csrf, password: person.password, code: '000000' === totpCode(secret) ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    expect(secretOf(wrong.text)).toBe(secret);
    // The password too: an open session alone does not turn it on, nor sees the secret.
    const noPassword = await client.post(`${SECURITY_PATH}/totp/confirm`, { csrf, password: 'not the password', code: totpCode(secret) });
    expect(noPassword.status).toBe(401);
    expect(noPassword.text).not.toContain(secret);
    const on = await client.post(`${SECURITY_PATH}/totp/confirm`, { csrf, password: person.password, code: totpCode(secret) });
    expect(on.status).toBe(200);
    const codes = codesOf(on.text);
    expect(codes).toHaveLength(10);
    expect(on.text).toContain('data-on="true"');
    expect((await client.get(SECURITY_PATH)).text).not.toContain(codes[0]!);
    // The same form sent again says it is on, not that the code is wrong.
    const again = await client.post(`${SECURITY_PATH}/totp/confirm`, { csrf, password: person.password, code: totpCode(secret) });
    expect(again.status).toBe(200);
    expect(again.text).toContain('data-on="true"');
    return { person, secret, codes, client };
  }

  /** Signs in with the password: the answer asks for the code, and no session exists yet. */
  async function passwordStep(person: Person): Promise<{ c: DashboardClient; page: string }> {
    const c = dashboardClient(svc.url);
    const res = await c.signIn(person.email, person.password);
    expect(res.status).toBe(200);
    expect(res.text).toContain('name="code"');
    expect(c.cookies.has('dashboard_session')).toBe(false);
    expect(c.lastSetCookie.find((l) => l.startsWith('dashboard_2fa='))).toMatch(/HttpOnly; SameSite=Strict/);
    return { c, page: res.text };
  }

  it('asks a code after the password once it is on; a code is good once, a recovery code once', async () => {
    const { person, secret, codes } = await turnedOn();
    const first = await passwordStep(person);
    expect((await first.c.post('/dashboard/login/code', { csrf: field(first.page, 'csrf'), next: '/dashboard', code: '12345' })).status).toBe(401);
    expect((await first.c.get('/dashboard')).location).toMatch(/^\/dashboard\/login/);
    // The confirming code's step is used: the next step's code signs in.
    const code = later(secret, 1);
    const ok = await first.c.post('/dashboard/login/code', { csrf: field(first.page, 'csrf'), next: '/dashboard', code });
    expect(ok.status).toBe(303);
    expect(first.c.cookies.has('dashboard_session')).toBe(true);
    expect((await first.c.get('/dashboard')).status).toBe(200);

    const replay = await passwordStep(person);
    expect((await replay.c.post('/dashboard/login/code', { csrf: field(replay.page, 'csrf'), next: '/dashboard', code })).status).toBe(401);
    const recovery = await replay.c.post('/dashboard/login/code', { csrf: field(replay.page, 'csrf'), next: '/dashboard', code: codes[3]!.toUpperCase() });
    expect(recovery.status).toBe(303);
    const again = await passwordStep(person);
    expect((await again.c.post('/dashboard/login/code', { csrf: field(again.page, 'csrf'), next: '/dashboard', code: codes[3]! })).status).toBe(401);

    // Never in the logs, never in clear at rest.
    expect(svc.logs.join('')).not.toContain(secret);
    const row = await svc.db.query<{ totp_sealed: string }>('SELECT totp_sealed FROM dashboard_users WHERE id = $1', [person.id]);
    expect(row.rows[0]!.totp_sealed).toMatch(/^v1\./);
    expect(JSON.stringify(row.rows)).not.toContain(secret);
    const recoveryRows = await svc.db.query<{ code_hash: string }>('SELECT code_hash FROM dashboard_recovery_codes WHERE user_id = $1', [person.id]);
    expect(JSON.stringify(recoveryRows.rows)).not.toContain(codes[0]!);
  });

  it('refuses a tampered or stale pending sign-in, and throttles wrong codes', async () => {
    const { person } = await turnedOn();
    const other = await personOf(svc.db, svc.merchant.merchantId, 'owner');
    const { c, page } = await passwordStep(person);
    // The pending cookie names the person: naming another one breaks its signature.
    const pending = c.cookies.get('dashboard_2fa')!;
    c.cookies.set('dashboard_2fa', pending.replace(person.id, other.id));
    const forged = await c.post('/dashboard/login/code', { csrf: field(page, 'csrf'), next: '/dashboard', code: '123456' });
    expect(forged.status).toBe(303);
    expect(forged.location).toBe('/dashboard/login');
    expect(c.cookies.has('dashboard_session')).toBe(false);

    const t = await passwordStep(person);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.c.post('/dashboard/login/code', { csrf: field(t.page, 'csrf'), next: '/dashboard', code: String(100000 + i) })).status);
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses[5]).toBe(429);
    // A new sign-in (a new pending step, another browser) is refused too: the count is the person's.
    const elsewhere = await passwordStep(person);
    const other2 = await elsewhere.c.post('/dashboard/login/code', { csrf: field(elsewhere.page, 'csrf'), next: '/dashboard', code: '123123' });
    expect(other2.status).toBe(429);
  });

  it('refuses the sign-in steps and the reset forms without their token, and asks the code of an invited account that has one', async () => {
    const { person, secret } = await turnedOn();
    const { c } = await passwordStep(person);
    const code = await c.post('/dashboard/login/code', { next: '/dashboard', code: later(secret, 1) });
    expect(code.status).toBe(303);
    expect(code.location).toBe('/dashboard/login');
    expect(c.cookies.has('dashboard_session')).toBe(false);
    const forgot = dashboardClient(svc.url);
    const before = smtp.mails.length;
    expect((await forgot.post('/dashboard/password/forgot', { email: person.email })).status).toBe(403);
    const page = await forgot.get('/dashboard/password/forgot');
    expect((await forgot.post('/dashboard/password/forgot', { email: person.email, csrf: field(page.text, 'csrf') }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.length).toBe(before);

    // Invited to another merchant, the account joins with its password, and still gives its code.
    const other = await svc.newMerchant('Segunda Loja Ltda');
    const owner = await personOf(svc.db, other.merchantId, 'owner');
    const inviter = dashboardClient(svc.url);
    expect((await inviter.signIn(owner.email, owner.password)).status).toBe(303);
    const team = await inviter.get('/dashboard/settings/team');
    expect((await inviter.post('/dashboard/settings/team/invite', { csrf: field(team.text, 'csrf'), idem: field(team.text, 'idem'), email: person.email, role: 'finance' })).status).toBeLessThan(400);
    await expect.poll(() => smtp.mails.some((m) => m.to.includes(person.email) && /invitations/.test(m.text)), { timeout: 10_000 }).toBe(true);
    const link = /(http:\/\/\S+\/dashboard\/invitations\/[A-Za-z0-9_-]{43})/.exec(smtp.mails.filter((m) => m.to.includes(person.email)).at(-1)!.text)![1]!;
    const joiner = dashboardClient(svc.url);
    const accept = await joiner.get(new URL(link).pathname);
    const joined = await joiner.post(new URL(link).pathname, { csrf: field(accept.text, 'csrf'), password: person.password, name: '' });
    expect(joined.status).toBe(200);
    expect(joined.text).toContain('name="code"');
    expect(joiner.cookies.has('dashboard_session')).toBe(false);
    const signed = await joiner.post('/dashboard/login/code', { csrf: field(joined.text, 'csrf'), next: '/dashboard', code: later(secret, 1) });
    expect(signed.status).toBe(303);
    expect(joiner.cookies.has('dashboard_session')).toBe(true);
    // The session starts at the merchant that invited them, not at their first one.
    expect((await joiner.get('/dashboard')).text).toContain('Segunda Loja Ltda');
    const started = await svc.db.query<{ merchant_id: string }>('SELECT merchant_id FROM dashboard_sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1', [person.id]);
    expect(started.rows[0]!.merchant_id).toBe(other.merchantId);
  });

  it('turns it off only with the password and a code', async () => {
    const { person, secret, client } = await turnedOn();
    const page = await client.get(SECURITY_PATH);
    const csrf = field(page.text, 'csrf');
    expect((await client.post(`${SECURITY_PATH}/totp/remove`, { csrf, password: 'not it', code: later(secret, 1) })).status).toBe(401);
    expect((await client.post(`${SECURITY_PATH}/totp/remove`, { csrf, password: person.password, code: '999999' === later(secret, 1) ? '888888' : '999999' })).status).toBe(401);
    expect((await client.get(SECURITY_PATH)).text).toContain('data-on="true"');
    const off = await client.post(`${SECURITY_PATH}/totp/remove`, { csrf, password: person.password, code: later(secret, 1) });
    expect(off.status).toBe(200);
    expect(off.text).toContain('data-on="false"');
    expect((await dashboardClient(svc.url).signIn(person.email, person.password)).status).toBe(303);
    const audit = await svc.db.query<{ action: string }>(`SELECT action FROM audit_events WHERE actor_id = $1 AND action LIKE 'second-factor.%' ORDER BY created_at`, [person.id]);
    expect(audit.rows.map((r) => r.action)).toEqual(['second-factor.on', 'second-factor.off']);
  });

  it('mails a reset link for an account, the same answer for an address without one; the link works once and signs the person out', async () => {
    const person = await personOf(svc.db, svc.merchant.merchantId, 'finance');
    const old = dashboardClient(svc.url);
    expect((await old.signIn(person.email, person.password)).status).toBe(303);
    const c = dashboardClient(svc.url);
    const form = await c.get('/dashboard/password/forgot');
    const mailsBefore = smtp.mails.length;
    const nobody = await c.post('/dashboard/password/forgot', { csrf: field(form.text, 'csrf'), email: 'nobody.here@example.com' });
    const somebody = await c.post('/dashboard/password/forgot', { csrf: field(form.text, 'csrf'), email: person.email.toUpperCase() });
    expect(nobody.status).toBe(200);
    expect(somebody.status).toBe(200);
    const strip = (text: string, email: string) => text.replace(email, '{email}').replace(/value="[^"]*"/g, '');
    expect(strip(nobody.text, 'nobody.here@example.com')).toBe(strip(somebody.text, person.email.toUpperCase()));
    await expect.poll(() => smtp.mails.length, { timeout: 10_000 }).toBe(mailsBefore + 1);
    const mail = smtp.mails.at(-1)!;
    expect(mail.to).toContain(person.email);
    const link = /(http:\/\/\S+\/dashboard\/password\/reset\/[A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const path = new URL(link).pathname;
    const resetPage = await c.get(path);
    expect(resetPage.status).toBe(200);
    expect((await c.post(path, { csrf: field(resetPage.text, 'csrf'), password: 'short' })).status).toBe(422);
    const done = await c.post(path, { csrf: field(resetPage.text, 'csrf'), password: 'a brand new password' });
    expect(done.status).toBe(303);
    expect(done.location).toBe('/dashboard/login?reset=1');
    expect((await c.get(path)).status).toBe(404);
    expect((await old.get('/dashboard')).location).toMatch(/^\/dashboard\/login/);
    expect((await dashboardClient(svc.url).signIn(person.email, person.password)).status).toBe(401);
    expect((await dashboardClient(svc.url).signIn(person.email, 'a brand new password')).status).toBe(303);
    expect(svc.logs.join('')).not.toContain(path);
  });

  it('counts reset asks per e-mail whatever the address they come from, and leaves one open link of two asked at once', async () => {
    const person = await personOf(svc.db, svc.merchant.merchantId, 'read-only');
    const c = dashboardClient(svc.url);
    const form = await c.get('/dashboard/password/forgot');
    const ask = (n: number) => c.post('/dashboard/password/forgot', { csrf: field(form.text, 'csrf'), email: person.email }, { 'x-forwarded-for': `198.51.100.${n}` });
    const statuses = [];
    for (let n = 1; n <= 6; n++) statuses.push((await ask(n)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Another person's e-mail from the same address is not refused.
    const other = await personOf(svc.db, svc.merchant.merchantId, 'read-only');
    expect((await c.post('/dashboard/password/forgot', { csrf: field(form.text, 'csrf'), email: other.email }, { 'x-forwarded-for': '198.51.100.6' })).status).toBe(200);
    const open = async (userId: string) =>
      (await svc.db.query<{ n: number }>('SELECT count(*)::int AS n FROM dashboard_password_resets WHERE user_id = $1 AND used_at IS NULL', [userId])).rows[0]!.n;
    await expect.poll(() => open(other.id), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => open(person.id), { timeout: 10_000 }).toBe(1);
    // Two asks at once, each closing the other's: one link stays open.
    await Promise.all([askReset(svc.db, other.email), askReset(svc.db, other.email)]);
    expect(await open(other.id)).toBe(1);
  });

  it('mails a person the events they chose, once each, in the mode they chose them for', async () => {
    const person = await personOf(svc.db, svc.merchant.merchantId, 'finance');
    const quiet = await personOf(svc.db, svc.merchant.merchantId, 'finance');
    const c = dashboardClient(svc.url);
    expect((await c.signIn(person.email, person.password)).status).toBe(303);
    const page = await c.get('/dashboard/settings/notifications');
    const form = new URLSearchParams({ csrf: field(page.text, 'csrf'), merchant: svc.merchant.merchantId, mode: 'sandbox' });
    form.append('kinds', 'approved');
    form.append('kinds', 'withdrawal-paid');
    const saved = await c.post('/dashboard/settings/notifications', form);
    expect(saved.status).toBe(200);
    expect(saved.text).toMatch(/id="n-approved" name="kinds" type="checkbox" value="approved" checked/);
    expect(saved.text).not.toMatch(/value="failed" checked/);

    const made = await svc.call('/v1/transactions', { method: 'POST', json: pixBody({ amount: 4321 }) });
    const { id } = (await made.json()) as { id: string };
    await expect.poll(async () => Boolean(((await (await svc.call(`/v1/transactions/${id}`)).json()) as { payment?: { pixQrCodeEmv?: string } }).payment?.pixQrCodeEmv), { timeout: 20_000 }).toBe(true);
    await simulate(svc, id, 'pay');
    await expect.poll(() => smtp.mails.filter((m) => m.to.includes(person.email)).length, { timeout: 20_000 }).toBe(1);
    const mail = smtp.mails.find((m) => m.to.includes(person.email))!;
    expect(mail.subject).toBe(`[Testes] Pagamento aprovado: R$ 43,21 (${id})`);
    expect(mail.text).toContain(`/dashboard/payments/${id}`);
    expect(smtp.mails.some((m) => m.to.includes(quiet.email))).toBe(false);
    // The job run again (a retry) mails nobody twice.
    const event = (await svc.db.query<{ id: string }>(`SELECT id FROM events WHERE resource_id = $1 AND type = 'transaction.approved'`, [id])).rows[0]!.id;
    const sent: string[] = [];
    expect(await notify(svc.db, { send: async (m) => void sent.push(m.to), close: () => undefined }, () => svc.url, event)).toBe(0);
    expect(sent).toEqual([]);
    // Chosen for sandbox only: a production approval mails nobody. A person who left the team is not mailed either.
    expect(await preferencesOf(svc.db, person.id, svc.merchant.merchantId, 'production')).toEqual([]);
    const gone = await personOf(svc.db, svc.merchant.merchantId, 'read-only');
    await setPreferences(svc.db, gone.id, svc.merchant.merchantId, 'sandbox', ['approved']);
    await svc.db.query('DELETE FROM dashboard_members WHERE user_id = $1', [gone.id]);
    const prodEvent = await svc.db.transaction((tx) => recordEvent(tx, { merchantId: svc.merchant.merchantId, mode: 'production' }, { type: 'transaction.approved', resource: 'transaction', resourceId: 'tra_0000000000000001', object: { amount: 100 } }, new Date()));
    expect(await notify(svc.db, { send: async (m) => void sent.push(m.to), close: () => undefined }, () => svc.url, prodEvent)).toBe(0);
    const jobs = await svc.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE kind = 'dashboard.notify' AND payload->>'eventId' = $1`, [prodEvent]);
    expect(jobs.rows[0]!.n).toBe(0);
    const sandboxEvent = await svc.db.transaction((tx) => recordEvent(tx, { merchantId: svc.merchant.merchantId, mode: 'sandbox' }, { type: 'transaction.approved', resource: 'transaction', resourceId: 'tra_0000000000000002', object: { amount: 100 } }, new Date()));
    expect(await notify(svc.db, { send: async (m) => void sent.push(m.to), close: () => undefined }, () => svc.url, sandboxEvent)).toBe(1);
    expect(sent).toEqual([person.email]);
    // Approved again (a dispute won): told once already, not again.
    const again = await svc.db.transaction((tx) => recordEvent(tx, { merchantId: svc.merchant.merchantId, mode: 'sandbox' }, { type: 'transaction.approved', resource: 'transaction', resourceId: 'tra_0000000000000002', object: { amount: 100 } }, new Date(Date.now() + 1000)));
    expect(await notify(svc.db, { send: async (m) => void sent.push(m.to), close: () => undefined }, () => svc.url, again)).toBe(0);
    // A form of another mode (switched in another tab) saves nothing.
    const stale = new URLSearchParams({ csrf: field(page.text, 'csrf'), merchant: svc.merchant.merchantId, mode: 'production' });
    stale.append('kinds', 'failed');
    expect((await c.post('/dashboard/settings/notifications', stale)).status).toBe(409);
    expect(await preferencesOf(svc.db, person.id, svc.merchant.merchantId, 'sandbox')).toEqual(['approved', 'withdrawal-paid']);
  });
});
