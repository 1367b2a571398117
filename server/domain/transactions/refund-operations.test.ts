/**
 * Refunds whose provider call does not answer, breaks before reaching the provider, or whose process dies after the
 * provider refunded: the refund's provider operation (keyed by the refund's id) is recorded with its reservation, the
 * refund stays `pending` (its amount reserved) while the outcome is unknown, and `refund.confirm` sends the refund again
 * under the same key while its operation is open, then asks its status, until it knows: refunded once, never failed
 * from a provider that merely has not received it yet. Each test ends with `svc.db` at hand.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { operationsOf } from '../../payments/operations';
import { Orchestrator } from '../../payments/orchestrator';
import { ENGINES, type TestService } from '../../testing/harness';
import { flakySuite } from '../../testing/flaky-suite';
import { cardBody, eventTypes, providerOperations } from '../../testing/payments';
import { transactionsApi } from '../../testing/transactions-api';
import { processTransaction } from './processing';
import { createRefund } from './refunds';

describe.each(ENGINES)('refund operations the provider does not confirm, on $name', (engine) => {
  const suite = flakySuite(engine);
  const { s, patient } = suite;
  let svc: TestService;
  beforeAll(() => {
    svc = suite.svc();
  });
  const api = transactionsApi(() => svc);

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

  it('a refund whose call broke before reaching the provider: the confirmation sends it again, refunded once, never failed', async () => {
    const id = await approved();
    s.ops.refund = 'throw';
    const res = await api.post(`/v1/transactions/${id}/refunds`, {});
    expect(res.status).toBe(201);
    const refund = (await res.json()) as { id: string; status: string };
    expect(refund.status).toBe('pending');
    expect(await refundOps(id)).toEqual([{ key: refund.id, cause: refund.id, state: 'uncertain', amount: 30000 }]);
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1 });

    // The re-send breaks too: still unknown, so still pending. The status is asked (a refund the provider reports
    // done would be done), but its "no refund under this key" is not taken for a failure: the call may be on its way.
    await confirmNow();
    expect(await refundOps(id)).toEqual([{ key: refund.id, cause: refund.id, state: 'uncertain', amount: 30000 }]);
    expect((await api.read(id)).refunds).toEqual([expect.objectContaining({ id: refund.id, status: 'pending' })]);

    s.ops.refund = 'up';
    await confirmNow();
    const t = await api.read(id);
    expect(t).toMatchObject({ status: 'refunded', refundedAmount: 30000 });
    expect(t.refunds).toEqual([expect.objectContaining({ id: refund.id, status: 'succeeded', amount: 30000 })]);
    expect(await refundOps(id)).toEqual([{ key: refund.id, cause: refund.id, state: 'succeeded', amount: 30000 }]);
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, refund: 1 });
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.approved', 'transaction.refunded']);
    await api.refused(await api.post(`/v1/transactions/${id}/refunds`, {}), 422, 'invalidTransition');
  });

  it('a process that dies after the reservation, before the call reached the provider: the recovery job sends it, refunded once', async () => {
    const id = await approved();
    // The call never reaches the sandbox and never returns: as far as the database knows, the process died there.
    s.ops.refund = 'hang';
    const scope = { merchantId: svc.merchant.merchantId, mode: 'sandbox' as const };
    void createRefund(patient(), scope, id, { amount: 12000 }).catch(() => undefined);
    await until(async () => s.calls.includes('refund'));
    expect(await refundOps(id)).toEqual([expect.objectContaining({ state: 'started', amount: 12000 })]);
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1 });

    s.ops.refund = 'up';
    await confirmNow();
    const t = await api.read(id);
    expect(t).toMatchObject({ status: 'approved', refundedAmount: 12000 });
    expect(t.refunds).toEqual([expect.objectContaining({ status: 'succeeded', amount: 12000 })]);
    expect(await refundOps(id)).toEqual([expect.objectContaining({ state: 'succeeded', amount: 12000 })]);
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, refund: 1 });
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.approved', 'transaction.partially-refunded']);
  });

  it('the original call lands after the confirmation re-sent the refund: one refund at the provider, the amount not refundable twice', async () => {
    const id = await approved();
    // A route whose refund call is held in flight (the caller times out and moves on) until the test lets it land.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let landed!: Promise<unknown>;
    const routes = svc.payments.orchestrator.routes;
    const base = routes.providers[0]!;
    const late = {
      ...base,
      refund(req: Parameters<typeof base.refund>[0]) {
        landed = held.then(() => base.refund(req));
        return landed as ReturnType<typeof base.refund>;
      },
    };
    const slowRoute = { ...svc.payments, orchestrator: new Orchestrator({ ...routes, providers: [late] }, 200) };
    const scope = { merchantId: svc.merchant.merchantId, mode: 'sandbox' as const };
    const refund = await createRefund(slowRoute, scope, id, undefined);
    expect(refund.status).toBe('pending');
    expect(await refundOps(id)).toEqual([expect.objectContaining({ state: 'uncertain', amount: 30000 })]);

    await confirmNow();
    expect((await api.read(id))).toMatchObject({ status: 'refunded', refundedAmount: 30000 });
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, refund: 1 });

    release();
    await landed;
    const t = await api.read(id);
    expect(t).toMatchObject({ status: 'refunded', refundedAmount: 30000 });
    expect(t.refunds).toEqual([expect.objectContaining({ id: refund.id, status: 'succeeded', amount: 30000 })]);
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, refund: 1 });
    await api.refused(await api.post(`/v1/transactions/${id}/refunds`, {}), 422, 'invalidTransition');
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
