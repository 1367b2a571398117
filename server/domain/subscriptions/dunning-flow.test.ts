/**
 * Failed card cycles through the API on every engine: a declined renewal makes the subscription past-due and is
 * retried on its schedule until it ends as configured, or a retry pays it. Each step is an event, and a timeline
 * entry of the charge.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { expectLedgerConsistent } from '../../testing/ledger';
import { eventTypes, TEST_CARDS, type Transaction } from '../../testing/payments';
import { billCycle } from './billing';
import { billJobOf, card, createSubscription, cyclesOf, readSubscription, runNextBilling, statusOf, type Subscription, subscriptionBody } from '../../testing/subscriptions';

describe.each(ENGINES)('dunning on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POLL_POINTS: '1000' });
  });
  afterAll(async () => svc?.close());
  afterEach(async () => expectLedgerConsistent(svc.db));

  const create = (body: unknown) => createSubscription(svc, body);
  const read = (id: string) => readSubscription(svc, id);
  const transaction = async (id: string) => (await (await svc.call(`/v1/transactions/${id}`)).json()) as Transaction;
  async function changeCard(id: string, number: string): Promise<void> {
    const res = await svc.call(`/v1/subscriptions/${id}/payment-method`, { method: 'PUT', json: { payment: { method: 'credit', card: card(number) } } });
    expect(res.status, await res.clone().text()).toBe(200);
  }
  /** An active card subscription whose card now declines. */
  async function declining(dunning?: unknown): Promise<Subscription> {
    const s = await create(subscriptionBody(dunning ? { dunning } : {}));
    await svc.drain();
    await changeCard(s.id, TEST_CARDS.declined);
    return s;
  }

  it('retries a declined renewal after 1, 3, 5 and 7 days, then cancels', async () => {
    const s = await declining();
    expect(await runNextBilling(svc, s.id)).toBe(true);
    const pastDue = await read(s.id);
    expect(pastDue.status).toBe('past-due');
    const res = await svc.call(`/v1/subscriptions/${s.id}/cycles?status=failed`);
    const failed = ((await res.json()) as { data: { id: string; cycle: number; nextRetryAt: string; attempts: number; transactionId: string }[] }).data;
    expect(failed.map((c) => [c.cycle, c.attempts])).toEqual([[2, 1]]);
    expect(pastDue.nextBillingAt).toBe(failed[0]!.nextRetryAt);
    const t = await transaction(failed[0]!.transactionId);
    expect(t.timeline.map((e) => e.message).join('\n')).toContain('will be charged again at');
    for (let retry = 1; retry <= 4; retry++) expect(await runNextBilling(svc, s.id)).toBe(true);
    expect(await statusOf(svc.db, s.id)).toBe('canceled');
    expect((await cyclesOf(svc.db, s.id)).map((c) => [c.cycle, c.status, c.attempts])).toEqual([[1, 'paid', 1], [2, 'canceled', 5]]);
    const cycleId = failed[0]!.id;
    expect(await eventTypes(svc.db, cycleId)).toEqual([...Array(5)].flatMap(() => ['cycle.billed', 'cycle.failed']));
    expect(await eventTypes(svc.db, s.id)).toEqual(['subscription.created', 'subscription.activated', 'subscription.past-due', 'subscription.canceled']);
    expect(await runNextBilling(svc, s.id)).toBe(false);
  });

  it('retries a declined charge at the end of a trial (past-due), where a first charge without a trial cancels', async () => {
    const plan = { amount: 5000, billingFrequency: 'monthly', trialInterval: 'day', trialIntervalCount: 7 };
    const s = await create(subscriptionBody({ plan, dunning: { retryDays: [1, 3] } }, { method: 'credit', card: card(TEST_CARDS.declined) }));
    await svc.drain();
    expect(await statusOf(svc.db, s.id)).toBe('trialing');
    expect(await runNextBilling(svc, s.id)).toBe(true);
    const pastDue = await read(s.id);
    expect(pastDue.status).toBe('past-due');
    expect((await cyclesOf(svc.db, s.id)).map((c) => [c.cycle, c.status, c.attempts])).toEqual([[1, 'failed', 1]]);
    expect(pastDue.nextBillingAt).not.toBeNull();
    for (let retry = 1; retry <= 2; retry++) expect(await runNextBilling(svc, s.id)).toBe(true);
    expect((await cyclesOf(svc.db, s.id)).map((c) => [c.cycle, c.status, c.attempts])).toEqual([[1, 'canceled', 3]]);
    expect(await eventTypes(svc.db, s.id)).toEqual(['subscription.created', 'subscription.past-due', 'subscription.canceled']);
  });

  it('ends unpaid when so configured', async () => {
    const s = await declining({ retryDays: [2], endAs: 'unpaid' });
    expect(await runNextBilling(svc, s.id)).toBe(true);
    expect(await runNextBilling(svc, s.id)).toBe(true);
    expect(await read(s.id)).toMatchObject({ status: 'unpaid', nextBillingAt: null });
    expect((await eventTypes(svc.db, s.id)).at(-1)).toBe('subscription.unpaid');
  });

  it('is active again when a retry is paid, and bills the next period', async () => {
    const s = await declining();
    expect(await runNextBilling(svc, s.id)).toBe(true);
    await changeCard(s.id, TEST_CARDS.mastercard);
    expect(await runNextBilling(svc, s.id)).toBe(true);
    expect(await read(s.id)).toMatchObject({ status: 'active', currentCycle: 2, card: { lastDigits: '4444' } });
    expect((await cyclesOf(svc.db, s.id)).map((c) => [c.cycle, c.status, c.attempts])).toEqual([[1, 'paid', 1], [2, 'paid', 2], [3, 'scheduled', 0]]);
    expect((await eventTypes(svc.db, s.id)).slice(-2)).toEqual(['subscription.past-due', 'subscription.activated']);
  });


  it('charges again on resume a renewal that failed while paused', async () => {
    const s = await declining();
    const [, c2] = await svc.db.query<{ id: string }>('SELECT id FROM billing_cycles WHERE subscription_id = $1 ORDER BY cycle', [s.id]).then((r) => r.rows);
    await billCycle(svc.payments, await billJobOf(svc.db, c2!.id)); // the renewal's charge is created, its processing not run yet
    expect((await svc.call(`/v1/subscriptions/${s.id}/pause`, { method: 'POST' })).status).toBe(200);
    await svc.drain();
    expect(await read(s.id)).toMatchObject({ status: 'paused', nextBillingAt: null });
    expect((await cyclesOf(svc.db, s.id))[1]).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await svc.call(`/v1/subscriptions/${s.id}/resume`, { method: 'POST' })).status).toBe(200);
    await svc.drain();
    expect((await cyclesOf(svc.db, s.id))[1]).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await read(s.id)).toMatchObject({ status: 'past-due' });
  });
});
