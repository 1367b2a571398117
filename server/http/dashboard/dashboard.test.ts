/**
 * The dashboard over HTTP, as a browser would use it but without one: signing in (and being throttled), the session
 * cookie's flags and fixation, CSRF on every form, one merchant's person never seeing another's payment, the roles
 * enforced on the server, and a refund made from a payment's page going through the API's own rules: once whatever
 * the form is sent again, with its ledger entries, its event and its line in the audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesOfTransaction } from '../../domain/ledger/entries';
import { ENGINES } from '../../testing/harness';
import { startPagesService, type PagesService, type Transaction, expectJson } from '../../testing/browser';
import { dashboardClient, field, personOf } from '../../testing/dashboard';
import { eventTypes } from '../../testing/payments';
import { centsOf, isDay } from './payments';
import { addressKey, safeNext } from './login';
import { dashboardRouter } from './router';
import { processContract } from '../response-contract';
import { routes } from '../../../generated/operations';
import { cardBody } from '../../testing/payments';

/** Every POST path of the dashboard's router, read from the router itself: a new form is covered without a list. */
function postPaths(): string[] {
  type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };
  const walk = (stack: Layer[]): string[] =>
    stack.flatMap((l) => (l.route ? (l.route.methods.post ? [l.route.path] : []) : l.handle?.stack ? walk(l.handle.stack) : []));
  return [...new Set(walk((dashboardRouter({} as never) as unknown as { stack: Layer[] }).stack))];
}

async function paidPix(svc: PagesService, amount = 5000, key?: string): Promise<string> {
  const res = await svc.call('/v1/transactions', {
    method: 'POST',
    json: { amount, customer: { firstName: 'Ana', lastName: 'Souza', email: 'ana@example.com' }, payment: { method: 'pix' } },
    ...(key ? { key } : {}),
  });
  const { id } = await expectJson<{ id: string }>(res, 201);
  // The worker issues the QR code in the background; the payer's bank pays it once it is there.
  for (let i = 0; i < 200; i++) {
    const t = await expectJson<Transaction>(await svc.call(`/v1/transactions/${id}`, key ? { key } : {}), 200);
    if (t.payment && 'pixQrCodeEmv' in t.payment && t.payment.pixQrCodeEmv) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const pay = await svc.call(`/v1/sandbox/transactions/${id}/simulate`, { method: 'POST', json: { action: 'pay' }, ...(key ? { key } : {}) });
  expect(pay.status).toBe(200);
  return id;
}

describe('amounts typed in a form', () => {
  it("are read as exact cents in the person's language, and anything else or ambiguous is refused", () => {
    expect(centsOf('12,34', 'pt-BR')).toBe(1234);
    expect(centsOf('1.234,56', 'pt-BR')).toBe(123456);
    expect(centsOf('R$ 7', 'pt-BR')).toBe(700);
    expect(centsOf('0,1', 'pt-BR')).toBe(10);
    expect(centsOf('1.500', 'pt-BR')).toBe(150000);
    expect(centsOf('12.34', 'en')).toBe(1234);
    expect(centsOf('1,234.56', 'en')).toBe(123456);
    expect(centsOf('2.5', 'en')).toBe(250);
    for (const bad of ['', '0', '-1', '1e3', '12,345', 'abc', '1,2,3', '99999999999999999999', '12.34', '0.500']) expect(centsOf(bad, 'pt-BR'), bad).toBeNull();
    for (const bad of ['1.500', '0.500', '12,34', '1.234,56', '1,23']) expect(centsOf(bad, 'en'), bad).toBeNull();
  });
  it('takes only days that exist as the list\'s dates', () => {
    expect(isDay('2026-02-28')).toBe(true);
    for (const bad of ['2026-13-45', '2026-02-30', '2026-2-1', '', null, '2026-02-28T00:00:00Z']) expect(isDay(bad), String(bad)).toBe(false);
  });
  it('counts an IPv6 address by its /64 and an IPv4 one as it is', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
  it("checks an action's body against the request schema: a card's number is a request's to send", () => {
    const create = routes.find((r) => r.operationId === 'createTransaction')!;
    expect(processContract().checkBody(create, cardBody())).toEqual([]);
    expect(processContract().checkBody(create, { ...cardBody(), amount: 'ten' }).map((p) => p.path)).toContain('/body/amount');
  });
  it('a sign-in goes on only to a dashboard path of this origin', () => {
    expect(safeNext('/dashboard/payments?status=approved')).toBe('/dashboard/payments?status=approved');
    for (const bad of ['//evil.example', 'https://evil.example/dashboard', '/dashboard/../v1', '/dashboardx', '/dashboard\\@evil', null]) expect(safeNext(bad), String(bad)).toBe('/dashboard');
  });
});

describe.each(ENGINES)('the dashboard over HTTP, on $name', (engine) => {
  let svc: PagesService;
  beforeAll(async () => {
    // Every log line at trace: a password or a session token in any of them fails the secrets test.
    svc = await startPagesService(engine, { HTTP_TRUST_PROXY: 'loopback' }, 'trace');
  });
  afterAll(async () => svc?.close());

  it('refuses a wrong password as it refuses an unknown e-mail, then throttles even the right one', async () => {
    const p = await personOf(svc.db, svc.merchant.merchantId, 'owner');
    const c = dashboardClient(svc.url);
    const unknown = await c.signIn('nobody@example.com', 'whatever-long');
    const wrong = await c.signIn(p.email, 'not the password');
    expect([unknown.status, wrong.status]).toEqual([401, 401]);
    expect(wrong.text).toContain('E-mail ou senha incorretos.');
    expect(unknown.text).toContain('E-mail ou senha incorretos.');
    for (let i = 0; i < 4; i++) expect((await c.signIn(p.email, `wrong ${i}`)).status).toBe(401);
    const throttled = await c.signIn(p.email, p.password);
    expect(throttled.status).toBe(429);
    expect(throttled.text).toContain('Muitas tentativas');
    expect(c.cookies.has('dashboard_session')).toBe(false);
    // Another person at the same address is not locked out by this one's failures.
    const q = await personOf(svc.db, svc.merchant.merchantId, 'finance');
    expect((await dashboardClient(svc.url).signIn(q.email, q.password)).status).toBe(303);
  });

  it('counts a burst of sign-ins sent at once whole: the right password among them is refused past the limit', async () => {
    const p = await personOf(svc.db, svc.merchant.merchantId, 'owner');
    const c = dashboardClient(svc.url);
    const page = await c.get('/dashboard/login');
    const csrf = field(page.text, 'csrf');
    const send = (password: string) => c.post('/dashboard/login', { csrf, email: p.email, password });
    const answers = await Promise.all([...Array.from({ length: 19 }, (_, i) => send(`wrong ${i}`)), send(p.password)]);
    const statuses = answers.map((a) => a.status);
    // At most the 5 allowed were checked (401, or 303 for the right one); the rest were refused unchecked.
    expect(statuses.filter((x) => x === 401 || x === 303).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((x) => x === 429).length).toBeGreaterThanOrEqual(15);
    expect(statuses.every((x) => [401, 303, 429].includes(x))).toBe(true);
  });

  it('sets the session cookie HttpOnly, SameSite=Strict, on /dashboard only, and Secure over HTTPS', async () => {
    const p = await personOf(svc.db, svc.merchant.merchantId, 'developer');
    const plain = dashboardClient(svc.url);
    expect((await plain.signIn(p.email, p.password)).status).toBe(303);
    const line = plain.lastSetCookie.find((l) => l.startsWith('dashboard_session='))!;
    expect(line).toMatch(/; Path=\/dashboard(;|$)/);
    expect(line).toMatch(/; HttpOnly(;|$)/);
    expect(line).toMatch(/; SameSite=Strict(;|$)/);
    expect(line).not.toMatch(/Secure/);
    // Behind a TLS terminator that says so (HTTP_TRUST_PROXY), the cookie is never sent over plain HTTP.
    const tls = dashboardClient(svc.url);
    const form = await tls.get('/dashboard/login', { 'x-forwarded-proto': 'https' });
    await tls.post('/dashboard/login', { csrf: field(form.text, 'csrf'), email: p.email, password: p.password }, { 'x-forwarded-proto': 'https' });
    expect(tls.lastSetCookie.find((l) => l.startsWith('dashboard_session='))).toMatch(/; Secure(;|$)/);
  });

  it('never promotes a session token the browser held before signing in (fixation)', async () => {
    const attacker = await personOf(svc.db, svc.merchant.merchantId, 'read-only');
    const victim = await personOf(svc.db, svc.merchant.merchantId, 'owner');
    const a = dashboardClient(svc.url);
    expect((await a.signIn(attacker.email, attacker.password)).status).toBe(303);
    const planted = a.cookies.get('dashboard_session')!;
    // The victim's browser carries the attacker's token (planted), then the victim signs in.
    const v = dashboardClient(svc.url);
    const form = await v.get('/dashboard/login');
    v.cookies.set('dashboard_session', planted);
    expect((await v.post('/dashboard/login', { csrf: field(form.text, 'csrf'), email: victim.email, password: victim.password })).status).toBe(303);
    const mine = v.cookies.get('dashboard_session')!;
    expect(mine).not.toBe(planted);
    // The planted token is ended: it opens nothing, and certainly not the victim's session.
    expect((await a.get('/dashboard')).status).toBe(303);
    const home = await v.get('/dashboard');
    expect(home.status).toBe(200);
    expect(home.text).toContain(victim.email);
  });

  it('refuses every form without its CSRF token or sent from another site, before doing anything', async () => {
    const p = await personOf(svc.db, svc.merchant.merchantId, 'owner');
    const c = dashboardClient(svc.url);
    expect((await c.signIn(p.email, p.password)).status).toBe(303);
    const id = await paidPix(svc);
    const page = await c.get(`/dashboard/payments/${id}`);
    const csrf = field(page.text, 'csrf');
    const refund = { idem: field(page.text, 'idem'), amount: '1,00', reason: 'other', confirm: 'yes' };
    const forms: [string, Record<string, string>][] = [
      [`/dashboard/payments/${id}/refund`, refund],
      ['/dashboard/mode', { mode: 'production' }],
      ['/dashboard/logout', {}],
    ];
    for (const [path, form] of forms) {
      expect((await c.post(path, form)).status, `${path} without a token`).toBe(403);
      expect((await c.post(path, { ...form, csrf: `${csrf.slice(0, -2)}xx` })).status, `${path} with a wrong token`).toBe(403);
      expect((await c.post(path, { ...form, csrf }, { origin: 'https://evil.example' })).status, `${path} from another origin`).toBe(403);
      expect((await c.post(path, { ...form, csrf }, { 'sec-fetch-site': 'cross-site' })).status, `${path} cross-site`).toBe(403);
    }
    // Nothing happened: no refund, still sandbox, still signed in.
    const t = await expectJson<Transaction>(await svc.call(`/v1/transactions/${id}`), 200);
    expect(t.refunds ?? []).toEqual([]);
    const home = await c.get('/dashboard');
    expect(home.status).toBe(200);
    expect(home.text).toContain('mode-now mode-sandbox');
    // The sign-in form's own token: without it (a login CSRF) nobody is signed in.
    const other = dashboardClient(svc.url);
    expect((await other.post('/dashboard/login', { email: p.email, password: p.password })).status).toBe(403);
    expect(other.cookies.has('dashboard_session')).toBe(false);
    // With the token, from this origin, the same forms work.
    expect((await c.post('/dashboard/mode', { mode: 'production', csrf }, { origin: svc.url, 'sec-fetch-site': 'same-origin' })).status).toBe(303);
    expect((await c.get('/dashboard')).text).toContain('mode-now mode-production');
    expect((await c.post('/dashboard/logout', { csrf })).status).toBe(303);
    expect((await c.get('/dashboard')).status).toBe(303);
  });

  it('refuses a form without its token on every signed-in POST route the router has, before doing anything', async () => {
    const p = await personOf(svc.db, svc.merchant.merchantId, 'owner');
    const c = dashboardClient(svc.url);
    expect((await c.signIn(p.email, p.password)).status).toBe(303);
    const before = await svc.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_events WHERE merchant_id = $1', [svc.merchant.merchantId]);
    const ids: Record<string, string> = { transactionId: 'tra_0000000000000000', keyId: 'key_0000000000000000', linkId: 'link_0000000000000000', webhookId: 'wbe_0000000000000000', eventId: 'wbh_0000000000000000', id: 'inv_0000000000000000' };
    const signedPosts = postPaths().filter((path) => !/^\/dashboard\/(login|invitations|password)/.test(path));
    expect(signedPosts.length).toBeGreaterThan(15);
    for (const path of signedPosts) {
      const url = path.replace(/:(\w+)/g, (_m, name: string) => ids[name] ?? 'x');
      expect((await c.post(url, { idem: 'dsh_AAAAAAAAAAAAAAAAAAAAAAAA', confirm: 'yes' })).status, `${url} without a token`).toBe(403);
    }
    const after = await svc.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_events WHERE merchant_id = $1', [svc.merchant.merchantId]);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    expect((await c.get('/dashboard')).status).toBe(200);
  });

  it("lists what the merchant's API keys changed beside what people did, and neither of another merchant", async () => {
    const p = await personOf(svc.db, svc.merchant.merchantId, 'read-only');
    const c = dashboardClient(svc.url);
    expect((await c.signIn(p.email, p.password)).status).toBe(303);
    const made = await expectJson<{ id: string }>(await svc.call('/v1/customers', { method: 'POST', json: { firstName: 'Lia', lastName: 'Reis', email: `lia.${Date.now()}@example.com` } }), 201);
    expect(made.id).toMatch(/^cus_/);
    const other = await svc.newMerchant('Outra Loja Ltda');
    await svc.call('/v1/customers', { method: 'POST', key: other.sandboxKey, json: { firstName: 'Rui', lastName: 'Dias', email: `rui.${Date.now()}@example.com` } });
    // Both merchants' writes are in the log before the page is read: a leak would show.
    await expect.poll(async () => (await svc.db.query(`SELECT 1 FROM request_logs WHERE merchant_id = $1 AND method = 'POST'`, [other.merchantId])).rows.length, { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => (await c.get('/dashboard/activity?who=keys')).text.includes('POST /v1/customers'), { timeout: 15_000 }).toBe(true);
    const keys = await c.get('/dashboard/activity?who=keys');
    expect(keys.text.match(/POST \/v1\/customers/g)).toHaveLength(1);
    expect(keys.text).not.toContain('data-kind="person"');
    // Reads are not changes: the page's own reads and the GETs are not listed.
    expect(keys.text).not.toMatch(/<code>GET /);
    const people = await c.get('/dashboard/activity?who=people');
    expect(people.text).toContain('data-kind="person"');
    expect(people.text).not.toContain('data-kind="key"');
  });

  it("answers 404 to a person of one merchant for another merchant's payment, page and refund alike", async () => {
    const other = await svc.newMerchant('Outra Loja Ltda');
    const theirs = await paidPix(svc, 4000, other.sandboxKey);
    const p = await personOf(svc.db, svc.merchant.merchantId, 'owner');
    const c = dashboardClient(svc.url);
    expect((await c.signIn(p.email, p.password)).status).toBe(303);
    const page = await c.get(`/dashboard/payments/${theirs}`);
    expect(page.status).toBe(404);
    expect(page.text).not.toContain('4.000');
    const own = await c.get(`/dashboard/payments/${await paidPix(svc)}`);
    const forged = await c.post(`/dashboard/payments/${theirs}/refund`, { csrf: field(own.text, 'csrf'), idem: field(own.text, 'idem'), amount: '1,00', confirm: 'yes' });
    expect(forged.status).toBe(404);
    const t = await expectJson<Transaction>(await svc.call(`/v1/transactions/${theirs}`, { key: other.sandboxKey }), 200);
    expect(t.refunds ?? []).toEqual([]);
  });

  it('shows a read-only person no refund, and refuses the forged form (token and all) on the server', async () => {
    const id = await paidPix(svc);
    const reader = await personOf(svc.db, svc.merchant.merchantId, 'read-only');
    const c = dashboardClient(svc.url);
    expect((await c.signIn(reader.email, reader.password)).status).toBe(303);
    const page = await c.get(`/dashboard/payments/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(`/dashboard/payments/${id}/refund`);
    const forged = await c.post(`/dashboard/payments/${id}/refund`, { csrf: field(page.text, 'csrf'), idem: 'dsh_AAAAAAAAAAAAAAAAAAAAAAAA', amount: '1,00', confirm: 'yes' });
    expect(forged.status).toBe(403);
    expect((await expectJson<Transaction>(await svc.call(`/v1/transactions/${id}`), 200)).refunds ?? []).toEqual([]);
  });

  it('refunds in part from the payment page once, however often the form is sent, with its ledger, event and audit line', async () => {
    const id = await paidPix(svc, 5000);
    const finance = await personOf(svc.db, svc.merchant.merchantId, 'finance');
    const c = dashboardClient(svc.url);
    expect((await c.signIn(finance.email, finance.password)).status).toBe(303);
    const page = await c.get(`/dashboard/payments/${id}`);
    expect(page.text).toContain('Reembolsável: R$ 50,00');
    const form = { csrf: field(page.text, 'csrf'), idem: field(page.text, 'idem'), amount: '12,34', reason: 'requested_by_customer', confirm: 'yes' };
    // Without the confirmation box ticked, nothing is done.
    expect((await c.post(`/dashboard/payments/${id}/refund`, { ...form, confirm: '' })).status).toBe(422);
    const first = await c.post(`/dashboard/payments/${id}/refund`, form);
    expect(first.status).toBe(303);
    expect(first.location).toBe(`/dashboard/payments/${id}?refunded=1234`);
    const again = await c.post(`/dashboard/payments/${id}/refund`, form);
    expect(again.status).toBe(303);
    // A double click: the same form twice at once. Both land on the payment's page; one refund is made.
    const page1 = await c.get(`/dashboard/payments/${id}`);
    const twice = { ...form, idem: field(page1.text, 'idem'), amount: '1,00' };
    const both = await Promise.all([c.post(`/dashboard/payments/${id}/refund`, twice), c.post(`/dashboard/payments/${id}/refund`, twice)]);
    expect(both.map((b) => b.status)).toEqual([303, 303]);
    for (const b of both) expect(b.location).toMatch(new RegExp(`^/dashboard/payments/${id}\\?(refunded=100|processing=1)$`));
    const t = await expectJson<Transaction>(await svc.call(`/v1/transactions/${id}`), 200);
    expect((t.refunds ?? []).map((r) => [r.amount, r.reason]).sort()).toEqual([[100, 'requested_by_customer'], [1234, 'requested_by_customer']]);
    const shown = await c.get(first.location!);
    expect(shown.text).toContain('Reembolso de R$ 12,34 solicitado.');
    expect(shown.text).toContain('Reembolsável: R$ 36,66');
    // The API's own effects: the ledger's refund entry, the event partners receive.
    expect((await entriesOfTransaction(svc.db, id)).filter((e) => e.type === 'refund').map((e) => e.amount).sort()).toEqual([-100, -1234]);
    expect(await eventTypes(svc.db, id)).toContain('transaction.partially-refunded');
    // More than is left is the API's refusal, shown on the page.
    const page2 = await c.get(`/dashboard/payments/${id}`);
    const over = await c.post(`/dashboard/payments/${id}/refund`, { ...form, idem: field(page2.text, 'idem'), amount: '40,00' });
    expect(over.status).toBe(422);
    expect(over.text).toContain('Não foi possível');
    // Who did it, from which session: one line for the refund, under the form's key.
    const audit = await svc.db.query<{ actor_id: string; session_id: string; action: string; target: string }>(
      `SELECT actor_id, session_id, action, target FROM audit_events WHERE merchant_id = $1 AND action = 'createTransactionRefund' AND target = $2`,
      [svc.merchant.merchantId, id],
    );
    expect(audit.rows).toHaveLength(2);
    expect(audit.rows[0]).toMatchObject({ actor_id: finance.id, action: 'createTransactionRefund' });
    expect(audit.rows[0]!.session_id).toMatch(/^ses_/);
    const activity = await c.get('/dashboard/activity');
    expect(activity.text).toContain(finance.email);
    expect(activity.text).toContain('createTransactionRefund');
  });

  it('lists payments whatever the filters typed in the address: a bad one is ignored, never a 500', async () => {
    const p = await personOf(svc.db, svc.merchant.merchantId, 'read-only');
    const c = dashboardClient(svc.url);
    expect((await c.signIn(p.email, p.password)).status).toBe(303);
    for (const q of ['status=bogus&method=cash', 'from=2026-13-45&to=2026-02-30', 'page=-3', 'page=999999999', 'id=%3Cscript%3E']) {
      const page = await c.get(`/dashboard/payments?${q}`);
      expect({ q, status: page.status }).toEqual({ q, status: 200 });
      expect(page.text).not.toContain('<script>');
    }
  });

  it('offers no invitations without a mail server: the link would have to be shown to the inviter', async () => {
    const p = await personOf(svc.db, svc.merchant.merchantId, 'owner');
    const c = dashboardClient(svc.url);
    expect((await c.signIn(p.email, p.password)).status).toBe(303);
    const page = await c.get('/dashboard/settings/team');
    const refused = await c.post('/dashboard/settings/team/invite', { csrf: field(page.text, 'csrf'), idem: field(page.text, 'idem'), email: 'ninguem@example.com', role: 'read-only' });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('SMTP_URL');
    expect((await svc.db.query(`SELECT 1 FROM dashboard_invitations WHERE email = 'ninguem@example.com'`)).rows).toHaveLength(0);
  });

  it('never logs, shows or stores a password or a session token', async () => {
    const p = await personOf(svc.db, svc.merchant.merchantId, 'admin');
    const c = dashboardClient(svc.url);
    const wrong = await c.signIn(p.email, `${p.password}-typo`);
    expect(wrong.text).not.toContain(p.password);
    expect((await c.signIn(p.email, p.password)).status).toBe(303);
    const token = c.cookies.get('dashboard_session')!;
    const pages = [await c.get('/dashboard'), await c.get('/dashboard/payments'), await c.get('/dashboard/activity')];
    for (const page of pages) {
      expect(page.text).not.toContain(p.password);
      expect(page.text).not.toContain(token);
    }
    const stored = await svc.db.query<{ password_hash: string }>('SELECT password_hash FROM dashboard_users WHERE id = $1', [p.id]);
    expect(stored.rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const sessions = await svc.db.query<{ token_hash: string }>('SELECT token_hash FROM dashboard_sessions WHERE user_id = $1', [p.id]);
    expect(sessions.rows.map((r) => r.token_hash)).not.toContain(token);
    const logs = svc.logs.join('');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(p.password);
    expect(logs).not.toContain(token);
  });
});
