/**
 * A `subscription.bill` job charges only the attempt it was scheduled for, on every engine: a job that runs again
 * after its charge was declined (its worker died past the commit) and the second job a resume before the due date
 * adds each bill nothing more, and the retry schedule keeps its days.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { expectLedgerConsistent } from '../../testing/ledger';
import { TEST_CARDS } from '../../testing/payments';
import { billJobOf, card, subscriptionBody, type Subscription } from '../../testing/subscriptions';
import { billCycle } from './billing';

const DAY = 86_400_000;

describe.each(ENGINES)('re-runs of billing jobs on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POLL_POINTS: '1000' });
  });
  afterAll(async () => svc?.close());
  afterEach(async () => expectLedgerConsistent(svc.db));

  /** An active card subscription, and the id of its cycle 2 (scheduled, its job pending at its due date). */
  async function active(): Promise<{ s: Subscription; cycleId: string }> {
    const res = await svc.call('/v1/subscriptions', { method: 'POST', json: subscriptionBody() });
    expect(res.status, await res.clone().text()).toBe(201);
    const s = (await res.json()) as Subscription;
    await svc.drain();
    const c = await svc.db.query<{ id: string }>('SELECT id FROM billing_cycles WHERE subscription_id = $1 AND cycle = 2', [s.id]);
    return { s, cycleId: c.rows[0]!.id };
  }
  async function decline(id: string): Promise<void> {
    const res = await svc.call(`/v1/subscriptions/${id}/payment-method`, { method: 'PUT', json: { payment: { method: 'credit', card: card(TEST_CARDS.declined) } } });
    expect(res.status, await res.clone().text()).toBe(200);
  }
  const charges = async (cycleId: string) =>
    (await svc.db.query('SELECT 1 FROM transactions WHERE billing_cycle_id = $1', [cycleId])).rows.length;
  const cycle = async (cycleId: string) =>
    (await svc.db.query<{ status: string; attempts: number; next_retry_at: Date | null; failed_at: Date | null }>(
      'SELECT status, attempts, next_retry_at, failed_at FROM billing_cycles WHERE id = $1', [cycleId],
    )).rows[0]!;

  it('a job re-run after its charge was declined (worker dead past the commit) charges nothing more', async () => {
    const { s, cycleId } = await active();
    await decline(s.id);
    // What the dead worker did: the renewal committed; then its charge was declined within milliseconds.
    await billCycle(svc.payments, await billJobOf(svc.db, cycleId));
    await svc.drain();
    const failed = await cycle(cycleId);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.next_retry_at!.getTime() - failed.failed_at!.getTime()).toBe(DAY);
    // Its job was never marked done: its lease lapses and a worker runs it again.
    const left = await svc.db.query(
      `UPDATE jobs SET status = 'running', attempts = 1, locked_by = 'dead-worker', locked_until = now() - interval '1 second', run_at = now()
        WHERE kind = 'subscription.bill' AND payload->>'cycleId' = $1 AND (payload->>'attempts')::int = 0 RETURNING id`,
      [cycleId],
    );
    expect(left.rows).toHaveLength(1);
    await svc.drain();
    expect(await charges(cycleId)).toBe(1);
    expect(await cycle(cycleId)).toEqual(failed);
    // The retry keeps its day: one job, due at the cycle's next retry.
    const pending = await svc.db.query<{ run_at: Date }>(
      `SELECT run_at FROM jobs WHERE kind = 'subscription.bill' AND payload->>'cycleId' = $1 AND status = 'pending'`, [cycleId],
    );
    expect(pending.rows.map((r) => r.run_at.getTime())).toEqual([failed.next_retry_at!.getTime()]);
  });

  it('a resume before the due date leaves two jobs for the cycle, and they charge it once', async () => {
    const { s, cycleId } = await active();
    expect((await svc.call(`/v1/subscriptions/${s.id}/pause`, { method: 'POST' })).status).toBe(200);
    expect((await svc.call(`/v1/subscriptions/${s.id}/resume`, { method: 'POST' })).status).toBe(200);
    const jobs = await svc.db.query(`SELECT 1 FROM jobs WHERE kind = 'subscription.bill' AND payload->>'cycleId' = $1 AND status = 'pending'`, [cycleId]);
    expect(jobs.rows).toHaveLength(2);
    await decline(s.id);
    // One of the two bills at the due date and its charge is declined before the other runs.
    await billCycle(svc.payments, await billJobOf(svc.db, cycleId));
    await svc.drain();
    await svc.db.query(
      `UPDATE jobs SET run_at = now() WHERE kind = 'subscription.bill' AND payload->>'cycleId' = $1 AND status = 'pending'
          AND (payload->>'attempts')::int = 0`,
      [cycleId],
    );
    await svc.drain();
    expect(await charges(cycleId)).toBe(1);
    expect(await cycle(cycleId)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('a job for dates a resume moved later bills nothing before the new due date', async () => {
    const { cycleId } = await active();
    const job = await billJobOf(svc.db, cycleId);
    // The cycle now falls a period later than the job was scheduled for (what a resume after a long pause does).
    await svc.db.query(`UPDATE billing_cycles SET start_date = start_date + 31, due_date = due_date + 31, end_date = end_date + 31 WHERE id = $1`, [cycleId]);
    await billCycle(svc.payments, job);
    expect(await charges(cycleId)).toBe(0);
    expect(await cycle(cycleId)).toMatchObject({ status: 'scheduled', attempts: 0 });
  });
});
