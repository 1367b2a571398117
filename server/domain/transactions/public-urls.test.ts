/**
 * The addresses every charge carries for its payer (`invoiceLink`, `pixQrCodeUrl`, `billetUrl`) are under the
 * service's public address (`PUBLIC_BASE_URL`, else the address it listens on) and a random token per charge that
 * has nothing of the transaction's id in it. On every engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { billetBody, pixBody, type Transaction } from '../../testing/payments';

describe.each(ENGINES)('public addresses of a charge, on $name', (engine) => {
  let configured: TestService;
  let bare: TestService;
  beforeAll(async () => {
    configured = await startTestService(engine, { PUBLIC_BASE_URL: 'https://pay.example.com/' });
    bare = await startTestService(engine);
  });
  afterAll(async () => {
    await configured?.close();
    await bare?.close();
  });

  async function charge(svc: TestService, body: unknown): Promise<Transaction> {
    const res = await svc.call('/v1/transactions', { method: 'POST', json: body });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await svc.drain();
    return (await (await svc.call(`/v1/transactions/${id}`)).json()) as Transaction;
  }

  it('PIX: the invoice page and the QR image under PUBLIC_BASE_URL and one random token', async () => {
    const t = await charge(configured, pixBody());
    const m = /^https:\/\/pay\.example\.com\/pay\/([0-9A-Za-z]{32})$/.exec(t.payment.invoiceLink);
    expect(m, t.payment.invoiceLink).not.toBeNull();
    const token = m![1]!;
    expect(token).not.toContain(t.id.slice(4));
    expect(t.payment.pixQrCodeUrl).toBe(`https://pay.example.com/pay/${token}/qr.png`);
    const other = await charge(configured, pixBody());
    expect(other.payment.invoiceLink).not.toBe(t.payment.invoiceLink);
  });

  it('billet: the printable billet under the same token as its invoice page', async () => {
    const t = await charge(configured, billetBody());
    expect(t.payment.billetUrl).toBe(`${t.payment.invoiceLink}/billet`);
  });

  it('without PUBLIC_BASE_URL: the address the service listens on', async () => {
    const t = await charge(bare, pixBody());
    expect(t.payment.invoiceLink.startsWith(`${bare.url}/pay/`)).toBe(true);
  });
});
