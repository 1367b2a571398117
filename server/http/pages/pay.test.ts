import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { decodeI2of5 } from '../../testing/i2of5';
import { billetBody, cardBody, pixBody, TEST_CARDS, type Transaction } from '../../testing/payments';
import { expectPageHeaders, getPage, h1Of, openStream, roleText, tokenOf } from '../../testing/pages';
import { transactionsApi } from '../../testing/transactions-api';
import { qrPng } from '../../payments/sandbox/qr';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe.each(ENGINES)('the pages of a charge on $name', (engine) => {
  let svc: TestService;
  const api = transactionsApi(() => svc);
  beforeAll(async () => {
    // A short re-read: the test of a change made behind the engine's back (another process) waits for it.
    svc = await startTestService(engine, {}, { streamSettings: { pollMs: 50 } });
  });
  afterAll(async () => svc?.close());

  /** A charge made through the API, its jobs run, and its public token. */
  async function charge(body: Record<string, unknown>, key?: string) {
    const id = await api.create(body, key);
    await svc.drain();
    const t = (await (await svc.call(`/v1/transactions/${id}`, key ? { key } : {})).json()) as Transaction;
    return { id, t, token: tokenOf(t.payment.invoiceLink) };
  }

  it('a PIX: waiting for payment, QR code image and copy-and-paste code, the sandbox banner; the QR PNG drawn from the BR Code on request, no inline image in the API', async () => {
    const { t, token } = await charge(pixBody());
    const { res, html } = await getPage(svc, `/pay/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectPageHeaders(res);
    expect(html).toContain('<html lang="pt-BR">');
    expect(roleText(html, 'status')).toBe('Aguardando pagamento');
    expect(html).toContain(`<img class="qr" src="/pay/${token}/qr.png" alt="QR code PIX"`);
    expect(html).toContain('<label for="pix-code">PIX copia e cola</label>');
    expect(html).toContain(`readonly rows="4" spellcheck="false">${t.payment.pixQrCodeEmv}</textarea>`);
    expect(html).toContain('>Copiar código</button>');
    expect(html).toContain('<strong>Ambiente de testes</strong>');
    expect(html).toContain('<strong>R$ 200,00</strong>');
    expect(html).not.toContain(t.id);

    const qr = await fetch(`${svc.url}/pay/${token}/qr.png`);
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toBe('image/png');
    // The payer's browser may keep it a few minutes; no shared cache may.
    expectPageHeaders(qr, 'private, max-age=300');
    const png = Buffer.from(await qr.arrayBuffer());
    expect(png.subarray(0, 8).equals(PNG)).toBe(true);
    // The image of the charge's own BR Code (qr.test.ts checks the modules), the same on every request.
    expect(png.equals(await qrPng(t.payment.pixQrCodeEmv!))).toBe(true);
    expect(Buffer.from(await (await fetch(`${svc.url}/pay/${token}/qr.png`)).arrayBuffer()).equals(png)).toBe(true);
    // The API's inline image is the same code, smaller (one pixel a module); `pixQrCodeUrl` is this page's image.
    expect(t.payment.pixQrCodeImage).toMatch(/^data:image\/png;base64,/);
    expect(t.payment.pixQrCodeUrl).toBe(`${svc.url}/pay/${token}/qr.png`);
  });

  it('a billet: digitable line and link to the printable billet, whose barcode encodes the 44 digits', async () => {
    const { t, token } = await charge(billetBody());
    const invoice = await getPage(svc, `/pay/${token}`);
    expect(roleText(invoice.html, 'status')).toBe('Aguardando pagamento');
    expect(invoice.html).toContain('Linha digitável');
    expect(invoice.html).toContain(`>${t.payment.billetSequence}</code>`);
    expect(invoice.html).toContain(`<a class="button" href="/pay/${token}/billet">Abrir boleto</a>`);

    const { res, html } = await getPage(svc, `/pay/${token}/billet`);
    expect(res.status).toBe(200);
    expectPageHeaders(res);
    const svg = /<svg role="img" aria-label="Código de barras do boleto"[\s\S]*?<\/svg>/.exec(html)?.[0];
    expect(decodeI2of5(svg!)).toBe(t.payment.billetBarcode);
    expect(html).toContain('<dd>Acme Comércio Ltda</dd>');
    expect(html).toContain('<dd>Maria Silva</dd>');
    expect(html).toContain('<dd>R$ 150,00</dd>');
    expect(html).toContain(`>${t.payment.billetSequence!.slice(0, 5)}.${t.payment.billetSequence!.slice(5, 10)} `);
    expect(html).toContain('>Imprimir</button>');
    expect((await fetch(`${svc.url}/pay/${token}/qr.png`)).status).toBe(404);
  });

  it('a declined card: refused with its reason, no retry link (not made on a link), no QR code or billet', async () => {
    const { token } = await charge(cardBody(TEST_CARDS.declined));
    const { html } = await getPage(svc, `/pay/${token}`);
    expect(roleText(html, 'status')).toBe('Pagamento recusado');
    expect(html).toContain('O emissor do cartão recusou o pagamento.');
    expect(html).not.toContain('Tentar novamente');
    expect(html).not.toContain('data-events');
    for (const path of ['qr.png', 'billet']) {
      const res = await fetch(`${svc.url}/pay/${token}/${path}`);
      expect(res.status).toBe(404);
      expectPageHeaders(res);
    }
  });

  it('an unknown token, a path under /pay or /c that is not a page, or one not validly percent-encoded, is an HTML 404 with the headers', async () => {
    const paths = ['/pay/0000000000000000000000000000000A', '/pay/not-a-token', '/pay/x/y/z', '/c/acc_x/pay/extra', '/c', '/pay', '/c/',
      '/c/%E0%A4%A', '/pay/%E0%A4%A', '/pay/%E0%A4%A/qr.png', '/c/%FF'];
    for (const path of paths) {
      const { res, html } = await getPage(svc, path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expectPageHeaders(res);
      expect(html).toContain('<h1>');
    }
  });

  it("escapes the merchant's name: a name that is markup shows as text", async () => {
    const evil = await svc.newMerchant('<script>alert("x")</script> & Cia');
    const { token } = await charge(pixBody(), evil.sandboxKey);
    const { html } = await getPage(svc, `/pay/${token}`);
    expect(h1Of(html)).toBe('Pagamento para &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Cia');
    expect(html).not.toContain('<script>alert');
  });

  it('the status stream says the state on connect and the new one after simulate pay', async () => {
    const { id, token } = await charge(pixBody());
    const stream = await openStream(`${svc.url}/pay/${token}/events`);
    try {
      expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expectPageHeaders(stream.res);
      expect(await stream.next()).toEqual({ status: 'pending', issued: true });
      await api.act(id, 'pay');
      expect(await stream.next()).toEqual({ status: 'approved', issued: true });
    } finally {
      stream.close();
    }
    const { html } = await getPage(svc, `/pay/${token}`);
    expect(roleText(html, 'status')).toBe('Pagamento aprovado');
  });

  it("the status stream finds a change the engine did not announce (another process's) by its re-read", async () => {
    const { id, token } = await charge(pixBody());
    const stream = await openStream(`${svc.url}/pay/${token}/events`);
    try {
      expect(await stream.next()).toEqual({ status: 'pending', issued: true });
      await svc.db.query(`UPDATE transactions SET status = 'canceled' WHERE id = $1`, [id]);
      expect(await stream.next()).toEqual({ status: 'canceled', issued: true });
    } finally {
      stream.close();
    }
  });

  it('an unexpected failure is a plain HTML 500 page naming the correlation id, never a stack or the JSON envelope', async () => {
    const { id, token } = await charge(pixBody());
    // A row the page cannot read (its items are not a list): the kind of fault no payer input can cause.
    await svc.db.query(`UPDATE transactions SET items = 'null'::jsonb WHERE id = $1`, [id]);
    const { res, html } = await getPage(svc, `/pay/${token}`);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectPageHeaders(res);
    const correlationId = res.headers.get('x-correlation-id')!;
    expect(html).toContain(`<code>${correlationId}</code>`);
    expect(html).not.toMatch(/TypeError|at .*\.ts|"error"/);
  });

  it('closing the service ends its open status streams (a deploy is not held for minutes)', async () => {
    const own = await startTestService(engine);
    const created = await own.call('/v1/transactions', { method: 'POST', json: pixBody() });
    const { id } = (await created.json()) as { id: string };
    const t = (await (await own.call(`/v1/transactions/${id}`)).json()) as Transaction;
    const stream = await openStream(`${own.url}/pay/${tokenOf(t.payment.invoiceLink)}/events`);
    expect(await stream.next()).toEqual({ status: 'pending', issued: false });
    await own.close();
    await expect(stream.next()).rejects.toThrow('the stream ended');
  });

  it('serves the stylesheet and the script from this origin with a year of cache', async () => {
    for (const [path, type] of [['/assets/checkout.css', 'text/css; charset=utf-8'], ['/assets/checkout.js', 'text/javascript; charset=utf-8']] as const) {
      const res = await fetch(`${svc.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expectPageHeaders(res, 'public, max-age=31536000, immutable');
      expect((await res.text()).length).toBeGreaterThan(100);
    }
  });
});
