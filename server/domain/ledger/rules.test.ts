/**
 * The entry rules through the API, on every engine: settlement and fee when a receivable is paid (at once or by the
 * settlement job, once however often the job runs), refunds from settled money only, dispute holds, releases and
 * chargebacks; the balance answers the sum; `verifyLedger` finds the books consistent after each scenario.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saoPauloDate } from '../../core/calendar';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { cardBody, pixBody, TEST_CARDS } from '../../testing/payments';
import { transactionsApi } from '../../testing/transactions-api';
import { settleDay } from '../transactions/after-charge';
import { entriesOfTransaction } from './entries';
import { verifyLedger } from './verify';

type Balance = { mode: string; balances: { currency: string; available: number; pending: number }[] };

describe.each(ENGINES)('ledger entry rules on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' });
  });
  afterAll(async () => svc?.close());
  const { create, post } = transactionsApi(() => svc);

  /** A fresh merchant per scenario, so each balance starts at zero. */
  async function merchant(): Promise<string> {
    return (await svc.newMerchant()).sandboxKey;
  }
  async function balance(key: string): Promise<{ available: number; pending: number }> {
    const res = await svc.call('/v1/balance', { key });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Balance;
    expect(body.balances).toHaveLength(1);
    return { available: body.balances[0]!.available, pending: body.balances[0]!.pending };
  }
  async function entries(id: string): Promise<[string, number][]> {
    return (await entriesOfTransaction(svc.db, id)).map((e) => [e.type, e.amount]);
  }
  async function paidPix(key: string): Promise<{ id: string; fee: number }> {
    const id = await create(pixBody(), key);
    await svc.drain();
    const res = await post(`/v1/sandbox/transactions/${id}/simulate`, { action: 'pay' }, key);
    expect(res.status).toBe(200);
    const rec = await svc.db.query<{ fee: string }>(`SELECT fee::text FROM receivables WHERE transaction_id = $1`, [id]);
    return { id, fee: Number(rec.rows[0]!.fee) };
  }

  it('the issue: a partial refund of a settled PIX debits the balance, the fee stays charged', async () => {
    const key = await merchant();
    expect(await balance(key)).toEqual({ available: 0, pending: 0 });
    const { id, fee } = await paidPix(key);
    expect(fee).toBeGreaterThan(0);
    expect(await entries(id)).toEqual([['settlement', 20000], ['fee', -fee]]);
    expect(await balance(key)).toEqual({ available: 20000 - fee, pending: 0 });

    const refund = await post(`/v1/transactions/${id}/refunds`, { amount: 5000 }, key);
    expect(refund.status).toBe(201);
    const { id: refundId } = (await refund.json()) as { id: string };
    expect(await entries(id)).toEqual([['settlement', 20000], ['fee', -fee], ['refund', -5000]]);
    expect((await entriesOfTransaction(svc.db, id))[2]).toMatchObject({ source_kind: 'refund', source_id: refundId });
    expect(await balance(key)).toEqual({ available: 15000 - fee, pending: 0 });
    expect(await verifyLedger(svc.db)).toEqual([]);
  });

  it('card in installments: refunds take from the schedule first; the settlement job posts once however often it runs', async () => {
    const key = await merchant();
    const id = await create(cardBody(TEST_CARDS.visa, { installments: 3 }), key);
    await svc.drain();
    const recs = async () =>
      (await svc.db.query<{ id: string; n: number; gross: string; fee: string; status: string }>(
        `SELECT id, installment_number AS n, gross_amount::text AS gross, fee::text AS fee, status FROM receivables
          WHERE transaction_id = $1 ORDER BY installment_number, created_at`,
        [id],
      )).rows;
    const planned = await recs();
    expect(planned).toHaveLength(3);
    const net = planned.reduce((n, r) => n + Number(r.gross) - Number(r.fee), 0);
    expect(await balance(key)).toEqual({ available: 0, pending: net });

    // 10000 comes out of the last installment, still pending: nothing reaches the ledger.
    expect((await post(`/v1/transactions/${id}/refunds`, { amount: 10000 }, key)).status).toBe(201);
    expect(await entries(id)).toEqual([]);

    // Installment 1 falls due today; the settlement job runs, and runs again.
    const today = saoPauloDate(new Date());
    await svc.db.query(`UPDATE receivables SET expected_on = $2::date WHERE transaction_id = $1 AND installment_number = 1`, [id, today]);
    await settleDay(svc.payments, id, today);
    await settleDay(svc.payments, id, today);
    const first = planned[0]!;
    expect(await entries(id)).toEqual([['settlement', Number(first.gross)], ['fee', -Number(first.fee)]]);
    expect((await entriesOfTransaction(svc.db, id)).every((e) => e.source_id === first.id)).toBe(true);

    // The remaining 20000: installment 2 from the schedule, then installment 1 from the balance; its fee is kept.
    expect((await post(`/v1/transactions/${id}/refunds`, {}, key)).status).toBe(201);
    expect(await entries(id)).toEqual([['settlement', Number(first.gross)], ['fee', -Number(first.fee)], ['refund', -(20000 - Number(planned[1]!.gross))]]);
    expect((await recs()).map((r) => r.status)).toEqual(['refunded', 'refunded', 'refunded']);
    expect(await balance(key)).toEqual({ available: -Number(first.fee), pending: 0 });
    expect(await verifyLedger(svc.db)).toEqual([]);
  });

  it('dispute on a settled PIX: the hold takes the amount, a win releases it, a loss charges it back', async () => {
    const key = await merchant();
    const { id, fee } = await paidPix(key);
    await act2(id, 'dispute', key);
    expect(await balance(key)).toEqual({ available: -fee, pending: 0 });
    await act2(id, 'win-dispute', key);
    expect(await balance(key)).toEqual({ available: 20000 - fee, pending: 0 });
    await act2(id, 'dispute', key);
    await act2(id, 'lose-dispute', key);
    expect(await entries(id)).toEqual([
      ['settlement', 20000], ['fee', -fee],
      ['dispute_hold', -20000], ['dispute_release', 20000],
      ['dispute_hold', -20000], ['dispute_release', 20000], ['chargeback', -20000],
    ]);
    expect(await balance(key)).toEqual({ available: -fee, pending: 0 });
    expect(await verifyLedger(svc.db)).toEqual([]);
  });

  it('a lost dispute after a partial refund charges back the rest, and the settled receivable ends charged back', async () => {
    const key = await merchant();
    const { id, fee } = await paidPix(key);
    expect((await post(`/v1/transactions/${id}/refunds`, { amount: 5000 }, key)).status).toBe(201);
    await act2(id, 'dispute', key);
    await act2(id, 'lose-dispute', key);
    expect(await entries(id)).toEqual([['settlement', 20000], ['fee', -fee], ['refund', -5000], ['dispute_hold', -15000], ['dispute_release', 15000], ['chargeback', -15000]]);
    const statuses = await svc.db.query<{ status: string }>(`SELECT status FROM receivables WHERE transaction_id = $1`, [id]);
    expect(statuses.rows.map((r) => r.status)).toEqual(['chargeback']);
    expect(await balance(key)).toEqual({ available: -fee, pending: 0 });
    expect(await verifyLedger(svc.db)).toEqual([]);
  });

  it('a lost dispute on a card still pending: the hold covers it, the schedule is charged back, no chargeback entry', async () => {
    const key = await merchant();
    const id = await create(cardBody(TEST_CARDS.visa, { installments: 2 }), key);
    await svc.drain();
    const { pending } = await balance(key);
    expect(pending).toBeGreaterThan(0);
    await act2(id, 'dispute', key);
    expect(await balance(key)).toEqual({ available: -30000, pending });
    await act2(id, 'lose-dispute', key);
    expect(await entries(id)).toEqual([['dispute_hold', -30000], ['dispute_release', 30000]]);
    expect(await balance(key)).toEqual({ available: 0, pending: 0 });
    expect(await verifyLedger(svc.db)).toEqual([]);
  });

  it('the balance is scoped: another merchant and the production mode see none of it; no key is 401', async () => {
    const key = await merchant();
    await paidPix(key);
    const other = await merchant();
    expect(await balance(other)).toEqual({ available: 0, pending: 0 });
    const live = await svc.call('/v1/balance', { key: svc.merchant.productionKey });
    expect(await live.json()).toMatchObject({ mode: 'production', balances: [{ currency: 'BRL', available: 0, pending: 0 }] });
    expect((await svc.call('/v1/balance', { key: null })).status).toBe(401);
  });

  it('the ledger is append-only: UPDATE and DELETE are refused by the database', async () => {
    const key = await merchant();
    const { id } = await paidPix(key);
    await expect(svc.db.query(`UPDATE ledger_entries SET amount = 1 WHERE transaction_id = $1`, [id])).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(svc.db.query(`DELETE FROM ledger_entries WHERE transaction_id = $1`, [id])).rejects.toThrow(/append-only: DELETE refused/);
    expect(await entries(id)).toHaveLength(2);
  });

  async function act2(id: string, action: string, key: string): Promise<void> {
    const res = await post(`/v1/sandbox/transactions/${id}/simulate`, { action }, key);
    expect(res.status, await res.clone().text()).toBe(200);
  }
});
