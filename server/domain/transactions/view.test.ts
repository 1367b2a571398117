/**
 * A transaction's full view in one round trip: the timeline, receivables, refunds and disputes come back from one
 * query exactly as their own queries return them (same order, same types: Dates, integer cents, `YYYY-MM-DD` days).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/types';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { cardBody, pixBody, TEST_CARDS } from '../../testing/payments';
import { transactionsApi } from '../../testing/transactions-api';
import * as ledger from './ledger-repo';
import { findTransaction, findTransactionDetail, readDetail } from './repo';
import { readTransaction, transactionView } from './view';

/** The detail as four queries of their own read it (the reads the single query replaced). */
async function detailOneByOne(q: Queryable, id: string) {
  const timeline = await q.query('SELECT id, type, message, details, created_at FROM transaction_timeline WHERE transaction_id = $1 ORDER BY seq DESC', [id]);
  return {
    timeline: timeline.rows,
    receivables: await ledger.listReceivables(q, id),
    refunds: await ledger.listRefunds(q, id),
    disputes: await ledger.listDisputes(q, id),
  };
}

describe.each(ENGINES)('the full view of a transaction on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' });
  });
  afterAll(async () => svc?.close());
  const { create, read, post, act } = transactionsApi(() => svc);
  const scope = () => ({ merchantId: svc.merchant.merchantId, mode: 'sandbox' as const });

  it('reads the detail in one query exactly as the four queries read it: order, Dates, cents and days', async () => {
    const id = await create(cardBody(TEST_CARDS.visa, { installments: 3 }, { amount: 10000 }));
    await svc.drain();
    expect((await post(`/v1/transactions/${id}/refunds`, { amount: 1000 })).status).toBe(201);
    expect((await post(`/v1/transactions/${id}/refunds`, { amount: 2000 })).status).toBe(201);
    // Ties and sub-millisecond times: two refunds at the same instant (ordered by id), a timestamp in microseconds.
    const at = new Date('2030-01-02T03:04:05.678Z');
    await ledger.insertRefund(svc.db, { id: 'rfd_tieB000000000000', transactionId: id, amount: 1, reason: 'other', metadata: { k: 'v' } }, at);
    await ledger.insertRefund(svc.db, { id: 'rfd_tieA000000000000', transactionId: id, amount: 2, reason: 'other', metadata: {} }, at);
    await svc.db.query(`UPDATE receivables SET paid_at = '2030-01-02 03:04:05.678999+00' WHERE transaction_id = $1 AND installment_number = 1`, [id]);

    const expected = await detailOneByOne(svc.db, id);
    expect(expected.receivables.length).toBeGreaterThan(3);
    expect(expected.refunds.length).toBe(4);
    expect(expected.timeline.length).toBeGreaterThan(2);
    const detail = await readDetail(svc.db, id);
    expect(detail).toStrictEqual(expected);
    // Inside a database transaction too (the view an event carries).
    expect(await svc.db.transaction((tx) => readDetail(tx, id))).toStrictEqual(expected);

    const both = await findTransactionDetail(svc.db, scope(), id);
    expect(both!.row).toStrictEqual(await findTransaction(svc.db, scope(), id));
    expect(both!.detail).toStrictEqual(expected);
  });

  it('reads disputes and an empty detail the same way', async () => {
    const disputed = await create(cardBody(TEST_CARDS.visa, {}, { amount: 5000 }));
    await svc.drain();
    await act(disputed, 'dispute');
    await act(disputed, 'lose-dispute');
    const expected = await detailOneByOne(svc.db, disputed);
    expect(expected.disputes.length).toBe(1);
    expect(await readDetail(svc.db, disputed)).toStrictEqual(expected);

    const fresh = await create(pixBody());
    const empty = await detailOneByOne(svc.db, fresh);
    expect(empty).toMatchObject({ receivables: [], refunds: [], disputes: [] });
    expect(await readDetail(svc.db, fresh)).toStrictEqual(empty);
  });

  it('answers GET with the view built from the row, and null for a transaction the key cannot see', async () => {
    const id = await create(cardBody(TEST_CARDS.visa, { installments: 2 }, { amount: 8000 }));
    await svc.drain();
    const merchant = { name: 'Acme Comércio Ltda', merchantId: svc.merchant.merchantId, isSubAccount: false };
    const row = await findTransaction(svc.db, scope(), id);
    const viaRow = await transactionView(svc.db, row!, merchant);
    expect(await readTransaction(svc.db, scope(), merchant, id)).toStrictEqual(viaRow);
    expect(JSON.parse(JSON.stringify(viaRow))).toEqual(await read(id));
    expect(await readTransaction(svc.db, { ...scope(), mode: 'production' }, merchant, id)).toBeNull();
    expect(await readTransaction(svc.db, scope(), merchant, 'tra_doesNotExist000000')).toBeNull();
  });
});
