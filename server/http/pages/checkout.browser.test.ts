/**
 * The hosted checkout page driven in headless Chromium as a payer drives it: open a payment link, pay by PIX (the
 * bank pays through the sandbox and the page turns to paid by itself), by card (approved; declined, then retried in
 * the same session), by billet; an expired link; a phone. Every step is screenshotted into test-artifacts/checkout/.
 * The page may reach the service only: any other request fails the test. At the end the session analytics and the
 * checkout events are checked against what these payers did.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../generated/schema';
import {
  browserSuiteRuns,
  BROWSER_TEST_MS,
  createLink,
  expectJson,
  launchChromium,
  requireChromium,
  shot,
  simulate,
  skipReason,
  startPagesService,
  transactionOfPage,
  visit,
  type PagesService,
} from '../../testing/browser';
import { card, chooseMethod, expectApproved, fillCard, fillPayer, imageLoaded, installmentOptions, pay, textOf, waitForStatus, MARIA } from '../../testing/checkout-page';
import { ENGINES } from '../../testing/harness';
import { TEST_CARDS } from '../../testing/payments';

type Analytics = components['schemas']['CheckoutSessionAnalytics'];
type Method = 'pix' | 'credit' | 'billet';

/** What the payers of this file did, tallied as they do it: what the analytics must answer at the end. */
class Tally {
  started = 0;
  completed = 0;
  readonly byMethod: Record<Method, { sessions: number; approved: number; amount: number }> = {
    pix: { sessions: 0, approved: 0, amount: 0 },
    credit: { sessions: 0, approved: 0, amount: 0 },
    billet: { sessions: 0, approved: 0, amount: 0 },
  };
  session(method: Method, approvedAmount: number | null): void {
    this.started += 1;
    this.byMethod[method].sessions += 1;
    if (approvedAmount === null) return;
    this.completed += 1;
    this.byMethod[method].approved += 1;
    this.byMethod[method].amount += approvedAmount;
  }
}

describe.skipIf(!browserSuiteRuns).each(ENGINES)(`the checkout page in headless Chromium, on $name${skipReason}`, (engine) => {
  let service: PagesService;
  let browser: Browser;
  let origin = '';
  const tally = new Tally();
  const step = (name: string) => `${engine.name}-${name}`;

  beforeAll(async () => {
    requireChromium();
    service = await startPagesService(engine);
    origin = new URL(service.url).origin;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it('PIX: the page shows the QR code and the copy-and-paste code, and turns to paid by itself when the bank pays', async () => {
    const link = await createLink(service, { name: 'Camiseta Acme', amount: 15980, methods: ['pix', 'credit', 'billet'], maxInstallments: 3 });
    expect(link.accessFullUrl).toBe(`${service.url}/c/${link.accessId}`);
    const v = await visit(browser, origin);
    const { page } = v;
    const opened = await page.goto(link.accessFullUrl);
    expect(opened?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Camiseta Acme' }).waitFor();
    const text = await textOf(page);
    expect(text).toContain(service.merchantName);
    expect(text).toContain('Total');
    expect(text).toContain('R$ 159,80');
    expect(text).toContain('Ambiente de testes');
    await shot(page, step('pix-1-checkout'));

    await chooseMethod(page, 'PIX');
    await fillPayer(page);
    await shot(page, step('pix-2-filled'));
    expect(await pay(page)).toBe(200);
    expect(new URL(page.url()).pathname).toMatch(/^\/pay\/[^/]+$/);
    await waitForStatus(page, 'Aguardando pagamento');
    const qr = page.getByRole('img', { name: 'QR code PIX' });
    expect(new URL((await qr.getAttribute('src')) ?? '', page.url()).pathname).toBe(`${new URL(page.url()).pathname}/qr.png`);
    expect(await imageLoaded(qr)).toBe(true);
    const code = page.getByLabel('PIX copia e cola');
    const transaction = await transactionOfPage(service, page.url());
    expect(await code.inputValue()).toBe(transaction.payment.pixQrCodeEmv);
    expect(await code.getAttribute('readonly')).not.toBeNull();
    await page.getByRole('button', { name: 'Copiar código' }).waitFor();
    expect(transaction).toMatchObject({ amount: 15980, status: 'pending', paymentLinkId: link.id });
    expect(transaction.checkoutSessionId).toMatch(/^chs_/);
    await shot(page, step('pix-3-qr-code'));

    // The payer's bank pays; the test does not touch the page: its event stream turns it to paid.
    const invoice = new URL(page.url()).pathname;
    expect(v.requested).toContain(`${invoice}/events`);
    await simulate(service, transaction.id, 'pay');
    await expectApproved(page);
    await shot(page, step('pix-4-paid'));
    await v.assertClean();
    tally.session('pix', 15980);
  });

  it('card: an approving test card, in installments, is approved (the return to successUrl: checkout-form.browser.test.ts)', async () => {
    const link = await createLink(service, { name: 'Assinatura anual', amount: 15980, methods: ['credit'], maxInstallments: 3 });
    const v = await visit(browser, origin);
    const { page } = v;
    await page.goto(link.accessFullUrl);
    await page.getByRole('heading', { level: 1, name: 'Assinatura anual' }).waitFor();
    // A reload in the same browser is the same visit: the analytics below count one session for this test.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Assinatura anual' }).waitFor();
    // Only the link's methods are offered.
    expect(await page.getByRole('radio', { name: 'PIX', exact: true }).count()).toBe(0);
    expect(await page.getByRole('radio', { name: 'Boleto', exact: true }).count()).toBe(0);
    await fillPayer(page);
    await fillCard(page, card('4111 1111 1111 1111'), 3);
    const options = await installmentOptions(page);
    expect(options).toHaveLength(3); // 1 to the link's maxInstallments
    // As the engine splits them (the remainder on the first installment): the parts add up to R$ 159,80.
    ['1x de R$ 159,80', '2x de R$ 79,90', '3x de R$ 53,26 (1ª de R$ 53,28)'].forEach((shown, i) => expect(options[i]!.slice(0, shown.length)).toBe(shown));
    await shot(page, step('card-1-filled'));
    await pay(page);
    await expectApproved(page);
    await shot(page, step('card-2-approved'));
    const transaction = await transactionOfPage(service, page.url());
    expect(transaction).toMatchObject({ amount: 15980, method: 'credit', status: 'approved', paymentLinkId: link.id });
    expect(transaction.payment).toMatchObject({ installments: 3, cardLastDigits: '1111' });
    await v.assertClean();
    tally.session('credit', 15980);
  });

  it('card: a declining test card says so clearly; "Tentar novamente" leads back and an approving card pays, in the same session', async () => {
    const link = await createLink(service, { name: 'Caneca Acme', amount: 4990, methods: ['pix', 'credit'] });
    const v = await visit(browser, origin);
    const { page } = v;
    await page.goto(link.accessFullUrl);
    await fillPayer(page);
    await fillCard(page, card(TEST_CARDS.declined));
    await pay(page);
    await waitForStatus(page, 'Pagamento recusado');
    // The reason, in the payer's words (the issuer's refusal of the sandbox's declining card).
    expect(await textOf(page)).toContain('O emissor do cartão recusou o pagamento.');
    const declined = await transactionOfPage(service, page.url());
    expect(declined.status).toBe('failed');
    await shot(page, step('decline-1-refused'));

    const retry = page.getByRole('link', { name: 'Tentar novamente' });
    expect(new URL((await retry.getAttribute('href')) ?? '', page.url()).pathname).toBe(`/c/${link.accessId}`);
    await Promise.all([page.waitForNavigation(), retry.click()]);
    await page.getByRole('heading', { level: 1, name: 'Caneca Acme' }).waitFor();
    await shot(page, step('decline-2-retry'));
    await fillPayer(page);
    await fillCard(page, card(TEST_CARDS.mastercard));
    await pay(page);
    await expectApproved(page);
    await shot(page, step('decline-3-approved'));
    const approved = await transactionOfPage(service, page.url());
    expect(approved.id).not.toBe(declined.id);
    expect(approved.checkoutSessionId).toBe(declined.checkoutSessionId); // one visit, one session
    expect(approved.status).toBe('approved');
    await v.assertClean();
    tally.session('credit', 4990);
  });

  it('billet: the digitable line, and "Abrir boleto" opens the printable billet with its barcode', async () => {
    const link = await createLink(service, { name: 'Curso online', amount: 25000, methods: ['billet'] });
    const v = await visit(browser, origin);
    const { page } = v;
    await page.goto(link.accessFullUrl);
    await fillPayer(page);
    await chooseMethod(page, 'Boleto');
    await pay(page);
    await page.getByText('Linha digitável').first().waitFor({ timeout: 20_000 });
    const transaction = await transactionOfPage(service, page.url());
    const line = transaction.payment.billetSequence;
    expect(line).toMatch(/^\d{47}$/);
    expect((await textOf(page)).replace(/\D/g, '')).toContain(line);
    await shot(page, step('billet-1-invoice'));

    const open = page.getByRole('link', { name: 'Abrir boleto' });
    const href = new URL((await open.getAttribute('href')) ?? '', page.url());
    expect(href.pathname).toBe(`${new URL(page.url()).pathname}/billet`);
    await page.goto(href.href);
    const barcode = page.getByRole('img', { name: 'Código de barras do boleto' });
    await barcode.waitFor();
    expect(await imageLoaded(barcode)).toBe(true);
    const printable = await textOf(page);
    expect(printable.replace(/\D/g, '')).toContain(line);
    expect(printable).toContain('R$ 250,00');
    expect(printable).toContain(service.merchantName);
    expect(printable).toContain(MARIA.name);
    await page.getByRole('button', { name: 'Imprimir' }).waitFor();
    await shot(page, step('billet-2-printable'));
    await v.assertClean();
    tally.session('billet', null);
  });

  it('an expired link is a clear 410 page, and opens no session', async () => {
    const link = await createLink(service, { name: 'Promoção relâmpago', amount: 1000, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    // The API refuses an expiry in the past; the hour passes here instead of in the test's time.
    await service.db.query(`UPDATE payment_links SET expires_at = now() - interval '1 minute' WHERE id = $1`, [link.id]);
    const v = await visit(browser, origin);
    const { page } = v;
    const res = await page.goto(link.accessFullUrl);
    expect(res?.status()).toBe(410);
    await page.getByRole('heading', { level: 1, name: 'Este link de pagamento expirou' }).waitFor();
    expect(await page.getByRole('button', { name: /^Pagar/ }).count()).toBe(0);
    await shot(page, step('expired'));
    await v.assertClean();
  });

  it('on a phone (360x640) the form fits without sideways scrolling, and pays by PIX', async () => {
    const link = await createLink(service, { name: 'Ingresso show', amount: 8000, methods: ['pix', 'credit', 'billet'], maxInstallments: 12 });
    const v = await visit(browser, origin, { viewport: { width: 360, height: 640 }, mobile: true });
    const { page } = v;
    await page.goto(link.accessFullUrl);
    await page.getByRole('heading', { level: 1, name: 'Ingresso show' }).waitFor();
    const fits = () => page.evaluate<{ inner: number; scroll: number }>('({ inner: window.innerWidth, scroll: document.documentElement.scrollWidth })');
    // innerWidth 360 also proves the viewport meta: without it a mobile browser lays the page out 980 px wide.
    expect(await fits()).toEqual({ inner: 360, scroll: 360 });
    await shot(page, step('phone-1-checkout'));
    await chooseMethod(page, 'Cartão de crédito');
    await page.getByLabel('Número do cartão').waitFor();
    expect((await fits()).scroll).toBe(360); // the longest form, card fields shown
    await shot(page, step('phone-2-card-fields'));
    await chooseMethod(page, 'PIX');
    await fillPayer(page, { ...MARIA, document: '52998224725' });
    await pay(page);
    await waitForStatus(page, 'Aguardando pagamento');
    expect((await fits()).scroll).toBe(360);
    await shot(page, step('phone-3-qr-code'));
    await simulate(service, (await transactionOfPage(service, page.url())).id, 'pay');
    await expectApproved(page);
    await shot(page, step('phone-4-paid'));
    await v.assertClean();
    tally.session('pix', 8000);
  });

  it('the session analytics and the checkout events count exactly what the payers above did', async () => {
    const a = await expectJson<Analytics>(await service.call('/v1/checkouts/sessions/analytics'), 200);
    expect(tally.started).toBe(5); // every flow above ran: the tally is the whole file's
    expect(a.sessions).toEqual({ started: tally.started, completed: tally.completed, abandoned: 0 });
    expect(a.conversionRate).toBe(Math.round((tally.completed / tally.started) * 10_000) / 10_000);
    const approved = Object.values(tally.byMethod).reduce((sum, m) => sum + m.amount, 0);
    expect(a.amounts).toEqual({ approvedAmount: approved, currency: 'BRL' });
    expect(a.byMethod).toEqual((['pix', 'credit', 'billet'] as const).map((method) => ({ method, ...tally.byMethod[method] })));
    const today = new Date().toISOString().slice(0, 10);
    expect(a.byDay.find((d) => d.date === today)).toEqual({ date: today, sessions: tally.started, completed: tally.completed });

    const events = await expectJson<{ total: number }>(await service.call('/v1/webhooks/events?type=checkout.completed&limit=1'), 200);
    expect(events.total).toBe(tally.completed);
  });
}, BROWSER_TEST_MS);
