import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/schema';
import { buildDocs, isFresh } from '../../scripts/build-docs';
import { CHROMIUM_PATH, hasChromium, openRecorded } from '../../scripts/lib/headless-page';
import { createLogger } from '../logger';
import { ENGINES, startTestService, type TestService } from '../testing/harness';
import { DOCS_CSP, DOCS_PAGE, docsRouter } from './docs';
import { renderErrors } from './render';

type ErrorBody = components['schemas']['Error']['error'];

const specText = await readFile(resolve(import.meta.dirname, '../../generated/openapi.json'), 'utf8');
const spec = JSON.parse(specText) as { info: { title: string } };

// The page the service serves is the one `npm run docs` builds; build it when it is missing or out of date.
beforeAll(async () => {
  if (!(await isFresh(DOCS_PAGE))) await buildDocs(DOCS_PAGE);
}, 120_000);

describe.each(ENGINES)('the service documentation on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    // One request per key per window: any request counted against a quota would show.
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '1' });
  });
  afterAll(async () => svc?.close());

  it('GET /openapi.json is the bundled contract as JSON, and GET /docs the reference page under a strict CSP', async () => {
    const json = await svc.call('/openapi.json', { key: null });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await json.json()).toEqual(JSON.parse(specText));

    const page = await svc.call('/docs', { key: null });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(DOCS_CSP);
    expect(page.headers.get('x-correlation-id')).toBeTruthy();
    const html = await page.text();
    expect(html).toContain(`<title>${spec.info.title}</title>`);
    expect(html).not.toContain('https://cdn.redoc.ly/redoc/logo');

    const head = await svc.call('/openapi.json', { key: null, method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('needs no key, ignores a wrong one, and spends no quota; another method is 405 with Allow', async () => {
    for (const key of [null, 'sk_test_not_a_key', svc.merchant.sandboxKey]) {
      for (const path of ['/openapi.json', '/docs']) {
        const res = await svc.call(path, { key });
        expect(res.status, `${path} with key ${key}`).toBe(200);
        expect(res.headers.get('ratelimit-remaining')).toBeNull();
        await res.arrayBuffer();
      }
    }
    // The key's one request of the window is still there, and then spent: the quota is real.
    const first = await svc.call('/v1/wallets');
    expect(first.status).toBe(200);
    expect((await svc.call('/v1/wallets')).status).toBe(429);

    const post = await svc.call('/docs', { key: null, method: 'POST', json: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(((await post.json()) as { error: ErrorBody }).error.code).toBe('methodNotAllowed');
  });
});

describe('the served docs page in a browser', () => {
  let svc: TestService;
  beforeAll(async () => {
    if (hasChromium) svc = await startTestService(ENGINES[0]!);
  });
  afterAll(async () => svc?.close());

  it.skipIf(!hasChromium)(
    `renders under its Content-Security-Policy and requests nothing but itself${hasChromium ? '' : ` (skipped: no Chromium at ${CHROMIUM_PATH})`}`,
    async () => {
      const opened = await openRecorded(`${svc.url}/docs`, new URL(svc.url).origin);
      try {
        const h1 = opened.page.getByRole('heading', { level: 1, name: spec.info.title });
        await expect.poll(() => h1.isVisible(), { timeout: 15_000 }).toBe(true);
        // Hydrated (the logo is drawn by the page's script, which the policy must let run), from a data: URI.
        expect(await opened.page.getByAltText('redocly logo').getAttribute('src', { timeout: 15_000 })).toMatch(/^data:/);
      } finally {
        await opened.close();
      }
      expect(opened.problems).toEqual([]);
      expect(opened.outside).toEqual([]);
    },
    60_000,
  );
});

describe('GET /docs before the page is built', () => {
  it('is 503 docsNotBuilt, one JSON line that says to run npm run docs', async () => {
    const app = express();
    app.use(docsRouter({ page: resolve(import.meta.dirname, 'no-such-page.html') }));
    app.use(renderErrors(createLogger('silent')));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((ok) => server.once('listening', ok));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/docs`);
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const text = await res.text();
      expect(text).not.toContain('\n');
      const { error } = JSON.parse(text) as { error: ErrorBody };
      expect(error).toMatchObject({ statusCode: 503, category: 'server', code: 'docsNotBuilt', resource: 'docs' });
      expect(error.message).toContain('npm run docs');
    } finally {
      await new Promise((ok) => server.close(ok));
    }
  });
});
