/**
 * Refunds whose provider call does not answer, breaks before reaching the provider, or whose process dies after the
 * provider refunded: the refund's provider operation (keyed by the refund's id) is recorded with its reservation, the
 * refund stays `pending` (its amount reserved) while the outcome is unknown, and `refund.confirm` asks the provider
 * until it knows: refunded once, or failed and the amount refundable again. Each test ends with `svc.db` at hand.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../testing/ledger';
import { operationsOf } from '../../payments/operations';
import { Orchestrator } from '../../payments/orchestrator';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { flakyRoutes, switches } from '../../testing/flaky-provider';
import { cardBody, eventTypes, providerOperations } from '../../testing/payments';
import { transactionsApi } from '../../testing/transactions-api';
import { processTransaction } from './processing';
import { createRefund } from './refunds';

describe.each(ENGINES)('refund operations the provider does not confirm, on $name', (engine) => {
  let svc: TestService;
  const s = switches();
  const api = transactionsApi(() => svc);
  beforeAll(async () => {
    svc = await startTestService(
      engine,
      { PROVIDER_TIMEOUT_MS: '1000', RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' },
      { routes: flakyRoutes(s) },
    );
  });
  afterAll(async () => svc?.close());
  // Whatever the scenario broke, the books add up afterwards.
  afterEach(async () => expectLedgerConsistent(svc.db));
  beforeEach(() => {
    s.ops = {};
    s.calls.length = 0;
  });

  const patient = () => ({ ...svc.payments, orchestrator: new Orchestrator(svc.payments.orchestrator.routes, 3_600_000) });

  async function approved(): Promise<string> {
    const id = await api.create(cardBody());
    await processTransaction(patient(), id);
    await svc.drain();
    expect((await api.read(id)).status).toBe('approved');
    return id;
  }

  async function refundOps(id: string) {
    return (await operationsOf(svc.db, id))
      .filter((o) => o.kind === 'refund')
      .map((o) => ({ key: o.idempotency_key, cause: o.cause_id, state: o.state, amount: o.amount }));
  }

  /** The refund jobs of the transaction's refunds become due now (the recovery job waits two minutes), and run. */
  async function confirmNow(): Promise<void> {
    await svc.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'refund.confirm' AND status = 'pending'`);
    await svc.drain();
  }

  it('a refund that timed out after the provider refunded: pending and uncertain, then refunded once', async () => {
    const id = await approved();
    s.ops.refund = 'act-then-throw';
    const res = await api.post(`/v1/transactions/${id}/refunds`, { amount: 10000 });
    expect(res.status).toBe(201);
    const refund = (await res.json()) as { id: string; status: string };
    expect(refund.status).toBe('pending');
    expect(await refundOps(id)).toEqual([{ key: refund.id, cause: refund.id, state: 'uncertain', amount: 10000 }]);
    // The reserved amount is not refundable again while the outcome is unknown.
    await api.refused(await api.post(`/v1/transactions/${id}/refunds`, { amount: 20001 }), 422, 'refundAmountInvalid');

    s.ops.refund = 'up';
    await confirmNow();
    const t = await api.read(id);
    expect(t).toMatchObject({ status: 'approved', refundedAmount: 10000 });
    expect(t.refunds).toEqual([expect.objectContaining({ id: refund.id, status: 'succeeded', amount: 10000 })]);
    expect(await refundOps(id)).toEqual([{ key: refund.id, cause: refund.id, state: 'succeeded', amount: 10000 }]);
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, refund: 1 });
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.approved', 'transaction.partially-refunded']);
  });

  it('a process that dies after the provider refunded, before the answer was written: the recovery job finishes it once', async () => {
    const id = await approved();
    s.ops.refund = 'act-then-hang';
    const scope = { merchantId: svc.merchant.merchantId, mode: 'sandbox' as const };
    void createRefund(patient(), scope, id, undefined).catch(() => undefined);
    await until(async () => (await providerOperations(svc.db, id)).refund === 1);
    const [op] = await refundOps(id);
    expect(op).toMatchObject({ state: 'started', amount: 30000 });
    expect((await api.read(id)).refunds).toEqual([expect.objectContaining({ status: 'pending' })]);

    s.ops.refund = 'up';
    await confirmNow();
    const t = await api.read(id);
    expect(t).toMatchObject({ status: 'refunded', refundedAmount: 30000 });
    expect(t.receivables?.every((r) => r.status === 'refunded' || r.refundedAt !== null)).toBe(true);
    expect(await refundOps(id)).toEqual([{ ...op, state: 'succeeded' }]);
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, refund: 1 });
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.approved', 'transaction.refunded']);
  });

  it('a refund that never reached the provider: the confirmation finds nothing, fails it, and the amount is refundable again', async () => {
    const id = await approved();
    s.ops.refund = 'throw';
    const res = await api.post(`/v1/transactions/${id}/refunds`, {});
    expect(res.status).toBe(201);
    const first = (await res.json()) as { id: string };
    expect(await refundOps(id)).toEqual([{ key: first.id, cause: first.id, state: 'uncertain', amount: 30000 }]);

    await confirmNow();
    expect(await refundOps(id)).toEqual([{ key: first.id, cause: first.id, state: 'failed', amount: 30000 }]);
    expect((await api.read(id))).toMatchObject({ status: 'approved', refundedAmount: 0 });

    s.ops.refund = 'up';
    const again = await api.post(`/v1/transactions/${id}/refunds`, {});
    expect(again.status).toBe(201);
    const second = (await again.json()) as { id: string; status: string };
    expect(second.status).toBe('succeeded');
    const t = await api.read(id);
    expect(t).toMatchObject({ status: 'refunded', refundedAmount: 30000 });
    expect(t.refunds?.map((r) => [r.id, r.status])).toEqual(expect.arrayContaining([[first.id, 'failed'], [second.id, 'succeeded']]));
    expect(await refundOps(id)).toEqual([
      { key: first.id, cause: first.id, state: 'failed', amount: 30000 },
      { key: second.id, cause: second.id, state: 'succeeded', amount: 30000 },
    ]);
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, refund: 1 });
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.approved', 'transaction.refunded']);
  });

  it('a refund the provider says it cannot take: 503, its operation failed, nothing reserved', async () => {
    const id = await approved();
    s.ops.refund = 'down';
    await api.refused(await api.post(`/v1/transactions/${id}/refunds`, { amount: 500 }), 503, 'providerUnavailable');
    const ops = await refundOps(id);
    expect(ops).toEqual([expect.objectContaining({ state: 'failed', amount: 500 })]);
    expect((await api.read(id))).toMatchObject({ status: 'approved', refundedAmount: 0, refunds: null });
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1 });
  });
});

/** Waits for `check` to hold; fails after 20 s. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
