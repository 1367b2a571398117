/**
 * A cycle paid after its period ended (a late retry), on every engine: billing goes on from the period in progress
 * that day with one charge; the periods that passed meanwhile are not billed in a burst.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { expectLedgerConsistent } from '../../testing/ledger';
import { TEST_CARDS } from '../../testing/payments';
import { card, cyclesOf, runNextBilling, statusOf, subscriptionBody, type Subscription } from '../../testing/subscriptions';
import { saoPauloDate } from '../../core/calendar';

describe.each(ENGINES)('late recovery on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POLL_POINTS: '1000' });
  });
  afterAll(async () => svc?.close());
  afterEach(async () => expectLedgerConsistent(svc.db));

  const changeCard = async (id: string, number: string) =>
    expect((await svc.call(`/v1/subscriptions/${id}/payment-method`, { method: 'PUT', json: { payment: { method: 'credit', card: card(number) } } })).status).toBe(200);

  it('a weekly cycle recovered two weeks after its period: the next cycle is this week\'s, charged once', async () => {
    const res = await svc.call('/v1/subscriptions', { method: 'POST', json: subscriptionBody({ plan: { amount: 5000, billingFrequency: 'weekly' } }) });
    const s = (await res.json()) as Subscription;
    await svc.drain();
    await changeCard(s.id, TEST_CARDS.declined);
    expect(await runNextBilling(svc, s.id)).toBe(true);
    expect(await statusOf(svc.db, s.id)).toBe('past-due');
    // Four weeks pass: the subscription and its cycles are as if created then (cycle 2 ended two weeks ago).
    await svc.db.query('UPDATE subscriptions SET billing_anchor = billing_anchor - 28 WHERE id = $1', [s.id]);
    await svc.db.query('UPDATE billing_cycles SET start_date = start_date - 28, end_date = end_date - 28, due_date = due_date - 28 WHERE subscription_id = $1', [s.id]);
    await changeCard(s.id, TEST_CARDS.visa);
    expect(await runNextBilling(svc, s.id)).toBe(true);
    // The retry is paid; the next cycle is this week's, due today, so the same run charges it: one charge, then
    // the calendar's next week. No cycle for the weeks in between.
    const today = saoPauloDate(new Date());
    const cycles = await cyclesOf(svc.db, s.id);
    expect(cycles.map((c) => [c.cycle, c.status])).toEqual([[1, 'paid'], [2, 'paid'], [3, 'paid'], [4, 'scheduled']]);
    expect(cycles[2]!.start_date).toBe(today);
    expect(Date.parse(cycles[3]!.start_date) - Date.parse(today)).toBe(7 * 86_400_000);
    expect(await statusOf(svc.db, s.id)).toBe('active');
  });
});
