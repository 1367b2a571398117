/**
 * What a payer does on the checkout page, through its accessible names only (the contract of the pages:
 * labels, roles and texts, never CSS classes or field names), so a test reads as the payer's steps.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** How long a page may take to show what the payer waits for (a QR code issued, a card authorised) on a busy CI. */
export const PAGE_WAIT_MS = 20_000;

export interface PayerInput {
  name: string;
  email: string;
  /** As the payer types it: with or without punctuation. */
  document: string;
}

export const MARIA: PayerInput = { name: 'Maria Silva', email: 'maria.silva@example.com', document: '529.982.247-25' };

export interface CardInput {
  /** As the payer types it: with or without spaces. */
  number: string;
  holderName: string;
  expMonth: number;
  expYear: number;
  cvv: string;
}

export function card(number: string, cvv = '123'): CardInput {
  return { number, holderName: 'MARIA SILVA', expMonth: 12, expYear: 2035, cvv };
}

/** The status line of an invoice page (`role="status"`) once it says `text`. */
export async function waitForStatus(page: Page, text: string | RegExp): Promise<Locator> {
  const status = page.getByRole('status').filter({ hasText: text });
  await status.first().waitFor({ state: 'visible', timeout: PAGE_WAIT_MS });
  return status.first();
}

/** The options of a select: value, and text with its white space (non-breaking too) made single spaces. */
async function optionsOf(select: Locator): Promise<{ value: string; text: string }[]> {
  const options = await select.locator('option').all();
  return Promise.all(
    options.map(async (o) => {
      const text = ((await o.textContent()) ?? '').replace(/\s+/g, ' ').trim();
      // An option without a value attribute has its text as value.
      return { value: (await o.getAttribute('value')) ?? text, text };
    }),
  );
}

/** Types a number into a field or chooses it in a select, whichever the page made (month and year of the card). */
async function fillNumber(field: Locator, value: number): Promise<void> {
  const tag = await field.evaluate((el) => (el as unknown as { tagName: string }).tagName.toLowerCase());
  if (tag !== 'select') {
    await field.fill(String(value));
    return;
  }
  const options = await optionsOf(field);
  const hit = options.find((o) => Number.parseInt(o.value, 10) === value) ?? options.find((o) => Number.parseInt(o.text, 10) === value);
  if (!hit) throw new Error(`no option ${value} in the select`);
  await field.selectOption(hit.value);
}

export async function fillPayer(page: Page, payer: PayerInput = MARIA): Promise<void> {
  await page.getByLabel('Nome completo').fill(payer.name);
  await page.getByLabel('E-mail').fill(payer.email);
  await page.getByLabel('CPF ou CNPJ').fill(payer.document);
}

export async function chooseMethod(page: Page, label: 'PIX' | 'Cartão de crédito' | 'Boleto'): Promise<void> {
  await page.getByRole('group', { name: 'Forma de pagamento' }).getByRole('radio', { name: label, exact: true }).check();
}

/** Chooses "Cartão de crédito" and fills the card; `installments` picks the "Nx de R$ …" option. */
export async function fillCard(page: Page, c: CardInput, installments = 1): Promise<void> {
  await chooseMethod(page, 'Cartão de crédito');
  const number = page.getByLabel('Número do cartão');
  // Shown when card is chosen: a payer sees the fields appear, the test waits for them the same way.
  await number.waitFor({ state: 'visible' });
  await number.fill(c.number);
  await page.getByLabel('Nome impresso no cartão').fill(c.holderName);
  await fillNumber(page.getByLabel('Mês de validade'), c.expMonth);
  await fillNumber(page.getByLabel('Ano de validade'), c.expYear);
  await page.getByLabel('Código de segurança (CVV)').fill(c.cvv);
  const select = page.getByLabel('Parcelas');
  const hit = (await optionsOf(select)).find((o) => o.text.startsWith(`${installments}x`));
  if (!hit) throw new Error(`no "${installments}x de …" option in Parcelas`);
  await select.selectOption(hit.value);
}

/** Presses "Pagar", waits for the page it leads to and returns that page's HTTP status (after redirects). */
export async function pay(page: Page): Promise<number> {
  const [res] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: /^Pagar/ }).click()]);
  if (!res) throw new Error('pressing "Pagar" loaded no page');
  return res.status();
}

/** The options of the installments select as the payer reads them. */
export async function installmentOptions(page: Page): Promise<string[]> {
  return (await optionsOf(page.getByLabel('Parcelas'))).map((o) => o.text);
}

/** Whether the image was fetched and decoded (an `<img>` whose source failed has no natural width). */
export async function imageLoaded(img: Locator): Promise<boolean> {
  // An inline SVG (the billet's barcode may be one) has no natural size: it is drawn with the page.
  return img.evaluate((el) => {
    const image = el as unknown as { tagName: string; complete: boolean; naturalWidth: number };
    return image.tagName.toLowerCase() !== 'img' || (image.complete && image.naturalWidth > 0);
  });
}

/** The page's visible text with runs of white space (non-breaking ones too) made one space. */
export async function textOf(page: Page): Promise<string> {
  return (await page.locator('body').innerText()).replace(/\s+/g, ' ');
}

/** The invoice page says the charge was approved and offers nothing more to pay. */
export async function expectApproved(page: Page): Promise<void> {
  await waitForStatus(page, 'Pagamento aprovado');
  expect(await page.getByRole('button', { name: /^Pagar/ }).count()).toBe(0);
}
