/** After the charge: refunds, disputes, capture against cancel, expiries and settlement, on every engine. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saoPauloDate } from '../core/calendar';
import { ENGINES, startTestService, type TestService } from '../testing/harness';
import { billetBody, cardBody, eventTypes, pixBody, providerOperations, TEST_CARDS } from '../testing/payments';
import { transactionsApi } from '../testing/transactions-api';

describe.each(ENGINES)('money after the charge on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' });
  });
  afterAll(async () => svc?.close());
  const { create, read, post, act, refused } = transactionsApi(() => svc);

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

  it('ten concurrent refunds of 3000 on a 10000 charge: three go through, the others are 422, never over-refunded', async () => {
    const id = await create(cardBody(TEST_CARDS.visa, {}, { amount: 10000 }));
    await svc.drain();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(`/v1/transactions/${id}/refunds`, { amount: 3000 })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, ...Array<number>(7).fill(422)]);
    const t = await read(id);
    expect(t).toMatchObject({ status: 'approved', refundedAmount: 9000 });
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, refund: 3 });
  });
});
