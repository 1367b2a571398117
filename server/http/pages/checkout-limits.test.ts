/**
 * Card testing on the checkout page: a session takes at most MAX_CARD_FAILURES declined cards, then offers no card;
 * form posts and visits that open a session are rate limited per client address (an HTML 429 with Retry-After).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../../core/tenancy';
import { MAX_CARD_FAILURES } from '../../domain/checkout/visit';
import { insertLink, PAYER } from '../../testing/checkout';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { CPF, TEST_CARDS } from '../../testing/payments';
import { expectPageHeaders, getPage, h1Of, openCheckout, postCheckout, roleText, sessionsOf, cardFields } from '../../testing/pages';

const CARD = cardFields('');

describe.each(ENGINES)('limits of the checkout page on $name', (engine) => {
  let svc: TestService;
  let scope: Scope;
  beforeAll(async () => {
    svc = await startTestService(engine, {}, { checkoutLimits: { pay: { points: 3, windowSeconds: 600 }, open: { points: 3, windowSeconds: 600 } } });
    scope = { merchantId: svc.merchant.merchantId, mode: 'sandbox' };
  });
  afterAll(async () => svc?.close());

  it(`a session takes ${MAX_CARD_FAILURES} declined cards, then offers no card (other methods stay)`, async () => {
    // Its own service: this test posts more forms than the rate limit of the other tests allows.
    const own = await startTestService(engine);
    try {
      const link = await insertLink(own.db, { merchantId: own.merchant.merchantId, mode: 'sandbox' }, { methods: ['credit', 'pix'] });
      const { cookie, csrf } = await openCheckout(own, link.access_id);
      for (let i = 0; i < MAX_CARD_FAILURES; i++) {
        const res = await postCheckout(own, link.access_id, { csrf, method: 'credit', ...PAYER, ...CARD, number: TEST_CARDS.declined }, { cookie });
        expect(res.status).toBe(303);
        await own.drain();
      }
      const page = await getPage(own, `/c/${link.access_id}`, cookie);
      expect(page.res.status).toBe(200);
      expect(page.html).toContain(`depois de ${MAX_CARD_FAILURES} tentativas recusadas esta página não aceita mais cartão`);
      expect(page.html).not.toContain('Número do cartão');
      expect(page.html).not.toContain('value="credit"');
      const card = await postCheckout(own, link.access_id, { csrf, method: 'credit', ...PAYER, ...CARD, number: TEST_CARDS.visa }, { cookie });
      expect(card.status).toBe(422);
      const html = await card.text();
      expect(roleText(html, 'alert')).toContain('não aceita mais cartão');
      expect(html).toContain('value="Maria da Silva"');
      const charges = await own.db.query<{ status: string }>('SELECT status FROM transactions WHERE payment_link_id = $1', [link.id]);
      expect(charges.rows.map((r) => r.status)).toEqual(Array(MAX_CARD_FAILURES).fill('failed'));
      // PIX is still offered, and pays.
      const pix = await postCheckout(own, link.access_id, { csrf, method: 'pix', ...PAYER }, { cookie });
      expect(pix.status).toBe(303);

      // A card-only link: the page says the attempts are spent instead of an empty form.
      const cardOnly = await insertLink(own.db, { merchantId: own.merchant.merchantId, mode: 'sandbox' }, { methods: ['credit'] });
      const v = await openCheckout(own, cardOnly.access_id);
      for (let i = 0; i < MAX_CARD_FAILURES; i++) {
        await postCheckout(own, cardOnly.access_id, { csrf: v.csrf, method: 'credit', ...PAYER, ...CARD, number: TEST_CARDS.declined }, { cookie: v.cookie });
        await own.drain();
      }
      const spent = await getPage(own, `/c/${cardOnly.access_id}`, v.cookie);
      expect([spent.res.status, h1Of(spent.html)]).toEqual([200, 'Limite de tentativas com cartão atingido']);
    } finally {
      await own.close();
    }
  });

  it('visits that open a session are limited per address; a visit in its own session is not counted', async () => {
    const link = await insertLink(svc.db, scope);
    const first = await openCheckout(svc, link.access_id);
    await openCheckout(svc, link.access_id);
    await openCheckout(svc, link.access_id);
    const limited = await getPage(svc, `/c/${link.access_id}`);
    expect(limited.res.status).toBe(429);
    expect(Number(limited.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectPageHeaders(limited.res);
    expect(h1Of(limited.html)).toBe('Muitas tentativas em pouco tempo');
    expect(await sessionsOf(svc, link.id)).toHaveLength(3);
    expect((await getPage(svc, `/c/${link.access_id}`, first.cookie)).res.status).toBe(200);
  });

  it('form posts are limited per address, refused ones too', async () => {
    const link = await insertLink(svc.db, { ...scope }, { methods: ['pix'] });
    for (let i = 0; i < 3; i++) expect((await postCheckout(svc, link.access_id, { method: 'pix', ...PAYER })).status).toBe(403);
    const limited = await postCheckout(svc, link.access_id, { method: 'pix', ...PAYER });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expectPageHeaders(limited);
    expect(h1Of(await limited.text())).toBe('Muitas tentativas em pouco tempo');
  });
});
