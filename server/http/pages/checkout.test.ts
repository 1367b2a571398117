import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../../core/tenancy';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { insertLink, insertVariant, PAYER } from '../../testing/checkout';
import { CPF, TEST_CARDS } from '../../testing/payments';
import { expectPageHeaders, getPage, h1Of, roleText, cardFields } from '../../testing/pages';

const CARD = cardFields('', '3');

describe.each(ENGINES)('the checkout page on $name', (engine) => {
  let svc: TestService;
  let scope: Scope;
  beforeAll(async () => {
    svc = await startTestService(engine);
    scope = { merchantId: svc.merchant.merchantId, mode: 'sandbox' };
  });
  afterAll(async () => svc?.close());

  /** Opens the page as a new visitor: its session cookie and the form's CSRF token. */
  async function visit(accessId: string) {
    const { res, html } = await getPage(svc, `/c/${accessId}`);
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1]!;
    return { res, html, cookie, csrf };
  }

  function post(accessId: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return fetch(`${svc.url}/c/${accessId}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  it('shows what is sold, the total, the methods and the fields, in a session kept by its cookie', async () => {
    const link = await insertLink(svc.db, scope, { amount: 15980, name: 'Kit verão', max_installments: 3 });
    const { res, html, cookie, csrf } = await visit(link.access_id);
    expectPageHeaders(res);
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`^checkout_session=chs_[0-9A-Za-z]+; Path=/c/${link.access_id}; Max-Age=\\d+; HttpOnly; SameSite=Lax$`));
    expect(h1Of(html)).toBe('Kit verão');
    expect(html).toContain('<p class="merchant">Acme Comércio Ltda</p>');
    expect(html).toContain('<p class="total"><span>Total</span> <strong>R$ 159,80</strong></p>');
    expect(html).toContain('<strong>Ambiente de testes</strong>');
    expect(html).toContain('<code>4000 0000 0000 0002</code>: recusado pelo emissor');
    expect(html).toContain('<legend>Forma de pagamento</legend>');
    for (const label of ['PIX', 'Cartão de crédito', 'Boleto']) expect(html).toMatch(new RegExp(`<input type="radio" name="method" value="\\w+"( checked)?> ${label}</label>`));
    for (const label of ['Nome completo', 'E-mail', 'CPF ou CNPJ', 'Número do cartão', 'Nome impresso no cartão', 'Mês de validade', 'Ano de validade', 'Código de segurança (CVV)', 'Parcelas']) {
      expect(html).toMatch(new RegExp(`<label for="f-\\w+">${label.replace(/[()]/g, '\\$&')}</label>`));
    }
    // As the receivables split it (the remainder on the first): 5328 + 5326 + 5326 = 15980.
    expect(html).toContain('<option value="3">3x de R$ 53,26 (1ª de R$ 53,28)</option>');
    // The total on the button, without the script too (the script adds the installments the payer picks).
    expect(html).toContain('<button type="submit" class="primary">Pagar R$ 159,80 <span class="pay-detail"></span></button>');

    // Reloaded with its cookie: the same session (the same token), no new cookie.
    const again = await getPage(svc, `/c/${link.access_id}`, cookie);
    expect(again.res.headers.get('set-cookie')).toBeNull();
    expect(again.html).toContain(`name="csrf" value="${csrf}"`);
  });

  it('offers only the methods of the link, and escapes what the merchant wrote', async () => {
    const link = await insertLink(svc.db, scope, { methods: ['pix'], name: '<img src=x onerror=alert(1)>' });
    const { html } = await visit(link.access_id);
    expect(h1Of(html)).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('> PIX</label>');
    expect(html).not.toContain('Cartão de crédito');
    expect(html).not.toContain('Número do cartão');
  });

  it('an unknown link is a 404 page; closed links are clear pages with their status', async () => {
    const past = new Date(Date.now() - 86_400_000);
    const future = new Date(Date.now() + 86_400_000);
    const cases = [
      [{ expires_at: past }, 410, 'Este link de pagamento expirou'],
      [{ enabled: false }, 410, 'Este link de pagamento não está mais disponível'],
      [{ max_payments: 1, completed_payments: 1 }, 410, 'Este link de pagamento esgotou'],
      [{ available_at: future }, 200, 'Este link de pagamento ainda não está disponível'],
    ] as const;
    for (const [over, status, heading] of cases) {
      const link = await insertLink(svc.db, scope, over);
      const { res, html } = await getPage(svc, `/c/${link.access_id}`);
      expect([res.status, h1Of(html)]).toEqual([status, heading]);
      expectPageHeaders(res);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    const variantId = await insertVariant(svc.db, scope, 4990);
    const unsellable = await insertLink(svc.db, scope, { items: [{ variantId, quantity: 1 }] });
    await svc.db.query('UPDATE variants SET enabled = false WHERE id = $1', [variantId]);
    const unavailable = await getPage(svc, `/c/${unsellable.access_id}`);
    expect([unavailable.res.status, h1Of(unavailable.html)]).toEqual([200, 'Este link de pagamento está indisponível no momento']);
    const missing = await getPage(svc, '/c/acc_doesNotExist');
    expect([missing.res.status, h1Of(missing.html)]).toEqual([404, 'Link de pagamento não encontrado']);
    expectPageHeaders(missing.res);
  });

  it('refuses a form without its token, with a wrong one, without the cookie, or from another origin', async () => {
    const link = await insertLink(svc.db, scope, { methods: ['pix'] });
    const { cookie, csrf } = await visit(link.access_id);
    const form = { method: 'pix', ...PAYER };
    const refused = [
      await post(link.access_id, form, { cookie }),
      await post(link.access_id, { ...form, csrf: `${csrf.slice(0, -2)}AA` }, { cookie }),
      await post(link.access_id, { ...form, csrf }),
      await post(link.access_id, { ...form, csrf }, { cookie, origin: 'https://evil.example' }),
      await post(link.access_id, { ...form, csrf }, { cookie, origin: 'null' }),
      await post(link.access_id, { ...form, csrf }, { cookie, 'sec-fetch-site': 'cross-site' }),
      await post(link.access_id, { ...form, csrf }, { cookie, origin: svc.url, 'sec-fetch-site': 'same-site' }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expectPageHeaders(res);
      expect(h1Of(await res.text())).toBe('Sessão expirada, recarregue a página');
    }
    const charges = await svc.db.query('SELECT id FROM transactions WHERE payment_link_id = $1', [link.id]);
    expect(charges.rows).toEqual([]);
  });

  it('a PIX: 303 to the invoice page; the page then sends the payer back there', async () => {
    const link = await insertLink(svc.db, scope, { methods: ['pix'] });
    const { cookie, csrf } = await visit(link.access_id);
    // What Chromium sends from a page under `Referrer-Policy: no-referrer`: an opaque Origin, and Sec-Fetch-Site.
    const res = await post(link.access_id, { csrf, method: 'pix', ...PAYER }, { cookie, origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(303);
    // `#return`: this load follows the payer's own post, so an approval it shows sends them on to the store.
    const [invoice, mark] = res.headers.get('location')!.split('#');
    expect([invoice, mark]).toEqual([expect.stringMatching(/^\/pay\/[0-9A-Za-z]{32}$/), 'return']);
    const t = await svc.db.query<{ public_token: string; amount: number }>('SELECT public_token, amount::int AS amount FROM transactions WHERE payment_link_id = $1', [link.id]);
    expect(t.rows).toEqual([{ public_token: invoice!.slice(5), amount: 10000 }]);
    // Coming back by the link is no payment of its own: the invoice page without the mark.
    const back = await getPage(svc, `/c/${link.access_id}`, cookie);
    expect([back.res.status, back.res.headers.get('location')]).toEqual([303, invoice]);
  });

  it('a CPF that fails its check digits, or an invalid card: the form again (422), an alert, nothing of the card echoed', async () => {
    const link = await insertLink(svc.db, scope);
    const { cookie, csrf } = await visit(link.access_id);
    const badCpf = await post(link.access_id, { csrf, method: 'pix', ...PAYER, document: '52998224700' }, { cookie });
    expect(badCpf.status).toBe(422);
    const html = await badCpf.text();
    expect(roleText(html, 'alert')).toContain('CPF ou CNPJ inválido');
    expect(html).toContain('value="Maria da Silva"');
    expect(html).toContain('value="52998224700"');

    const luhn = '4111111111111112';
    const badCard = await post(link.access_id, { csrf, method: 'credit', ...PAYER, ...CARD, number: luhn }, { cookie });
    expect(badCard.status).toBe(422);
    expectPageHeaders(badCard);
    const page = await badCard.text();
    expect(roleText(page, 'alert')).toContain('Cartão inválido: confira o número, a validade e o código de segurança.');
    expect(page).not.toContain(luhn);
    expect(page).not.toContain('987');
    expect(page).toContain('value="MARIA SILVA"');
    expect(page).toMatch(/<input type="radio" name="method" value="credit" checked>/);
  });

  it('a declined card: the invoice says refused with a retry link, and the retry shows the form again', async () => {
    const link = await insertLink(svc.db, scope);
    await svc.db.query(`UPDATE payment_links SET success_url = 'https://loja.example/obrigado?pedido=1' WHERE id = $1`, [link.id]);
    const { cookie, csrf } = await visit(link.access_id);
    const res = await post(link.access_id, { csrf, method: 'credit', ...PAYER, ...CARD, number: TEST_CARDS.declined }, { cookie, origin: svc.url, 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(303);
    await svc.drain();
    const invoice = await getPage(svc, res.headers.get('location')!);
    expect(roleText(invoice.html, 'status')).toBe('Pagamento recusado');
    expect(invoice.html).toContain(`<a class="button" href="/c/${link.access_id}">Tentar novamente</a>`);
    const retry = await getPage(svc, `/c/${link.access_id}`, cookie);
    expect(retry.res.status).toBe(200);
    expect(retry.html).toContain(`name="csrf" value="${csrf}"`);
    const approved = await post(link.access_id, { csrf, method: 'credit', ...PAYER, ...CARD, number: TEST_CARDS.visa }, { cookie });
    expect(approved.status).toBe(303);
    await svc.drain();
    const paid = (await getPage(svc, approved.headers.get('location')!)).html;
    expect(roleText(paid, 'status')).toBe('Pagamento aprovado');
    // The store's address with the session's id after its own query (the page's script follows it at once).
    const sessionId = cookie.split('=')[1]!;
    expect(sessionId).toMatch(/^chs_/);
    expect(paid).toContain(`<a class="button" href="https://loja.example/obrigado?pedido=1&amp;checkoutSessionId=${sessionId}" data-return>Voltar para a loja</a>`);
  });

  it('a waiting invoice page carries the store\'s address for its script, a link without successUrl none', async () => {
    const link = await insertLink(svc.db, scope, { methods: ['pix'] });
    await svc.db.query(`UPDATE payment_links SET success_url = 'https://loja.example/obrigado?pedido=2' WHERE id = $1`, [link.id]);
    const { cookie, csrf } = await visit(link.access_id);
    const res = await post(link.access_id, { csrf, method: 'pix', ...PAYER }, { cookie });
    const waiting = (await getPage(svc, res.headers.get('location')!)).html;
    const sessionId = cookie.split('=')[1]!;
    expect(waiting).toMatch(new RegExp(`id="charge-status" data-events="/pay/[0-9A-Za-z]{32}/events" data-state="[^"]*" data-return="https://loja.example/obrigado\\?pedido=2&amp;checkoutSessionId=${sessionId}"`));
    // No link for the payer yet: the address is followed only once the status turns approved.
    expect(waiting).not.toContain('Voltar para a loja');

    const bare = await insertLink(svc.db, scope, { methods: ['pix'] });
    const other = await visit(bare.access_id);
    const plain = await post(bare.access_id, { csrf: other.csrf, method: 'pix', ...PAYER }, { cookie: other.cookie });
    const page = (await getPage(svc, plain.headers.get('location')!)).html;
    expect(page).toContain('data-events=');
    expect(page).not.toContain('data-return');
  });

  it("links only http(s) addresses of the merchant: a javascript: URL is no link", async () => {
    const link = await insertLink(svc.db, scope);
    await svc.db.query(`UPDATE payment_links SET cancel_url = 'javascript:alert(1)' WHERE id = $1`, [link.id]);
    expect((await visit(link.access_id)).html).not.toContain('javascript:');
    await svc.db.query(`UPDATE payment_links SET cancel_url = 'https://loja.example/carrinho' WHERE id = $1`, [link.id]);
    expect((await visit(link.access_id)).html).toContain('<a href="https://loja.example/carrinho">Cancelar e voltar para a loja</a>');
  });

  it('takes urlencoded forms of at most 16 KiB only', async () => {
    const link = await insertLink(svc.db, scope);
    const { cookie, csrf } = await visit(link.access_id);
    const json = await fetch(`${svc.url}/c/${link.access_id}/pay`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ csrf, method: 'pix', ...PAYER }),
    });
    expect(json.status).toBe(415);
    expectPageHeaders(json);
    const big = await post(link.access_id, { csrf, method: 'pix', ...PAYER, name: 'x'.repeat(17_000) }, { cookie });
    expect(big.status).toBe(413);
    expect(h1Of(await big.text())).toBe('Formulário não aceito');
  });
});
