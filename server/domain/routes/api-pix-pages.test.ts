/**
 * What follows a charge paid through an API Pix route: a production payment link's checkout page issues the PSP's
 * QR code and turns to paid when the PSP's notification comes (the session completed once); and a sandbox route
 * pointed at a PSP's homologation environment instead of the simulator delivers `transaction.approved`, signed, to a
 * webhook endpoint. On both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestService } from '../../testing/harness';
import { startFakePsp, type FakePsp } from '../../testing/fake-psp';
import { startPixRouteService, type PixRouteService } from '../../testing/api-pix';
import { insertLink } from '../../testing/checkout';
import { getPage, openCheckout, postCheckout, sessionsOf } from '../../testing/pages';
import { startReceiver, type Receiver } from '../../testing/receiver';
import { CPF, pixBody, type Transaction } from '../../testing/payments';

describe.each(ENGINES)('pages and webhooks of an API Pix route on $name', (engine) => {
  let prodPsp: FakePsp;
  let homologation: FakePsp;
  let svc: PixRouteService;
  let receiver: Receiver;
  // The page helpers read the service's address and database only.
  const pages = () => svc as unknown as TestService;
  beforeAll(async () => {
    prodPsp = await startFakePsp({ allowHttpWebhook: true });
    homologation = await startFakePsp({ allowHttpWebhook: true });
    svc = await startPixRouteService(engine, [{ id: 'pix-live', fake: prodPsp }, { id: 'pix-homolog', fake: homologation, mode: 'sandbox' }]);
    await svc.drain();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await svc?.close();
    await prodPsp?.close();
    await homologation?.close();
    await receiver?.close();
  });

  it("a production checkout page shows the PSP's code and turns to paid when the PSP notifies", async () => {
    const link = await insertLink(svc.db, { merchantId: svc.merchant.merchantId, mode: 'production' }, { methods: ['pix'], amount: 4990 });
    const { cookie, csrf } = await openCheckout(pages(), link.access_id);
    const posted = await postCheckout(pages(), link.access_id, { csrf, method: 'pix', name: 'Maria da Silva', email: 'maria@example.com', document: CPF }, { cookie });
    expect(posted.status).toBe(303);
    const invoice = new URL(posted.headers.get('location')!, svc.url).pathname;
    const [charge] = (await svc.db.query<{ id: string }>('SELECT id FROM transactions WHERE payment_link_id = $1', [link.id])).rows;
    const txid = await svc.issued(charge!.id);
    const waiting = await getPage(pages(), invoice);
    expect(waiting.html).toContain('Aguardando pagamento');
    // The code the payer copies is the PSP's own.
    const emv = String(prodPsp.cob(txid)!.pixCopiaECola);
    expect(waiting.html.replace(/&amp;/g, '&')).toContain(emv);

    await prodPsp.pay(txid, { callback: 'twice' });
    await svc.drain();
    const paid = await getPage(pages(), invoice);
    expect(paid.html).toContain('Pagamento aprovado');
    expect(await sessionsOf(pages(), link.id)).toEqual([expect.objectContaining({ status: 'completed' })]);
    const completed = await svc.db.query<{ n: number }>(`SELECT completed_payments AS n FROM payment_links WHERE id = $1`, [link.id]);
    expect(completed.rows[0]!.n).toBe(1);
  });

  it('a sandbox route at a homologation PSP replaces the simulator, and its approval reaches a webhook endpoint', async () => {
    const sandbox = (path: string, init: Parameters<PixRouteService['call']>[1] = {}) => svc.call(path, { ...init, key: svc.merchant.sandboxKey });
    const hook = await sandbox('/v1/webhooks', { method: 'POST', json: { name: 'Orders', endpoint: receiver.url, events: ['transaction.approved'] } });
    expect(hook.status).toBe(201);
    const created = await sandbox('/v1/transactions', { method: 'POST', json: pixBody({ amount: 1500 }) });
    const t = (await created.json()) as Transaction;
    const txid = await svc.issued(t.id);
    const issued = (await (await sandbox(`/v1/transactions/${t.id}`)).json()) as Transaction;
    expect(issued.payment.pixQrCodeEmv).toBe(homologation.cob(txid)!.pixCopiaECola);
    // The simulator does not pay what a real PSP issued: the payer pays it at the PSP.
    const simulated = await sandbox(`/v1/sandbox/transactions/${t.id}/simulate`, { method: 'POST', json: { action: 'pay' } });
    expect(simulated.status).toBe(422);
    expect(JSON.stringify(await simulated.json())).toContain("route pix-homolog is a real provider's");
    await homologation.pay(txid);
    await svc.drain();
    const delivered = receiver.received.map((r) => JSON.parse(r.body) as { type: string; payload: { object: { id: string; status: string } } });
    expect(delivered.filter((e) => e.type === 'transaction.approved' && e.payload.object.id === t.id && e.payload.object.status === 'approved')).toHaveLength(1);
    expect(receiver.received.at(-1)!.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
  });
});
