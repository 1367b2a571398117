import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brCodeValid, parseBrCode } from '../payments/sandbox/brcode';
import { boletoValid } from '../payments/sandbox/boleto';
import { saoPauloDate } from '../core/calendar';
import { createLogger } from '../logger';
import { createWorker } from '../jobs/worker';
import { paymentJobHandlers } from '../domain/transactions/jobs';
import { ENGINES, startTestService, type TestService } from '../testing/harness';
import { billetBody, cardBody, CPF, eventTypes, payer, pixBody, providerOperations, TEST_CARDS, timelineOf, type Transaction } from '../testing/payments';
import { transactionsApi } from '../testing/transactions-api';

describe.each(ENGINES)('transactions on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' });
  });
  afterAll(async () => svc?.close());
  const { create, read, post, act, refused } = transactionsApi(() => svc);

  it('PIX: 201 pending, a real BR Code issued in the background (its QR image by URL), paid by simulate → approved', async () => {
    const id = await create(pixBody({ externalReference: 'PED-1' }));
    expect((await read(id)).payment.pixQrCodeEmv).toBeNull();
    await svc.drain();
    const issued = await read(id);
    expect(issued.status).toBe('pending');
    const emv = issued.payment.pixQrCodeEmv!;
    expect(brCodeValid(emv)).toBe(true);
    expect(parseBrCode(emv)['54']).toBe('200.00');
    // The image by URL (drawn on request) and inline (drawn once at issuance; pix-qr-image.test.ts reads it back).
    expect(issued.payment.pixQrCodeImage).toMatch(/^data:image\/png;base64,/);
    expect(issued.payment.pixQrCodeUrl).toMatch(/\/pay\/[^/]+\/qr\.png$/);
    expect(Date.parse(issued.payment.expirationDate!) - Date.parse(issued.createdAt)).toBe(3_600_000);
    expect(timelineOf(issued)).toEqual(['status:null>pending', 'route:sandbox:sent', 'note']);

    const paid = await act(id, 'pay');
    expect(paid).toMatchObject({ status: 'approved', capturedAmount: 20000, refundedAmount: 0 });
    expect(paid.payment.paidAt).not.toBeNull();
    expect(paid.receivables).toHaveLength(1);
    // 0.99 % of 20000 = 198; PIX settles the day it is paid.
    expect(paid.receivables[0]).toMatchObject({ grossAmount: 20000, amount: 19802, status: 'paid', installmentNumber: 1, expectedOn: saoPauloDate(new Date()) });
    expect(paid.receivables[0]!.authorizationCode).toMatch(/^E\d{8}\d{12}[0-9A-Za-z]{11}$/);
    expect(paid.timeline[0]).toMatchObject({ type: 'status', details: { from: 'pending', to: 'approved' } });
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.approved']);
    await refused(await post(`/v1/sandbox/transactions/${id}/simulate`, { action: 'pay' }), 422, 'invalidTransition');
  });

  it('card captured at once → approved, with one receivable per installment on the documented schedule', async () => {
    const id = await create(cardBody(TEST_CARDS.mastercard, { installments: 3 }));
    await svc.drain();
    const t = await read(id);
    expect(t.status).toBe('approved');
    expect(t.payment).toMatchObject({ cardBrand: 'mastercard', cardFirstDigits: '555555', cardLastDigits: '4444', installments: 3, provider: 'sandbox' });
    // 3.99 + 2 × 2.49 = 8.97 % of 30000 = 2691; 10000 gross per installment, fee 897 each.
    expect(t.receivables.map((r) => [r.installmentNumber, r.grossAmount, r.amount, r.status, r.expectedOn])).toEqual([
      [1, 10000, 9103, 'pending', saoPauloDate(new Date(t.payment.paidAt!), 30)],
      [2, 10000, 9103, 'pending', saoPauloDate(new Date(t.payment.paidAt!), 60)],
      [3, 10000, 9103, 'pending', saoPauloDate(new Date(t.payment.paidAt!), 90)],
    ]);
    expect(timelineOf(t)).toEqual(['status:null>pending', 'route:sandbox:authorized', 'status:pending>approved']);
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.approved']);
  });

  it.each([
    [TEST_CARDS.declined, 'issuerDeclined'],
    [TEST_CARDS.noFunds, 'insufficientFunds'],
  ])('card %s refused by the issuer → failed (%s), never a 402', async (number, code) => {
    const id = await create(cardBody(number));
    await svc.drain();
    const t = await read(id);
    expect(t.status).toBe('failed');
    expect(t.payment.refused).toMatchObject({ code, provider: 'sandbox' });
    expect(t.receivables).toEqual([]);
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.failed']);
  });

  it('anti-fraud review: analyzing → fraud-review → approved, each announced', async () => {
    const id = await create(cardBody(TEST_CARDS.review));
    await svc.drain();
    const t = await read(id);
    expect(t.status).toBe('approved');
    expect(timelineOf(t).filter((e) => e.startsWith('status'))).toEqual([
      'status:null>pending', 'status:pending>analyzing', 'status:analyzing>fraud-review', 'status:fraud-review>approved',
    ]);
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.analyzing', 'transaction.fraud-review', 'transaction.approved']);
  });

  it('anti-fraud refusal: analyzing → refused (antiFraudRefused), no route charged', async () => {
    const id = await create(cardBody(TEST_CARDS.fraud));
    await svc.drain();
    const t = await read(id);
    expect(t.status).toBe('refused');
    expect(t.payment.refused).toMatchObject({ code: 'antiFraudRefused', provider: 'antifraud' });
    expect(await providerOperations(svc.db, id)).toEqual({});
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.analyzing', 'transaction.refused']);
  });

  it('first route unavailable: falls back to the second, both in the timeline', async () => {
    const id = await create(cardBody(TEST_CARDS.fallback));
    await svc.drain();
    const t = await read(id);
    expect(t.status).toBe('approved');
    expect(t.payment.provider).toBe('sandbox-fallback');
    expect(timelineOf(t)).toEqual(['status:null>pending', 'route:sandbox:unavailable', 'route:sandbox-fallback:authorized', 'status:pending>approved']);
  });

  it('pre-authorization: capture: false → pre-authorized; partial capture → approved; a second capture is 422', async () => {
    const id = await create(cardBody(TEST_CARDS.visa, { capture: false }, { amount: 20000 }));
    await svc.drain();
    const pre = await read(id);
    expect(pre.status).toBe('pre-authorized');
    expect(pre.capturedAmount).toBe(0);
    expect(Date.parse(pre.payment.expirationDate!) - Date.parse(pre.updatedAt)).toBe(7 * 86_400_000);
    await refused(await post(`/v1/transactions/${id}/capture`, { amount: 20001 }), 422, 'captureAmountInvalid');
    const res = await post(`/v1/transactions/${id}/capture`, { amount: 15000 });
    const captured = (await res.json()) as Transaction;
    expect(res.status).toBe(200);
    expect(captured).toMatchObject({ status: 'approved', amount: 20000, capturedAmount: 15000 });
    expect(captured.timeline.find((e) => e.type === 'capture')?.details).toEqual({ amount: 15000, releasedAmount: 5000 });
    expect(captured.receivables.reduce((s, r) => s + r.grossAmount, 0)).toBe(15000);
    await refused(await post(`/v1/transactions/${id}/capture`, {}), 422, 'invalidTransition');
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.pre-authorized', 'transaction.approved']);
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, capture: 1 });
  });

  it('billet: a valid barcode and digitable line for the amount and due date; paid → approved, settling D+1', async () => {
    const id = await create(billetBody());
    await svc.drain();
    const issued = await read(id);
    const { billetBarcode: barcode, billetSequence: line } = issued.payment;
    expect(boletoValid(barcode!)).toBe(true);
    expect(boletoValid(line!)).toBe(true);
    expect(barcode!.slice(9, 19)).toBe('0000015000');
    expect(issued.payment.expirationDate!.endsWith('T02:59:59.999Z')).toBe(true);
    const paid = await act(id, 'pay');
    expect(paid.status).toBe('approved');
    // Flat 349 cents; settles the next day.
    expect(paid.receivables).toMatchObject([{ grossAmount: 15000, amount: 14651, status: 'pending', expectedOn: saoPauloDate(new Date(paid.payment.paidAt!), 1) }]);
  });

  it('cancel: pending PIX and pre-authorized card → canceled; approved → 422', async () => {
    const pix = await create(pixBody());
    await svc.drain();
    const res = await post(`/v1/transactions/${pix}/cancel`, { reason: 'Pedido cancelado' });
    const canceled = (await res.json()) as Transaction;
    expect(res.status).toBe(200);
    expect(canceled.status).toBe('canceled');
    expect(canceled.timeline[0]).toMatchObject({ type: 'note', details: { reason: 'Pedido cancelado' } });
    await refused(await post(`/v1/sandbox/transactions/${pix}/simulate`, { action: 'pay' }), 422, 'invalidTransition');

    const card = await create(cardBody(TEST_CARDS.visa, { capture: false }));
    await svc.drain();
    expect((await (await post(`/v1/transactions/${card}/cancel`)).json()) as Transaction).toMatchObject({ status: 'canceled' });
    expect(await providerOperations(svc.db, card)).toEqual({ authorize: 1, cancel: 1 });

    const approved = await create(cardBody());
    await svc.drain();
    await refused(await post(`/v1/transactions/${approved}/cancel`, {}), 422, 'invalidTransition');
  });

  it('a charge canceled before its job runs is never charged', async () => {
    const id = await create(cardBody());
    expect((await post(`/v1/transactions/${id}/cancel`)).status).toBe(200);
    await svc.drain();
    expect((await read(id)).status).toBe('canceled');
    expect(await providerOperations(svc.db, id)).toEqual({});
  });

  it('refuses a billet due date that is not a real calendar day (400), without a 5xx', async () => {
    for (const dueDate of ['2027-02-30', '2026-13-01']) {
      const err = await refused(await post('/v1/transactions', billetBody({ payment: { method: 'billet', dueDate } })), 400, 'invalidParameters');
      expect(JSON.stringify(err.params)).toContain('payment[dueDate]');
    }
  });

  it('refuses what cannot be charged before creating anything', async () => {
    const before = await svc.db.query<{ n: number }>('SELECT count(*)::int AS n FROM transactions');
    await refused(await post('/v1/transactions', pixBody({ items: [{ name: 'A', unitPrice: 5000, quantity: 3 }] })), 422, 'itemsTotalMismatch');
    await refused(await post('/v1/transactions', pixBody({ customer: payer('x@example.com', '52998224726') })), 422, 'invalidDocument');
    const luhn = await refused(await post('/v1/transactions', cardBody('4111111111111112')), 422, 'invalidCard');
    expect(luhn.params).toEqual([{ 'payment[card][number]': 'number fails the Luhn check' }]);
    const expired = cardBody();
    expired.payment.card.expYear = 2020;
    await refused(await post('/v1/transactions', expired), 422, 'invalidCard');
    await refused(await post('/v1/transactions', billetBody({ customer: payer('no.doc@example.com', null) })), 422, 'unprocessableEntity');
    await refused(await post('/v1/transactions', billetBody({ payment: { method: 'billet', dueDate: '2020-01-01' } })), 422, 'unprocessableEntity');
    await refused(await post('/v1/transactions', { amount: 20000, customerId: 'cus_0000000000000000', payment: { method: 'pix' } }), 422, 'unprocessableEntity');
    const prod = await refused(await post('/v1/transactions', pixBody(), svc.merchant.productionKey), 422, 'providerNotConfigured');
    expect(prod.resource).toBe('payorch');
    const after = await svc.db.query<{ n: number }>('SELECT count(*)::int AS n FROM transactions');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('simulate needs a sandbox key (403 sandboxOnly) and a known transaction (404)', async () => {
    await refused(await post('/v1/sandbox/transactions/tra_0000000000000000/simulate', { action: 'pay' }, svc.merchant.productionKey), 403, 'sandboxOnly');
    await refused(await post('/v1/sandbox/transactions/tra_0000000000000000/simulate', { action: 'pay' }), 404, 'transactionNotFound');
  });

  it('two workers draining at once charge each of 20 transactions exactly once', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => create(cardBody(TEST_CARDS.visa, {}, { amount: 1000 + i }))));
    const second = createWorker({ db: svc.db, handlers: paymentJobHandlers(svc.payments), logger: createLogger('silent'), concurrency: 4 });
    const [a, b] = await Promise.all([svc.drain(), second.drain()]);
    expect(a + b).toBeGreaterThanOrEqual(20);
    for (const id of ids) {
      expect((await read(id)).status).toBe('approved');
      expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1 });
      expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.approved']);
    }
  });

  it('an idempotent retry of a creation returns the stored 201 and creates one transaction', async () => {
    const headers = { 'X-Idempotency-Key': `idem-${Date.now()}-create` };
    const body = pixBody({ externalReference: 'IDEM-1' });
    const first = await svc.call('/v1/transactions', { method: 'POST', json: body, headers });
    const again = await svc.call('/v1/transactions', { method: 'POST', json: body, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    const n = await svc.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM transactions WHERE external_reference = 'IDEM-1'`);
    expect(n.rows[0]!.n).toBe(1);
  });

  it('lists with the filters: status, method, customer and external reference', async () => {
    const { sandboxKey } = await svc.newMerchant();
    const a = await create(pixBody({ externalReference: 'ORD-A' }), sandboxKey);
    const b = await create(cardBody(TEST_CARDS.visa, {}, { externalReference: 'ORD-B', amount: 50000 }), sandboxKey);
    await svc.drain();
    const c = await create(pixBody({ amount: 10000, customer: payer('other.payer@example.com', null) }), sandboxKey);
    const page = async (query: string) => {
      const res = await svc.call(`/v1/transactions?${query}`, { key: sandboxKey });
      expect(res.status).toBe(200);
      return (await res.json()) as { data: { id: string; customer: { id: string } }[]; total: number };
    };
    const list = async (query: string) => (await page(query)).data.map((t) => t.id);
    expect(await list('')).toEqual([c, b, a]);
    expect(await list('status=approved')).toEqual([b]);
    expect(await list('method=pix')).toEqual([c, a]);
    expect(await list('externalreference=ORD-A')).toEqual([a]);
    expect(await list('sort=amount')).toEqual([c, a, b]);
    const all = await page('');
    const maria = all.data.find((t) => t.id === a)!.customer.id;
    expect(all.data.find((t) => t.id === b)!.customer.id).toBe(maria);
    expect(await list(`customerid=${maria}`)).toEqual([b, a]);
    // The customer as each transaction recorded it: the e-mail in any case, the document with or without punctuation.
    expect(await list('customeremail=OTHER.Payer@example.com')).toEqual([c]);
    expect(await list('customeremail=maria.silva@example.com')).toEqual([b, a]);
    expect(await list(`customerdocument=529.982.247-25`)).toEqual([b, a]);
    expect(await list(`customerdocument=${CPF}`)).toEqual([b, a]);
    expect(await list('customerdocument=111.444.777-35')).toEqual([]);
    expect(await list('paymentlinkid=link_0000000000000000')).toEqual([]);
    expect((await svc.call('/v1/transactions?customerdocument=abc', { key: sandboxKey })).status).toBe(400);
    expect((await page('limit=1')).total).toBe(3);
  });
});
