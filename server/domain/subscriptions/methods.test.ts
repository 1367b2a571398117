/**
 * PIX and billet subscriptions through the API on every engine: each cycle issues a charge the payer pays (the
 * sandbox simulator), and a PIX cycle that expires unpaid is retried with a new charge within its window.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { expectLedgerConsistent } from '../../testing/ledger';
import { type Transaction } from '../../testing/payments';
import { createSubscription, cyclesOf, readSubscription, runNextBilling, statusOf, type Subscription, subscriptionBody } from '../../testing/subscriptions';

describe.each(ENGINES)('PIX and billet subscriptions on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POLL_POINTS: '1000' });
  });
  afterAll(async () => svc?.close());
  afterEach(async () => expectLedgerConsistent(svc.db));

  const create = (body: unknown) => createSubscription(svc, body);
  const read = (id: string) => readSubscription(svc, id);
  const transaction = async (id: string) => (await (await svc.call(`/v1/transactions/${id}`)).json()) as Transaction;
  it.each(['pix', 'billet'] as const)('bills a %s subscription each cycle, paid by simulate', async (method) => {
    const s = await create(subscriptionBody({}, { method }));
    await svc.drain();
    const [c1] = await cyclesOf(svc.db, s.id);
    expect(c1).toMatchObject({ status: 'billing' });
    const t = await transaction(c1!.transaction_id!);
    expect(t).toMatchObject({ status: 'pending', method, subscriptionId: s.id });
    expect(method === 'pix' ? t.payment.pixQrCodeEmv : t.payment.billetBarcode).toBeTruthy();
    const paid = await svc.call(`/v1/sandbox/transactions/${t.id}/simulate`, { method: 'POST', json: { action: 'pay' } });
    expect(paid.status).toBe(200);
    expect(await read(s.id)).toMatchObject({ status: 'active', currentCycle: 1 });
    expect(await runNextBilling(svc, s.id)).toBe(true);
    expect((await cyclesOf(svc.db, s.id)).map((c) => c.status)).toEqual(['paid', 'billing']);
  });

  it('retries a PIX cycle that expired unpaid with a new charge, at most 3 times within 7 days', async () => {
    const s = await create(subscriptionBody({}, { method: 'pix' }));
    await svc.drain();
    const pay = async (action: 'pay' | 'expire') => {
      const [c] = (await cyclesOf(svc.db, s.id)).filter((x) => x.status === 'billing');
      const res = await svc.call(`/v1/sandbox/transactions/${c!.transaction_id}/simulate`, { method: 'POST', json: { action } });
      expect(res.status).toBe(200);
      return c!.transaction_id!;
    };
    await pay('pay');
    expect(await runNextBilling(svc, s.id)).toBe(true);
    const charges = [await pay('expire')];
    expect(await statusOf(svc.db, s.id)).toBe('past-due');
    for (let retry = 1; retry <= 3; retry++) {
      expect(await runNextBilling(svc, s.id)).toBe(true);
      charges.push(await pay('expire'));
    }
    expect(new Set(charges).size).toBe(4);
    expect(await statusOf(svc.db, s.id)).toBe('canceled');
  });
});
