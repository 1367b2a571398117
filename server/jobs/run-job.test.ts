/**
 * The runner keeps wall-clock jobs off every sandbox clock: a job run without a clock, even by a caller that is itself
 * running on a clock, sees no clock and enqueues its follow-up work on the wall clock. On every engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { createLogger } from '../logger';
import { ENGINES } from '../testing/harness';
import { currentClock, runOnClock, type ClockTime } from './clock-context';
import { createJobRunner } from './run-job';
import { claim } from './sql/claim';
import { enqueue } from './sql/enqueue';

describe.each(ENGINES)('the job runner on $name', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await engine.open());
  });
  afterAll(async () => drop());

  it('runs a job given no clock off the clock its caller runs on: nothing it enqueues joins that clock', async () => {
    const seen: (ClockTime | undefined)[] = [];
    const runner = createJobRunner({
      db,
      workerId: 'w-offclock',
      leaseSeconds: 30,
      logger: createLogger('silent'),
      handlers: {
        'test.parent': async () => {
          seen.push(currentClock());
          await enqueue(db, { kind: 'test.child', payload: {} });
        },
      },
    });
    await enqueue(db, { kind: 'test.parent', payload: {} });
    const [job] = await claim(db, { workerId: 'w-offclock', leaseSeconds: 30, limit: 1, kinds: ['test.parent'] });
    expect(job).toBeDefined();
    const clock = { clockId: 'clk_caller', now: new Date('2030-01-01T00:00:00Z') };
    await runOnClock(clock, () => runner.run(job!));
    expect(seen).toEqual([undefined]);
    const child = await db.query<{ clock_id: string | null; status: string }>(`SELECT clock_id, status FROM jobs WHERE kind = 'test.child'`);
    expect(child.rows).toEqual([{ clock_id: null, status: 'pending' }]);
    const parent = await db.query<{ status: string }>(`SELECT status FROM jobs WHERE id = $1`, [job!.id]);
    expect(parent.rows[0]?.status).toBe('done');
  });
});
