/**
 * Subscriptions through the API on every engine: creation answers `pending` and the first cycle is charged by a job
 * as an ordinary transaction linked both ways; renewals bill the next period; a card refused on creation cancels.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { expectLedgerConsistent } from '../../testing/ledger';
import { eventTypes, TEST_CARDS, type Transaction } from '../../testing/payments';
import { type BillingCycle, card, createSubscription, cyclesOf, readSubscription, runNextBilling, statusOf, type Subscription, subscriptionBody } from '../../testing/subscriptions';

describe.each(ENGINES)('subscription billing on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POLL_POINTS: '1000' });
  });
  afterAll(async () => svc?.close());
  afterEach(async () => expectLedgerConsistent(svc.db));

  const create = (body: unknown) => createSubscription(svc, body);
  const read = (id: string) => readSubscription(svc, id);

  it('charges the first cycle of a card subscription in the background, from the token, and renews it', async () => {
    const s = await create(subscriptionBody({ metadata: { plan: 'pro' } }));
    expect(s).toMatchObject({ status: 'pending', currentCycle: 0, card: { brand: 'visa', firstDigits: '411111', lastDigits: '1111' } });
    expect(JSON.stringify(s)).not.toContain('4111111111111111');
    await svc.drain();
    const active = await read(s.id);
    expect(active).toMatchObject({ status: 'active', currentCycle: 1 });
    const res = await svc.call(`/v1/subscriptions/${s.id}/cycles?sort=cycle`);
    expect(res.status).toBe(200);
    const cycles = (await res.json()) as { data: BillingCycle[]; total: number };
    expect(cycles.data.map((c) => [c.cycle, c.status])).toEqual([[1, 'paid'], [2, 'scheduled']]);
    const [first, second] = cycles.data as [BillingCycle, BillingCycle];
    expect(Date.parse(second.startDate) - Date.parse(first.endDate)).toBe(86_400_000);
    expect(active.nextBillingAt).toBe(`${second.dueDate}T03:00:00.000Z`);
    const t = (await (await svc.call(`/v1/transactions/${first.transactionId}`)).json()) as Transaction;
    expect(t).toMatchObject({ status: 'approved', amount: 5000, subscriptionId: s.id, billingCycleId: first.id });
    expect(t.payment).toMatchObject({ cardRegistered: true, reusable: true, cardLastDigits: '1111' });
    expect(await eventTypes(svc.db, s.id)).toEqual(['subscription.created', 'subscription.activated']);
    expect(await eventTypes(svc.db, first.id)).toEqual(['cycle.billed', 'cycle.paid']);

    expect(await runNextBilling(svc, s.id)).toBe(true);
    expect((await cyclesOf(svc.db, s.id)).map((c) => [c.cycle, c.status])).toEqual([[1, 'paid'], [2, 'paid'], [3, 'scheduled']]);
    expect(await read(s.id)).toMatchObject({ status: 'active', currentCycle: 2 });
  });

  it('cancels a subscription whose first card charge is refused, with its events, never a 402', async () => {
    const s = await create(subscriptionBody({}, { method: 'credit', card: card(TEST_CARDS.declined) }));
    expect(s.status).toBe('pending');
    await svc.drain();
    expect(await statusOf(svc.db, s.id)).toBe('canceled');
    const [c] = await cyclesOf(svc.db, s.id);
    expect(c).toMatchObject({ cycle: 1, status: 'canceled', attempts: 1 });
    expect(await eventTypes(svc.db, s.id)).toEqual(['subscription.created', 'subscription.canceled']);
    expect(await runNextBilling(svc, s.id)).toBe(false);
  });

  it('starts a trial, and charges the first cycle when it ends', async () => {
    const s = await create(subscriptionBody({ plan: { amount: 5000, billingFrequency: 'monthly', trialInterval: 'day', trialIntervalCount: 7 } }));
    await svc.drain();
    const trialing = await read(s.id);
    expect(trialing.status).toBe('trialing');
    expect(trialing.nextBillingAt).toBe(trialing.trialEndsAt);
    expect((await cyclesOf(svc.db, s.id))[0]).toMatchObject({ status: 'scheduled', attempts: 0 });
    expect(await runNextBilling(svc, s.id)).toBe(true);
    expect(await read(s.id)).toMatchObject({ status: 'active', currentCycle: 1 });
  });

  it('runs a 7-day trial and then 12 monthly cycles, each a period of the calendar, then expires', async () => {
    const plan = { amount: 5000, billingFrequency: 'monthly', trialInterval: 'day', trialIntervalCount: 7, cycles: 12 };
    const s = await create(subscriptionBody({ plan }));
    await svc.drain();
    for (let step = 0; step < 13; step++) expect(await runNextBilling(svc, s.id)).toBe(true);
    expect(await runNextBilling(svc, s.id)).toBe(false);
    const cycles = await cyclesOf(svc.db, s.id);
    expect(cycles.map((c) => c.status)).toEqual(Array(12).fill('paid'));
    const res = await svc.call(`/v1/subscriptions/${s.id}/cycles?sort=cycle&limit=20`);
    const listed = ((await res.json()) as { data: BillingCycle[] }).data;
    const trialEnd = (await read(s.id)).trialEndsAt!.slice(0, 10);
    expect(listed[0]!.startDate).toBe(trialEnd);
    for (let i = 1; i < 12; i++) expect(Date.parse(listed[i]!.startDate) - Date.parse(listed[i - 1]!.endDate)).toBe(86_400_000);
    expect(await read(s.id)).toMatchObject({ status: 'expired', currentCycle: 12, nextBillingAt: null });
    expect((await eventTypes(svc.db, s.id)).at(-1)).toBe('subscription.expired');
  });
});
