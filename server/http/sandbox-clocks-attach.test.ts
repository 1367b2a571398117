/**
 * Sandbox clocks with the service's own jobs, on every engine: a card charge whose processing waits on a clock is
 * processed by the advance (and its webhook deliveries stay on the wall clock), and attaching a subscription moves it
 * and its waiting jobs onto the clock, only while it has billed nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireClock } from '../domain/clock/service';
import { newId } from '../ids';
import { advanceClock, attachToClock, clockJobs, createClock } from '../testing/clock';
import { ENGINES, startTestService, type TestService } from '../testing/harness';
import { createSubscription, cyclesOf, readSubscription, subscriptionBody } from '../testing/subscriptions';
import { expectLedgerConsistent } from '../testing/ledger';
import { cardBody, payer } from '../testing/payments';
import { transactionsApi } from '../testing/transactions-api';

const T0 = '2027-01-01T03:00:00.000Z';
const DAY = 86_400_000;

describe.each(ENGINES)('sandbox clocks with the service\'s jobs on $name', (engine) => {
  let svc: TestService;
  const api = transactionsApi(() => svc);
  beforeAll(async () => {
    svc = await startTestService(engine);
  });
  afterAll(async () => svc?.close());
  afterEach(async () => expectLedgerConsistent(svc.db));

  /** A sandbox subscription of the test merchant, as recurring billing would store it, with no cycle yet. */
  async function subscription(): Promise<string> {
    const res = await svc.call('/v1/customers', { method: 'POST', json: { ...payer(`c-${newId('cus')}@example.com`, null) } });
    const customer = (await res.json()) as { id: string };
    expect(res.status, JSON.stringify(customer)).toBe(201);
    const id = newId('subs');
    await svc.db.query(
      `INSERT INTO subscriptions (id, merchant_id, mode, customer_id, status, amount, payment_method, billing_frequency,
                                  billing_frequency_count, created_at, updated_at)
       VALUES ($1, $2, 'sandbox', $3, 'pending', 4990, 'credit', 'monthly', 1, now(), now())`,
      [id, svc.merchant.merchantId, customer.id],
    );
    return id;
  }

  it('processes a card charge whose processing job waits on a clock when the clock is advanced, never in a worker', async () => {
    const hook = await svc.call('/v1/webhooks/endpoints', {
      method: 'POST',
      json: { name: 'Clock receiver', endpoint: 'http://127.0.0.1:9/hook', events: ['transaction.approved'] },
    });
    expect(hook.status, await hook.clone().text()).toBe(201);
    const c = await createClock(svc, { now: T0 });
    const id = await api.create(cardBody());
    const moved = await svc.db.query(
      `UPDATE jobs SET clock_id = $1, run_at = $2 WHERE kind = 'transaction.process' AND payload->>'transactionId' = $3`,
      [c.id, '2027-01-05T03:00:00.000Z', id],
    );
    expect(moved.rowCount).toBe(1);
    await svc.drain();
    expect((await api.read(id)).status).toBe('pending');

    await advanceClock(svc, c.id, '2027-01-04T03:00:00.000Z');
    expect((await api.read(id)).status).toBe('pending');
    await advanceClock(svc, c.id, '2027-01-06T03:00:00.000Z');
    expect((await api.read(id)).status).toBe('approved');
    expect((await clockJobs(svc.db, c.id)).map((j) => [j.kind, j.status])).toEqual([['transaction.process', 'done']]);
    // The event of the approval is delivered on the wall clock, by the workers, like any other.
    const deliveries = await svc.db.query<{ clock_id: string | null }>(`SELECT clock_id FROM jobs WHERE kind = 'webhook.deliver'`);
    expect(deliveries.rows.length).toBeGreaterThan(0);
    expect(deliveries.rows.every((r) => r.clock_id === null)).toBe(true);
  });

  it('attaches a subscription with no cycle, moving its waiting jobs to the same distance from the clock\'s now', async () => {
    const c = await createClock(svc, { now: T0 });
    const sub = await subscription();
    await svc.db.query(
      `INSERT INTO jobs (id, kind, payload, run_at) VALUES ($1, 'subscription.test', $2::jsonb, now() + interval '1 day')`,
      [newId('job'), JSON.stringify({ subscriptionId: sub })],
    );
    const unrelated = newId('job');
    await svc.db.query(`INSERT INTO jobs (id, kind, payload, run_at) VALUES ($1, 'subscription.test', '{"subscriptionId":"subs_other"}', now())`, [unrelated]);
    expect(await attachToClock(svc, c.id, sub)).toMatchObject({ id: c.id, subscriptionCount: 1, nextJobAt: expect.any(String) });
    const [job] = await clockJobs(svc.db, c.id);
    const distance = job!.runAt.getTime() - Date.parse(T0);
    expect(distance).toBeGreaterThan(DAY - 60_000);
    expect(distance).toBeLessThanOrEqual(DAY);
    const stays = await svc.db.query<{ clock_id: string | null }>('SELECT clock_id FROM jobs WHERE id = $1', [unrelated]);
    expect(stays.rows[0]!.clock_id).toBeNull();
    await svc.db.query(`UPDATE jobs SET status = 'done' WHERE kind = 'subscription.test'`);
    // Again on the same clock: nothing changes. Another clock: refused, the subscription stays where it is.
    expect((await attachToClock(svc, c.id, sub)).subscriptionCount).toBe(1);
    const other = await createClock(svc, { now: T0 });
    await api.refused(await api.post(`/v1/sandbox/clocks/${other.id}/subscriptions`, { subscriptionId: sub }), 422, 'subscriptionNotAttachable');
    const row = await svc.db.query<{ clock_id: string }>('SELECT clock_id FROM subscriptions WHERE id = $1', [sub]);
    expect(row.rows[0]!.clock_id).toBe(c.id);
  });

  it('attaches a subscription created through the API before its first charge, which the advance then bills', async () => {
    const c = await createClock(svc, { now: T0 });
    // Created on the wall clock: cycle 1 is scheduled and its charge job waits (this service's worker only runs on drain).
    const sub = await createSubscription(svc, subscriptionBody());
    expect((await cyclesOf(svc.db, sub.id)).map((x) => x.status)).toEqual(['scheduled']);
    expect((await attachToClock(svc, c.id, sub.id)).subscriptionCount).toBe(1);
    expect((await clockJobs(svc.db, c.id)).map((j) => [j.kind, j.status])).toEqual([['subscription.bill', 'pending']]);
    await svc.drain();
    expect((await cyclesOf(svc.db, sub.id)).map((x) => x.status)).toEqual(['scheduled']);
    await advanceClock(svc, c.id, '2027-01-01T03:01:00.000Z');
    expect((await readSubscription(svc, sub.id)).status).toBe('active');
    // Billed once: no longer attachable elsewhere.
    const other = await createClock(svc, { now: T0 });
    await api.refused(await api.post(`/v1/sandbox/clocks/${other.id}/subscriptions`, { subscriptionId: sub.id }), 422, 'subscriptionNotAttachable');
  });

  it('checks the clock a new subscription names: the merchant\'s, in sandbox', async () => {
    const c = await createClock(svc, { now: T0 });
    const scope = { merchantId: svc.merchant.merchantId, mode: 'sandbox' as const };
    expect(await requireClock(svc.db, scope, c.id)).toEqual({ id: c.id, now: new Date(T0) });
    await expect(requireClock(svc.db, { ...scope, mode: 'production' }, c.id)).rejects.toMatchObject({ code: 'sandboxOnly' });
    const stranger = await svc.newMerchant();
    await expect(requireClock(svc.db, { merchantId: stranger.merchantId, mode: 'sandbox' }, c.id)).rejects.toMatchObject({ code: 'sandboxClockNotFound' });
  });

  it('refuses a subscription that billed a cycle, one unknown or of another merchant, and an unknown clock', async () => {
    const c = await createClock(svc, { now: T0 });
    const billed = await subscription();
    await svc.db.query(
      `INSERT INTO billing_cycles (id, subscription_id, merchant_id, mode, cycle, status, amount, start_date, end_date, due_date, created_at, updated_at)
       VALUES ($1, $2, $3, 'sandbox', 1, 'paid', 4990, '2026-11-01', '2026-11-30', '2026-11-01', now(), now())`,
      [newId('scy'), billed, svc.merchant.merchantId],
    );
    await api.refused(await api.post(`/v1/sandbox/clocks/${c.id}/subscriptions`, { subscriptionId: billed }), 422, 'subscriptionNotAttachable');
    await api.refused(await api.post(`/v1/sandbox/clocks/${c.id}/subscriptions`, { subscriptionId: 'subs_0000000000000000' }), 404, 'subscriptionNotFound');
    const stranger = await svc.newMerchant();
    const theirs = await createClock(svc, {}, stranger.sandboxKey);
    const mine = await subscription();
    await api.refused(await api.post(`/v1/sandbox/clocks/${theirs.id}/subscriptions`, { subscriptionId: mine }), 404, 'sandboxClockNotFound');
    await api.refused(await api.post(`/v1/sandbox/clocks/${theirs.id}/subscriptions`, { subscriptionId: mine }, stranger.sandboxKey), 404, 'subscriptionNotFound');
    await api.refused(await api.post(`/v1/sandbox/clocks/${c.id}/subscriptions`, { subscriptionId: 'sub' }), 400, 'invalidParameters');
  });
});
