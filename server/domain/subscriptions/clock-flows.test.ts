/**
 * Issue 12's "Done means" through the API alone, in sandbox, on a test clock, on every engine: a year of a card
 * subscription with a trial, a declining card dunned to its end, PIX and billet cycles paid by the simulator, and a
 * PIX cycle left unpaid that expires and is retried on the clock's time. Nothing here pulls a job forward by hand:
 * every step happens inside `advance`.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, clockJobs, createClock } from '../../testing/clock';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { subAccount } from '../../testing/split-fixtures';
import { expectLedgerConsistent } from '../../testing/ledger';
import { eventTypes, payer, TEST_CARDS, type Transaction } from '../../testing/payments';
import { card, type BillingCycle, type Subscription } from '../../testing/subscriptions';

const T0 = '2027-01-01T03:00:00.000Z';
const DAY = 86_400_000;
const at = (days: number, from = T0) => new Date(Date.parse(from) + days * DAY);

describe.each(ENGINES)('issue 12 flows on a test clock on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POLL_POINTS: '1000' });
  });
  afterAll(async () => svc?.close());
  afterEach(async () => expectLedgerConsistent(svc.db));

  async function post<T>(path: string, json: unknown, status = 201): Promise<T> {
    const res = await svc.call(path, { method: 'POST', json });
    const body = (await res.json()) as T;
    expect(res.status, JSON.stringify(body)).toBe(status);
    return body;
  }
  async function get<T>(path: string): Promise<T> {
    const res = await svc.call(path);
    const body = (await res.json()) as T;
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body;
  }
  const cycles = async (id: string) => (await get<{ data: BillingCycle[] }>(`/v1/subscriptions/${id}/cycles?limit=100`)).data.sort((a, b) => a.cycle - b.cycle);
  const transaction = (id: string) => get<Transaction>(`/v1/transactions/${id}`);
  const subscribe = (clockId: string, over: Record<string, unknown>) =>
    post<Subscription>('/v1/subscriptions', { clockId, customer: payer(), ...over });
  const simulatePay = (transactionId: string) => post<Transaction>(`/v1/sandbox/transactions/${transactionId}/simulate`, { action: 'pay' }, 200);

  /** A monthly variant with a 7-day trial, made through the catalogue's API. */
  async function monthlyVariant(): Promise<string> {
    const product = await post<{ id: string }>('/v1/products', { name: 'Plano Pro' });
    const variant = await post<{ id: string }>('/v1/variants', {
      productId: product.id, name: 'Plano Pro mensal', sku: 'PRO-M',
      pricing: { type: 'recurring', unitPrice: 5000, billingFrequency: 'monthly', cycles: 0, daysTrial: 7 },
    });
    return variant.id;
  }

  it('runs a monthly card subscription with a 7-day trial for a year: 12 paid, contiguous cycles, each its own approved charge', async () => {
    const clock = await createClock(svc, { now: T0 });
    const s = await subscribe(clock.id, { variantId: await monthlyVariant(), payment: { method: 'credit', card: card() } });
    expect(s).toMatchObject({ status: 'pending', clockId: clock.id });
    await advanceClock(svc, clock.id, at(1));
    expect((await get<Subscription>(`/v1/subscriptions/${s.id}`)).status).toBe('trialing');

    await advanceClock(svc, clock.id, '2027-12-20T03:00:00.000Z');
    const all = await cycles(s.id);
    const billed = all.filter((c) => c.status !== 'scheduled');
    expect(billed.map((c) => [c.cycle, c.status, c.attempts])).toEqual([...Array(12)].map((_, i) => [i + 1, 'paid', 1]));
    expect(billed.map((c) => c.startDate)).toEqual([...Array(12)].map((_, i) => `2027-${String(i + 1).padStart(2, '0')}-08`));
    // Contiguous: each period starts the day after the previous one ends, and the next (unbilled) one follows on.
    for (let i = 1; i < all.length; i++) expect(Date.parse(all[i]!.startDate) - Date.parse(all[i - 1]!.endDate)).toBe(DAY);
    expect(all.at(-1)).toMatchObject({ cycle: 13, status: 'scheduled', dueDate: '2028-01-08' });
    const charges = await Promise.all(billed.map((c) => transaction(c.transactionId!)));
    expect(new Set(charges.map((t) => t.id)).size).toBe(12);
    for (const [i, t] of charges.entries()) {
      expect(t).toMatchObject({ status: 'approved', amount: 5000, subscriptionId: s.id, billingCycleId: billed[i]!.id });
    }
    expect(await get<Subscription>(`/v1/subscriptions/${s.id}`)).toMatchObject({
      status: 'active', currentCycle: 12, nextBillingAt: '2028-01-08T03:00:00.000Z',
    });
    // A card receivable settles 30 days after its charge, on the clock: all but the last (charged 12 days ago) are paid.
    expect(charges.map((t) => t.receivables.map((r) => r.status).join())).toEqual([...Array(11).fill('paid'), 'pending']);
    expect(await eventTypes(svc.db, s.id)).toEqual(['subscription.created', 'subscription.activated']);
    for (const c of billed) expect(await eventTypes(svc.db, c.id)).toEqual(['cycle.billed', 'cycle.paid']);
    // All of them in one stream, as a webhook endpoint receives them.
    const stream = await svc.db.query<{ type: string }>(
      `SELECT type FROM events WHERE resource_id = $1 OR resource_id IN (SELECT id FROM billing_cycles WHERE subscription_id = $1) ORDER BY seq`, [s.id]);
    expect(stream.rows.map((r) => r.type)).toEqual([
      'subscription.created', 'cycle.billed', 'cycle.paid', 'subscription.activated', ...[...Array(11)].flatMap(() => ['cycle.billed', 'cycle.paid']),
    ]);
    // The ledger-relevant jobs of the charges ran on the clock too: nothing of this subscription waits on the wall.
    expect(await wallJobsOf(s.id)).toEqual([]);
  });

  it('dunns a declining card on the card schedule (1, 3, 5, 7 days) as the clock moves, then cancels', async () => {
    const clock = await createClock(svc, { now: T0 });
    const s = await subscribe(clock.id, { plan: { amount: 5000, billingFrequency: 'monthly' }, payment: { method: 'credit', card: card(TEST_CARDS.declined) } });
    await advanceClock(svc, clock.id, at(0));
    // A first charge that fails ends a subscription that never paid at once: canceled, never past-due.
    expect((await get<Subscription>(`/v1/subscriptions/${s.id}`)).status).toBe('canceled');
    expect(await eventTypes(svc.db, s.id)).toEqual(['subscription.created', 'subscription.canceled']);

    // A paying card first, then a card that declines from the second period on.
    const paying = await subscribe(clock.id, { plan: { amount: 5000, billingFrequency: 'monthly' }, payment: { method: 'credit', card: card() } });
    await advanceClock(svc, clock.id, at(1));
    const changed = await svc.call(`/v1/subscriptions/${paying.id}/payment-method`, { method: 'PUT', json: { payment: { method: 'credit', card: card(TEST_CARDS.declined) } } });
    expect(changed.status, await changed.clone().text()).toBe(200);
    await advanceClock(svc, clock.id, '2027-02-01T04:00:00.000Z');
    const pastDue = await get<Subscription>(`/v1/subscriptions/${paying.id}`);
    expect(pastDue).toMatchObject({ status: 'past-due', nextBillingAt: '2027-02-02T03:00:00.000Z' });
    // The days count from the failure (1 February): retries on the 2nd, 4th, 6th and 8th.
    for (const day of ['2027-02-02', '2027-02-04', '2027-02-06', '2027-02-08']) {
      // Just before the retry nothing has happened; at its time it has.
      await advanceClock(svc, clock.id, new Date(Date.parse(`${day}T03:00:00.000Z`) - 1));
      const before = (await cycles(paying.id))[1]!;
      await advanceClock(svc, clock.id, `${day}T03:00:00.000Z`);
      expect((await cycles(paying.id))[1]!.attempts).toBe(before.attempts + 1);
    }
    const c2id = (await cycles(paying.id))[1]!.id;
    expect(await billedTimes(c2id)).toEqual([
      '2027-02-01T03:00:00.000Z', '2027-02-02T03:00:00.000Z', '2027-02-04T03:00:00.000Z', '2027-02-06T03:00:00.000Z', '2027-02-08T03:00:00.000Z',
    ]);
    expect(await get<Subscription>(`/v1/subscriptions/${paying.id}`)).toMatchObject({ status: 'canceled', nextBillingAt: null });
    const c2 = (await cycles(paying.id))[1]!;
    expect(c2).toMatchObject({ cycle: 2, status: 'canceled', attempts: 5 });
    expect(await eventTypes(svc.db, c2.id)).toEqual([...Array(5)].flatMap(() => ['cycle.billed', 'cycle.failed']));
    expect(await eventTypes(svc.db, paying.id)).toEqual(['subscription.created', 'subscription.activated', 'subscription.past-due', 'subscription.canceled']);
    // Each retry is a fact on the timeline of its own charge.
    const retryCharges = await svc.db.query<{ id: string }>('SELECT id FROM transactions WHERE billing_cycle_id = $1 ORDER BY created_at', [c2.id]);
    expect(retryCharges.rows).toHaveLength(5);
    for (const [i, row] of retryCharges.rows.entries()) {
      const timeline = (await transaction(row.id)).timeline.map((e) => e.message).join('\n');
      if (i > 0) expect(timeline).toContain(`Retry ${i} of billing cycle 2`);
      expect((await transaction(row.id)).status).toBe('failed');
    }
    await advanceClock(svc, clock.id, '2027-06-01T03:00:00.000Z');
    expect((await cycles(paying.id)).length).toBe(2);
  });

  for (const method of ['pix', 'billet'] as const) {
    it(`bills a ${method} subscription on the clock and the simulator's payment makes the cycle paid`, async () => {
      const clock = await createClock(svc, { now: T0 });
      const s = await subscribe(clock.id, { plan: { amount: 7000, billingFrequency: 'monthly' }, payment: { method } });
      await advanceClock(svc, clock.id, at(0));
      const [c1] = await cycles(s.id);
      expect(c1).toMatchObject({ cycle: 1, status: 'billing', attempts: 1 });
      const pending = await transaction(c1!.transactionId!);
      expect(pending).toMatchObject({ status: 'pending', method, subscriptionId: s.id });
      expect(await simulatePay(pending.id)).toMatchObject({ status: 'approved' });
      expect((await cycles(s.id))[0]).toMatchObject({ status: 'paid' });
      expect(await get<Subscription>(`/v1/subscriptions/${s.id}`)).toMatchObject({ status: 'active', currentCycle: 1 });
      // The paid charge's expiry job is spent without effect, and its settlement jobs wait on the clock, not the wall.
      expect(await wallJobsOf(s.id)).toEqual([]);
      await advanceClock(svc, clock.id, at(20));
      expect((await transaction(pending.id)).status).toBe('approved');
      // Its settlement ran on the clock: the receivable is paid (its dates are the wall clock's, like every timestamp).
      expect((await transaction(pending.id)).receivables.map((r) => r.status)).toEqual(['paid']);
      expect(await eventTypes(svc.db, s.id)).toEqual(['subscription.created', 'subscription.activated']);
    });
  }

  it('expires an unpaid PIX cycle on the clock and retries it within the PIX window (1, 3, 5 days), then cancels', async () => {
    const clock = await createClock(svc, { now: T0 });
    const s = await subscribe(clock.id, { plan: { amount: 7000, billingFrequency: 'monthly' }, payment: { method: 'pix' } });
    await advanceClock(svc, clock.id, at(0));
    await simulatePay((await cycles(s.id))[0]!.transactionId!);
    // Cycle 2 is charged on 1 February; its QR code lives 24 hours on the clock, then the cycle failed.
    await advanceClock(svc, clock.id, '2027-02-01T12:00:00.000Z');
    expect((await cycles(s.id))[1]).toMatchObject({ status: 'billing', attempts: 1 });
    await advanceClock(svc, clock.id, '2027-02-02T12:00:00.000Z');
    const failed = (await cycles(s.id))[1]!;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await transaction(failed.transactionId!)).status).toBe('canceled');
    expect((await get<Subscription>(`/v1/subscriptions/${s.id}`)).status).toBe('past-due');
    // Three retries, each a new QR code left unpaid, all within 7 days of the failure; then the end.
    await advanceClock(svc, clock.id, '2027-02-20T03:00:00.000Z');
    const ended = (await cycles(s.id))[1]!;
    expect(ended).toMatchObject({ status: 'canceled', attempts: 4 });
    const charges = await svc.db.query<{ created_at: Date; status: string }>(
      `SELECT created_at, status FROM transactions WHERE billing_cycle_id = $1 ORDER BY created_at`, [ended.id]);
    expect(charges.rows.map((r) => r.status)).toEqual(['canceled', 'canceled', 'canceled', 'canceled']);
    // Charged on the 1st, lapsed on the 2nd; new QR codes 1, 3 and 5 days after that, each lapsing a day later.
    expect(await billedTimes(ended.id)).toEqual(['2027-02-01T03:00:00.000Z', '2027-02-03T03:00:00.000Z', '2027-02-05T03:00:00.000Z', '2027-02-07T03:00:00.000Z']);
    expect(await eventTimes(ended.id, 'cycle.failed')).toEqual(['2027-02-02T03:00:00.000Z', '2027-02-04T03:00:00.000Z', '2027-02-06T03:00:00.000Z', '2027-02-08T03:00:00.000Z']);
    expect(await get<Subscription>(`/v1/subscriptions/${s.id}`)).toMatchObject({ status: 'canceled' });
    expect(await eventTypes(svc.db, s.id)).toEqual(['subscription.created', 'subscription.activated', 'subscription.past-due', 'subscription.canceled']);
    expect((await clockJobs(svc.db, clock.id)).filter((j) => j.status === 'pending')).toEqual([]);
  });

  it('lapses an unpaid billet after its tolerance days on the clock, issues a new one a day later, then cancels', async () => {
    const clock = await createClock(svc, { now: T0 });
    const s = await subscribe(clock.id, { plan: { amount: 7000, billingFrequency: 'monthly' }, payment: { method: 'billet' } });
    await advanceClock(svc, clock.id, at(0));
    await simulatePay((await cycles(s.id))[0]!.transactionId!);
    // Cycle 2's billet is due on 1 February and payable for 3 more days: it lapses as 4 February ends in São Paulo.
    await advanceClock(svc, clock.id, '2027-02-05T02:00:00.000Z');
    expect((await cycles(s.id))[1]).toMatchObject({ status: 'billing', attempts: 1 });
    await advanceClock(svc, clock.id, '2027-03-01T02:00:00.000Z');
    const ended = (await cycles(s.id))[1]!;
    expect(ended).toMatchObject({ status: 'canceled', attempts: 2 });
    // Lapsed when 5 February began (São Paulo), retried a day later with a new billet due that day, which lapsed in turn.
    expect(await billedTimes(ended.id)).toEqual(['2027-02-01T03:00:00.000Z', '2027-02-06T03:00:00.000Z']);
    expect(await eventTimes(ended.id, 'cycle.failed')).toEqual(['2027-02-05T03:00:00.000Z', '2027-02-10T03:00:00.000Z']);
    expect(await eventTypes(svc.db, s.id)).toEqual(['subscription.created', 'subscription.activated', 'subscription.past-due', 'subscription.canceled']);
  });

  it('ends a fixed-term plan as expired, and one canceled at period end on its due date, as the clock passes them', async () => {
    const clock = await createClock(svc, { now: T0 });
    const plan = { amount: 5000, billingFrequency: 'monthly' };
    const fixed = await subscribe(clock.id, { plan: { ...plan, cycles: 3 }, payment: { method: 'credit', card: card() } });
    const leaving = await subscribe(clock.id, { plan, payment: { method: 'credit', card: card() } });
    await advanceClock(svc, clock.id, '2027-02-15T03:00:00.000Z');
    const cancel = await svc.call(`/v1/subscriptions/${leaving.id}/cancel`, { method: 'POST', json: { atPeriodEnd: true } });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    await advanceClock(svc, clock.id, '2027-02-28T03:00:00.000Z');
    expect((await get<Subscription>(`/v1/subscriptions/${leaving.id}`)).status).toBe('active');
    await advanceClock(svc, clock.id, '2027-06-01T03:00:00.000Z');
    expect(await get<Subscription>(`/v1/subscriptions/${leaving.id}`)).toMatchObject({ status: 'canceled', canceledAt: '2027-03-01T03:00:00.000Z' });
    expect((await cycles(leaving.id)).filter((c) => c.status === 'paid')).toHaveLength(2);
    expect((await eventTypes(svc.db, leaving.id)).at(-1)).toBe('subscription.canceled');
    // Three cycles (January to March) paid, then the term ends with March's period, on 1 April.
    expect((await cycles(fixed.id)).map((c) => [c.cycle, c.status])).toEqual([[1, 'paid'], [2, 'paid'], [3, 'paid']]);
    expect(await get<Subscription>(`/v1/subscriptions/${fixed.id}`)).toMatchObject({ status: 'expired' });
    expect(await eventTimes(fixed.id, 'subscription.expired')).toEqual(['2027-04-01T03:00:00.000Z']);
  });

  it('bills nothing while paused on the clock, and on resume goes on from the first period starting after it', async () => {
    const clock = await createClock(svc, { now: T0 });
    const s = await subscribe(clock.id, { plan: { amount: 5000, billingFrequency: 'monthly' }, payment: { method: 'credit', card: card() } });
    await advanceClock(svc, clock.id, '2027-02-15T03:00:00.000Z');
    expect((await svc.call(`/v1/subscriptions/${s.id}/pause`, { method: 'POST' })).status).toBe(200);
    await advanceClock(svc, clock.id, '2027-04-10T03:00:00.000Z');
    expect(await get<Subscription>(`/v1/subscriptions/${s.id}`)).toMatchObject({ status: 'paused', nextBillingAt: null });
    expect((await cycles(s.id)).filter((c) => c.status === 'paid')).toHaveLength(2);
    expect((await svc.call(`/v1/subscriptions/${s.id}/resume`, { method: 'POST' })).status).toBe(200);
    expect(await get<Subscription>(`/v1/subscriptions/${s.id}`)).toMatchObject({ status: 'active', nextBillingAt: '2027-05-01T03:00:00.000Z' });
    await advanceClock(svc, clock.id, '2027-05-02T03:00:00.000Z');
    const paid = (await cycles(s.id)).filter((c) => c.status === 'paid');
    expect(paid.map((c) => c.dueDate)).toEqual(['2027-01-01', '2027-02-01', '2027-05-01']);
    expect(await eventTypes(svc.db, s.id)).toEqual(['subscription.created', 'subscription.activated', 'subscription.paused', 'subscription.resumed']);
  });

  it('gives each cycle of a split subscription receivables per recipient that add up to the charge, settled on the clock', async () => {
    const partner = await subAccount(svc.db, svc.merchant.merchantId);
    const clock = await createClock(svc, { now: T0 });
    const s = await subscribe(clock.id, { plan: { amount: 9999, billingFrequency: 'monthly' }, payment: { method: 'credit', card: card() } });
    await post(`/v1/subscriptions/${s.id}/splits`, { recipient: partner.merchantId, type: 'percentage', value: 30 });
    await advanceClock(svc, clock.id, '2027-03-15T03:00:00.000Z');
    const charges = await Promise.all((await cycles(s.id)).filter((c) => c.status === 'paid').map((c) => transaction(c.transactionId!)));
    expect(charges).toHaveLength(3);
    for (const t of charges) {
      expect(t.spplited).toBe(true);
      const by = (who: string) => t.receivables.filter((r) => r.recipient === who).reduce((n, r) => n + r.grossAmount, 0);
      expect(by(partner.merchantId) + by(svc.merchant.merchantId)).toBe(9999);
      // 30 % of 99.99 rounded down to the cent; the cent left by rounding is the merchant's.
      expect(by(partner.merchantId)).toBe(2999);
    }
    // January's and February's receivables are 30 days old on the clock: paid into each balance; March's are not yet.
    expect(charges.map((t) => [...new Set(t.receivables.map((r) => r.status))].join())).toEqual(['paid', 'paid', 'pending']);
  });

  it('keeps a transaction that bills no subscription on the wall clock, even when its processing ran on a clock', async () => {
    const clock = await createClock(svc, { now: T0 });
    const t = await post<{ id: string }>('/v1/transactions', { amount: 20000, customer: payer(), payment: { method: 'pix' } });
    await svc.db.query(`UPDATE jobs SET clock_id = $1, run_at = $2 WHERE kind = 'transaction.process' AND payload->>'transactionId' = $3`, [clock.id, T0, t.id]);
    await advanceClock(svc, clock.id, at(1));
    const expiry = await svc.db.query<{ clock_id: string | null; run_at: Date }>(
      `SELECT clock_id, run_at FROM jobs WHERE kind = 'transaction.expire' AND payload->>'transactionId' = $1`, [t.id]);
    expect(expiry.rows).toHaveLength(1);
    expect(expiry.rows[0]!.clock_id).toBeNull();
    expect(expiry.rows[0]!.run_at.getTime()).toBeGreaterThan(Date.now());
    expect((await transaction(t.id)).status).toBe('pending');
  });

  /** Pending jobs of the subscription's charges that wait on the wall clock (none should). */
  async function wallJobsOf(subscriptionId: string): Promise<string[]> {
    const res = await svc.db.query<{ kind: string }>(
      `SELECT kind FROM jobs WHERE status = 'pending' AND clock_id IS NULL AND kind <> 'webhook.deliver'
          AND payload->>'transactionId' IN (SELECT id FROM transactions WHERE subscription_id = $1)`,
      [subscriptionId],
    );
    return res.rows.map((r) => r.kind);
  }

  /** When (on the clock) each event of `type` of a resource was recorded, oldest first. */
  async function eventTimes(resourceId: string, type: string): Promise<string[]> {
    const res = await svc.db.query<{ created_at: Date }>('SELECT created_at FROM events WHERE resource_id = $1 AND type = $2 ORDER BY seq', [resourceId, type]);
    return res.rows.map((r) => r.created_at.toISOString());
  }
  const billedTimes = (cycleId: string) => eventTimes(cycleId, 'cycle.billed');
});

