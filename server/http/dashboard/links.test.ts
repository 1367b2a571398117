/**
 * The dashboard's payment links over HTTP: a link for a fixed amount made once however often its form is sent, its
 * page with the address and a QR code that reads back to it, switched off (the payer's page then says so) and on;
 * the audit trail; a read-only person shown no form and refused the forged one; another merchant's link not found;
 * the payments list filtered by the link and by the customer's e-mail and document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../testing/harness';
import { expectJson, startPagesService, type PagesService, type PaymentLink } from '../../testing/browser';
import { field, signedInAs } from '../../testing/dashboard';
import { pixBody } from '../../testing/payments';
import { scanDataUrl } from '../../testing/png';
import { LINKS_PATH } from './links';

describe.each(ENGINES)('the payment links pages, on $name', (engine) => {
  let svc: PagesService;
  beforeAll(async () => {
    svc = await startPagesService(engine);
  });
  afterAll(async () => svc?.close());

  const signedIn = (role: string) => signedInAs(svc, role);

  it('makes a link once however often its form is sent, and shows its address and a QR code of it', async () => {
    const c = await signedIn('developer');
    const list = await c.get(LINKS_PATH);
    expect(list.status).toBe(200);
    const form = { csrf: field(list.text, 'csrf'), idem: field(list.text, 'idem'), name: 'Consultoria avulsa', amount: '1.250,50', description: '', methods: 'pix', installments: '1' };
    const made = await c.post(LINKS_PATH, form);
    expect(made.status).toBe(303);
    const id = /\/dashboard\/links\/(link_\w+)\?created=1$/.exec(made.location!)![1]!;
    const again = await c.post(LINKS_PATH, form);
    expect(again.location).toBe(made.location);
    const api = await expectJson<PaymentLink>(await svc.call(`/v1/checkouts/payment-links/${id}`), 200);
    expect(api).toMatchObject({ name: 'Consultoria avulsa', amount: 125050, methods: ['pix'], maxInstallments: 1, enabled: true });
    const n = await svc.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payment_links WHERE merchant_id = $1 AND name = 'Consultoria avulsa'`, [svc.merchant.merchantId]);
    expect(n.rows[0]!.n).toBe(1);

    const page = await c.get(`${LINKS_PATH}/${id}?created=1`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`value="${api.accessFullUrl}"`);
    const qr = /<img id="link-qr" src="(data:image\/png;base64,[^"]+)"/.exec(page.text)![1]!;
    expect(scanDataUrl(qr).text).toBe(api.accessFullUrl);
    expect(page.text).toContain('data-availability="open"');
    const audit = await svc.db.query<{ action: string; target: string | null }>(`SELECT action, target FROM audit_events WHERE merchant_id = $1 AND action = 'createPaymentLink'`, [svc.merchant.merchantId]);
    expect(audit.rows).toHaveLength(1);
  });

  it('switches a link off, so that its payer is told so, and back on', async () => {
    const c = await signedIn('admin');
    const link = await expectJson<PaymentLink>(await svc.call('/v1/checkouts/payment-links', { method: 'POST', json: { name: 'Caneca', amount: 4500 } }), 201);
    const page = await c.get(`${LINKS_PATH}/${link.id}`);
    const off = await c.post(`${LINKS_PATH}/${link.id}/disable`, { csrf: field(page.text, 'csrf'), idem: field(page.text, 'idem') });
    expect(off.status).toBe(303);
    expect((await expectJson<PaymentLink>(await svc.call(`/v1/checkouts/payment-links/${link.id}`), 200)).availability).toBe('disabled');
    expect((await fetch(link.accessFullUrl)).status).toBe(410);
    const offPage = await c.get(`${LINKS_PATH}/${link.id}`);
    expect(offPage.text).toContain('data-availability="disabled"');
    expect((await c.get(`${LINKS_PATH}?status=disabled`)).text).toContain(`data-link="${link.id}"`);
    expect((await c.get(`${LINKS_PATH}?status=enabled`)).text).not.toContain(`data-link="${link.id}"`);
    const on = await c.post(`${LINKS_PATH}/${link.id}/enable`, { csrf: field(offPage.text, 'csrf'), idem: field(offPage.text, 'idem') });
    expect(on.status).toBe(303);
    expect((await expectJson<PaymentLink>(await svc.call(`/v1/checkouts/payment-links/${link.id}`), 200)).enabled).toBe(true);
  });

  it('refuses what the person may not do or typed wrong, and answers 404 for another merchant’s link', async () => {
    const reader = await signedIn('read-only');
    const list = await reader.get(LINKS_PATH);
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(`action="${LINKS_PATH}"`);
    const csrf = field(list.text, 'csrf');
    const forged = await reader.post(LINKS_PATH, { csrf, idem: 'dsh_AAAAAAAAAAAAAAAAAAAAAAAA', name: 'Forjado', amount: '10,00', methods: 'pix' });
    expect(forged.status).toBe(403);
    const other = await svc.newMerchant('Outra Loja Ltda');
    const theirs = await expectJson<PaymentLink>(await svc.call('/v1/checkouts/payment-links', { method: 'POST', json: { name: 'Deles', amount: 9900 }, key: other.sandboxKey }), 201);
    const owner = await signedIn('owner');
    expect((await owner.get(`${LINKS_PATH}/${theirs.id}`)).status).toBe(404);
    const own = await owner.get(LINKS_PATH);
    const off = await owner.post(`${LINKS_PATH}/${theirs.id}/disable`, { csrf: field(own.text, 'csrf'), idem: field(own.text, 'idem') });
    expect(off.status).toBe(404);
    expect((await expectJson<PaymentLink>(await svc.call(`/v1/checkouts/payment-links/${theirs.id}`, { key: other.sandboxKey }), 200)).enabled).toBe(true);
    // Amounts out of what a link carries, or typed ambiguously, are refused with the form kept.
    for (const amount of ['0,50', '1.5.0', 'dez']) {
      const res = await owner.post(LINKS_PATH, { csrf: field(own.text, 'csrf'), idem: `dsh_${'B'.repeat(20)}${amount.length}xyz`, name: 'Typo', amount, methods: 'pix' });
      expect(res.status, amount).toBeGreaterThanOrEqual(400);
      expect(res.status, amount).toBeLessThan(500);
      expect(res.text).toContain('value="Typo"');
    }
    expect((await owner.post(LINKS_PATH, { csrf: field(own.text, 'csrf'), idem: field(own.text, 'idem'), name: 'Sem meio', amount: '10,00' })).status).toBe(422);
  });

  it('lists the payments of a customer by e-mail or document, and of a link', async () => {
    const email = `cliente.${Date.now()}@example.com`;
    const res = await svc.call('/v1/transactions', { method: 'POST', json: pixBody({ customer: { firstName: 'Ana', lastName: 'Reis', email, document: { type: 'cpf', number: '111.444.777-35' } } }) });
    const { id } = await expectJson<{ id: string }>(res, 201);
    const c = await signedIn('finance');
    const byEmail = await c.get(`/dashboard/payments?email=${encodeURIComponent(email.toUpperCase())}`);
    expect(byEmail.text).toContain(`/dashboard/payments/${id}"`);
    expect(byEmail.text).toContain('Página 1 · 1 pagamentos');
    const byDoc = await c.get('/dashboard/payments?document=11144477735');
    expect(byDoc.text).toContain(`/dashboard/payments/${id}"`);
    expect(byDoc.text).toContain('Página 1 · 1 pagamentos');
    const none = await c.get('/dashboard/payments?email=ninguem%40example.com');
    expect(none.status).toBe(200);
    expect(none.text).toContain('Página 1 · 0 pagamentos');
    const byLink = await c.get('/dashboard/payments?link=link_0000000000000000');
    expect(byLink.status).toBe(200);
    expect(byLink.text).toContain('Página 1 · 0 pagamentos');
  });
});
