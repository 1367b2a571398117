/**
 * Browser-test harness of the public pages: a real service (API, worker and pages in one process, as `npm start`
 * runs them) on a test engine, its log lines captured, a merchant with a sandbox key, and headless Chromium pages that
 * may talk to that service only. A request a page makes anywhere else is aborted before it reaches the network and
 * fails the test (`Visit.assertClean`): the checkout page promises payers no third party sees them.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { components } from '../../generated/schema';
import { CHROMIUM_PATH, hasChromium, launchChromium } from '../../scripts/lib/headless-page';
import { loadConfig, type Config } from '../config';
import type { Db } from '../db/types';
import { createMerchantWithKeys } from '../domain/access/keys';
import { createLogger } from '../logger';
import { startService } from '../service';
import { keyedFetch, type CallInit, type Engine, type TestMerchant } from './harness';

export { CHROMIUM_PATH, hasChromium };

export type PaymentLink = components['schemas']['PaymentLink'];
export type CreatePaymentLinkRequest = components['schemas']['CreatePaymentLinkRequest'];

/**
 * Whether a browser suite runs here. Without Chromium a developer's run skips it (saying why in the suite's name);
 * CI (`CI=true`) must have it, so there the suite runs and fails in `requireChromium`.
 */
const onCi = Boolean(process.env.CI) && !['false', '0'].includes(process.env.CI ?? '');
export const browserSuiteRuns = hasChromium || onCi;

/** The suite's name suffix that says why it was skipped. */
export const skipReason = browserSuiteRuns ? '' : ` (skipped: no Chromium at ${CHROMIUM_PATH})`;

/** A browser test's time limit: a first page (templates, validators, Chromium's first paint) is slow on a busy CI. */
export const BROWSER_TEST_MS = 90_000;

/** Fails (never skips) when there is no browser: called in a browser suite's `beforeAll`. */
export function requireChromium(): void {
  if (!hasChromium) throw new Error(`CI is set and there is no Chromium at ${CHROMIUM_PATH}: install Debian's chromium (.ci/run does)`);
}

export interface PagesService {
  url: string;
  db: Db;
  config: Config;
  merchant: TestMerchant;
  merchantName: string;
  /** Every log line the service wrote, in order. */
  logs: string[];
  newMerchant(name?: string): Promise<TestMerchant>;
  /** fetch against the service with a key (the merchant's sandbox key unless given). */
  call(path: string, init?: CallInit): Promise<Response>;
  close(): Promise<void>;
}

export const MERCHANT_NAME = 'Loja Acme Ltda';

/**
 * A service whose worker runs by itself, as in production: a page waits for what the payer would wait for (the QR
 * code being issued, the card authorised) and the tests wait on what the page shows, never on the jobs.
 */
export async function startPagesService(engine: Engine, env: Record<string, string> = {}, logLevel = 'info'): Promise<PagesService> {
  const { db, drop } = await engine.open();
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: logLevel, REFUND_CONFIRM_SECONDS: '0', JOB_POLL_MS: '50', ...env });
  const service = await startService(config, createLogger(logLevel, sink), db, { worker: 'start' });
  const merchant = await createMerchantWithKeys(db, MERCHANT_NAME);
  return {
    url: service.url,
    db,
    config,
    merchant,
    merchantName: MERCHANT_NAME,
    logs,
    newMerchant: (name = 'Outra Loja Ltda') => createMerchantWithKeys(db, name),
    call: keyedFetch(service.url, merchant.sandboxKey),
    async close() {
      await service.close();
      await drop();
    },
  };
}

/** Reads a JSON answer, failing with its body when the status is not the one expected. */
export async function expectJson<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A payment link made through the API with the merchant's sandbox key. */
export async function createLink(service: PagesService, body: CreatePaymentLinkRequest): Promise<PaymentLink> {
  return expectJson<PaymentLink>(await service.call('/v1/checkouts/payment-links', { method: 'POST', json: body }), 201);
}

/** `POST /v1/sandbox/transactions/{id}/simulate`: what the payer's bank would do. */
export async function simulate(service: PagesService, transactionId: string, action: 'pay' | 'expire'): Promise<void> {
  await expectJson(await service.call(`/v1/sandbox/transactions/${transactionId}/simulate`, { method: 'POST', json: { action } }), 200);
}

export type Transaction = components['schemas']['Transaction'];

/**
 * The transaction behind an invoice page (`/pay/{token}`), read through the API as the merchant sees it. The token is
 * the page's only key; the test finds its row by it (the page shows the payer no transaction id).
 */
export async function transactionOfPage(service: PagesService, pageUrl: string): Promise<Transaction> {
  const token = /\/pay\/([^/?#]+)/.exec(pageUrl)?.[1];
  if (!token) throw new Error(`not an invoice page: ${pageUrl}`);
  const row = await service.db.query<{ id: string }>('SELECT id FROM transactions WHERE public_token = $1', [token]);
  const id = row.rows[0]?.id;
  if (!id) throw new Error(`no transaction has the token of ${pageUrl}`);
  return expectJson<Transaction>(await service.call(`/v1/transactions/${id}`), 200);
}

const ARTIFACTS = resolve(import.meta.dirname, '../../test-artifacts/checkout');

/** Writes a full-page screenshot of this step to `test-artifacts/checkout/<name>.png` (kept by CI as an artefact). */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: resolve(ARTIFACTS, `${name.replace(/[^0-9A-Za-z_.-]+/g, '-')}.png`), fullPage: true });
}

/** One payer's browser: a context of its own (its own cookies), the requests it tried outside the service, its errors. */
export interface Visit {
  context: BrowserContext;
  page: Page;
  /** URLs requested outside the service's origin (aborted, never fetched). */
  outside: string[];
  /** Paths the page requested from the service, in order (the event stream among them). */
  requested: string[];
  /** Uncaught page errors and Content-Security-Policy refusals. */
  problems: string[];
  /** Pages of the `stores` origins the browser opened (the merchant's `successUrl`), without their fragment. */
  storeVisits: string[];
  /** Fails the test when the page tried a third party or broke; then closes the context. */
  assertClean(): Promise<void>;
}

export interface VisitOptions {
  viewport?: { width: number; height: number };
  /** A phone: touch, the device scale of one, a mobile user agent's viewport behaviour. */
  mobile?: boolean;
  /**
   * Origins of merchants' stores (`https://loja.example`): a page opened there gets a stub "store" page instead of
   * the network, and is listed in `storeVisits` (the page may send the payer there; nothing else may go there).
   */
  stores?: string[];
}

/** A fresh context in `browser` that may reach `origin` only. */
export async function visit(browser: Browser, origin: string, options: VisitOptions = {}): Promise<Visit> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    ...(options.mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: 'block',
  });
  const outside: string[] = [];
  const requested: string[] = [];
  const problems: string[] = [];
  const storeVisits: string[] = [];
  const stores = options.stores ?? [];
  const allowed = (u: string): boolean => /^(data|blob|about):/.test(u) || new URL(u).origin === origin;
  const store = (u: string): boolean => /^https?:/.test(u) && stores.includes(new URL(u).origin);
  const note = (u: string): void => {
    if (store(u)) return;
    if (!allowed(u) && !outside.includes(u)) outside.push(u);
    else if (/^https?:/.test(u)) requested.push(new URL(u).pathname);
  };
  // Only the requests to elsewhere are intercepted: the service's own (the event stream among them) go untouched.
  await context.route((u) => !allowed(u.href), async (route) => {
    note(route.request().url());
    await route.abort('blockedbyclient');
  });
  // Registered last, so it wins over the route above: only a top-level page of a store is answered, anything else
  // the page asks of it (a fetch, an image) is still a request outside the service.
  await context.route((u) => store(u.href), async (route) => {
    const request = route.request();
    if (!request.isNavigationRequest() || request.frame().parentFrame() !== null) {
      if (!outside.includes(request.url())) outside.push(request.url());
      return route.abort('blockedbyclient');
    }
    storeVisits.push(request.url());
    await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>Loja</title><h1>Obrigado pela compra</h1>' });
  });
  context.on('request', (r) => note(r.url()));
  const page = await context.newPage();
  page.on('websocket', (ws) => note(ws.url()));
  page.on('worker', (w) => note(w.url()));
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  return {
    context,
    page,
    outside,
    requested,
    problems,
    storeVisits,
    async assertClean() {
      await context.close();
      expect(outside, 'requests outside the service').toEqual([]);
      expect(problems, 'page errors and CSP refusals').toEqual([]);
    },
  };
}

/** Rows of every table of the service's database as JSON text: what a leak at rest would be found in. */
export async function everyRow(db: Db): Promise<string> {
  const tables = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  const texts: string[] = [];
  for (const { table_name } of tables.rows) {
    const rows = await db.query<{ j: string }>(`SELECT row_to_json(t)::text AS j FROM "${table_name}" t`);
    texts.push(...rows.rows.map((r) => r.j));
  }
  expect(tables.rows.length).toBeGreaterThan(10);
  return texts.join('\n');
}

export { launchChromium };
