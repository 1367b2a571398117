/**
 * A refund accepted but not finished (`pending`) holds its amount from what a withdrawal can take: a withdrawal of
 * the whole balance while it is pending is refused, so the refund's debit when it succeeds never drives the balance
 * below zero. The balance is funded by a real sandbox PIX paid with the simulator (it settles at once); the refund is
 * kept pending by a refund call that breaks (its outcome unknown). On PostgreSQL, refunds and withdrawals of one
 * merchant race each other: every request is answered (no deadlock between the transaction's and the balance's
 * locks), and the books add up.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultRoutes } from '../../payments/orchestrator';
import { flakyRoutes, switches } from '../../testing/flaky-provider';
import { ENGINES, POSTGRES, startTestService, type TestService } from '../../testing/harness';
import { expectLedgerConsistent } from '../../testing/ledger';
import { pixBody } from '../../testing/payments';
import { transactionsApi } from '../../testing/transactions-api';
import { walletBody } from '../../testing/withdrawals';

type Amounts = { available: number; reserved: number; pending: number };

function hold(engine: (typeof ENGINES)[number], name: string, body: (ctx: { svc: () => TestService; s: ReturnType<typeof switches> }) => void) {
  describe(`${name}, on ${engine.name}`, () => {
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
    body({ svc: () => svc, s });
  });
}

/** What a test needs of the API as one merchant. */
function merchantApi(svc: () => TestService, key: string) {
  const api = transactionsApi(svc);
  return {
    async balance(): Promise<Amounts> {
      const res = await svc().call('/v1/balance', { key });
      expect(res.status).toBe(200);
      const [b] = ((await res.json()) as { balances: (Amounts & { currency: string })[] }).balances;
      return { available: b!.available, reserved: b!.reserved, pending: b!.pending };
    },
    /** A PIX of BRL 200.00 paid: settled at once; returns its id and what reached the balance (less its fee). */
    async paidPix(): Promise<{ id: string; net: number }> {
      const id = await api.create(pixBody(), key);
      await svc().drain();
      expect((await api.post(`/v1/sandbox/transactions/${id}/simulate`, { action: 'pay' }, key)).status).toBe(200);
      const rec = await svc().db.query<{ fee: string }>(`SELECT fee::text FROM receivables WHERE transaction_id = $1`, [id]);
      return { id, net: 20000 - Number(rec.rows[0]!.fee) };
    },
    async wallet(): Promise<string> {
      const res = await svc().call('/v1/wallets', { method: 'POST', json: walletBody(), key });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    },
    refund: (id: string, amount: number) => api.post(`/v1/transactions/${id}/refunds`, { amount }, key),
    withdraw: (walletId: string, amount: number) => svc().call('/v1/withdrawals', { method: 'POST', json: { walletId, amount }, key }),
    refused: api.refused,
    async refundStatuses(id: string): Promise<string[]> {
      const res = await svc().db.query<{ status: string }>(`SELECT status FROM refunds WHERE transaction_id = $1 ORDER BY created_at`, [id]);
      return res.rows.map((r) => r.status);
    },
  };
}

/** The confirmation jobs become due now (the poll waits a minute after a failed re-send) and run. */
async function confirmNow(svc: TestService): Promise<void> {
  await svc.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'refund.confirm' AND status = 'pending'`);
  await svc.drain();
}

for (const engine of ENGINES) {
  hold(engine, 'a pending refund held from the balance', ({ svc, s }) => {
    it('the issue: a pending refund of the whole balance, then a withdrawal of it is refused; the refund succeeds, the balance is zero', async () => {
      const m = merchantApi(svc, (await svc().newMerchant()).sandboxKey);
      const { id, net } = await m.paidPix();
      expect(await m.balance()).toEqual({ available: net, reserved: 0, pending: 0 });
      const walletId = await m.wallet();

      s.ops.refund = 'throw';
      const res = await m.refund(id, net);
      expect(res.status).toBe(201);
      expect(((await res.json()) as { status: string }).status).toBe('pending');
      expect(await m.balance()).toEqual({ available: 0, reserved: net, pending: 0 });

      const refused = await m.refused(await m.withdraw(walletId, net), 422, 'insufficientBalance');
      expect(refused.params).toEqual([{ amount: 'must be at most 0' }]);
      await m.refused(await m.withdraw(walletId, 1), 422, 'insufficientBalance');

      s.ops.refund = 'up';
      await confirmNow(svc());
      expect(await m.refundStatuses(id)).toEqual(['succeeded']);
      expect(await m.balance()).toEqual({ available: 0, reserved: 0, pending: 0 });
    });

    it('a withdrawal may take what a pending refund leaves, and no more; when the refund succeeds the balance is zero', async () => {
      const m = merchantApi(svc, (await svc().newMerchant()).sandboxKey);
      const { id, net } = await m.paidPix();
      const walletId = await m.wallet();

      s.ops.refund = 'throw';
      expect((await m.refund(id, 5000)).status).toBe(201);
      await m.refused(await m.withdraw(walletId, net - 4999), 422, 'insufficientBalance');
      expect((await m.withdraw(walletId, net - 5000)).status).toBe(201);
      expect(await m.balance()).toEqual({ available: 0, reserved: 5000, pending: 0 });

      s.ops.refund = 'up';
      await confirmNow(svc());
      expect(await m.refundStatuses(id)).toEqual(['succeeded']);
      expect(await m.balance()).toEqual({ available: 0, reserved: 0, pending: 0 });
    });
  });
}

if (POSTGRES) {
  hold(POSTGRES, 'refunds and withdrawals of one merchant at once', ({ svc, s }) => {
    it('every request is answered (no deadlock), the balance is what was withdrawn and refunded, the books add up', async () => {
      for (let round = 0; round < 4; round += 1) {
        const m = merchantApi(svc, (await svc().newMerchant()).sandboxKey);
        const [a, b] = [await m.paidPix(), await m.paidPix()];
        const walletId = await m.wallet();
        const total = a.net + b.net;
        // Refunds on both charges, two of them on one charge (its row lock, then the balance lock), against
        // withdrawals that each want half the balance. Odd rounds the refunds stay pending (their call breaks); even
        // rounds they succeed at once, so a refund's ledger debit races the next reservation and the withdrawals.
        const pendingRound = round % 2 === 1;
        s.ops.refund = pendingRound ? 'throw' : 'up';
        const answers = await Promise.all([
          m.refund(a.id, 4000), m.withdraw(walletId, Math.floor(total / 2)), m.refund(b.id, 3000),
          m.withdraw(walletId, Math.floor(total / 2)), m.refund(a.id, 2000),
        ]);
        const statuses = answers.map((r) => r.status);
        expect([statuses[0], statuses[2], statuses[4]]).toEqual([201, 201, 201]);
        for (const i of [1, 3]) expect([201, 422]).toContain(statuses[i]);
        const withdrawn = [1, 3].filter((i) => statuses[i] === 201).length * Math.floor(total / 2);
        const balance = await m.balance();
        expect(balance.reserved).toBe(pendingRound ? 9000 : 0);
        expect(balance.available).toBe(total - withdrawn - 9000);

        s.ops.refund = 'up';
        await confirmNow(svc());
        expect([...(await m.refundStatuses(a.id)), ...(await m.refundStatuses(b.id))]).toEqual(['succeeded', 'succeeded', 'succeeded']);
        expect(await m.balance()).toEqual({ available: total - withdrawn - 9000, reserved: 0, pending: 0 });
      }
    });
  });
}
