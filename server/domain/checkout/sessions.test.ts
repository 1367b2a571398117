import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../../core/tenancy';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { CARD, chargesOf, refusal, insertLink, insertVariant, PAYER, sessionRow, openOnOffer } from '../../testing/checkout';
import { TEST_CARDS } from '../../testing/payments';
import { offerOf, openSession, startPayment } from './sessions';
import type { LinkRow } from './links-repo';

describe.each(ENGINES)('checkout sessions on $name', (engine) => {
  let svc: TestService;
  let scope: Scope;
  beforeAll(async () => {
    svc = await startTestService(engine, { CHECKOUT_SESSION_TTL_SECONDS: '7200' });
    scope = { merchantId: svc.merchant.merchantId, mode: 'sandbox' };
  });
  afterAll(async () => svc?.close());

  const open = (link: LinkRow) => openOnOffer(svc.payments, link);

  it('offers a link by its access id: merchant name, lines at current prices, total, availability', async () => {
    const variantId = await insertVariant(svc.db, scope, 4990);
    const link = await insertLink(svc.db, scope, { items: [{ variantId, quantity: 2 }] });
    const offer = await offerOf(svc.db, link.access_id, new Date());
    expect(offer).toMatchObject({
      merchantName: 'Acme Comércio Ltda', amount: 9980, availability: 'open',
      lines: [{ name: 'Camiseta (M)', quantity: 2, unitPrice: 4990 }],
    });
    expect(offer!.link.id).toBe(link.id);
    expect(await offerOf(svc.db, 'acc_doesNotExist', new Date())).toBeNull();
  });

  it('opens a session with its TTL and schedules its abandonment at expires_at; a closed link opens none', async () => {
    const link = await insertLink(svc.db, scope);
    const now = new Date('2026-11-24T10:00:00.000Z');
    const s = await openSession(svc.payments, (await offerOf(svc.db, link.access_id, now))!, now);
    expect(s).toMatchObject({ status: 'open', amount: 10000, approved_amount: 0, payment_link_id: link.id, method: null, transaction_id: null });
    expect(s.id).toMatch(/^chs_/);
    expect(s.expires_at.toISOString()).toBe('2026-11-24T12:00:00.000Z');
    const job = await svc.db.query<{ run_at: Date; payload: unknown }>(`SELECT run_at, payload FROM jobs WHERE kind = 'checkout.abandon' AND payload->>'sessionId' = $1`, [s.id]);
    expect(job.rows.map((r) => [r.run_at.toISOString(), r.payload])).toEqual([['2026-11-24T12:00:00.000Z', { sessionId: s.id }]]);

    const expired = await insertLink(svc.db, scope, { expires_at: new Date('2026-01-01T00:00:00.000Z') });
    expect(await refusal(open(expired))).toMatchObject({ code: 'unprocessableEntity', message: 'This payment link has expired.' });
  });

  it('a PIX start is a transaction of the merchant tagged with link and session: items, metadata, payer inline', async () => {
    const variantId = await insertVariant(svc.db, scope, 2500);
    const link = await insertLink(svc.db, scope, { items: [{ variantId, quantity: 3 }], metadata: { campanha: 'bf' } });
    const s = await open(link);
    const started = await startPayment(svc.payments, s.id, { method: 'pix', payer: PAYER });
    expect(started.subscriptionId).toBeNull();
    const [t, ...more] = await chargesOf(svc.db, s.id);
    expect(more).toEqual([]);
    expect(t).toMatchObject({ id: started.transactionId, status: 'pending', method: 'pix', amount: 7500, payment_link_id: link.id, metadata: { campanha: 'bf' } });
    expect(t!.items.map((i) => i.variantId)).toEqual([variantId]);
    expect(await sessionRow(svc.db, s.id)).toMatchObject({ status: 'open', method: 'pix', transaction_id: started.transactionId });
    const api = await (await svc.call(`/v1/transactions/${started.transactionId}`)).json();
    expect(api).toMatchObject({ paymentLinkId: link.id, checkoutSessionId: s.id, customer: { firstName: 'Maria', lastName: 'da Silva' } });
  });

  it("the charge's payer is who typed the form, even on another customer's CPF: that customer is linked, never shown or changed", async () => {
    const cpf = '11144477735';
    const created = await svc.call('/v1/customers', {
      method: 'POST', headers: { 'X-Idempotency-Key': `maria-${engine.name}` },
      json: { firstName: 'Maria', lastName: 'Oliveira', email: 'maria.oliveira@example.com', document: { type: 'cpf', number: cpf } },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const maria = (await created.json()) as { id: string };
    const s = await open(await insertLink(svc.db, scope));
    const typed = { name: 'João Souza', email: 'Joao.Souza@example.com', document: '111.444.777-35' };
    const { transactionId } = await startPayment(svc.payments, s.id, { method: 'billet', payer: typed });
    const charge = (await (await svc.call(`/v1/transactions/${transactionId}`)).json()) as { customer: Record<string, unknown> };
    expect(charge.customer).toMatchObject({
      id: maria.id, firstName: 'João', lastName: 'Souza', email: 'joao.souza@example.com', document: { type: 'cpf', number: cpf },
    });
    expect(JSON.stringify(charge.customer)).not.toContain('Oliveira');
    expect(await (await svc.call(`/v1/customers/${maria.id}`)).json()).toMatchObject({ firstName: 'Maria', lastName: 'Oliveira', email: 'maria.oliveira@example.com' });

    // A recurring link's subscription: its charges (the first cycle's here) carry the payer as typed too.
    const variantId = await insertVariant(svc.db, scope, 3900, true);
    const recurring = await insertLink(svc.db, scope, { items: [{ variantId, quantity: 1 }], recurring: true, max_installments: 1 });
    const r = await open(recurring);
    const { subscriptionId } = await startPayment(svc.payments, r.id, { method: 'billet', payer: typed });
    await svc.drain();
    const [cycleCharge] = await chargesOf(svc.db, r.id);
    const first = (await (await svc.call(`/v1/transactions/${cycleCharge!.id}`)).json()) as { subscriptionId: string; customer: Record<string, unknown> };
    expect(first).toMatchObject({ subscriptionId, customer: { id: maria.id, firstName: 'João', lastName: 'Souza', email: 'joao.souza@example.com' } });
    expect(await (await svc.call(`/v1/customers/${maria.id}`)).json()).toMatchObject({ firstName: 'Maria', lastName: 'Oliveira' });
  });

  it('one payment at a time: a live charge is answered again, whatever the method; a declined card may be retried', async () => {
    const link = await insertLink(svc.db, scope);
    const s = await open(link);
    const pix = await startPayment(svc.payments, s.id, { method: 'pix', payer: PAYER });
    expect(await startPayment(svc.payments, s.id, { method: 'credit', payer: PAYER, card: CARD(), installments: 1 })).toEqual(pix);
    expect(await chargesOf(svc.db, s.id)).toHaveLength(1);

    const other = await open(link);
    const declined = await startPayment(svc.payments, other.id, { method: 'credit', payer: PAYER, card: CARD(TEST_CARDS.declined), installments: 2 });
    await svc.drain();
    expect((await chargesOf(svc.db, other.id)).map((t) => t.status)).toEqual(['failed']);
    const retry = await startPayment(svc.payments, other.id, { method: 'credit', payer: PAYER, card: CARD(), installments: 2 });
    expect(retry.transactionId).not.toBe(declined.transactionId);
    expect((await chargesOf(svc.db, other.id)).map((t) => [t.id, t.installments])).toEqual([[declined.transactionId, 2], [retry.transactionId, 2]]);
    expect(await sessionRow(svc.db, other.id)).toMatchObject({ method: 'credit', transaction_id: retry.transactionId });
  });

  it('two payments started at once in one session make one charge, and both answer it', async () => {
    const link = await insertLink(svc.db, scope);
    const s = await open(link);
    const [a, b] = await Promise.all([
      startPayment(svc.payments, s.id, { method: 'pix', payer: PAYER }),
      startPayment(svc.payments, s.id, { method: 'billet', payer: PAYER }),
    ]);
    const charges = await chargesOf(svc.db, s.id);
    expect(charges).toHaveLength(1);
    expect(a).toEqual({ transactionId: charges[0]!.id, subscriptionId: null });
    expect(b).toEqual(a);
  });

  it('re-checks the link at start: sold out, disabled or expired since the page opened is refused and makes nothing', async () => {
    const link = await insertLink(svc.db, scope, { max_payments: 1 });
    const s = await open(link);
    await svc.db.query('UPDATE payment_links SET completed_payments = 1 WHERE id = $1', [link.id]);
    expect(await refusal(startPayment(svc.payments, s.id, { method: 'pix', payer: PAYER }))).toMatchObject({ code: 'unprocessableEntity', message: 'This payment link is sold out.' });
    await svc.db.query('UPDATE payment_links SET completed_payments = 0, enabled = false WHERE id = $1', [link.id]);
    expect(await refusal(startPayment(svc.payments, s.id, { method: 'pix', payer: PAYER }))).toMatchObject({ message: 'This payment link is not accepting payments.' });
    expect(await chargesOf(svc.db, s.id)).toEqual([]);
    expect(await sessionRow(svc.db, s.id)).toMatchObject({ method: null, transaction_id: null });
  });

  it('refuses a session that expired or ended, a method not offered, too many installments, a bad payer', async () => {
    const link = await insertLink(svc.db, scope, { methods: ['pix', 'credit'], max_installments: 2 });
    const s = await open(link);
    const pix = { method: 'pix' as const, payer: PAYER };
    expect(await refusal(startPayment(svc.payments, s.id, { method: 'billet', payer: PAYER }))).toMatchObject({ params: [{ method: 'is not offered by the link' }] });
    expect(await refusal(startPayment(svc.payments, s.id, { method: 'credit', payer: PAYER, card: CARD(), installments: 3 }))).toMatchObject({ message: 'Choose 1 to 2 installments.' });
    expect(await refusal(startPayment(svc.payments, s.id, { method: 'credit', payer: PAYER, card: { ...CARD(), cvv: '9' }, installments: 1 }))).toMatchObject({ code: 'invalidCard' });
    expect(await refusal(startPayment(svc.payments, s.id, { method: 'credit', payer: PAYER, card: CARD('4111111111111112'), installments: 1 }))).toMatchObject({ code: 'invalidCard' });
    expect(await refusal(startPayment(svc.payments, s.id, { ...pix, payer: { ...PAYER, name: 'Maria' } }))).toMatchObject({ params: [{ 'payer[name]': 'needs a first and a last name' }] });
    expect(await refusal(startPayment(svc.payments, s.id, { ...pix, payer: { ...PAYER, email: 'maria' } }))).toMatchObject({ params: [{ 'payer[email]': 'is not an e-mail address' }] });
    expect(await refusal(startPayment(svc.payments, s.id, { ...pix, payer: { ...PAYER, document: '123' } }))).toMatchObject({ params: [{ 'payer[document]': 'must have 11 or 14 digits' }] });
    expect(await chargesOf(svc.db, s.id)).toEqual([]);

    await svc.db.query("UPDATE checkout_sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [s.id]);
    expect(await refusal(startPayment(svc.payments, s.id, pix))).toMatchObject({ message: 'This checkout expired: open the payment link again.' });
    expect(await refusal(startPayment(svc.payments, 'chs_nope', pix))).toMatchObject({ code: 'resourceNotFound' });
  });

  it('the card number and CVV are stored nowhere in the session or the charge', async () => {
    const link = await insertLink(svc.db, scope);
    const s = await open(link);
    const number = '5555555555554444';
    const { transactionId } = await startPayment(svc.payments, s.id, { method: 'credit', payer: PAYER, card: { ...CARD(number), cvv: '731' }, installments: 1 });
    await svc.drain();
    const rows = await svc.db.query<{ row: string }>(
      `SELECT row_to_json(t)::text AS row FROM transactions t WHERE id = $1
       UNION ALL SELECT row_to_json(c)::text FROM checkout_sessions c WHERE id = $2
       UNION ALL SELECT payload::text FROM events WHERE resource_id IN ($1, $2)`,
      [transactionId, s.id],
    );
    expect(rows.rows.length).toBeGreaterThan(2);
    for (const { row } of rows.rows) {
      expect(row).not.toContain(number);
      expect(row).not.toContain('"731"');
    }
  });
});
