/**
 * A production link's page: only the methods a payment route serves in production are offered (none configured:
 * the "indisponível" page, no session opened), and nothing of the sandbox (banner, test cards) is shown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../../core/tenancy';
import { defaultRoutes } from '../../payments/orchestrator';
import { sandboxProvider } from '../../payments/sandbox/provider';
import { insertLink } from '../../testing/checkout';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { CPF } from '../../testing/payments';
import { expectPageHeaders, getPage, h1Of, openCheckout, postCheckout, sessionsOf } from '../../testing/pages';

describe.each(ENGINES)('a production link on $name', (engine) => {
  let bare: TestService;
  let withPix: TestService;
  beforeAll(async () => {
    bare = await startTestService(engine);
    // A deployment whose only production route serves PIX (the sandbox's code under another id and mode).
    withPix = await startTestService(engine, {}, {
      routes: (db) => {
        const routes = defaultRoutes(db);
        return { ...routes, providers: [...routes.providers, { ...sandboxProvider(db, 'sandbox'), id: 'acquirer', modes: ['production'], methods: ['pix'] }] };
      },
    });
  });
  afterAll(async () => {
    await bare?.close();
    await withPix?.close();
  });

  const production = (svc: TestService): Scope => ({ merchantId: svc.merchant.merchantId, mode: 'production' });

  it('without a payment provider is the "indisponível" page (200), and opens no session', async () => {
    const link = await insertLink(bare.db, production(bare));
    const { res, html } = await getPage(bare, `/c/${link.access_id}`);
    expect([res.status, h1Of(html)]).toEqual([200, 'Este link de pagamento está indisponível no momento']);
    expectPageHeaders(res);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(html).not.toContain('Ambiente de testes');
    expect(await sessionsOf(bare, link.id)).toEqual([]);
  });

  it('offers only the methods a route serves, with no sandbox banner or test cards', async () => {
    const link = await insertLink(withPix.db, production(withPix), { name: 'Assinatura anual' });
    const { html, cookie, csrf } = await openCheckout(withPix, link.access_id);
    expect(h1Of(html)).toBe('Assinatura anual');
    expect(html).toContain('<input type="radio" name="method" value="pix" checked> PIX</label>');
    expect(html).not.toContain('value="credit"');
    expect(html).not.toContain('value="billet"');
    expect(html).not.toContain('Número do cartão');
    expect(html).not.toContain('Ambiente de testes');
    expect(html).not.toContain('4111 1111 1111 1111');
    // A method no route serves, posted anyway, is a field to fix: nothing is charged.
    const billet = await postCheckout(withPix, link.access_id, { csrf, method: 'billet', name: 'Maria da Silva', email: 'maria@example.com', document: CPF }, { cookie });
    expect(billet.status).toBe(422);
    expect(await billet.text()).toContain('Escolha a forma de pagamento.');
    expect((await withPix.db.query('SELECT id FROM transactions WHERE payment_link_id = $1', [link.id])).rows).toEqual([]);
    // The sandbox link of the same deployment still shows both, as before.
    const sandbox = await insertLink(withPix.db, { merchantId: withPix.merchant.merchantId, mode: 'sandbox' });
    const s = await openCheckout(withPix, sandbox.access_id);
    expect(s.html).toContain('<strong>Ambiente de testes</strong>');
    expect(s.html).toContain('value="billet"');
  });
});
