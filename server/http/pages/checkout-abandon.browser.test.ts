/**
 * A visit that ends without a payment is `abandoned` once its time runs out (`CHECKOUT_SESSION_TTL_SECONDS`, one
 * second here instead of a day): the service's own `checkout.abandon` job closes it, the analytics count it and the
 * merchant gets `checkout.abandoned`. The test waits on those answers, not on a clock.
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
  skipReason,
  startPagesService,
  visit,
  type PagesService,
} from '../../testing/browser';
import { ENGINES } from '../../testing/harness';

type Analytics = components['schemas']['CheckoutSessionAnalytics'];

describe.skipIf(!browserSuiteRuns).each(ENGINES)(`an abandoned checkout session, on $name${skipReason}`, (engine) => {
  let service: PagesService;
  let browser: Browser;

  beforeAll(async () => {
    requireChromium();
    service = await startPagesService(engine, { CHECKOUT_SESSION_TTL_SECONDS: '1' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  const analytics = async () => expectJson<Analytics>(await service.call('/v1/checkouts/sessions/analytics'), 200);

  it('a visit without a payment is abandoned after the session time: counted by the analytics, announced by checkout.abandoned', async () => {
    expect(service.config.checkout.sessionTtlSeconds).toBe(1);
    const link = await createLink(service, { name: 'Mochila', amount: 12000 });
    const v = await visit(browser, new URL(service.url).origin);
    await v.page.goto(link.accessFullUrl);
    await v.page.getByRole('heading', { level: 1, name: 'Mochila' }).waitFor();
    await shot(v.page, `${engine.name}-abandon-visit`);
    await v.assertClean(); // the payer leaves

    await expect.poll(async () => (await analytics()).sessions.abandoned, { timeout: 15_000, interval: 200 }).toBe(1);
    const a = await analytics();
    expect(a.sessions).toEqual({ started: 1, completed: 0, abandoned: 1 });
    expect(a.conversionRate).toBe(0);
    expect(a.amounts.approvedAmount).toBe(0);
    // No method was chosen: the visit counts in no method's sessions.
    expect(a.byMethod.map((m) => m.sessions)).toEqual([0, 0, 0]);

    const events = await expectJson<{ total: number; data: { type: string }[] }>(await service.call('/v1/webhooks/events?type=checkout.abandoned'), 200);
    expect(events.total).toBe(1);
    expect((await expectJson<{ total: number }>(await service.call('/v1/webhooks/events?type=checkout.completed&limit=1'), 200)).total).toBe(0);
  });
}, BROWSER_TEST_MS);
