/**
 * The picture of the checkout page in the docs (`npm run docs:screenshot`): starts the service on an in-memory
 * database, makes a sandbox merchant and a demo payment link, opens the link in headless Chromium at a phone's size
 * and writes `spec/descriptions/images/checkout-page.png`. The page may reach the service only; the picture is not
 * written if it tried anything else. Run it again when the page's look changes, then `npm run docs`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { loadConfig } from '../server/config';
import { createMerchantWithKeys } from '../server/domain/access/keys';
import { createLogger } from '../server/logger';
import { startService } from '../server/service';
import { launchChromium } from './lib/headless-page';

const OUT = resolve(import.meta.dirname, '../spec/descriptions/images/checkout-page.png');

/** The demo link: a fixed amount, every method, installments, as a merchant would make one. */
const DEMO_LINK = {
  name: 'Camiseta Acme',
  description: 'Algodão orgânico, entrega em 5 dias úteis.',
  amount: 15980,
  methods: ['pix', 'credit', 'billet'],
  maxInstallments: 3,
};

/** Writes the screenshot to `out` and returns its size in bytes. */
export async function screenshotCheckout(out: string = OUT): Promise<number> {
  const config = loadConfig({ NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://checkout-screenshot', LOG_LEVEL: 'silent' });
  const service = await startService(config, createLogger('silent'), undefined, { worker: 'off' });
  try {
    const merchant = await createMerchantWithKeys(service.db, 'Loja Acme Ltda');
    const res = await fetch(`${service.url}/v1/checkouts/payment-links`, {
      method: 'POST',
      headers: { ServiceKey: merchant.sandboxKey, 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_LINK),
    });
    if (res.status !== 201) throw new Error(`creating the demo link answered ${res.status}: ${await res.text()}`);
    const link = (await res.json()) as { accessFullUrl: string };
    const origin = new URL(service.url).origin;

    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1, locale: 'pt-BR' });
      const outside: string[] = [];
      await context.route((u) => u.origin !== origin && !/^(data|blob|about):/.test(u.href), async (route) => {
        outside.push(route.request().url());
        await route.abort('blockedbyclient');
      });
      const page = await context.newPage();
      await page.goto(link.accessFullUrl);
      await page.getByRole('heading', { level: 1, name: DEMO_LINK.name }).waitFor();
      // The card form is the page's longest state, and the one a reader wants to see.
      await page.getByRole('radio', { name: 'Cartão de crédito', exact: true }).check();
      await page.getByLabel('Número do cartão').waitFor();
      const png = await page.screenshot({ fullPage: true });
      if (outside.length > 0) throw new Error(`the page requested outside the service: ${outside.join(', ')}`);
      await mkdir(dirname(out), { recursive: true });
      await writeFile(out, png);
      return png.length;
    } finally {
      await browser.close();
    }
  } finally {
    await service.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const bytes = await screenshotCheckout();
  process.stdout.write(`checkout page screenshot: ${relative(process.cwd(), OUT)} (${Math.round(bytes / 1024)} KiB)\n`);
}
