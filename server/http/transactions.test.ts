import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brCodeValid, parseBrCode } from '../payments/sandbox/brcode';
import { boletoValid } from '../payments/sandbox/boleto';
import { saoPauloDate } from '../domain/fees/plan';
import { createLogger } from '../logger';
import { createWorker } from '../jobs/worker';
import { paymentJobHandlers } from '../domain/transactions/jobs';
import { ENGINES, startTestService, type TestService } from '../testing/harness';
import { billetBody, cardBody, eventTypes, payer, pixBody, providerOperations, TEST_CARDS, timelineOf, type Transaction } from '../testing/payments';

type ErrorBody = { code: string; resource: string; params?: Record<string, string>[] };

describe.each(ENGINES)('transactions on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' });
  });
  afterAll(async () => svc?.close());

  async function create(body: unknown, key?: string): Promise<string> {
    const res = await svc.call('/v1/transactions', { method: 'POST', json: body, ...(key ? { key } : {}) });
    const out = (await res.json()) as { id: string; status: string };
    expect(res.status, JSON.stringify(out)).toBe(201);
    expect(out.status).toBe('pending');
    return out.id;
  }
  async function read(id: string): Promise<Transaction> {
    const res = await svc.call(`/v1/transactions/${id}`);
    expect(res.status).toBe(200);
    return (await res.json()) as Transaction;
  }
  async function post(path: string, json?: unknown, key?: string): Promise<Response> {
    return svc.call(path, { method: 'POST', ...(json === undefined ? {} : { json }), ...(key ? { key } : {}) });
  }
  async function act(id: string, action: string): Promise<Transaction> {
    const res = await post(`/v1/sandbox/transactions/${id}/simulate`, { action });
    const body = (await res.json()) as Transaction;
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body;
  }
  async function refused(res: Response, status: number, code: string): Promise<ErrorBody> {
    const body = (await res.json()) as { error: ErrorBody };
    expect(res.status, JSON.stringify(body)).toBe(status);
    expect(body.error.code).toBe(code);
    return body.error;
  }

  it('PIX: 201 pending, a real BR Code and QR image issued in the background, paid by simulate → approved', async () => {
    const id = await create(pixBody({ externalReference: 'PED-1' }));
    expect((await read(id)).payment.pixQrCodeEmv).toBeNull();
    await svc.drain();
    const issued = await read(id);
    expect(issued.status).toBe('pending');
    const emv = issued.payment.pixQrCodeEmv!;
    expect(brCodeValid(emv)).toBe(true);
    expect(parseBrCode(emv)['54']).toBe('200.00');
    expect(issued.payment.pixQrCodeImage).toMatch(/^data:image\/png;base64,/);
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

  it('refunds: partial then the rest; never above what was captured; full → refunded', async () => {
    const id = await create(cardBody(TEST_CARDS.visa, { installments: 2 }, { amount: 10000 }));
    await svc.drain();
    const first = await post(`/v1/transactions/${id}/refunds`, { amount: 3000, reason: 'requested_by_customer' });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ amount: 3000, status: 'succeeded', transactionId: id, reason: 'requested_by_customer' });
    const partial = await read(id);
    expect(partial).toMatchObject({ status: 'approved', refundedAmount: 3000 });
    // The last installment (5000) is reduced first: canceled and replaced by one of 2000.
    expect(partial.receivables.map((r) => [r.installmentNumber, r.grossAmount, r.status])).toEqual([[1, 5000, 'pending'], [2, 5000, 'canceled'], [2, 2000, 'pending']]);
    await refused(await post(`/v1/transactions/${id}/refunds`, { amount: 7001 }), 422, 'refundAmountInvalid');
    const rest = await post(`/v1/transactions/${id}/refunds`, {});
    expect(await rest.json()).toMatchObject({ amount: 7000, status: 'succeeded' });
    const full = await read(id);
    expect(full).toMatchObject({ status: 'refunded', refundedAmount: 10000 });
    expect(full.refunds!.map((r) => r.amount)).toEqual([7000, 3000]);
    expect(full.receivables.filter((r) => r.status === 'pending')).toEqual([]);
    await refused(await post(`/v1/transactions/${id}/refunds`, {}), 422, 'invalidTransition');
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.approved', 'transaction.partially-refunded', 'transaction.refunded']);
  });

  it('a billet refund is pending until the bank confirms it in the background', async () => {
    const id = await create(billetBody());
    await svc.drain();
    await act(id, 'pay');
    const res = await post(`/v1/transactions/${id}/refunds`, {});
    expect(await res.json()).toMatchObject({ status: 'pending', amount: 15000 });
    expect((await read(id)).status).toBe('approved');
    await svc.drain();
    const t = await read(id);
    expect(t).toMatchObject({ status: 'refunded', refundedAmount: 15000 });
    expect(t.refunds![0]).toMatchObject({ status: 'succeeded' });
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

  it.each([0, 1, 2, 3, 4])('capture and cancel at once (round %i): one wins, the other is 422, the provider did only the winner', async () => {
    const id = await create(cardBody(TEST_CARDS.visa, { capture: false }));
    await svc.drain();
    const [capture, cancel] = await Promise.all([post(`/v1/transactions/${id}/capture`, {}), post(`/v1/transactions/${id}/cancel`, {})]);
    expect([capture.status, cancel.status].sort()).toEqual([200, 422]);
    const t = await read(id);
    const ops = await providerOperations(svc.db, id);
    if (capture.status === 200) {
      expect(t.status).toBe('approved');
      expect(ops).toEqual({ authorize: 1, capture: 1 });
    } else {
      expect(t.status).toBe('canceled');
      expect(ops).toEqual({ authorize: 1, cancel: 1 });
    }
  });

  it('a charge canceled before its job runs is never charged', async () => {
    const id = await create(cardBody());
    expect((await post(`/v1/transactions/${id}/cancel`)).status).toBe(200);
    await svc.drain();
    expect((await read(id)).status).toBe('canceled');
    expect(await providerOperations(svc.db, id)).toEqual({});
  });

  it('disputes: dispute → approved when won; dispute → chargeback when lost, debiting the receivables', async () => {
    const id = await create(pixBody());
    await svc.drain();
    await act(id, 'pay');
    const opened = await act(id, 'dispute');
    expect(opened.status).toBe('dispute');
    expect(opened.disputes).toMatchObject([{ status: 'open', amount: 20000 }]);
    expect((await act(id, 'win-dispute')).status).toBe('approved');
    await act(id, 'dispute');
    const lost = await act(id, 'lose-dispute');
    expect(lost.status).toBe('chargeback');
    expect(lost.disputes!.map((d) => d.status)).toEqual(['lost', 'won']);
    expect(lost.receivables.map((r) => r.status)).toEqual(['chargeback']);
    expect(await eventTypes(svc.db, id)).toEqual([
      'transaction.created', 'transaction.approved', 'transaction.dispute', 'transaction.approved', 'transaction.dispute', 'transaction.chargeback',
    ]);
  });

  it('expiry: an unpaid PIX past its expiry and an uncaptured authorization past 7 days are canceled by their jobs', async () => {
    const pix = await create(pixBody({ payment: { method: 'pix', expiresIn: 60 } }));
    const card = await create(cardBody(TEST_CARDS.visa, { capture: false }));
    await svc.drain();
    // Time passes: both expiries are now in the past, and so are their jobs.
    await svc.db.query(
      `UPDATE transactions SET payment = jsonb_set(payment, '{expirationDate}', to_jsonb($2::text)) WHERE id = ANY($1)`,
      [[pix, card], new Date(Date.now() - 1000).toISOString()],
    );
    await svc.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'transaction.expire' AND payload->>'transactionId' = ANY($1)`, [[pix, card]]);
    await svc.drain();
    expect((await read(pix)).status).toBe('canceled');
    expect((await read(card)).status).toBe('canceled');
    expect(await eventTypes(svc.db, card)).toEqual(['transaction.created', 'transaction.pre-authorized', 'transaction.canceled']);
  });

  it('an expiry job that runs before the expiry (clocks apart) comes back at the expiry instead of canceling', async () => {
    const id = await create(pixBody());
    await svc.drain();
    await svc.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'transaction.expire' AND payload->>'transactionId' = $1`, [id]);
    await svc.drain();
    expect((await read(id)).status).toBe('pending');
    const job = await svc.db.query<{ status: string; run_at: Date }>(`SELECT status, run_at FROM jobs WHERE kind = 'transaction.expire' AND payload->>'transactionId' = $1`, [id]);
    expect(job.rows[0]!.status).toBe('pending');
    expect(job.rows[0]!.run_at.toISOString()).toBe((await read(id)).payment.expirationDate);
  });

  it('settlement: a receivable is paid by the job of its day, and not before', async () => {
    const id = await create(cardBody(TEST_CARDS.visa, { installments: 2 }, { amount: 10000 }));
    await svc.drain();
    const [first, second] = (await read(id)).receivables;
    const jobOf = `SELECT id, status, run_at FROM jobs WHERE kind = 'receivables.settle' AND payload->>'transactionId' = $1 AND payload->>'day' = $2`;
    const job = (await svc.db.query<{ id: string; run_at: Date }>(jobOf, [id, first!.expectedOn])).rows[0]!;
    expect(job.run_at.toISOString()).toBe(`${first!.expectedOn}T03:00:00.000Z`);
    // Run early: nothing is paid, the job waits for its day again.
    await svc.db.query('UPDATE jobs SET run_at = now() WHERE id = $1', [job.id]);
    await svc.drain();
    expect((await read(id)).receivables.map((r) => r.status)).toEqual(['pending', 'pending']);
    expect((await svc.db.query<{ run_at: Date }>('SELECT run_at FROM jobs WHERE id = $1', [job.id])).rows[0]!.run_at).toEqual(job.run_at);
    // Its day comes (the first installment's date moved to today): the first is paid, the second still waits.
    const today = saoPauloDate(new Date());
    await svc.db.query(`UPDATE receivables SET expected_on = $2::date WHERE transaction_id = $1 AND installment_number = 1`, [id, today]);
    await svc.db.query(`UPDATE jobs SET run_at = now(), payload = jsonb_set(payload, '{day}', to_jsonb($2::text)) WHERE id = $1`, [job.id, today]);
    await svc.drain();
    const after = (await read(id)).receivables;
    expect(after.map((r) => r.status)).toEqual(['paid', 'pending']);
    expect(after[0]!.paidAt).not.toBeNull();
    expect(after[1]!.expectedOn).toBe(second!.expectedOn);
  });

  it('a refund still pending when a dispute opens: not disputed, and it completes without moving the dispute', async () => {
    const id = await create(billetBody());
    await svc.drain();
    await act(id, 'pay');
    expect(await (await post(`/v1/transactions/${id}/refunds`, { amount: 5000 })).json()).toMatchObject({ status: 'pending' });
    const disputed = await act(id, 'dispute');
    expect(disputed.disputes![0]).toMatchObject({ amount: 10000 });
    await svc.drain(); // the bank confirms the refund during the dispute
    const during = await read(id);
    expect(during).toMatchObject({ status: 'dispute', refundedAmount: 5000 });
    expect(during.refunds![0]).toMatchObject({ status: 'succeeded' });
    expect((await act(id, 'win-dispute')).status).toBe('approved');
  });

  it('an expired QR code cannot be paid, nor a lapsed authorization captured, before the expiry job has run', async () => {
    const pix = await create(pixBody());
    const card = await create(cardBody(TEST_CARDS.visa, { capture: false }));
    await svc.drain();
    await svc.db.query(
      `UPDATE transactions SET payment = jsonb_set(payment, '{expirationDate}', to_jsonb($2::text)) WHERE id = ANY($1)`,
      [[pix, card], new Date(Date.now() - 1000).toISOString()],
    );
    await refused(await post(`/v1/sandbox/transactions/${pix}/simulate`, { action: 'pay' }), 422, 'invalidTransition');
    await refused(await post(`/v1/transactions/${card}/capture`, {}), 422, 'invalidTransition');
    expect(await providerOperations(svc.db, card)).toEqual({ authorize: 1 });
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

  it('ten concurrent refunds of 3000 on a 10000 charge: three go through, the others are 422, never over-refunded', async () => {
    const id = await create(cardBody(TEST_CARDS.visa, {}, { amount: 10000 }));
    await svc.drain();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(`/v1/transactions/${id}/refunds`, { amount: 3000 })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, ...Array<number>(7).fill(422)]);
    const t = await read(id);
    expect(t).toMatchObject({ status: 'approved', refundedAmount: 9000 });
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, refund: 3 });
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
    expect((await page('limit=1')).total).toBe(3);
  });
});
