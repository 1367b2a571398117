/**
 * The dashboard in headless Chromium, as a merchant's team uses it: a wrong password refused, then signed in; a
 * charge made through the API seen in the list; refunded in part from its page, and the refund, its ledger entry and
 * its webhook event there; an API key created, shown once, and rolled, the old one then refused by the API; a person
 * invited by e-mail (read from a mail server on loopback) joining from the link and signed in; a payment link made,
 * its address copied, and paid by a payer in a second page; a webhook registered, its failed delivery seen and
 * redelivered to the mended receiver; a read-only person
 * shown no refund. Every page is checked by axe-core (no serious or
 * critical violation), loads nothing from outside the service, breaks no Content-Security-Policy rule, and is kept
 * as a screenshot in `test-artifacts/dashboard/`. The HTTP suite runs every rule on both engines; this one walks the
 * pages once, on the embedded database.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesOfTransaction } from '../../domain/ledger/entries';
import {
  browserSuiteRuns,
  BROWSER_TEST_MS,
  expectJson,
  launchChromium,
  requireChromium,
  simulate,
  skipReason,
  startPagesService,
  visit,
  type PagesService,
  type Transaction,
} from '../../testing/browser';
import { card, expectApproved, fillCard, fillPayer, imageLoaded, pay } from '../../testing/checkout-page';
import { personOf } from '../../testing/dashboard';
import { subscriptionBody } from '../../testing/subscriptions';
import { fund, walletBody } from '../../testing/withdrawals';
import { ENGINES } from '../../testing/harness';
import { startReceiver, type Receiver } from '../../testing/receiver';
import { startSmtp, type TestSmtp } from '../../testing/smtp';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const ARTIFACTS = resolve(import.meta.dirname, '../../../test-artifacts/dashboard');

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: resolve(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** axe-core's serious and critical findings on the page as it stands (evaluated as a tool, not as a page script). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(`${AXE}\n;undefined`);
  const found = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(o: unknown): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'] } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.targets.join(', ')}`);
}

async function checked(page: Page, name: string): Promise<void> {
  await shot(page, name);
  expect(await axeViolations(page), `axe-core on ${name}`).toEqual([]);
}

describe.skipIf(!browserSuiteRuns).each(ENGINES.slice(0, 1))(`the dashboard in a browser, on $name${skipReason}`, (engine) => {
  let service: PagesService;
  let browser: Browser;
  let smtp: TestSmtp;
  let receiver: Receiver;

  beforeAll(async () => {
    requireChromium();
    smtp = await startSmtp();
    receiver = await startReceiver();
    service = await startPagesService(engine, { SMTP_URL: smtp.url });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
    await smtp?.close();
    await receiver?.close();
  });

  async function paidPix(amount: number): Promise<string> {
    const res = await service.call('/v1/transactions', {
      method: 'POST',
      json: { amount, customer: { firstName: 'Beatriz', lastName: 'Lima', email: 'beatriz@example.com' }, payment: { method: 'pix' } },
    });
    const { id } = await expectJson<{ id: string }>(res, 201);
    await expect
      .poll(async () => {
        const t = await expectJson<Transaction>(await service.call(`/v1/transactions/${id}`), 200);
        return Boolean(t.payment && 'pixQrCodeEmv' in t.payment && t.payment.pixQrCodeEmv);
      }, { timeout: 30_000, interval: 100 })
      .toBe(true);
    await simulate(service, id, 'pay');
    return id;
  }

  async function signIn(page: Page, email: string, password: string): Promise<void> {
    await page.goto(`${service.url}/dashboard`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha').fill(password);
    await page.getByRole('button', { name: 'Entrar' }).click();
  }

  it('signs in, shows a charge made through the API, and refunds it in part from its page', async () => {
    const owner = await personOf(service.db, service.merchant.merchantId, 'owner');
    const id = await paidPix(15_000);
    const v = await visit(browser, new URL(service.url).origin);
    const { page } = v;

    await signIn(page, owner.email, 'not my password');
    await page.getByRole('alert').filter({ hasText: 'E-mail ou senha incorretos.' }).waitFor();
    await checked(page, 'sign-in-refused');
    await page.getByLabel('Senha').fill(owner.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { level: 1, name: 'Início' }).waitFor();
    expect(await page.locator('#available').textContent()).toMatch(/^R\$ /);
    await checked(page, 'home');

    await page.getByRole('link', { name: 'Pagamentos' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pagamentos' }).waitFor();
    await checked(page, 'payments');
    await page.getByRole('link', { name: id }).click();
    await page.getByRole('heading', { level: 1, name: `Pagamento ${id}` }).waitFor();
    expect(await page.locator('#status').getAttribute('data-status')).toBe('approved');
    expect(await page.locator('#status').textContent()).toBe('aprovado');
    await checked(page, 'payment');

    await page.getByLabel('Valor do reembolso (R$)').fill('45,50');
    await page.getByLabel('Confirmo o reembolso deste valor ao cliente.').check();
    await page.getByRole('button', { name: 'Reembolsar' }).click();
    await page.getByRole('status').filter({ hasText: 'Reembolso de R$ 45,50 solicitado.' }).waitFor();
    expect(await page.locator('#refunds tbody tr').count()).toBe(1);
    expect(await page.locator('#refunds tbody').textContent()).toContain('R$ 45,50');
    await checked(page, 'payment-refunded');

    const t = await expectJson<Transaction>(await service.call(`/v1/transactions/${id}`), 200);
    expect((t.refunds ?? []).map((r) => r.amount)).toEqual([4550]);
    expect((await entriesOfTransaction(service.db, id)).filter((e) => e.type === 'refund').map((e) => e.amount)).toEqual([-4550]);
    const events = await expectJson<{ data: { type: string; data: { id?: string } }[] }>(await service.call('/v1/webhooks/events?type=transaction.partially-refunded'), 200);
    expect(events.data.length).toBeGreaterThanOrEqual(1);

    await page.getByRole('link', { name: 'Atividade' }).click();
    await page.locator('#audit').getByText('createTransactionRefund').waitFor();
    await checked(page, 'activity');

    // The same pages in English, and on a phone's width.
    await page.goto(`${service.url}/dashboard/payments/${id}?lang=en`);
    await page.getByRole('heading', { level: 1, name: `Payment ${id}` }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await checked(page, 'payment-en-phone');
    await v.assertClean();
  }, BROWSER_TEST_MS);

  it('creates an API key shown once, rolls it with no grace, and the API refuses the old one', async () => {
    const owner = await personOf(service.db, service.merchant.merchantId, 'owner');
    const v = await visit(browser, new URL(service.url).origin);
    const { page } = v;
    await signIn(page, owner.email, owner.password);
    await page.getByRole('heading', { level: 1, name: 'Início' }).waitFor();
    await page.getByRole('link', { name: 'Desenvolvedores' }).click();
    await page.getByRole('heading', { level: 1, name: 'Chaves de API' }).waitFor();
    await page.getByLabel('Papel').selectOption('developer');
    await page.getByRole('button', { name: 'Criar chave' }).click();
    const first = (await page.locator('#new-key').textContent())!;
    expect(first).toMatch(/^sk_test_/);
    await checked(page, 'keys-created');
    const id = (await service.db.query<{ id: string }>('SELECT id FROM api_keys WHERE display_last4 = $1', [first.slice(-4)])).rows[0]!.id;
    expect((await service.call('/v1/wallets', { key: first })).status).toBe(200);

    const row = page.locator(`tr[data-key="${id}"]`);
    await row.getByLabel('A chave antiga funciona por').selectOption('0');
    await row.getByRole('button', { name: `Trocar ${id}` }).click();
    const second = (await page.locator('#new-key').textContent())!;
    expect(second).not.toBe(first);
    expect((await service.call('/v1/wallets', { key: first })).status).toBe(401);
    expect((await service.call('/v1/wallets', { key: second })).status).toBe(200);
    await page.goto(`${service.url}/dashboard/developers/keys`);
    expect(await page.content()).not.toContain(second);
    await checked(page, 'keys');
    await v.assertClean();
  }, BROWSER_TEST_MS);

  it('invites a person by e-mail, who opens the link in their own browser, joins and is signed in', async () => {
    const owner = await personOf(service.db, service.merchant.merchantId, 'owner');
    const v = await visit(browser, new URL(service.url).origin);
    await signIn(v.page, owner.email, owner.password);
    await v.page.getByRole('heading', { level: 1, name: 'Início' }).waitFor();
    await v.page.getByRole('link', { name: 'Configurações' }).click();
    await v.page.getByRole('heading', { level: 1, name: 'Equipe' }).waitFor();
    await v.page.getByLabel('E-mail', { exact: true }).fill('carla@example.com');
    await v.page.getByLabel('Papel', { exact: true }).selectOption('finance');
    await v.page.getByRole('button', { name: 'Convidar' }).click();
    await v.page.getByRole('status').filter({ hasText: 'Convite enviado para carla@example.com.' }).waitFor();
    await checked(v.page, 'team');
    await v.assertClean();

    const mail = smtp.mails.find((m) => m.to.includes('carla@example.com'))!;
    const link = /(http:\/\/\S+\/dashboard\/invitations\/[A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const carla = await visit(browser, new URL(service.url).origin);
    await carla.page.goto(link);
    await carla.page.getByRole('heading', { level: 1 }).filter({ hasText: 'Convite para o painel' }).waitFor();
    await checked(carla.page, 'invitation');
    await carla.page.getByLabel('Nome').fill('Carla Dias');
    await carla.page.getByLabel('Crie uma senha (ao menos 10 caracteres)').fill('minha senha secreta');
    await carla.page.getByRole('button', { name: 'Aceitar o convite' }).click();
    await carla.page.getByRole('heading', { level: 1, name: 'Início' }).waitFor();
    expect(await carla.page.locator('.who').textContent()).toContain('carla@example.com · finance');
    await carla.assertClean();
  }, BROWSER_TEST_MS);

  it('creates a payment link, copies its address, and a payer pays it in a second page', async () => {
    const owner = await personOf(service.db, service.merchant.merchantId, 'owner');
    const origin = new URL(service.url).origin;
    const v = await visit(browser, origin);
    const { page } = v;
    await v.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await signIn(page, owner.email, owner.password);
    await page.getByRole('heading', { level: 1, name: 'Início' }).waitFor();
    await page.getByRole('link', { name: 'Links de pagamento' }).click();
    await page.getByRole('heading', { level: 1, name: 'Links de pagamento' }).waitFor();
    await page.getByLabel('Nome (o que o cliente vê)').fill('Aula de violão');
    await page.getByLabel('Valor (R$)').fill('80,00');
    await page.getByLabel('Boleto').uncheck();
    await page.getByLabel('Parcelas no cartão, até').selectOption('2');
    await checked(page, 'links');
    await page.getByRole('button', { name: 'Criar link' }).click();
    await page.getByRole('status').filter({ hasText: 'Link criado.' }).waitFor();
    const url = await page.getByLabel('Endereço do link').inputValue();
    expect(url).toMatch(/\/c\/acc_\w+$/);
    expect(await imageLoaded(page.getByRole('img', { name: 'QR code do link de pagamento' }))).toBe(true);
    await page.getByRole('button', { name: 'Copiar endereço' }).click();
    await page.getByRole('button', { name: 'Copiado' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(url);
    await checked(page, 'link');

    const payer = await visit(browser, origin);
    await payer.page.goto(url);
    await payer.page.getByRole('heading', { level: 1, name: 'Aula de violão' }).waitFor();
    await fillPayer(payer.page);
    await fillCard(payer.page, card('4111 1111 1111 1111'), 1);
    await pay(payer.page);
    await expectApproved(payer.page);
    await payer.assertClean();

    await page.reload();
    await expect.poll(async () => {
      await page.reload();
      return page.locator('#paid-count').textContent();
    }, { timeout: 20_000 }).toBe('1');
    await page.getByRole('link', { name: 'Ver os pagamentos deste link' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pagamentos' }).waitFor();
    const rows = page.locator('table tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('R$ 80,00');
    await v.assertClean();
  }, BROWSER_TEST_MS);

  it('registers a webhook, sees a delivery fail, and redelivers it to the mended receiver', async () => {
    const owner = await personOf(service.db, service.merchant.merchantId, 'owner');
    receiver.answer({ status: 503 });
    const v = await visit(browser, new URL(service.url).origin);
    const { page } = v;
    await signIn(page, owner.email, owner.password);
    await page.getByRole('heading', { level: 1, name: 'Início' }).waitFor();
    await page.getByRole('link', { name: 'Desenvolvedores' }).click();
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByLabel('Nome').fill('Pedidos');
    await page.getByLabel('Endereço (URL)').fill(receiver.url);
    await page.getByLabel('transaction.approved').check();
    await page.getByRole('button', { name: 'Cadastrar webhook' }).click();
    await page.getByRole('status').filter({ hasText: 'Webhook cadastrado.' }).waitFor();
    expect(await page.locator('#endpoint-secret').textContent()).toMatch(/^whsec_/);
    await checked(page, 'webhook-created');

    await paidPix(3_000);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    const eventId = JSON.parse(receiver.received[0]!.body).id as string;
    await expect.poll(async () => {
      await page.reload();
      return page.locator('#deliveries').count();
    }, { timeout: 20_000 }).toBe(1);
    await checked(page, 'webhook');
    await page.getByRole('link', { name: eventId }).first().click();
    await page.getByRole('heading', { level: 1, name: `Evento ${eventId}` }).waitFor();
    expect(await page.locator('.http-status').first().textContent()).toBe('503');
    await checked(page, 'webhook-event-failed');

    receiver.answer({ status: 200, body: '{"ok":true}' });
    const before = receiver.received.length;
    await page.getByRole('button', { name: 'Reenviar para Pedidos' }).first().click();
    await page.getByRole('status').filter({ hasText: 'Evento reenviado.' }).waitFor();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(before);
    expect(JSON.parse(receiver.received.at(-1)!.body)).toMatchObject({ id: eventId, source: 'manual' });
    await expect.poll(async () => {
      await page.reload();
      return page.locator('section.dispatch[data-status="succeeded"]').count();
    }, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    await checked(page, 'webhook-event-redelivered');

    await page.getByRole('link', { name: 'Requisições' }).click();
    await page.getByRole('heading', { level: 1, name: 'Requisições' }).waitFor();
    await checked(page, 'requests');
    await v.assertClean();
  }, BROWSER_TEST_MS);

  it('draws the charts under the CSP, and every other page passes axe-core, each kept as a screenshot', async () => {
    const owner = await personOf(service.db, service.merchant.merchantId, 'owner');
    const customer = await expectJson<{ id: string }>(await service.call('/v1/customers', { method: 'POST', json: { firstName: 'Helena', lastName: 'Costa', email: 'helena@example.com' } }), 201);
    const sub = await expectJson<{ id: string }>(await service.call('/v1/subscriptions', { method: 'POST', json: subscriptionBody({ customerId: customer.id, customer: undefined }) }), 201);
    await expectJson(await service.call('/v1/wallets', { method: 'POST', json: walletBody() }), 201);
    await fund(service.db, service.merchant.merchantId, 80_000);
    const v = await visit(browser, new URL(service.url).origin);
    const { page } = v;
    await signIn(page, owner.email, owner.password);
    await page.getByRole('heading', { level: 1, name: 'Início' }).waitFor();
    // uPlot drew both charts (a canvas each): its script and the glue ran under the pages' CSP.
    await page.locator('#chart-volume canvas').waitFor();
    await page.locator('#chart-approval canvas').waitFor();
    await checked(page, 'home-charts');
    const pages: [string, string, string][] = [
      ['/dashboard/customers', 'Clientes', 'customers'],
      [`/dashboard/customers/${customer.id}`, 'Cliente: Helena Costa', 'customer'],
      ['/dashboard/subscriptions', 'Assinaturas', 'subscriptions'],
      [`/dashboard/subscriptions/${sub.id}`, `Assinatura ${sub.id}`, 'subscription'],
      ['/dashboard/balance', 'Saldo e saques', 'balance'],
      ['/dashboard/settings/security', 'Segurança', 'security'],
      ['/dashboard/settings/notifications', 'Notificações', 'notifications'],
      ['/dashboard/merchants', 'Suas contas', 'merchants'],
      ['/dashboard/developers/webhooks', 'Webhooks', 'webhooks'],
      ['/dashboard/developers/requests', 'Requisições', 'requests-all'],
    ];
    for (const [path, heading, name] of pages) {
      await page.goto(`${service.url}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await checked(page, name);
    }
    await page.goto(`${service.url}/dashboard/links/analytics`);
    await page.locator('#chart-sessions canvas').waitFor();
    await checked(page, 'checkout-analytics');
    await page.goto(`${service.url}/dashboard/settings/security`);
    await page.getByRole('button', { name: 'Ativar a verificação em duas etapas' }).click();
    expect(await imageLoaded(page.getByRole('img', { name: 'QR code para o aplicativo autenticador' }))).toBe(true);
    await checked(page, 'security-set-up');
    await page.goto(`${service.url}/dashboard/password/forgot`);
    await checked(page, 'forgot-password');
    await v.assertClean();
  }, BROWSER_TEST_MS);

  it('throttles wrong passwords: past five, even the right one is refused for a while', async () => {
    const someone = await personOf(service.db, service.merchant.merchantId, 'read-only');
    const v = await visit(browser, new URL(service.url).origin);
    for (let i = 0; i < 5; i++) {
      await signIn(v.page, someone.email, `wrong ${i}`);
      await v.page.getByRole('alert').filter({ hasText: 'E-mail ou senha incorretos.' }).waitFor();
    }
    await signIn(v.page, someone.email, someone.password);
    await v.page.getByRole('alert').filter({ hasText: /^Muitas tentativas/ }).waitFor();
    await checked(v.page, 'sign-in-throttled');
    await v.assertClean();
  }, BROWSER_TEST_MS);

  it('shows a read-only person the payment without a refund form', async () => {
    const reader = await personOf(service.db, service.merchant.merchantId, 'read-only');
    const id = await paidPix(2_000);
    const v = await visit(browser, new URL(service.url).origin);
    await signIn(v.page, reader.email, reader.password);
    await v.page.getByRole('heading', { level: 1, name: 'Início' }).waitFor();
    await v.page.goto(`${service.url}/dashboard/payments/${id}`);
    await v.page.getByRole('heading', { level: 1, name: `Pagamento ${id}` }).waitFor();
    expect(await v.page.getByRole('button', { name: 'Reembolsar' }).count()).toBe(0);
    await checked(v.page, 'payment-read-only');
    await v.assertClean();
  }, BROWSER_TEST_MS);
});
