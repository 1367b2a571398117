/**
 * Opens a page in headless Chromium (the system's /usr/bin/chromium; nothing downloads a browser) with every request
 * recorded. A request that leaves the page's own file (or, for a served page, its own origin) is aborted before it
 * reaches the network and listed in `outside`, whether a page, a worker or a service worker made it.
 *
 * The page runs on Playwright's clock, so that `close()` can first run every timer of the next ten minutes: what a
 * page sends later (Redoc's telemetry batches its events and sends them seconds after the first) is seen at once.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** The Chromium the tests use; CI installs Debian's package when it is missing. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Whether the tests that open a browser can run here. */
export const hasChromium = existsSync(CHROMIUM_PATH);

// Flags that keep Chromium itself quiet: no background updates, sync or field trials that would talk to Google.
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const LATER_MS = 10 * 60_000;

/** A fresh headless Chromium (its own temporary profile, as Playwright gives every launch) with the quiet flags. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

export interface RecordedPage {
  page: Page;
  /** Every URL requested outside the allowed places, in order (aborted, never fetched). */
  outside: string[];
  /** Uncaught page errors and Content-Security-Policy refusals, as Chromium reports them. */
  problems: string[];
  /**
   * Runs the page's timers ten minutes ahead, leaves the page (its unload handlers run, where beacons are sent),
   * waits for what they send, then closes the browser.
   */
  close(): Promise<void>;
}

/** Opens `url` with requests recorded; `origin` is the one http(s) origin allowed besides file:, data: and blob:. */
export async function openRecorded(url: string, origin?: string): Promise<RecordedPage> {
  const browser = await launchChromium();
  const outside: string[] = [];
  const problems: string[] = [];
  const allowed = (u: string): boolean => /^(file|data|blob|about):/.test(u) || (origin !== undefined && new URL(u).origin === origin);
  const note = (u: string): void => {
    if (!allowed(u) && !outside.includes(u)) outside.push(u);
  };
  try {
    const context: BrowserContext = await browser.newContext({ serviceWorkers: 'allow' });
    await context.route('**/*', async (route) => {
      const u = route.request().url();
      if (allowed(u)) return route.continue();
      note(u);
      return route.abort('blockedbyclient');
    });
    // Routing sees what Playwright can intercept; these see the rest (a service worker's own fetches, sockets).
    context.on('request', (r) => note(r.url()));
    context.on('serviceworker', (w) => note(w.url()));
    const page = await context.newPage();
    page.on('request', (r) => note(r.url()));
    page.on('websocket', (ws) => note(ws.url()));
    page.on('worker', (w) => note(w.url()));
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) problems.push(m.text());
    });
    await page.clock.install();
    await page.goto(url);
    return {
      page,
      outside,
      problems,
      async close() {
        await page.clock.runFor(LATER_MS);
        await page.goto('about:blank');
        await page.waitForTimeout(500);
        await browser.close();
      },
    };
  } catch (err) {
    await browser.close();
    throw err;
  }
}
