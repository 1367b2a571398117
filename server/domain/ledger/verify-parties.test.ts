/**
 * verify-ledger on split charges: every party's holds, releases and refund parts are checked against what was set
 * aside for it, and each party's money of a charge against its share less what it bore. Healthy split books pass;
 * each kind of damage, written into the database the way a bug would, is found by its own check. On every engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { expectLedgerConsistent } from '../../testing/ledger';
import { cardBody, pixBody, TEST_CARDS } from '../../testing/payments';
import { chargeOfSubscription, insertSplitRow, insertSubscription, subAccount } from '../../testing/split-fixtures';
import { transactionsApi } from '../../testing/transactions-api';
import { verifyLedger } from './verify';

describe.each(ENGINES)('verify-ledger on split charges, on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' });
    // The damage is written the way a bug in this code would write it, changing entries in place: the guard against
    // that (a trigger of this test's own database) is off here.
    await svc.db.query('ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only');
  });
  afterAll(async () => svc?.close());
  const api = transactionsApi(() => svc);
  const found = async () => (await verifyLedger(svc.db)).map((v) => [v.check, v.subject]);

  /** A charge of 10001 with a 30 % liable split (3000 to the partner), paid by PIX (settled) or card (scheduled). */
  async function splitCharge(method: 'pix' | 'credit') {
    const m = await svc.newMerchant('Escola Ltda');
    const partner = await subAccount(svc.db, m.merchantId, 'Professor Parceiro');
    const sub = await insertSubscription(svc.db, { merchantId: m.merchantId, amount: 10001, method, ...(method === 'credit' ? { brand: 'visa' } : {}) });
    await insertSplitRow(svc.db, { subscriptionId: sub, merchantId: m.merchantId, recipient: partner.merchantId, type: 'percentage', value: 3000, liable: true });
    const body = method === 'pix' ? pixBody({ amount: 10001 }) : cardBody(TEST_CARDS.visa, {}, { amount: 10001 });
    const id = await api.create(body, m.sandboxKey);
    await chargeOfSubscription(svc.db, id, sub);
    await svc.drain();
    if (method === 'pix') expect((await api.post(`/v1/sandbox/transactions/${id}/simulate`, { action: 'pay' }, m.sandboxKey)).status).toBe(200);
    return { m, partner, id };
  }
  const simulate = async (id: string, key: string, action: string) =>
    expect((await api.post(`/v1/sandbox/transactions/${id}/simulate`, { action }, key)).status).toBe(200);

  it('dispute holds: each within the dispute, adding up to it; a release equal to its own hold', async () => {
    const { m, partner, id } = await splitCharge('pix');
    await simulate(id, m.sandboxKey, 'dispute');
    await expectLedgerConsistent(svc.db);
    const dispute = (await svc.db.query<{ id: string }>(`SELECT id FROM disputes WHERE transaction_id = $1`, [id])).rows[0]!.id;
    const hold = (merchantId: string, amount: number) =>
      svc.db.query(`UPDATE ledger_entries SET amount = $3 WHERE type = 'dispute_hold' AND source_id = $1 AND merchant_id = $2`, [dispute, merchantId, amount]);

    // The partner's hold one cent larger: the holds exceed the dispute (and the charge's open holds its amount).
    await hold(partner.merchantId, -3001);
    expect(await found()).toEqual([['transaction-dispute-hold', id], ['dispute-holds', dispute]]);
    // A hold larger than the whole dispute is no valid hold of it.
    await hold(partner.merchantId, -10002);
    expect((await found()).map(([check]) => check)).toContain('entry-cause');
    await hold(partner.merchantId, -3000);

    // Won: each release is its own hold. A release of the merchant's whole dispute amount in the partner's ledger is not.
    await simulate(id, m.sandboxKey, 'win-dispute');
    await expectLedgerConsistent(svc.db);
    await svc.db.query(`UPDATE ledger_entries SET amount = 10001 WHERE type = 'dispute_release' AND source_id = $1 AND merchant_id = $2`, [dispute, partner.merchantId]);
    expect((await found()).filter(([check]) => check === 'entry-cause')).toHaveLength(1);
    await svc.db.query(`UPDATE ledger_entries SET amount = 3000 WHERE type = 'dispute_release' AND source_id = $1 AND merchant_id = $2`, [dispute, partner.merchantId]);
    await expectLedgerConsistent(svc.db);
  });

  it('refund parts: adding up to the refund, set aside for liable parties only; no entry beyond its part', async () => {
    const { m, partner, id } = await splitCharge('pix');
    const res = await api.post(`/v1/transactions/${id}/refunds`, { amount: 5001 }, m.sandboxKey);
    expect(res.status).toBe(201);
    const refund = ((await res.json()) as { id: string }).id;
    await expectLedgerConsistent(svc.db);

    // The partner's refund entry a cent beyond its part (1500), the merchant's a cent short: the sums still agree.
    const entry = (merchantId: string, amount: number) =>
      svc.db.query(`UPDATE ledger_entries SET amount = $3 WHERE type = 'refund' AND source_id = $1 AND merchant_id = $2`, [refund, merchantId, amount]);
    await entry(partner.merchantId, -1501);
    await entry(m.merchantId, -3500);
    const broken = await verifyLedger(svc.db);
    expect(broken.filter((v) => v.check === 'entry-cause').map((v) => v.detail)).toEqual([expect.stringContaining(`refund -1501 caused by refund ${refund}`)]);
    const parties = broken.filter((v) => v.check === 'party-money').map((v) => v.detail);
    expect(parties).toHaveLength(2);
    expect(parties).toEqual(expect.arrayContaining([
      expect.stringContaining(`party ${m.merchantId}: share 7001 - refunded 3501`), expect.stringContaining(`party ${partner.merchantId}: share 3000 - refunded 1500`),
    ]));
    await entry(partner.merchantId, -1500);
    await entry(m.merchantId, -3501);

    // Parts that no longer add up to the refund.
    await svc.db.query(`UPDATE refund_burdens SET amount = 1499 WHERE refund_id = $1 AND merchant_id = $2`, [refund, partner.merchantId]);
    expect((await found()).map(([check]) => check)).toContain('refund-parties');
    await svc.db.query(`UPDATE refund_burdens SET amount = 1500 WHERE refund_id = $1 AND merchant_id = $2`, [refund, partner.merchantId]);
    await expectLedgerConsistent(svc.db);
  });

  it('each party of a charge holds its share less what it bore: a cent of the schedule moved between parties is found', async () => {
    const { m, partner, id } = await splitCharge('credit');
    await expectLedgerConsistent(svc.db);
    const move = (merchantId: string, by: number) =>
      svc.db.query(`UPDATE receivables SET gross_amount = gross_amount + $3, amount = amount + $3 WHERE transaction_id = $1 AND recipient = $2`, [id, merchantId, by]);
    // The charge's money still adds up; only the parties' shares do not.
    await move(partner.merchantId, -1);
    await move(m.merchantId, 1);
    expect(await found()).toEqual([['party-money', id], ['party-money', id]]);
    await move(partner.merchantId, 1);
    await move(m.merchantId, -1);
    await expectLedgerConsistent(svc.db);
  });
});
