/**
 * A split charge's money taken back is set aside in the balance of every party that will bear it, not only the
 * charge's merchant's: a liable recipient's part of a pending refund is in its `reserved` and its part of an open
 * dispute is held in its ledger, so a sub-account (it has its own keys) can never withdraw money a refund or
 * chargeback will need. Partial refunds are divided cumulatively, so rounding never lets a recipient bear less than
 * its share of their total. The refund is kept pending by a refund call that breaks. On every engine.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultRoutes } from '../../payments/orchestrator';
import { flakyRoutes, switches } from '../../testing/flaky-provider';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { expectLedgerConsistent } from '../../testing/ledger';
import { pixBody } from '../../testing/payments';
import { chargeOfSubscription, insertSplitRow, insertSubscription, subAccount } from '../../testing/split-fixtures';
import { transactionsApi } from '../../testing/transactions-api';
import { walletBody } from '../../testing/withdrawals';

type Amounts = { available: number; reserved: number; pending: number };

describe.each(ENGINES)('what each party of a split charge sets aside, on $name', (engine) => {
  let svc: TestService;
  const s = switches();
  beforeAll(async () => {
    svc = await startTestService(
      engine,
      { PROVIDER_TIMEOUT_MS: '1000', RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' },
      { routes: (db) => ({ ...flakyRoutes(s)(db), payouts: defaultRoutes(db).payouts }) },
    );
  });
  afterAll(async () => svc?.close());
  afterEach(async () => expectLedgerConsistent(svc.db));
  beforeEach(() => {
    s.ops = {};
    s.calls.length = 0;
  });
  const api = transactionsApi(() => svc);

  async function balance(key: string): Promise<Amounts> {
    const res = await svc.call('/v1/balance', { key });
    expect(res.status).toBe(200);
    const [b] = ((await res.json()) as { balances: Amounts[] }).balances;
    return { available: b!.available, reserved: b!.reserved, pending: b!.pending };
  }
  async function wallet(key: string): Promise<string> {
    const res = await svc.call('/v1/wallets', { method: 'POST', json: walletBody(), key });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }
  const withdraw = (key: string, walletId: string, amount: number) =>
    svc.call('/v1/withdrawals', { method: 'POST', json: { walletId, amount }, key });
  async function entries(id: string, merchantId: string): Promise<[string, number][]> {
    const res = await svc.db.query<{ type: string; amount: number }>(
      'SELECT type, amount::int AS amount FROM ledger_entries WHERE transaction_id = $1 AND merchant_id = $2 ORDER BY seq',
      [id, merchantId],
    );
    return res.rows.map((r) => [r.type, r.amount]);
  }
  async function confirmNow(): Promise<void> {
    await svc.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'refund.confirm' AND status = 'pending'`);
    await svc.drain();
  }

  /**
   * A PIX of 10001 paid (settled at once) with a 30 % liable split bearing its part of the fee: the partner gets 3000
   * less a fee of 29 (2971 available), the merchant 7001 less 70 (6931).
   */
  async function splitCharge() {
    const m = await svc.newMerchant('Escola Ltda');
    const partner = await subAccount(svc.db, m.merchantId, 'Professor Parceiro');
    const sub = await insertSubscription(svc.db, { merchantId: m.merchantId, amount: 10001 });
    await insertSplitRow(svc.db, { subscriptionId: sub, merchantId: m.merchantId, recipient: partner.merchantId, type: 'percentage', value: 3000, liable: true, chargeProcessingFee: true });
    const id = await api.create(pixBody({ amount: 10001 }), m.sandboxKey);
    await chargeOfSubscription(svc.db, id, sub);
    await svc.drain();
    expect((await api.post(`/v1/sandbox/transactions/${id}/simulate`, { action: 'pay' }, m.sandboxKey)).status).toBe(200);
    expect(await balance(partner.sandboxKey)).toEqual({ available: 2971, reserved: 0, pending: 0 });
    return { m, partner, id };
  }

  it('a pending refund reserves the liable recipient its part: the sub-account cannot withdraw it, and the refund leaves it at zero', async () => {
    const { m, partner, id } = await splitCharge();
    const walletId = await wallet(partner.sandboxKey);

    s.ops.refund = 'throw';
    const res = await api.post(`/v1/transactions/${id}/refunds`, { amount: 5001 }, m.sandboxKey);
    expect(res.status).toBe(201);
    expect(((await res.json()) as { status: string }).status).toBe('pending');
    // 5001 × 3000 / 10001 = 1500.15 → the partner's part is 1500, the merchant's 3501.
    expect(await balance(partner.sandboxKey)).toEqual({ available: 1471, reserved: 1500, pending: 0 });
    expect(await balance(m.sandboxKey)).toEqual({ available: 6931 - 3501, reserved: 3501, pending: 0 });

    await api.refused(await withdraw(partner.sandboxKey, walletId, 2971), 422, 'insufficientBalance');
    await api.refused(await withdraw(partner.sandboxKey, walletId, 1472), 422, 'insufficientBalance');
    expect((await withdraw(partner.sandboxKey, walletId, 1471)).status).toBe(201);
    expect(await balance(partner.sandboxKey)).toEqual({ available: 0, reserved: 1500, pending: 0 });

    s.ops.refund = 'up';
    await confirmNow();
    const statuses = await svc.db.query<{ status: string }>(`SELECT status FROM refunds WHERE transaction_id = $1`, [id]);
    expect(statuses.rows).toEqual([{ status: 'succeeded' }]);
    // Exactly what was set aside is taken: the sub-account is at zero, never below.
    expect(await entries(id, partner.merchantId)).toEqual([['settlement', 3000], ['fee', -29], ['refund', -1500]]);
    expect(await balance(partner.sandboxKey)).toEqual({ available: 0, reserved: 0, pending: 0 });
    expect(await balance(m.sandboxKey)).toEqual({ available: 6931 - 3501, reserved: 0, pending: 0 });
  });

  it('an open dispute is held in the liable recipient’s ledger too, its part of it; lost, each party is charged back what it held', async () => {
    const { m, partner, id } = await splitCharge();
    const walletId = await wallet(partner.sandboxKey);
    // A refund of 5001 first (the partner bears 1500); the dispute is of the 5000 left.
    expect((await api.post(`/v1/transactions/${id}/refunds`, { amount: 5001 }, m.sandboxKey)).status).toBe(201);
    expect(await balance(partner.sandboxKey)).toEqual({ available: 1471, reserved: 0, pending: 0 });

    expect((await api.post(`/v1/sandbox/transactions/${id}/simulate`, { action: 'dispute' }, m.sandboxKey)).status).toBe(200);
    // Cumulatively: ⌊10001 × 3000 / 10001⌋ − ⌊5001 × 3000 / 10001⌋ = 3000 − 1500 = 1500 held from the partner.
    expect((await entries(id, partner.merchantId)).slice(3)).toEqual([['dispute_hold', -1500]]);
    expect((await entries(id, m.merchantId)).slice(3)).toEqual([['dispute_hold', -3500]]);
    await api.refused(await withdraw(partner.sandboxKey, walletId, 1), 422, 'insufficientBalance');
    await expectLedgerConsistent(svc.db);

    expect((await api.post(`/v1/sandbox/transactions/${id}/simulate`, { action: 'lose-dispute' }, m.sandboxKey)).status).toBe(200);
    expect((await entries(id, partner.merchantId)).slice(3)).toEqual([['dispute_hold', -1500], ['dispute_release', 1500], ['chargeback', -1500]]);
    expect((await entries(id, m.merchantId)).slice(3)).toEqual([['dispute_hold', -3500], ['dispute_release', 3500], ['chargeback', -3500]]);
    // The partner bore its whole share (3000) and its fee: −29; the merchant its 7001 and 70.
    expect(await balance(partner.sandboxKey)).toEqual({ available: -29, reserved: 0, pending: 0 });
    expect(await balance(m.sandboxKey)).toEqual({ available: -70, reserved: 0, pending: 0 });
  });

  it('a dispute won gives each party back exactly its hold', async () => {
    const { m, partner, id } = await splitCharge();
    expect((await api.post(`/v1/sandbox/transactions/${id}/simulate`, { action: 'dispute' }, m.sandboxKey)).status).toBe(200);
    expect(await balance(partner.sandboxKey)).toEqual({ available: 2971 - 3000, reserved: 0, pending: 0 });
    expect((await api.post(`/v1/sandbox/transactions/${id}/simulate`, { action: 'win-dispute' }, m.sandboxKey)).status).toBe(200);
    expect((await entries(id, partner.merchantId)).slice(2)).toEqual([['dispute_hold', -3000], ['dispute_release', 3000]]);
    expect(await balance(partner.sandboxKey)).toEqual({ available: 2971, reserved: 0, pending: 0 });
  });

  it('three partial refunds are divided cumulatively: the recipient bears its whole share, not a cent less', async () => {
    const { m, partner, id } = await splitCharge();
    // One by one, each rounded down on its own: 999 + 1000 + 1000 = 2999. Cumulatively: ⌊3333 × 3000 / 10001⌋ = 999,
    // ⌊6667 × 3000 / 10001⌋ − 999 = 1000, ⌊10001 × 3000 / 10001⌋ − 1999 = 1001: 3000, the partner's whole share.
    for (const amount of [3333, 3334, 3334]) {
      expect((await api.post(`/v1/transactions/${id}/refunds`, { amount }, m.sandboxKey)).status).toBe(201);
    }
    expect((await entries(id, partner.merchantId)).slice(2)).toEqual([['refund', -999], ['refund', -1000], ['refund', -1001]]);
    expect((await entries(id, m.merchantId)).slice(2)).toEqual([['refund', -2334], ['refund', -2334], ['refund', -2333]]);
    expect(await balance(partner.sandboxKey)).toEqual({ available: -29, reserved: 0, pending: 0 });
  });
});
