/**
 * A worker killed mid-renewal bills the cycle exactly once (PostgreSQL: two processes on one database). A real
 * worker process claims the renewal and is SIGKILLed inside its database transaction, after the subscription and
 * cycle are locked and while the charge is being written; the lease lapses and the test's own worker runs the job
 * again. A worker that dies after the commit, before marking its job done, leaves a cycle `billing` that the re-run
 * leaves alone. Either way: one transaction, one authorization, one `cycle.billed`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../testing/ledger';
import { POSTGRES, requirePostgres, startTestService, type TestService } from '../../testing/harness';
import { eventTypes, providerOperations } from '../../testing/payments';
import { ROOT } from '../../testing/processes';
import { billJobOf, subscriptionBody, type Subscription } from '../../testing/subscriptions';
import { billCycle } from './billing';
import { track } from '../../testing/children';

describe.skipIf(!POSTGRES)('a worker killed mid-renewal, on postgres', () => {
  let svc: TestService;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    svc = await startTestService(requirePostgres(), { JOB_LEASE_SECONDS: '1' });
  });
  afterEach(async () => { if (svc) await expectLedgerConsistent(svc.db); });
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await svc?.close();
  });

  /** An active card subscription and its cycle 2, whose renewal job is made due now. */
  async function renewalDue(): Promise<{ s: Subscription; cycleId: string }> {
    const res = await svc.call('/v1/subscriptions', { method: 'POST', json: subscriptionBody() });
    const s = (await res.json()) as Subscription;
    await svc.drain();
    const c = await svc.db.query<{ id: string }>('SELECT id FROM billing_cycles WHERE subscription_id = $1 AND cycle = 2', [s.id]);
    const cycleId = c.rows[0]!.id;
    await svc.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'subscription.bill' AND payload->>'cycleId' = $1`, [cycleId]);
    return { s, cycleId };
  }

  async function expectBilledOnce(s: Subscription, cycleId: string): Promise<void> {
    const charges = await svc.db.query<{ id: string }>('SELECT id FROM transactions WHERE billing_cycle_id = $1', [cycleId]);
    expect(charges.rows).toHaveLength(1);
    const cycle = await svc.db.query<{ status: string; attempts: number; transaction_id: string }>(
      'SELECT status, attempts, transaction_id FROM billing_cycles WHERE id = $1', [cycleId],
    );
    expect(cycle.rows[0]).toEqual({ status: 'paid', attempts: 1, transaction_id: charges.rows[0]!.id });
    expect(await eventTypes(svc.db, cycleId)).toEqual(['cycle.billed', 'cycle.paid']);
    expect(await providerOperations(svc.db, charges.rows[0]!.id)).toEqual({ authorize: 1 });
    const sub = await svc.db.query<{ current_cycle: number }>('SELECT current_cycle FROM subscriptions WHERE id = $1', [s.id]);
    expect(sub.rows[0]!.current_cycle).toBe(2);
  }

  it('SIGKILL inside the renewal\'s database transaction: nothing was written, the re-run bills once', async () => {
    const { s, cycleId } = await renewalDue();
    // A SHARE lock on the outbox makes the renewal wait mid-transaction: its subscription and cycle locked, in the
    // one statement that writes its charge with the charge's `transaction.created` event (pg_stat_activity shows the
    // statement's beginning only, hence either table's insert in the match).
    const holder = new pg.Client({ connectionString: svc.databaseUrl });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE events IN SHARE MODE');
    const child = track(spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', 'worker'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: svc.databaseUrl!, LOG_LEVEL: 'silent', NODE_ENV: 'test', JOB_LEASE_SECONDS: '1', JOB_POLL_MS: '50' },
      stdio: 'ignore',
    }));
    children.push(child);
    let pid = 0;
    try {
      await until('the worker to wait inside the renewal', async () => {
        const r = await svc.db.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE state = 'active' AND wait_event_type = 'Lock' AND (query LIKE '%INSERT INTO events%' OR query LIKE '%INSERT INTO transactions%')`,
        );
        pid = r.rows[0]?.pid ?? 0;
        return pid !== 0;
      });
    } catch (err) {
      await holder.query('ROLLBACK');
      await holder.end();
      throw err;
    }
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    await holder.query('ROLLBACK');
    await holder.end();
    // Its connection is gone with it; its transaction never committed.
    const gone = async () => (await svc.db.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rows.length === 0;
    await until("the dead worker's connection to end", gone);
    expect((await svc.db.query('SELECT 1 FROM transactions WHERE billing_cycle_id = $1', [cycleId])).rows).toHaveLength(0);
    // The job stays claimed by the dead worker until its lease lapses; then this process runs it.
    const lapsed = async () =>
      (await svc.db.query(`SELECT 1 FROM jobs WHERE kind = 'subscription.bill' AND payload->>'cycleId' = $1 AND locked_until < now()`, [cycleId])).rows.length > 0;
    await until('the lease to lapse', lapsed);
    await svc.drain();
    await expectBilledOnce(s, cycleId);
  }, 120_000);

  it('a worker dead after the commit, before its job was marked done: the re-run bills nothing more', async () => {
    const { s, cycleId } = await renewalDue();
    // What the dead worker did: the whole renewal, committed, its job left running under a lapsed lease.
    await billCycle(svc.payments, await billJobOf(svc.db, cycleId));
    await svc.db.query(
      `UPDATE jobs SET status = 'running', attempts = 1, locked_by = 'dead-worker', locked_until = now() - interval '1 second'
        WHERE kind = 'subscription.bill' AND payload->>'cycleId' = $1`,
      [cycleId],
    );
    await svc.drain();
    await expectBilledOnce(s, cycleId);
  });
});

/** Waits for `check` to hold; fails after `ms`. */
async function until(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
