/**
 * The calendar as the API applies it, on every engine: a `billingExactDay` ahead leaves the subscription `pending`
 * until that day; a resume after a pause that outlived its periods skips them and bills the period of the resume day.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { expectLedgerConsistent } from '../../testing/ledger';
import { createSubscription, cyclesOf, readSubscription, runNextBilling, type Subscription, subscriptionBody } from '../../testing/subscriptions';
import { saoPauloDate, startOfSaoPauloDay } from '../../core/calendar';
import { addMonths, anchorFrom, periodFrom } from './calendar';

describe.each(ENGINES)('the billing calendar through the API on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POLL_POINTS: '1000' });
  });
  afterAll(async () => svc?.close());
  afterEach(async () => expectLedgerConsistent(svc.db));

  const create = (body: unknown) => createSubscription(svc, body);
  const read = (id: string) => readSubscription(svc, id);
  const today = async () => saoPauloDate((await svc.db.query<{ now: Date }>('SELECT now() AS now')).rows[0]!.now);

  it('bills the first cycle on billingExactDay, pending until then', async () => {
    const day = await today();
    // A day of the month other than today's, so the first billed day is ahead.
    const exactDay = (Number(day.slice(8)) % 28) + 1;
    const s = await create(subscriptionBody({ plan: { amount: 5000, billingFrequency: 'monthly', billingExactDay: exactDay } }));
    await svc.drain();
    const anchor = anchorFrom(day, exactDay);
    expect(anchor > day).toBe(true);
    expect(await read(s.id)).toMatchObject({ status: 'pending', billingExactDay: exactDay, nextBillingAt: startOfSaoPauloDay(anchor).toISOString() });
    expect((await cyclesOf(svc.db, s.id))[0]).toMatchObject({ cycle: 1, status: 'scheduled', start_date: anchor });
    expect(await runNextBilling(svc, s.id)).toBe(true);
    expect(await read(s.id)).toMatchObject({ status: 'active', currentCycle: 1 });
  });

  it('skips the periods a pause outlived: the next cycle is the period of the resume day', async () => {
    const s = await create(subscriptionBody());
    await svc.drain();
    expect((await svc.call(`/v1/subscriptions/${s.id}/pause`, { method: 'POST' })).status).toBe(200);
    // Five months pass while paused: the anchor and the scheduled cycle 2 are moved back as time would have left them.
    const day = await today();
    const anchor = addMonths(day, -5);
    await svc.db.query(`UPDATE subscriptions SET billing_anchor = $2, anchor_day = $3 WHERE id = $1`, [s.id, anchor, Number(anchor.slice(8))]);
    const old = periodFrom(anchor, { frequency: 'monthly', count: 1, anchorDay: Number(anchor.slice(8)) }, addMonths(anchor, 1));
    await svc.db.query(`UPDATE billing_cycles SET start_date = $2, due_date = $2, end_date = $3 WHERE subscription_id = $1 AND cycle = 2`, [s.id, old.start, old.end]);
    const resumed = await svc.call(`/v1/subscriptions/${s.id}/resume`, { method: 'POST' });
    expect(resumed.status).toBe(200);
    const expected = periodFrom(anchor, { frequency: 'monthly', count: 1, anchorDay: Number(anchor.slice(8)) }, day);
    const cycle2 = (await cyclesOf(svc.db, s.id))[1]!;
    expect(cycle2).toMatchObject({ cycle: 2, status: 'scheduled', start_date: expected.start });
    expect(expected.start >= day).toBe(true);
    expect(await runNextBilling(svc, s.id)).toBe(true);
    expect((await cyclesOf(svc.db, s.id)).map((c) => [c.cycle, c.status])).toEqual([[1, 'paid'], [2, 'paid'], [3, 'scheduled']]);
  });
});
