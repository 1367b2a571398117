/**
 * The dashboard's balance, customers and subscriptions pages over HTTP: a withdrawal to a wallet asked once however
 * often its form is sent, never more than the balance (the API's refusal shown), refused to a finance person;
 * a customer found by e-mail, document or name, with their payments and subscriptions; a subscription paused,
 * resumed and canceled at the period's end from its page, each once and audited, refused to a read-only person;
 * another merchant's customer and subscription not found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, keyedFetch } from '../../testing/harness';
import { expectJson, simulate, startPagesService, type PagesService } from '../../testing/browser';
import { dashboardClient, field, personOf, signedInAs } from '../../testing/dashboard';
import { cardBody, pixBody, TEST_CARDS } from '../../testing/payments';
import { subscriptionBody, type Subscription } from '../../testing/subscriptions';
import { balance, fund, walletBody } from '../../testing/withdrawals';

describe.each(ENGINES)('the balance, customers and subscriptions pages, on $name', (engine) => {
  let svc: PagesService;
  beforeAll(async () => {
    svc = await startPagesService(engine);
  });
  afterAll(async () => svc?.close());

  const signedIn = (role: string) => signedInAs(svc, role);

  it('asks a withdrawal to a wallet once, never more than the balance, and not for a finance person', async () => {
    const wallet = await expectJson<{ id: string }>(await svc.call('/v1/wallets', { method: 'POST', json: walletBody() }), 201);
    await fund(svc.db, svc.merchant.merchantId, 50_000);
    const owner = await signedIn('owner');
    const page = await owner.get('/dashboard/balance');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`value="${wallet.id}"`);
    const form = { csrf: field(page.text, 'csrf'), idem: field(page.text, 'idem'), wallet: wallet.id, amount: '120,00', confirm: 'yes' };
    const done = await owner.post('/dashboard/balance/withdrawals', form);
    expect(done.status).toBe(303);
    expect(done.location).toBe('/dashboard/balance?requested=12000');
    expect((await owner.post('/dashboard/balance/withdrawals', form)).location).toBe(done.location);
    const list = await expectJson<{ data: { amount: number; walletId: string }[] }>(await svc.call('/v1/withdrawals'), 200);
    expect(list.data.map((w) => [w.amount, w.walletId])).toEqual([[12_000, wallet.id]]);
    expect(await balance(svc.db, svc.merchant.merchantId)).toBe(38_000);
    const shown = await owner.get('/dashboard/balance');
    expect(shown.text).toContain('R$ 120,00');

    const tooMuch = await owner.post('/dashboard/balance/withdrawals', { ...form, idem: field(shown.text, 'idem'), amount: '1.000,00' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.text).toContain('role="alert"');
    expect(await balance(svc.db, svc.merchant.merchantId)).toBe(38_000);

    const finance = await signedIn('finance');
    const theirs = await finance.get('/dashboard/balance');
    expect(theirs.text).not.toContain('action="/dashboard/balance/withdrawals"');
    expect((await finance.post('/dashboard/balance/withdrawals', { ...form, csrf: field(theirs.text, 'csrf'), idem: 'dsh_CCCCCCCCCCCCCCCCCCCCCCCC' })).status).toBe(403);
    expect(await balance(svc.db, svc.merchant.merchantId)).toBe(38_000);
  });

  it('finds a customer by e-mail, document or name, with their payments and subscriptions', async () => {
    const email = `joana.${Date.now()}@example.com`;
    const customer = { firstName: 'Joana', lastName: 'Prado', email, document: { type: 'cpf', number: '390.533.447-05' } };
    const made = await expectJson<{ id: string }>(await svc.call('/v1/transactions', { method: 'POST', json: pixBody({ customer }) }), 201);
    const tx = await expectJson<{ id: string; customer: { id: string } }>(await svc.call(`/v1/transactions/${made.id}`), 200);
    const sub = await expectJson<Subscription>(await svc.call('/v1/subscriptions', { method: 'POST', json: subscriptionBody({ customerId: tx.customer.id, customer: undefined }) }), 201);
    const c = await signedIn('read-only');
    for (const q of [email, '390.533.447-05', 'Joana']) {
      const found = await c.get(`/dashboard/customers?q=${encodeURIComponent(q)}`);
      expect(found.status, q).toBe(200);
      expect(found.text, q).toContain(`data-customer="${tx.customer.id}"`);
    }
    const none = await c.get('/dashboard/customers?q=ninguem%40example.com');
    expect(none.text).toContain('Página 1 · 0 clientes');
    const page = await c.get(`/dashboard/customers/${tx.customer.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`/dashboard/payments/${tx.id}"`);
    expect(page.text).toContain(`data-subscription="${sub.id}"`);
    // Their payments, by the customer's id (the page's "all payments" link): theirs, and no one else's.
    const someoneElse = await expectJson<{ id: string }>(await svc.call('/v1/transactions', { method: 'POST', json: pixBody({ customer: { ...customer, email: `x.${email}`, document: { type: 'cpf', number: '529.982.247-25' } } }) }), 201);
    const theirPayments = await c.get(`/dashboard/payments?customer=${tx.customer.id}`);
    expect(theirPayments.text).toContain(`/dashboard/payments/${tx.id}"`);
    expect(theirPayments.text).not.toContain(`/dashboard/payments/${someoneElse.id}"`);
    expect(theirPayments.text).toContain(`name="customer" value="${tx.customer.id}"`);
    const other = await svc.newMerchant('Outra Loja Ltda');
    const theirs = await expectJson<{ id: string }>(await svc.call('/v1/customers', { method: 'POST', key: other.sandboxKey, json: { firstName: 'Rui', lastName: 'Dias', email: 'rui@example.com' } }), 201);
    expect((await c.get(`/dashboard/customers/${theirs.id}`)).status).toBe(404);
  });

  it('pauses, resumes and cancels a subscription at the period’s end from its page, once each; a read-only person may not', async () => {
    const sub = await expectJson<Subscription>(await svc.call('/v1/subscriptions', { method: 'POST', json: subscriptionBody() }), 201);
    await expect.poll(async () => (await expectJson<Subscription>(await svc.call(`/v1/subscriptions/${sub.id}`), 200)).status, { timeout: 20_000 }).toBe('active');
    const reader = await signedIn('read-only');
    const seen = await reader.get(`/dashboard/subscriptions/${sub.id}`);
    expect(seen.status).toBe(200);
    expect(seen.text).not.toContain(`/dashboard/subscriptions/${sub.id}/pause"`);
    expect((await reader.post(`/dashboard/subscriptions/${sub.id}/pause`, { csrf: field(seen.text, 'csrf'), idem: 'dsh_DDDDDDDDDDDDDDDDDDDDDDDD', confirm: 'yes' })).status).toBe(403);

    const c = await signedIn('developer');
    const read = async () => (await expectJson<Subscription>(await svc.call(`/v1/subscriptions/${sub.id}`), 200));
    const step = async (action: string, extra: Record<string, string> = {}) => {
      const page = await c.get(`/dashboard/subscriptions/${sub.id}`);
      const form = new URLSearchParams({ csrf: field(page.text, 'csrf'), idem: field(page.text.slice(page.text.indexOf(`/${action}"`)), 'idem'), confirm: 'yes', ...extra });
      const res = await c.post(`/dashboard/subscriptions/${sub.id}/${action}`, form);
      expect(res.status, action).toBe(303);
      expect((await c.post(`/dashboard/subscriptions/${sub.id}/${action}`, form)).location, `${action} again`).toBe(res.location);
    };
    await step('pause');
    expect((await read()).status).toBe('paused');
    await step('resume');
    expect((await read()).status).toBe('active');
    await step('cancel');
    expect(await read()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    await step('cancel-now');
    expect((await read()).status).toBe('canceled');
    const audit = await svc.db.query<{ action: string; detail: { body: unknown } }>(`SELECT action, detail FROM audit_events WHERE target = $1 ORDER BY created_at`, [sub.id]);
    expect(audit.rows.map((r) => r.action)).toEqual(['pauseSubscription', 'resumeSubscription', 'cancelSubscription', 'cancelSubscription']);
    expect(audit.rows.slice(2).map((r) => r.detail.body)).toEqual([{ atPeriodEnd: true }, { atPeriodEnd: false }]);
    const page = await c.get(`/dashboard/subscriptions/${sub.id}`);
    expect(page.text).toContain('id="cycles"');
    expect(page.text).not.toContain(`/dashboard/subscriptions/${sub.id}/pause"`);

    const other = await svc.newMerchant('Terceira Loja Ltda');
    const theirs = await expectJson<Subscription>(await svc.call('/v1/subscriptions', { method: 'POST', key: other.sandboxKey, json: subscriptionBody() }), 201);
    expect((await c.get(`/dashboard/subscriptions/${theirs.id}`)).status).toBe(404);
    expect((await c.post(`/dashboard/subscriptions/${theirs.id}/pause`, { csrf: field(page.text, 'csrf'), idem: 'dsh_EEEEEEEEEEEEEEEEEEEEEEEE', confirm: 'yes' })).status).toBe(404);
    expect((await expectJson<Subscription>(await svc.call(`/v1/subscriptions/${theirs.id}`, { key: other.sandboxKey }), 200)).status).not.toBe('paused');
  });

  it("draws the home's figures from the merchant's own charges: approved, declined and undecided counted apart", async () => {
    const m = await svc.newMerchant('Loja dos Números Ltda');
    const call = (path: string, json?: unknown) => svc.call(path, { key: m.sandboxKey, ...(json ? { method: 'POST', json } : {}) });
    const paid = await expectJson<{ id: string }>(await call('/v1/transactions', pixBody({ amount: 10_000 })), 201);
    await expectJson(await call('/v1/transactions', pixBody({ amount: 2_500 })), 201);
    const approvedCard = await expectJson<{ id: string }>(await call('/v1/transactions', cardBody(TEST_CARDS.visa, {}, { amount: 7_000 })), 201);
    const declinedCard = await expectJson<{ id: string }>(await call('/v1/transactions', cardBody(TEST_CARDS.declined, {}, { amount: 3_000 })), 201);
    const statusOf = async (id: string) => ((await (await svc.call(`/v1/transactions/${id}`, { key: m.sandboxKey })).json()) as { status: string; payment?: { pixQrCodeEmv?: string } });
    await expect.poll(async () => Boolean((await statusOf(paid.id)).payment?.pixQrCodeEmv), { timeout: 20_000 }).toBe(true);
    await simulate({ ...svc, call: keyedFetch(svc.url, m.sandboxKey) }, paid.id, 'pay');
    await expect.poll(async () => [(await statusOf(approvedCard.id)).status, (await statusOf(declinedCard.id)).status, (await statusOf(paid.id)).status], { timeout: 20_000 }).toEqual(['approved', 'failed', 'approved']);

    const owner = await personOf(svc.db, m.merchantId, 'owner');
    const c = dashboardClient(svc.url);
    expect((await c.signIn(owner.email, owner.password)).status).toBe(303);
    const home = await c.get('/dashboard');
    expect(home.status).toBe(200);
    const row = (method: string) => /<tr data-method="(\w+)">(.*?)<\/tr>/gs.exec(home.text.slice(home.text.indexOf(`<tr data-method="${method}">`)))![2]!.replace(/<[^>]+>/g, '|').split('|').filter(Boolean);
    // PIX: two made, one approved, none declined (one still waiting for its payer): 100%; card: one of each, 50%.
    expect(row('pix')).toEqual(['PIX', '2', '1', '0', '100%', 'R$ 100,00']);
    expect(row('credit')).toEqual(['Cartão de crédito', '2', '1', '1', '50%', 'R$ 70,00']);
    expect(row('billet')).toEqual(['Boleto', '0', '0', '0', '—', 'R$ 0,00']);
    expect(home.text).toContain('data-chart="');
    expect(home.text).toContain('/dashboard/assets/uplot.js');
    const analytics = await c.get('/dashboard/links/analytics');
    expect(analytics.status).toBe(200);
    expect(analytics.text).toContain('id="conversion">0%');
  });

  it("moves a person of several merchants between them, with the role of each, and never into one they are not in", async () => {
    const a = await svc.newMerchant('Agência Alfa Ltda');
    const b = await svc.newMerchant('Cliente Beta Ltda');
    const stranger = await svc.newMerchant('Estranha Gama Ltda');
    const p = await personOf(svc.db, a.merchantId, 'owner');
    await svc.db.query(`INSERT INTO dashboard_members (user_id, merchant_id, role, created_at) VALUES ($1, $2, 'read-only', now())`, [p.id, b.merchantId]);
    const c = dashboardClient(svc.url);
    expect((await c.signIn(p.email, p.password)).status).toBe(303);
    const list = await c.get('/dashboard/merchants');
    expect(list.text).toContain(`value="${b.merchantId}"`);
    expect(list.text).not.toContain(stranger.merchantId);
    const csrf = field(list.text, 'csrf');
    expect((await c.post('/dashboard/merchants/switch', { csrf, merchant: stranger.merchantId })).status).toBe(404);
    expect((await c.get('/dashboard')).text).toContain('Agência Alfa Ltda</a>');
    expect((await c.post('/dashboard/merchants/switch', { csrf, merchant: b.merchantId })).status).toBe(303);
    const home = await c.get('/dashboard');
    expect(home.text).toContain('Cliente Beta Ltda</a>');
    expect(home.text).toContain(' · read-only');
    const keys = await c.get('/dashboard/developers/keys');
    expect(keys.text).not.toContain('Criar chave');
    const audit = await svc.db.query<{ merchant_id: string }>(`SELECT merchant_id FROM audit_events WHERE action = 'merchant.switch' AND actor_id = $1 ORDER BY merchant_id`, [p.id]);
    expect(audit.rows.map((r) => r.merchant_id).sort()).toEqual([a.merchantId, b.merchantId].sort());
  });
});
