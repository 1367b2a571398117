/**
 * The docs page is self-contained: built as `npm run docs` builds it, opened from file:// in headless Chromium with
 * every request logged, it renders the reference and requests nothing outside its own file (no telemetry, no CDN
 * logo, no web fonts). Skipped, saying why, where there is no Chromium; CI installs it (.ci/run).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocs, inlineAssets, inlineImages, isFresh } from './build-docs';
import { CHROMIUM_PATH, hasChromium, openRecorded } from './lib/headless-page';

// Each step's bound, and the test's: they only end a page that hangs. On a loaded 2-core CI machine (the whole suite
// beside it) the reference took over 15 s to draw one element; on a quiet one the whole walk takes about 15 s.
const STEP_MS = 45_000;

const spec = JSON.parse(await readFile(resolve(import.meta.dirname, '../generated/openapi.json'), 'utf8')) as {
  info: { title: string };
};

describe('the built docs page', () => {
  let dir = '';
  let page = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'docs-page-'));
    page = join(dir, 'index.html');
    await buildDocs(page);
  }, 120_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('records the inputs it was built from: fresh now, stale for a page built from other inputs', async () => {
    expect(await isFresh(page)).toBe(true);
    const other = join(dir, 'other.html');
    const html = await readFile(page, 'utf8');
    await writeFile(other, html.replace(/(<meta name="docs-inputs" content=")[^"]*/, '$1sha256-other'));
    expect(await isFresh(other)).toBe(false);
    expect(await isFresh(join(dir, 'missing.html'))).toBe(false);
  });

  it.skipIf(!hasChromium)(
    `opened from file:// in headless Chromium, renders the reference and requests nothing outside the file${hasChromium ? '' : ` (skipped: no Chromium at ${CHROMIUM_PATH})`}`,
    async () => {
      const opened = await openRecorded(pathToFileURL(page).href);
      let logo: string | null = null;
      let checkoutPicture = { src: '', width: 0 };
      try {
        const { page: p } = opened;
        await expect.poll(() => p.getByRole('heading', { level: 1, name: spec.info.title }).isVisible(), { timeout: STEP_MS }).toBe(true);
        // The attribution logo is drawn once the page is hydrated (interactive); Redoc drops it when it fails to load.
        logo = await p.getByAltText('redocly logo').getAttribute('src', { timeout: STEP_MS }).catch(() => null);
        // What a reader does, each a chance for telemetry or a lazily loaded asset: open a tag, search, switch
        // the colour mode, collapse the sidebar (its attribution logo changes), read to the end.
        await p.getByRole('link', { name: 'Transactions', exact: true }).first().click();
        // The operation's code samples (x-codeSamples, redocly.yaml's codeSamples): curl shown, the client a choice away.
        await p.getByRole('link', { name: /^Capture a pre-authorized card transaction/ }).first().click();
        const capture = p.locator('[id="transactions/capturetransaction"]');
        const curl = capture.getByText('curl -X POST http://localhost:3000/v1/transactions/', { exact: false }).first();
        await expect.poll(() => curl.isVisible(), { timeout: STEP_MS }).toBe(true);
        await capture.getByRole('button', { name: 'curl', exact: true }).click();
        await p.getByRole('menuitem', { name: 'Client' }).click({ timeout: STEP_MS });
        const client = capture.getByText("await client.POST('/v1/transactions/{transactionId}/capture'", { exact: false }).first();
        await expect.poll(() => client.isVisible(), { timeout: STEP_MS }).toBe(true);
        // The Checkouts chapter's picture of the checkout page, inlined by the build: drawn, from the file itself.
        await p.getByRole('link', { name: 'Checkouts', exact: true }).first().click();
        await p.getByText('The checkout page', { exact: true }).first().click();
        const picture = p.getByRole('img', { name: 'The checkout page of a payment link on a phone, in sandbox' });
        checkoutPicture = {
          src: ((await picture.getAttribute('src', { timeout: STEP_MS })) ?? '').slice(0, 22),
          width: await picture.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth),
        };
        const search = p.getByTestId('search-trigger');
        await expect.poll(() => search.textContent(), { timeout: STEP_MS }).toMatch(/Search/); // its index is built
        await search.click();
        await p.getByPlaceholder(/search/i).first().fill('refund');
        await p.waitForTimeout(500);
        await p.keyboard.press('Escape');
        await p.getByTestId('color-mode-switcher').click();
        await p.getByRole('button', { name: /hide sidebar/i }).click();
        await p.mouse.wheel(0, 200_000);
        await p.waitForTimeout(1_000);
        expect(await p.getByText('API docs by').count()).toBe(0); // collapsed: only the logo mark remains
      } finally {
        await opened.close();
      }
      expect(opened.outside).toEqual([]);
      expect(opened.problems).toEqual([]);
      expect(logo).toMatch(/^data:image\/svg\+xml,/);
      expect(checkoutPicture).toEqual({ src: 'data:image/png;base64,', width: 360 });
    },
    180_000,
  );
});

describe('inlineAssets', () => {
  it('replaces the CDN logo by an inline data: URI, and refuses a page that no longer references it', () => {
    const html = '<img src=`https://cdn.redoc.ly/redoc/logo-mini-full.svg`><img src=`https://cdn.redoc.ly/redoc/logo-mini.svg`>';
    const out = inlineAssets(html);
    expect(out).not.toContain('cdn.redoc.ly');
    const uris = out.match(/data:[^`]*/g) ?? [];
    expect(uris).toHaveLength(2);
    // URI-encoded: nothing in it can end the JavaScript template literal (or the HTML) it is written into.
    for (const uri of uris) expect(uri).toMatch(/^data:image\/svg\+xml,[A-Za-z0-9%_.!~*'()-]+$/);
    expect(() => inlineAssets('<html></html>')).toThrow(/no longer references/);
  });
});

describe('inlineImages', () => {
  it('replaces each reference to a picture of the images folder by its bytes as a data: URI, and leaves other paths', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'docs-images-'));
    try {
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
      await writeFile(join(dir, 'checkout-page.png'), png);
      await writeFile(join(dir, 'notes.txt'), 'not a picture');
      const html = '![The page](images/checkout-page.png) <img src="images/checkout-page.png"> x/images/checkout-page.png images/checkout-pageXpng images/other.png';
      const uri = `data:image/png;base64,${png.toString('base64')}`;
      expect(await inlineImages(html, dir)).toBe(`![The page](${uri}) <img src="${uri}"> x/images/checkout-page.png images/checkout-pageXpng images/other.png`);
      expect(await inlineImages(html, join(dir, 'missing'))).toBe(html);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
