/**
 * What the payer meets on the checkout form before paying, and where approval sends them: the amount on the pay
 * button (installments included, as the payer picks them), the card number grouped and its brand named as it is
 * typed (the brands the server itself detects), the two-column layout on a wide screen, and the return to the link's
 * `successUrl` with the session id once the payment is approved, by card, PIX or billet.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectBrand, type CardBrand } from '../../payments/card';
import { BRAND_RULES } from '../../payments/card-brands';
import {
  browserSuiteRuns,
  BROWSER_TEST_MS,
  createLink,
  launchChromium,
  requireChromium,
  shot,
  simulate,
  skipReason,
  startPagesService,
  transactionOfPage,
  visit,
  type PagesService,
  type Transaction,
  type Visit,
} from '../../testing/browser';
import { card, chooseMethod, fillCard, fillPayer, pay, waitForStatus, PAGE_WAIT_MS } from '../../testing/checkout-page';
import { ENGINES } from '../../testing/harness';

/** How the page names each brand the server detects. */
const BRAND_NAME: Record<CardBrand, string> = { visa: 'Visa', mastercard: 'Mastercard', elo: 'Elo', amex: 'American Express', hipercard: 'Hipercard' };

/** The pay button's accessible name once it reads `text` (white space made single spaces). */
async function payButtonSays(page: Page, text: string): Promise<void> {
  await expect
    .poll(async () => ((await page.getByRole('button', { name: /^Pagar/ }).textContent()) ?? '').replace(/\s+/g, ' ').trim(), { timeout: PAGE_WAIT_MS })
    .toBe(text);
}

/** The brand the page shows beside the card number ('' when none yet). */
async function shownBrand(page: Page): Promise<string> {
  return ((await page.getByRole('group', { name: 'Dados do cartão' }).getByRole('status', { includeHidden: true }).textContent()) ?? '').trim();
}

/** Caret position and value of the card number field. */
async function numberState(page: Page): Promise<{ value: string; caret: number | null }> {
  return page.getByLabel('Número do cartão').evaluate((el) => {
    const input = el as unknown as { value: string; selectionStart: number | null };
    return { value: input.value, caret: input.selectionStart };
  });
}

async function setCaret(page: Page, at: number): Promise<void> {
  await page.getByLabel('Número do cartão').evaluate((el, pos) => {
    (el as unknown as { setSelectionRange(a: number, b: number): void }).setSelectionRange(pos, pos);
  }, at);
}

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(page: Page, which: 'summary' | 'methods' | 'button'): Promise<Box> {
  const locator =
    which === 'summary'
      ? page.getByRole('region', { name: 'Resumo do pedido' })
      : which === 'methods'
        ? page.getByRole('group', { name: 'Forma de pagamento' })
        : page.getByRole('button', { name: /^Pagar/ });
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${which} is not laid out`);
  return box;
}

describe.skipIf(!browserSuiteRuns).each(ENGINES)(`the checkout form in headless Chromium, on $name${skipReason}`, (engine) => {
  let service: PagesService;
  let browser: Browser;
  let origin = '';
  const STORE = 'https://loja.example';
  const step = (name: string) => `${engine.name}-form-${name}`;

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

  it('the pay button shows the total, and the installments as the payer picks them, formatted from the cents', async () => {
    const link = await createLink(service, { name: 'Camiseta Acme', amount: 15980, methods: ['pix', 'credit'], maxInstallments: 3 });
    const v = await visit(browser, origin);
    const { page } = v;
    await page.goto(link.accessFullUrl);
    await page.getByRole('heading', { level: 1, name: 'Camiseta Acme' }).waitFor();
    await payButtonSays(page, 'Pagar R$ 159,80');
    await chooseMethod(page, 'Cartão de crédito');
    const parcels = page.getByLabel('Parcelas');
    await parcels.selectOption('3');
    // The engine's split (the remainder on the first installment), not a float division's R$ 53,27.
    await payButtonSays(page, 'Pagar R$ 159,80 em 3x de R$ 53,26 (1ª de R$ 53,28)');
    await shot(page, step('button-3x'));
    await parcels.selectOption('2');
    await payButtonSays(page, 'Pagar R$ 159,80 em 2x de R$ 79,90');
    await parcels.selectOption('1');
    await payButtonSays(page, 'Pagar R$ 159,80');
    // Installments are a card's: back on PIX the button says the total alone, whatever the select holds.
    await parcels.selectOption('3');
    await chooseMethod(page, 'PIX');
    await payButtonSays(page, 'Pagar R$ 159,80');

    // The largest amount a link sells but two cents, with thousands separators, in uneven installments.
    const big = await createLink(service, { name: 'Sofá', amount: 99_999_998, methods: ['credit'], maxInstallments: 3 });
    await page.goto(big.accessFullUrl);
    await page.getByRole('heading', { level: 1, name: 'Sofá' }).waitFor();
    await payButtonSays(page, 'Pagar R$ 999.999,98');
    await page.getByLabel('Parcelas').selectOption('3');
    await payButtonSays(page, 'Pagar R$ 999.999,98 em 3x de R$ 333.333,32 (1ª de R$ 333.333,34)');
    await v.assertClean();
  });

  it('the card number is grouped and its brand named as the payer types, pastes and edits in the middle, as the server detects it', async () => {
    const link = await createLink(service, { name: 'Caneca Acme', amount: 4990, methods: ['credit'] });
    const v = await visit(browser, origin);
    const { page } = v;
    await v.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await page.goto(link.accessFullUrl);
    const number = page.getByLabel('Número do cartão');
    await number.waitFor({ state: 'visible' });

    // Typed key by key: grouped 4-4-4-4, and the brand once the prefix tells it (a lone "4" may still be an Elo).
    await number.pressSequentially('4');
    expect(await shownBrand(page)).toBe('');
    await number.pressSequentially('111111111111111');
    expect(await numberState(page)).toEqual({ value: '4111 1111 1111 1111', caret: 19 });
    expect(await shownBrand(page)).toBe('Visa');
    await shot(page, step('card-visa'));

    // A digit typed in the middle keeps the caret after it, although the groups shift.
    await setCaret(page, 7); // "4111 11|11 1111 1111"
    await page.keyboard.type('9');
    expect(await numberState(page)).toEqual({ value: '4111 1191 1111 1111 1', caret: 8 });
    // Backspace just after a group's space deletes the digit before the space, not the space alone.
    await setCaret(page, 5); // "4111 |1191…"
    await page.keyboard.press('Backspace');
    expect(await numberState(page)).toEqual({ value: '4111 1911 1111 1111', caret: 3 });

    // Pasted with other separators: the digits, grouped.
    await number.fill('');
    await page.evaluate('navigator.clipboard.writeText("5555-5555.5555 4444")');
    await number.focus();
    await page.keyboard.press('ControlOrMeta+V');
    expect(await numberState(page)).toEqual({ value: '5555 5555 5555 4444', caret: 19 });
    expect(await shownBrand(page)).toBe('Mastercard');

    // Amex is grouped 4-6-5; every brand named is the one the server detects for that number.
    const samples: [string, string][] = [
      ['378282246310005', '3782 822463 10005'],
      ['5067000000000002', '5067 0000 0000 0002'],
      ['6062820000000003', '6062 8200 0000 0003'],
      ['2221000000000009', '2221 0000 0000 0009'],
      ['4011780000000005', '4011 7800 0000 0005'],
    ];
    for (const [digits, grouped] of samples) {
      await number.fill('');
      await number.pressSequentially(digits);
      expect((await numberState(page)).value).toBe(grouped);
      const brand = detectBrand(digits);
      expect(brand, digits).not.toBeNull();
      expect(await shownBrand(page), digits).toBe(BRAND_NAME[brand!]);
    }
    await shot(page, step('card-elo'));
    // A prefix of no brand names none.
    await number.fill('');
    await number.pressSequentially('9999');
    expect(await shownBrand(page)).toBe('');

    // The grouped number pays like any other.
    await fillPayer(page);
    await fillCard(page, card('4111111111111111'));
    expect((await numberState(page)).value).toBe('4111 1111 1111 1111');
    expect(await pay(page)).toBe(200);
    await waitForStatus(page, 'Pagamento aprovado');
    expect((await transactionOfPage(service, page.url())).payment).toMatchObject({ cardLastDigits: '1111', cardBrand: 'visa' });
    await v.assertClean();
  });

  it('names, for every edge of every prefix range of the server\'s brand table, the brand the server gives that number', async () => {
    const link = await createLink(service, { name: 'Tabela de bandeiras', amount: 4990, methods: ['credit'] });
    const v = await visit(browser, origin);
    const { page } = v;
    await page.goto(link.accessFullUrl);
    await page.getByLabel('Número do cartão').waitFor({ state: 'visible' });
    // Each range's ends and the prefixes just outside them, as whole numbers of a length every brand issues but Amex's.
    const prefixes = BRAND_RULES.flatMap((r) => r.ranges.flatMap(([lo, hi]) => [lo, hi, String(Number(lo) - 1), String(Number(hi) + 1)]));
    const numbers = [...new Set(prefixes)].map((p) => p.padEnd(p.startsWith('34') || p.startsWith('37') ? 15 : 16, '0'));
    expect(numbers.length).toBeGreaterThan(100);
    // Typed as one input event each (what a paste is), read back in one round trip.
    const shown = await page.getByLabel('Número do cartão').evaluate((el, list) => {
      const input = el as unknown as { value: string; dispatchEvent(e: unknown): void; parentNode: { querySelector(s: string): { textContent: string } } };
      const make = (globalThis as unknown as { InputEvent: new (t: string, o: object) => unknown }).InputEvent;
      return list.map((n) => {
        input.value = n;
        input.dispatchEvent(new make('input', { inputType: 'insertFromPaste', bubbles: true }));
        return input.parentNode.querySelector('.card-brand').textContent;
      });
    }, numbers);
    const expected = numbers.map((n) => {
      const brand = detectBrand(n);
      return brand ? BRAND_NAME[brand] : '';
    });
    expect(shown).toEqual(expected);
    await v.assertClean();
  });

  it('two columns on a wide screen (the summary beside the form), one on a narrow one', async () => {
    const link = await createLink(service, { name: 'Ingresso show', description: 'Pista, sábado às 21h.', amount: 8000, methods: ['pix', 'credit', 'billet'], maxInstallments: 3 });
    for (const width of [1280, 600]) {
      const v = await visit(browser, origin, { viewport: { width, height: 900 } });
      const { page } = v;
      await page.goto(link.accessFullUrl);
      await page.getByRole('heading', { level: 1, name: 'Ingresso show' }).waitFor();
      await chooseMethod(page, 'Cartão de crédito');
      await page.getByLabel('Número do cartão').waitFor();
      const [summary, methods, button] = [await boxOf(page, 'summary'), await boxOf(page, 'methods'), await boxOf(page, 'button')];
      if (width === 1280) {
        // Beside: the form's column starts right of the summary and above the summary's bottom.
        expect(methods.x).toBeGreaterThanOrEqual(summary.x + summary.width);
        expect(methods.y).toBeLessThan(summary.y + summary.height);
        expect(button.x).toBeGreaterThanOrEqual(summary.x + summary.width);
      } else {
        // Stacked: the form below the summary, in the same column.
        expect(methods.y).toBeGreaterThanOrEqual(summary.y + summary.height);
        expect(Math.abs(methods.x - summary.x)).toBeLessThan(2);
      }
      const widths = await page.evaluate<{ inner: number; scroll: number }>('({ inner: window.innerWidth, scroll: document.documentElement.scrollWidth })');
      expect(widths.scroll).toBe(widths.inner);
      await shot(page, step(`layout-${width}`));
      await v.assertClean();
    }
  });

  describe('after approval the payer is sent to successUrl with the session id, the URL\'s own query kept', () => {
    /** The one charge made on a link, as the merchant reads it. */
    async function transactionOfLink(linkId: string): Promise<Transaction> {
      const rows = await service.db.query<{ public_token: string }>('SELECT public_token FROM transactions WHERE payment_link_id = $1', [linkId]);
      expect(rows.rows).toHaveLength(1);
      return transactionOfPage(service, `/pay/${rows.rows[0]!.public_token}`);
    }

    async function paidAndSentBack(method: 'credit' | 'pix' | 'billet'): Promise<{ v: Visit; transaction: Transaction }> {
      const successUrl = `${STORE}/obrigado?pedido=1042&canal=link#topo`;
      const link = await createLink(service, { name: `Pedido ${method}`, amount: 4990, methods: [method], successUrl });
      const v = await visit(browser, origin, { stores: [STORE] });
      const { page } = v;
      await page.goto(link.accessFullUrl);
      await fillPayer(page);
      if (method === 'credit') await fillCard(page, card('4111 1111 1111 1111'));
      await pay(page);
      if (method !== 'credit') {
        await waitForStatus(page, 'Aguardando pagamento');
        await simulate(service, (await transactionOfPage(service, page.url())).id, 'pay');
      }
      // A card may be approved before its invoice page is first drawn: the page then goes on to the store at once.
      await page.waitForURL((u) => u.origin === STORE, { timeout: PAGE_WAIT_MS });
      const transaction = await transactionOfLink(link.id);
      expect(transaction.status).toBe('approved');
      expect(transaction.checkoutSessionId).toMatch(/^chs_/);
      const back = new URL(page.url());
      expect(`${back.origin}${back.pathname}`).toBe(`${STORE}/obrigado`);
      expect([...back.searchParams]).toEqual([['pedido', '1042'], ['canal', 'link'], ['checkoutSessionId', transaction.checkoutSessionId]]);
      expect(back.hash).toBe('#topo');
      expect(v.storeVisits).toEqual([page.url().replace(/#.*$/, '')]);
      return { v, transaction };
    }

    it('a card, approved in the background', async () => (await paidAndSentBack('credit')).v.assertClean());
    it('a PIX, paid by the bank', async () => (await paidAndSentBack('pix')).v.assertClean());
    it('a billet, paid', async () => (await paidAndSentBack('billet')).v.assertClean());

    it('only once: the approved invoice page opened again shows the receipt with a link to the store, and stays', async () => {
      const { v, transaction } = await paidAndSentBack('pix');
      const { page } = v;
      const store = v.storeVisits[0]!;
      for (const open of ['again', 'reloaded'] as const) {
        if (open === 'again') await page.goto(transaction.payment.invoiceLink!, { waitUntil: 'load' });
        else await page.reload({ waitUntil: 'load' });
        await waitForStatus(page, 'Pagamento aprovado');
        const back = page.getByRole('link', { name: 'Voltar para a loja' });
        expect(new URL((await back.getAttribute('href'))!).searchParams.get('checkoutSessionId')).toBe(transaction.checkoutSessionId);
        // The page's script has run by its load event: a redirect would have left this page or asked for the store.
        expect(new URL(page.url()).origin, open).toBe(origin);
        expect(v.storeVisits, open).toEqual([store]);
        await shot(page, step(`receipt-${open}`));
      }
      // The payer may still go back to the store themself.
      await page.getByRole('link', { name: 'Voltar para a loja' }).click();
      await page.waitForURL((u) => u.origin === STORE, { timeout: PAGE_WAIT_MS });
      expect(v.storeVisits).toEqual([store, store]);
      await v.assertClean();
    });

    it('a charge approved before the page the payer\'s post leads to is drawn: that page still goes on to the store', async () => {
      const { v, transaction } = await paidAndSentBack('pix');
      const { page } = v;
      // What the form's post redirects to (checkout.ts): the invoice page, marked as the one right after paying,
      // here drawn with the charge approved already (as a card approved in the background may be).
      await page.goto(`${transaction.payment.invoiceLink!}#return`);
      await page.waitForURL((u) => u.origin === STORE, { timeout: PAGE_WAIT_MS });
      expect(v.storeVisits).toEqual([v.storeVisits[0], v.storeVisits[0]]);
      await v.assertClean();
    });

    it('a link without successUrl shows the confirmation on the page', async () => {
      const link = await createLink(service, { name: 'Sem retorno', amount: 4990, methods: ['credit'] });
      const v = await visit(browser, origin, { stores: [STORE] });
      const { page } = v;
      await page.goto(link.accessFullUrl);
      await fillPayer(page);
      await fillCard(page, card('4111 1111 1111 1111'));
      await pay(page);
      await waitForStatus(page, 'Pagamento aprovado');
      expect(new URL(page.url()).origin).toBe(origin);
      expect(await page.getByRole('link', { name: 'Voltar para a loja' }).count()).toBe(0);
      expect(v.storeVisits).toEqual([]);
      await v.assertClean();
    });
  });
}, BROWSER_TEST_MS);
