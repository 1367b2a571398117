/**
 * Security of the checkout page, seen from outside: a card typed into the page reaches the vault and nothing else
 * (no table, no log line, not even the page answering a refusal); the payment form is refused without the token
 * of its own session (CSRF); a merchant's key cannot see another merchant's link.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserSuiteRuns,
  BROWSER_TEST_MS,
  createLink,
  everyRow,
  expectJson,
  launchChromium,
  requireChromium,
  shot,
  skipReason,
  startPagesService,
  transactionOfPage,
  visit,
  type PagesService,
} from '../../testing/browser';
import { card, expectApproved, fillCard, fillPayer, chooseMethod, pay, MARIA } from '../../testing/checkout-page';
import { ENGINES } from '../../testing/harness';

/** Luhn-valid, of no sandbox scenario, unlikely to appear by chance; and one digit off it (Luhn-invalid). */
const NUMBER = '4929395804151466';
const TYPO = '4929395804151467';
const spaced = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');
const CVV = '731';

describe.skipIf(!browserSuiteRuns).each(ENGINES)(`checkout page security, on $name${skipReason}`, (engine) => {
  let service: PagesService;
  let browser: Browser;
  let origin = '';
  const step = (name: string) => `${engine.name}-security-${name}`;

  beforeAll(async () => {
    requireChromium();
    // The most verbose level: whatever any part logs, the card must not be in it.
    service = await startPagesService(engine, {}, 'trace');
    origin = new URL(service.url).origin;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it('a card typed into the page is in no table and no log line, and a refused form does not echo it back', async () => {
    const link = await createLink(service, { name: 'Fone de ouvido', amount: 19990, methods: ['credit'], maxInstallments: 2 });
    const v = await visit(browser, origin);
    const { page } = v;
    await page.goto(link.accessFullUrl);
    await fillPayer(page);
    await fillCard(page, card(spaced(TYPO), CVV));
    // A mistyped number is a refusal the payer can fix: the form again, the payer's fields kept, the card's emptied.
    expect(await pay(page)).toBe(422);
    await page.getByRole('alert').waitFor();
    expect(await page.getByLabel('Nome completo').inputValue()).toBe(MARIA.name);
    expect(await page.getByLabel('E-mail').inputValue()).toBe(MARIA.email);
    expect(await page.getByLabel('Número do cartão').inputValue()).toBe('');
    expect(await page.getByLabel('Código de segurança (CVV)').inputValue()).toBe('');
    const html = await page.content();
    for (const n of [TYPO, spaced(TYPO)]) expect(html).not.toContain(n);
    expect(html).not.toMatch(new RegExp(`value="${CVV}"`));
    await shot(page, step('1-invalid-card'));

    await fillCard(page, card(spaced(NUMBER), CVV), 2);
    await pay(page);
    await expectApproved(page);
    const transaction = await transactionOfPage(service, page.url());
    expect(transaction.payment).toMatchObject({ cardFirstDigits: '492939', cardLastDigits: '1466' });
    await v.assertClean();

    const stored = await everyRow(service.db);
    const logged = service.logs.join('');
    expect(stored).toContain(link.id); // the dump holds this test's rows
    // The log has its requests, the access id cut to its first characters (a bearer secret of the page).
    expect(service.logs.some((l) => l.includes(`/c/${link.accessId.slice(0, 8)}…/pay`))).toBe(true);
    expect(logged).not.toContain(link.accessId);
    for (const n of [NUMBER, spaced(NUMBER), TYPO, spaced(TYPO), encodeURIComponent(spaced(NUMBER)), spaced(NUMBER).replaceAll(' ', '+')]) {
      expect(stored).not.toContain(n);
      expect(logged).not.toContain(n);
    }
    // A CVV is three digits that random ids can hold: leaked, it would be a value of its own (JSON or form-encoded).
    for (const text of [stored, logged]) {
      expect(text).not.toMatch(new RegExp(`"${CVV}"|=${CVV}(&|$|")`));
      expect(text).not.toMatch(/"cvv"\s*:\s*"?\d/i);
    }
  });

  /** Fills a PIX payment on a fresh visit of the link and returns its page, ready to press "Pagar". */
  async function readyToPay(accessUrl: string): Promise<{ page: Page; done: () => Promise<void> }> {
    const v = await visit(browser, origin);
    await v.page.goto(accessUrl);
    await chooseMethod(v.page, 'PIX');
    await fillPayer(v.page);
    return { page: v.page, done: () => v.assertClean() };
  }

  const csrfOf = (page: Page) => page.locator('input[name="csrf"]');

  it('the payment form is refused (403) without its CSRF token or with another session\'s, and starts nothing', async () => {
    const link = await createLink(service, { name: 'Livro', amount: 5900, methods: ['pix'] });
    const a = await readyToPay(link.accessFullUrl);
    const b = await readyToPay(link.accessFullUrl);
    const tokenA = await csrfOf(a.page).inputValue();
    const tokenB = await csrfOf(b.page).inputValue();
    expect(tokenA).not.toBe('');
    expect(tokenB).not.toBe(tokenA);

    // Another session's token in A's form: A's cookie with B's token.
    await csrfOf(a.page).evaluate((el, t) => el.setAttribute('value', t), tokenB);
    expect(await pay(a.page)).toBe(403);
    await a.page.getByText('Sessão expirada, recarregue a página').waitFor();
    await shot(a.page, step('2-csrf-other-session'));

    // No token at all.
    await b.page.locator('input[name="csrf"]').evaluate((el) => el.remove());
    expect(await pay(b.page)).toBe(403);
    await b.page.getByText('Sessão expirada, recarregue a página').waitFor();

    // A post from outside the page: neither cookie nor token.
    const forged = await fetch(`${link.accessFullUrl}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ method: 'pix', name: MARIA.name, email: MARIA.email, document: '52998224725' }),
      redirect: 'manual',
    });
    expect(forged.status).toBe(403);
    // A post with B's valid session cookie but no token, or another session's: refused too (as in checkout.test.ts).
    const [cookieB] = await b.page.context().cookies();
    for (const csrf of [null, tokenA]) {
      const fields: Record<string, string> = { method: 'pix', name: MARIA.name, email: MARIA.email, document: '52998224725', ...(csrf ? { csrf } : {}) };
      const res = await fetch(`${link.accessFullUrl}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${cookieB!.name}=${cookieB!.value}` },
        body: new URLSearchParams(fields),
        redirect: 'manual',
      });
      expect(res.status).toBe(403);
    }
    const count = await service.db.query<{ n: number }>('SELECT count(*)::int AS n FROM transactions WHERE payment_link_id = $1', [link.id]);
    expect(count.rows[0]?.n).toBe(0);

    // Reloaded, the page carries its own token again and the same payer pays.
    await a.page.goto(link.accessFullUrl);
    await chooseMethod(a.page, 'PIX');
    await fillPayer(a.page);
    expect(await pay(a.page)).toBe(200);
    expect(new URL(a.page.url()).pathname).toMatch(/^\/pay\//);
    await a.done();
    await b.done();
  });

  it("another merchant's link id is 404 paymentLinkNotFound through the API", async () => {
    const link = await createLink(service, { name: 'Só da Acme', amount: 1000 });
    const other = await service.newMerchant();
    const res = await service.call(`/v1/checkouts/payment-links/${link.id}`, { key: other.sandboxKey });
    const body = await expectJson<{ error: { code: string } }>(res, 404);
    expect(body.error.code).toBe('paymentLinkNotFound');
    expect((await service.call(`/v1/checkouts/payment-links/${link.id}`)).status).toBe(200);
  });
}, BROWSER_TEST_MS);
