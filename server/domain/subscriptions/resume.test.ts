/**
 * Resume after what happened while paused, on every engine: a renewal that failed while paused starts a dunning run
 * of its own on resume (its retries fall after the resume charge, never in the past), and a fixed-term plan whose
 * last cycle was paid while paused expires at the end of that period instead of staying active.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { expectLedgerConsistent } from '../../testing/ledger';
import { eventTypes, TEST_CARDS } from '../../testing/payments';
import { billJobOf, card, createSubscription, cyclesOf, runNextBilling, statusOf, type Subscription, subscriptionBody } from '../../testing/subscriptions';
import { billCycle } from './billing';

const DAY = 86_400_000;

describe.each(ENGINES)('resume on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POLL_POINTS: '1000' });
  });
  afterAll(async () => svc?.close());
  afterEach(async () => expectLedgerConsistent(svc.db));

  const create = (body: unknown) => createSubscription(svc, body);
  const post = async (path: string) => expect((await svc.call(path, { method: 'POST' })).status).toBe(200);
  async function cycle2(id: string) {
    const res = await svc.db.query<{ id: string; attempts: number; next_retry_at: Date | null; failed_at: Date | null }>(
      'SELECT id, attempts, next_retry_at, failed_at FROM billing_cycles WHERE subscription_id = $1 AND cycle = 2', [id],
    );
    return res.rows[0]!;
  }
  /** Charges cycle 2 now, pauses, and lets the charge reach its outcome while paused. */
  async function renewedWhilePaused(s: Subscription): Promise<void> {
    await billCycle(svc.payments, await billJobOf(svc.db, (await cycle2(s.id)).id));
    await post(`/v1/subscriptions/${s.id}/pause`);
    await svc.drain();
  }

  it('a renewal that failed while paused: resume charges it, then retries after 1, 3, 5 and 7 days from that charge', async () => {
    const s = await create(subscriptionBody());
    await svc.drain();
    const res = await svc.call(`/v1/subscriptions/${s.id}/payment-method`, { method: 'PUT', json: { payment: { method: 'credit', card: card(TEST_CARDS.declined) } } });
    expect(res.status).toBe(200);
    await renewedWhilePaused(s);
    const paused = await cycle2(s.id);
    expect(paused).toMatchObject({ attempts: 1, next_retry_at: null });
    // Time passes while paused: the failure is days old when the subscription resumes.
    await svc.db.query(`UPDATE billing_cycles SET failed_at = failed_at - interval '10 days' WHERE id = $1`, [paused.id]);
    await post(`/v1/subscriptions/${s.id}/resume`);
    await svc.drain();
    const after = await cycle2(s.id);
    expect(after.attempts).toBe(2);
    expect(after.failed_at!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(after.next_retry_at!.getTime() - after.failed_at!.getTime()).toBe(DAY);
    expect(await statusOf(svc.db, s.id)).toBe('past-due');
    // Four retries, each on its day from the resume charge's failure, then the end the dunning configures.
    for (const days of [3, 5, 7]) {
      expect(await runNextBilling(svc, s.id)).toBe(true);
      const c = await cycle2(s.id);
      expect(c.next_retry_at!.getTime() - after.failed_at!.getTime()).toBe(days * DAY);
      expect(await statusOf(svc.db, s.id)).toBe('past-due');
    }
    expect(await runNextBilling(svc, s.id)).toBe(true);
    expect(await statusOf(svc.db, s.id)).toBe('canceled');
    expect((await cyclesOf(svc.db, s.id))[1]).toMatchObject({ status: 'canceled', attempts: 6 });
  });

  it('a fixed-term plan whose last cycle was paid while paused expires after resume, at the end of that period', async () => {
    const s = await create(subscriptionBody({ plan: { amount: 5000, billingFrequency: 'monthly', cycles: 2 } }));
    await svc.drain();
    await renewedWhilePaused(s);
    expect((await cyclesOf(svc.db, s.id)).map((c) => c.status)).toEqual(['paid', 'paid']);
    // Cycle 2's own job (it was charged directly) and the expiry its payment queued run while paused: nothing happens.
    for (let step = 0; step < 2; step++) expect(await runNextBilling(svc, s.id)).toBe(true);
    expect(await statusOf(svc.db, s.id)).toBe('paused');
    expect(await runNextBilling(svc, s.id)).toBe(false);
    await post(`/v1/subscriptions/${s.id}/resume`);
    expect(await statusOf(svc.db, s.id)).toBe('active');
    const end = await svc.db.query<{ run_at: Date; end_date: string }>(
      `SELECT j.run_at, to_char(c.end_date + 1, 'YYYY-MM-DD') AS end_date FROM jobs j, billing_cycles c
        WHERE j.kind = 'subscription.end' AND j.status = 'pending' AND j.payload->>'subscriptionId' = $1
          AND c.subscription_id = $1 AND c.cycle = 2`,
      [s.id],
    );
    expect(end.rows.map((r) => r.run_at.toISOString())).toEqual([`${end.rows[0]?.end_date}T03:00:00.000Z`]);
    expect(await runNextBilling(svc, s.id)).toBe(true);
    expect(await statusOf(svc.db, s.id)).toBe('expired');
    expect((await eventTypes(svc.db, s.id)).slice(-3)).toEqual(['subscription.paused', 'subscription.resumed', 'subscription.expired']);
    expect(await runNextBilling(svc, s.id)).toBe(false);
  });

  it('a fixed-term plan resumed after its last period ended expires at once', async () => {
    const s = await create(subscriptionBody({ plan: { amount: 5000, billingFrequency: 'monthly', cycles: 2 } }));
    await svc.drain();
    await renewedWhilePaused(s);
    // The pause outlasted the last period.
    await svc.db.query('UPDATE billing_cycles SET start_date = start_date - 70, end_date = end_date - 70, due_date = due_date - 70 WHERE subscription_id = $1', [s.id]);
    await post(`/v1/subscriptions/${s.id}/resume`);
    await svc.drain();
    expect(await statusOf(svc.db, s.id)).toBe('expired');
    expect((await eventTypes(svc.db, s.id)).slice(-2)).toEqual(['subscription.resumed', 'subscription.expired']);
  });
});
