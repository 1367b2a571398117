import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { ENGINES } from '../testing/harness';
import { claim } from './sql/claim';
import { complete } from './sql/complete';
import { enqueue } from './sql/enqueue';
import { extendLease } from './sql/extend-lease';
import { fail } from './sql/fail';
import { reschedule } from './sql/reschedule';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface JobRow {
  status: string;
  attempts: number;
  locked_by: string | null;
  last_error: string | null;
  run_at: Date;
  /** run_at − updated_at in seconds: the delay the last write chose, on the database clock. */
  delay: number;
  /** locked_until − updated_at in seconds. */
  lease: number | null;
}

describe.each(ENGINES)('job queue SQL on $name', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  // One database per engine; every test starts from an empty queue.
  beforeAll(async () => {
    ({ db, drop } = await engine.open());
  });
  afterAll(async () => {
    await drop();
  });
  beforeEach(async () => {
    await db.query('DELETE FROM jobs');
  });

  async function row(id: string): Promise<JobRow> {
    const res = await db.query<JobRow>(
      `SELECT status, attempts, locked_by, last_error, run_at,
              extract(epoch FROM run_at - updated_at)::float8 AS delay,
              extract(epoch FROM locked_until - updated_at)::float8 AS lease
         FROM jobs WHERE id = $1`,
      [id],
    );
    return res.rows[0]!;
  }

  async function dbNow(offsetSeconds = 0): Promise<Date> {
    const res = await db.query<{ t: Date }>(`SELECT now() + make_interval(secs => $1::float8) AS t`, [offsetSeconds]);
    return res.rows[0]!.t;
  }

  /** Stands in for waiting out a backoff: makes the job due now. */
  async function makeDue(id: string): Promise<void> {
    await db.query(`UPDATE jobs SET run_at = now() WHERE id = $1`, [id]);
  }

  it('enqueues, claims with a lease, and completes a job', async () => {
    const payload = { chargeId: 'tra_123', amount: 1990, nested: { tags: ['a', 'ç'] } };
    const id = await enqueue(db, { kind: 'charge.process', payload });
    expect(id).toMatch(/^job_[0-9A-Za-z]{16}$/);
    expect(await row(id!)).toMatchObject({ status: 'pending', attempts: 0, locked_by: null });

    const [job, ...rest] = await claim(db, { workerId: 'w1', leaseSeconds: 30, limit: 10 });
    expect(rest).toEqual([]);
    expect(job).toMatchObject({ id, kind: 'charge.process', payload, attempts: 1, maxAttempts: 10 });
    expect(job!.runAt).toBeInstanceOf(Date);
    expect(await row(id!)).toMatchObject({ status: 'running', attempts: 1, locked_by: 'w1', lease: 30 });
    expect(await claim(db, { workerId: 'w2', leaseSeconds: 30, limit: 10 })).toEqual([]);

    expect(await complete(db, id!, 'w2')).toBe(false);
    expect(await complete(db, id!, 'w1')).toBe(true);
    expect(await row(id!)).toMatchObject({ status: 'done', attempts: 1, locked_by: null, lease: null });
    expect(await complete(db, id!, 'w1')).toBe(false);
    expect(await claim(db, { workerId: 'w1', leaseSeconds: 30, limit: 10 })).toEqual([]);
  });

  it('claims at most `limit` jobs, in run_at order', async () => {
    const ids: string[] = [];
    for (const s of [-30, -10, -20]) ids.push((await enqueue(db, { kind: 'k', payload: { s }, runAt: await dbNow(s) }))!);
    const first = await claim(db, { workerId: 'w1', leaseSeconds: 30, limit: 2 });
    expect(first.map((j) => j.id)).toEqual([ids[0], ids[2]]);
    const second = await claim(db, { workerId: 'w1', leaseSeconds: 30, limit: 2 });
    expect(second.map((j) => j.id)).toEqual([ids[1]]);
  });

  it('enqueues one job per dedupeKey, even after it is done; jobs without a key never collide', async () => {
    const id = await enqueue(db, { kind: 'webhook.deliver', payload: { n: 1 }, dedupeKey: 'evt_1' });
    expect(id).toMatch(/^job_/);
    expect(await enqueue(db, { kind: 'webhook.deliver', payload: { n: 2 }, dedupeKey: 'evt_1' })).toBeNull();
    expect(await enqueue(db, { kind: 'webhook.deliver', payload: { n: 3 }, dedupeKey: 'evt_2' })).toMatch(/^job_/);
    expect(await enqueue(db, { kind: 'webhook.deliver', payload: { n: 4 } })).toMatch(/^job_/);
    expect(await enqueue(db, { kind: 'webhook.deliver', payload: { n: 5 } })).toMatch(/^job_/);

    const [job] = await claim(db, { workerId: 'w1', leaseSeconds: 30, limit: 1 });
    expect(job).toMatchObject({ id, payload: { n: 1 } });
    expect(await complete(db, id!, 'w1')).toBe(true);
    expect(await enqueue(db, { kind: 'webhook.deliver', payload: { n: 6 }, dedupeKey: 'evt_1' })).toBeNull();
    const n = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs`);
    expect(n.rows[0]!.n).toBe(4);
  });

  it('does not claim a job before its run_at', async () => {
    const later = await enqueue(db, { kind: 'k', payload: {}, runAt: await dbNow(3600) });
    expect(await claim(db, { workerId: 'w1', leaseSeconds: 30, limit: 10 })).toEqual([]);
    expect(await row(later!)).toMatchObject({ status: 'pending', attempts: 0 });
    await makeDue(later!);
    expect((await claim(db, { workerId: 'w1', leaseSeconds: 30, limit: 10 })).map((j) => j.id)).toEqual([later]);
  });

  it('claims only the kinds asked for', async () => {
    const a = await enqueue(db, { kind: 'charge.process', payload: {} });
    const b = await enqueue(db, { kind: 'webhook.deliver', payload: {} });
    expect(await claim(db, { workerId: 'w1', leaseSeconds: 30, limit: 10, kinds: [] })).toEqual([]);
    const got = await claim(db, { workerId: 'w1', leaseSeconds: 30, limit: 10, kinds: ['webhook.deliver', 'other'] });
    expect(got.map((j) => j.id)).toEqual([b]);
    expect(await row(a!)).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await claim(db, { workerId: 'w1', leaseSeconds: 30, limit: 10 })).map((j) => j.id)).toEqual([a]);
  });

  it('enqueues inside the caller transaction: a rollback leaves no job', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx, { kind: 'charge.process', payload: {} });
        throw new Error('state change failed');
      }),
    ).rejects.toThrow('state change failed');
    const id = await db.transaction((tx) => enqueue(tx, { kind: 'charge.process', payload: {} }));
    const all = await db.query<{ id: string }>(`SELECT id FROM jobs`);
    expect(all.rows.map((r) => r.id)).toEqual([id]);
  });

  it('fails with an exponential backoff computed in SQL, then for good after max_attempts', async () => {
    const id = (await enqueue(db, { kind: 'k', payload: {}, maxAttempts: 3 }))!;
    for (const attempt of [1, 2]) {
      const [job] = await claim(db, { workerId: 'w1', leaseSeconds: 30, limit: 1 });
      expect(job).toMatchObject({ id, attempts: attempt });
      expect(await fail(db, id, 'w2', 'not mine')).toBeNull();
      const result = await fail(db, id, 'w1', `boom ${attempt}`);
      expect(result).toMatchObject({ status: 'pending', attempts: attempt });
      const r = await row(id);
      expect(r).toMatchObject({ status: 'pending', attempts: attempt, locked_by: null, lease: null });
      expect(r.last_error).toBe(`boom ${attempt}`);
      expect(r.run_at).toEqual(result!.runAt);
      expect(r.delay).toBeGreaterThanOrEqual(0.9 * 2 ** attempt);
      expect(r.delay).toBeLessThanOrEqual(1.1 * 2 ** attempt);
      expect(await claim(db, { workerId: 'w1', leaseSeconds: 30, limit: 1 })).toEqual([]);
      await makeDue(id);
    }
    await claim(db, { workerId: 'w1', leaseSeconds: 30, limit: 1 });
    expect(await fail(db, id, 'w1', 'x'.repeat(5000))).toMatchObject({ status: 'failed', attempts: 3 });
    const r = await row(id);
    expect(r).toMatchObject({ status: 'failed', attempts: 3, locked_by: null });
    expect(r.last_error).toBe('x'.repeat(2000));
    await makeDue(id);
    expect(await claim(db, { workerId: 'w1', leaseSeconds: 30, limit: 1 })).toEqual([]);
  });

  it('caps the backoff at one hour, with jitter within ±10 %', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await enqueue(db, { kind: 'k', payload: {}, maxAttempts: 10_000 }))!);
    // Many attempts in: 2^5000 would overflow a float8 if the exponent were not capped.
    await db.query(`UPDATE jobs SET attempts = 4999`);
    const jobs = await claim(db, { workerId: 'w1', leaseSeconds: 30, limit: 10 });
    expect(jobs.map((j) => j.attempts)).toEqual(Array(10).fill(5000));
    const delays: number[] = [];
    for (const id of ids) {
      expect(await fail(db, id, 'w1', 'down')).toMatchObject({ status: 'pending' });
      delays.push((await row(id)).delay);
    }
    for (const d of delays) {
      expect(d).toBeGreaterThanOrEqual(3240);
      expect(d).toBeLessThanOrEqual(3960);
    }
    expect(new Set(delays).size).toBeGreaterThan(1);
  });

  it('reschedules without counting an attempt', async () => {
    const id = (await enqueue(db, { kind: 'k', payload: {} }))!;
    await claim(db, { workerId: 'w1', leaseSeconds: 30, limit: 1 });
    const at = await dbNow(60);
    expect(await reschedule(db, id, 'w2', at)).toBe(false);
    expect(await reschedule(db, id, 'w1', at)).toBe(true);
    const r = await row(id);
    expect(r).toMatchObject({ status: 'pending', attempts: 0, locked_by: null, lease: null });
    expect(r.run_at).toEqual(at);
    expect(await claim(db, { workerId: 'w1', leaseSeconds: 30, limit: 1 })).toEqual([]);
    expect(await reschedule(db, id, 'w1', at)).toBe(false);
  });

  it('extends the lease only for its holder', async () => {
    const id = (await enqueue(db, { kind: 'k', payload: {} }))!;
    await claim(db, { workerId: 'w1', leaseSeconds: 1, limit: 1 });
    expect((await row(id)).lease).toBe(1);
    expect(await extendLease(db, id, 'w2', 120)).toBe(false);
    expect((await row(id)).lease).toBe(1);
    expect(await extendLease(db, id, 'w1', 120)).toBe(true);
    expect(await row(id)).toMatchObject({ status: 'running', locked_by: 'w1', lease: 120 });
    await complete(db, id, 'w1');
    expect(await extendLease(db, id, 'w1', 120)).toBe(false);
  });

  it('lets another worker take over a job whose lease ran out; the first worker can no longer settle it', async () => {
    const id = (await enqueue(db, { kind: 'k', payload: {} }))!;
    expect(await claim(db, { workerId: 'w1', leaseSeconds: 1, limit: 1 })).toHaveLength(1);
    expect(await claim(db, { workerId: 'w2', leaseSeconds: 30, limit: 1 })).toEqual([]);

    let taken: Awaited<ReturnType<typeof claim>> = [];
    const deadline = Date.now() + 10_000;
    while (taken.length === 0 && Date.now() < deadline) {
      await sleep(100);
      taken = await claim(db, { workerId: 'w2', leaseSeconds: 30, limit: 1 });
    }
    expect(taken).toMatchObject([{ id, attempts: 2 }]);
    expect(await row(id)).toMatchObject({ status: 'running', attempts: 2, locked_by: 'w2' });

    expect(await complete(db, id, 'w1')).toBe(false);
    expect(await fail(db, id, 'w1', 'late')).toBeNull();
    expect(await reschedule(db, id, 'w1', new Date())).toBe(false);
    expect(await extendLease(db, id, 'w1', 30)).toBe(false);
    expect(await row(id)).toMatchObject({ status: 'running', attempts: 2, locked_by: 'w2', last_error: null });
    expect(await complete(db, id, 'w2')).toBe(true);
  });
});
