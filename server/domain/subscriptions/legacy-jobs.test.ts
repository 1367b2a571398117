/**
 * Migration 021 on every engine: a `subscription.bill` job queued before jobs named their attempt gets the attempt
 * and time of its cycle, and still bills the cycle.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { expectLedgerConsistent } from '../../testing/ledger';
import { billJobOf, cyclesOf, runNextBilling, subscriptionBody, type Subscription } from '../../testing/subscriptions';

const MIGRATION = readFileSync(join(import.meta.dirname, '../../db/migrations/021_cycle_dunning_from.sql'), 'utf8');
const BACKFILL = MIGRATION.slice(MIGRATION.indexOf('UPDATE jobs'));

describe.each(ENGINES)('billing jobs queued before 021 on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POLL_POINTS: '1000' });
  });
  afterAll(async () => svc?.close());
  afterEach(async () => expectLedgerConsistent(svc.db));

  it('are given their cycle\'s attempts, their own time and their subscription, and bill the cycle', async () => {
    const res = await svc.call('/v1/subscriptions', { method: 'POST', json: subscriptionBody() });
    const s = (await res.json()) as Subscription;
    await svc.drain();
    const c = await svc.db.query<{ id: string }>('SELECT id FROM billing_cycles WHERE subscription_id = $1 AND cycle = 2', [s.id]);
    const cycleId = c.rows[0]!.id;
    const job = await billJobOf(svc.db, cycleId);
    await svc.db.query(`UPDATE jobs SET payload = jsonb_build_object('cycleId', payload->>'cycleId') WHERE kind = 'subscription.bill' AND payload->>'cycleId' = $1`, [cycleId]);
    await svc.db.query(BACKFILL);
    const after = await billJobOf(svc.db, cycleId);
    expect({ ...after, at: Date.parse(after.at) }).toEqual({ ...job, at: Date.parse(job.at) });
    expect(await runNextBilling(svc, s.id)).toBe(true);
    expect((await cyclesOf(svc.db, s.id)).map((x) => [x.cycle, x.status])).toEqual([[1, 'paid'], [2, 'paid'], [3, 'scheduled']]);
  });
});
