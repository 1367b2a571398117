/**
 * A split charge's money end to end on every engine: charges made through the API and given a subscription's
 * split as a cycle's charge gets it, then approved, settled, refunded and charged back. The receivables add up to
 * the charge to the cent, each recipient's ledger and balance get its share, and the books stay consistent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { expectLedgerConsistent } from '../../testing/ledger';
import { cardBody, pixBody, TEST_CARDS } from '../../testing/payments';
import { chargeOfSubscription, insertSplitRow, insertSubscription, subAccount } from '../../testing/split-fixtures';
import { transactionsApi } from '../../testing/transactions-api';
import { changeTransaction } from '../transactions/change';
import { settleDue } from '../transactions/money';
import { verifyLedger } from '../ledger/verify';

type Row = { recipient: string; split: string | null; status: string; gross: number; fee: number; n: number };

describe.each(ENGINES)('split charges on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' });
  });
  afterAll(async () => svc?.close());
  const { create, post } = transactionsApi(() => svc);

  async function receivables(id: string): Promise<Row[]> {
    const res = await svc.db.query<Row>(
      `SELECT recipient, split, status, gross_amount::int AS gross, fee::int AS fee, installment_number AS n FROM receivables
        WHERE transaction_id = $1 ORDER BY installment_number, split IS NOT NULL, gross_amount DESC`,
      [id],
    );
    return res.rows;
  }
  async function ledgerOf(id: string, merchantId: string): Promise<[string, number][]> {
    const res = await svc.db.query<{ type: string; amount: number }>(
      'SELECT type, amount::int AS amount FROM ledger_entries WHERE transaction_id = $1 AND merchant_id = $2 ORDER BY seq',
      [id, merchantId],
    );
    return res.rows.map((r) => [r.type, r.amount]);
  }
  async function balance(key: string): Promise<{ available: number; pending: number }> {
    const res = await svc.call('/v1/balance', { key });
    expect(res.status).toBe(200);
    const b = ((await res.json()) as { balances: { available: number; pending: number }[] }).balances[0]!;
    return { available: b.available, pending: b.pending };
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

  it('70/30 of an odd PIX amount: shares add up to the cent, each ledger credited, a refund borne pro rata by the liable recipient', async () => {
    const m = await svc.newMerchant('Escola Ltda');
    const partner = await subAccount(svc.db, m.merchantId, 'Professor Parceiro');
    const sub = await insertSubscription(svc.db, { merchantId: m.merchantId, amount: 10001 });
    const splitId = await insertSplitRow(svc.db, { subscriptionId: sub, merchantId: m.merchantId, recipient: partner.merchantId, type: 'percentage', value: 3000, liable: true, chargeProcessingFee: true });

    const id = await create(pixBody({ amount: 10001 }), m.sandboxKey);
    await chargeOfSubscription(svc.db, id, sub);
    await svc.drain();
    const res = await post(`/v1/sandbox/transactions/${id}/simulate`, { action: 'pay' }, m.sandboxKey);
    expect(res.status).toBe(200);

    // 30 % of 10001 = 3000.3 → 3000 to the partner; the merchant keeps 7001. PIX fee 0.99 % = 99: the partner
    // bears 99 × 3000 / 10001 = 29.7 → 29, the merchant the other 70.
    const recs = await receivables(id);
    expect(recs.map((r) => [r.recipient, r.split, r.status, r.gross, r.fee])).toEqual([
      [m.merchantId, null, 'paid', 7001, 70],
      [partner.merchantId, splitId, 'paid', 3000, 29],
    ]);
    expect(sum(recs.map((r) => r.gross))).toBe(10001);
    expect(await ledgerOf(id, partner.merchantId)).toEqual([['settlement', 3000], ['fee', -29]]);
    expect(await ledgerOf(id, m.merchantId)).toEqual([['settlement', 7001], ['fee', -70]]);
    expect(await balance(partner.sandboxKey)).toEqual({ available: 2971, pending: 0 });
    expect(await balance(m.sandboxKey)).toEqual({ available: 6931, pending: 0 });

    const t = (await (await svc.call(`/v1/transactions/${id}`, { key: m.sandboxKey })).json()) as { spplited: boolean; splits: unknown };
    expect(t.spplited).toBe(true);
    expect(t.splits).toEqual([
      { id: splitId, recipient: partner.merchantId, type: 'percentage', value: 30, amount: 3000, chargeProcessingFee: true, liable: true },
    ]);

    // A refund of 5001: the partner answers for 5001 × 3000 / 10001 = 1500.15 → 1500, the merchant for 3501.
    const refund = await post(`/v1/transactions/${id}/refunds`, { amount: 5001 }, m.sandboxKey);
    expect(refund.status).toBe(201);
    expect(await ledgerOf(id, partner.merchantId)).toEqual([['settlement', 3000], ['fee', -29], ['refund', -1500]]);
    expect(await ledgerOf(id, m.merchantId)).toEqual([['settlement', 7001], ['fee', -70], ['refund', -3501]]);
    expect(await balance(partner.sandboxKey)).toEqual({ available: 1471, pending: 0 });
    await expectLedgerConsistent(svc.db);
  });

  it('a fixed split and a percentage on a card in 3 installments: per installment to the cent; a chargeback spares the recipient that is not liable', async () => {
    const m = await svc.newMerchant('Academia Ltda');
    const a = await subAccount(svc.db, m.merchantId, 'Parceiro A');
    const b = await subAccount(svc.db, m.merchantId, 'Parceiro B');
    const sub = await insertSubscription(svc.db, { merchantId: m.merchantId, amount: 30000, method: 'credit', brand: 'visa' });
    const sa = await insertSplitRow(svc.db, { subscriptionId: sub, merchantId: m.merchantId, recipient: a.merchantId, type: 'percentage', value: 2550, liable: true, chargeProcessingFee: true });
    const sb = await insertSplitRow(svc.db, { subscriptionId: sub, merchantId: m.merchantId, recipient: b.merchantId, type: 'fixed', value: 1000 });

    const id = await create(cardBody(TEST_CARDS.visa, { installments: 3 }), m.sandboxKey);
    await chargeOfSubscription(svc.db, id, sub);
    await svc.drain();
    const view = async () => (await (await svc.call(`/v1/transactions/${id}`, { key: m.sandboxKey })).json()) as { status: string; splits: { id: string; amount: number }[] };
    expect((await view()).status).toBe('approved');

    // Each installment of 10000 (fee 8.97 % of 30000 = 2691, 897 each): A 25.5 % = 2550 bearing 897 × 2550 / 10000
    // = 228.7 → 228; B's 1000 spread 334, 333, 333 bearing nothing; the merchant the rest and 669 of fee.
    const recs = await receivables(id);
    expect(recs.map((r) => [r.n, r.recipient, r.gross, r.fee])).toEqual([
      [1, m.merchantId, 7116, 669], [1, a.merchantId, 2550, 228], [1, b.merchantId, 334, 0],
      [2, m.merchantId, 7117, 669], [2, a.merchantId, 2550, 228], [2, b.merchantId, 333, 0],
      [3, m.merchantId, 7117, 669], [3, a.merchantId, 2550, 228], [3, b.merchantId, 333, 0],
    ]);
    for (const n of [1, 2, 3]) expect(sum(recs.filter((r) => r.n === n).map((r) => r.gross))).toBe(10000);
    expect((await view()).splits.map((s) => [s.id, s.amount])).toEqual([[sa, 7650], [sb, 1000]]);
    expect(await balance(a.sandboxKey)).toEqual({ available: 0, pending: 3 * (2550 - 228) });
    expect(await balance(b.sandboxKey)).toEqual({ available: 0, pending: 1000 });
    expect(await balance(m.sandboxKey)).toEqual({ available: 0, pending: 7116 + 2 * 7117 - 3 * 669 });

    // Lost dispute of the whole 30000: A (liable) answers for its 7650, the merchant for the rest, B for nothing.
    for (const action of ['dispute', 'lose-dispute']) {
      expect((await post(`/v1/sandbox/transactions/${id}/simulate`, { action }, m.sandboxKey)).status).toBe(200);
    }
    const after = await receivables(id);
    expect(after.filter((r) => r.recipient === a.merchantId).map((r) => r.status)).toEqual(['chargeback', 'chargeback', 'chargeback']);
    expect(after.filter((r) => r.recipient === b.merchantId).map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);
    // A's part was held in its own ledger while the dispute was open, and released when it was lost.
    expect(await ledgerOf(id, a.merchantId)).toEqual([['dispute_hold', -7650], ['dispute_release', 7650]]);
    // The merchant's 21350 scheduled is taken and 1000 (B's share it answers for) comes out of its balance.
    expect((await ledgerOf(id, m.merchantId)).filter(([type]) => type === 'chargeback')).toEqual([['chargeback', -1000]]);
    await expectLedgerConsistent(svc.db);

    // B's share still settles on its days, into B's ledger.
    await changeTransaction(svc.db, { id }, (c) => settleDue(c, '2099-12-31'));
    expect(await ledgerOf(id, b.merchantId)).toEqual([['settlement', 334], ['settlement', 333], ['settlement', 333]]);
    expect(await balance(b.sandboxKey)).toEqual({ available: 1000, pending: 0 });
    expect(await balance(m.sandboxKey)).toEqual({ available: -1000, pending: 0 });
    await expectLedgerConsistent(svc.db);
  });

  it('a capture for less than the split rule needs: shares capped in their order, nothing negative, still to the cent', async () => {
    const m = await svc.newMerchant('Clube Ltda');
    const a = await subAccount(svc.db, m.merchantId, 'Parceiro A');
    const b = await subAccount(svc.db, m.merchantId, 'Parceiro B');
    const sub = await insertSubscription(svc.db, { merchantId: m.merchantId, amount: 3000, method: 'credit', brand: 'visa' });
    const sa = await insertSplitRow(svc.db, { subscriptionId: sub, merchantId: m.merchantId, recipient: a.merchantId, type: 'fixed', value: 1000 });
    const sb = await insertSplitRow(svc.db, { subscriptionId: sub, merchantId: m.merchantId, recipient: b.merchantId, type: 'percentage', value: 5000, chargeProcessingFee: true });
    const id = await create(cardBody(TEST_CARDS.visa, { capture: false }, { amount: 3000 }), m.sandboxKey);
    await chargeOfSubscription(svc.db, id, sub);
    await svc.drain();
    expect((await post(`/v1/transactions/${id}/capture`, { amount: 1500 }, m.sandboxKey)).status).toBe(200);

    // 1500 captured, fee 3.99 % = 60: A's 1000 fits, B wants 750 and gets the 500 left (bearing 60 × 500 / 1500 =
    // 20); the merchant has nothing left, so its part of the fee (40) is not charged.
    const recs = await receivables(id);
    expect(recs.map((r) => [r.recipient, r.gross, r.fee])).toEqual([[m.merchantId, 0, 0], [a.merchantId, 1000, 0], [b.merchantId, 500, 20]]);
    const t = (await (await svc.call(`/v1/transactions/${id}`, { key: m.sandboxKey })).json()) as { splits: { id: string; amount: number }[] };
    expect(t.splits.map((s) => [s.id, s.amount])).toEqual([[sa, 1000], [sb, 500]]);
    // Not silent: B's missing 250 and the merchant's uncharged 40 are on the charge's timeline.
    const notes = await svc.db.query<{ details: unknown }>(
      `SELECT details FROM transaction_timeline WHERE transaction_id = $1 AND type = 'note' AND details->>'reason' = 'split-shortfall'`,
      [id],
    );
    expect(notes.rows).toEqual([{ details: { reason: 'split-shortfall', short: 290 } }]);
    await expectLedgerConsistent(svc.db);
  });

  it('verify-ledger finds a receivable paid to a merchant that is not a party of its charge', async () => {
    const m = await svc.newMerchant('Loja Ltda');
    const stranger = await svc.newMerchant('Outra Ltda');
    const id = await create(pixBody({ amount: 5000 }), m.sandboxKey);
    await svc.drain();
    await act2(id, m.sandboxKey);
    await svc.db.query(`UPDATE receivables SET recipient = $2 WHERE transaction_id = $1`, [id, stranger.merchantId]);
    const found = (await verifyLedger(svc.db)).filter((v) => v.check === 'receivable-recipient').map((v) => v.detail);
    expect(found).toEqual([expect.stringContaining(`recipient ${stranger.merchantId} (split none) is not a party of ${id}`)]);
    await svc.db.query(`UPDATE receivables SET recipient = $2 WHERE transaction_id = $1`, [id, m.merchantId]);
    await expectLedgerConsistent(svc.db);
  });

  async function act2(id: string, key: string): Promise<void> {
    expect((await post(`/v1/sandbox/transactions/${id}/simulate`, { action: 'pay' }, key)).status).toBe(200);
  }
});
