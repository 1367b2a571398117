/**
 * Jobs that run out of attempts: the kind's `onExhausted` commits with the job's death (or the job dies without it
 * when it throws), a job whose worker died on its last attempt is spent, and an operator lists dead jobs and retries
 * one. On every engine.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { createLogger } from '../logger';
import { ENGINES } from '../testing/harness';
import { DeadJobError, listDeadJobs, retryDeadJob, summarizePayload } from './dead';
import { claim } from './sql/claim';
import { enqueue } from './sql/enqueue';
import { createWorker, type JobKind, type Worker } from './worker';

const silent = createLogger('silent');

describe.each(ENGINES)('dead jobs on $name', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  const workers: Worker[] = [];
  beforeAll(async () => {
    ({ db, drop } = await engine.open());
    await db.query('CREATE TABLE exhausted_marks (job_id text PRIMARY KEY, last_error text NOT NULL)');
  });
  afterAll(async () => drop());
  beforeEach(async () => {
    await db.query('DELETE FROM jobs');
    await db.query('DELETE FROM exhausted_marks');
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  });

  function worker(handlers: Record<string, JobKind>) {
    const w = createWorker({ db, logger: silent, handlers, leaseSeconds: 1 });
    workers.push(w);
    return w;
  }

  /** Drains until nothing is left to run, bringing each backoff forward so every attempt happens now. */
  async function runOut(w: Worker): Promise<void> {
    for (let i = 0; i < 20; i++) {
      await w.drain();
      const res = await db.query(`UPDATE jobs SET run_at = now() WHERE status = 'pending'`);
      if (res.rowCount === 0) return;
    }
    throw new Error('jobs still pending after 20 rounds');
  }

  const marks = async () => (await db.query<{ job_id: string; last_error: string }>('SELECT job_id, last_error FROM exhausted_marks')).rows;
  const row = async (id: string) =>
    (await db.query<{ status: string; attempts: number; last_error: string | null; failed_at: Date | null }>(
      'SELECT status, attempts, last_error, failed_at FROM jobs WHERE id = $1', [id])).rows[0]!;

  const markExhausted: JobKind['onExhausted'] = async (q, job, lastError) => {
    await q.query('INSERT INTO exhausted_marks (job_id, last_error) VALUES ($1, $2)', [job.id, lastError]);
  };

  it('runs onExhausted once, with the death of the job, after the last attempt; not before', async () => {
    let runs = 0;
    const w = worker({ flaky: { run: async () => { runs += 1; throw new Error(`boom ${runs}`); }, onExhausted: markExhausted } });
    const id = (await enqueue(db, { kind: 'flaky', payload: { transactionId: 'tra_1' }, maxAttempts: 3 }))!;
    await w.drain();
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1, failed_at: null });
    expect(await marks()).toEqual([]);
    await runOut(w);
    expect(runs).toBe(3);
    const dead = await row(id);
    expect(dead).toMatchObject({ status: 'failed', attempts: 3, last_error: 'Error: boom 3' });
    expect(dead.failed_at).toBeInstanceOf(Date);
    expect(await marks()).toEqual([{ job_id: id, last_error: 'Error: boom 3' }]);
  });

  it('marks the job dead all the same when onExhausted throws, with both errors; its writes roll back', async () => {
    const w = worker({
      flaky: {
        run: async () => { throw new Error('boom'); },
        onExhausted: async (q, job, lastError) => {
          await markExhausted(q, job, lastError);
          throw new Error('exhaustion broke');
        },
      },
    });
    const id = (await enqueue(db, { kind: 'flaky', payload: {}, maxAttempts: 1 }))!;
    await w.drain();
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'Error: boom; then, on exhaustion: Error: exhaustion broke' });
    expect(await marks()).toEqual([]);
  });

  it('a job whose worker died during its last attempt is spent: exhausted without running again', async () => {
    let runs = 0;
    const w = worker({ work: { run: async () => void (runs += 1), onExhausted: markExhausted } });
    const id = (await enqueue(db, { kind: 'work', payload: {}, maxAttempts: 1 }))!;
    expect(await claim(db, { workerId: 'doomed', leaseSeconds: 1, limit: 1 })).toHaveLength(1); // never settled
    await new Promise((r) => setTimeout(r, 1100));
    await w.drain();
    expect(runs).toBe(0);
    expect(await row(id)).toMatchObject({ status: 'failed', last_error: expect.stringContaining('stopped before settling it') });
    expect(await marks()).toHaveLength(1);
  });

  it('lists dead jobs newest first, by kind and limit, and retries one with fresh attempts under its dedupe key', async () => {
    let heal = false;
    const w = worker({
      a: { run: async () => { if (!heal) throw new Error('a is broken'); }, onExhausted: markExhausted },
      b: { run: async () => { throw new Error('b is broken'); } },
    });
    const a = (await enqueue(db, { kind: 'a', payload: { transactionId: 'tra_1', day: '2026-03-17' }, maxAttempts: 2, dedupeKey: 'a:tra_1' }))!;
    await runOut(w);
    const b = (await enqueue(db, { kind: 'b', payload: { refundId: 'rfd_1' }, maxAttempts: 1 }))!;
    await runOut(w);
    await enqueue(db, { kind: 'a', payload: {}, runAt: new Date(Date.now() + 3_600_000) }); // pending: not listed

    const all = await listDeadJobs(db);
    expect(all.map((j) => j.id)).toEqual([b, a]);
    expect(all[1]).toEqual({
      id: a, kind: 'a', attempts: 2, maxAttempts: 2, lastError: 'Error: a is broken',
      failedAt: expect.any(Date), payloadSummary: 'day=2026-03-17 transactionId=tra_1', // jsonb's key order
    });
    expect((await listDeadJobs(db, { kind: 'a' })).map((j) => j.id)).toEqual([a]);
    expect((await listDeadJobs(db, { limit: 1 })).map((j) => j.id)).toEqual([b]);
    await expect(listDeadJobs(db, { limit: 0 })).rejects.toThrow(RangeError);

    // The cause is fixed; the retry runs it once more, from zero attempts. The dedupe key still names this one job.
    heal = true;
    expect(await retryDeadJob(db, a)).toMatchObject({ id: a, kind: 'a', runAt: expect.any(Date) });
    expect(await row(a)).toMatchObject({ status: 'pending', attempts: 0, failed_at: null });
    expect(await enqueue(db, { kind: 'a', payload: {}, dedupeKey: 'a:tra_1' })).toBeNull();
    expect(await w.drain()).toBe(1);
    expect(await row(a)).toMatchObject({ status: 'done', attempts: 1 });
    expect((await listDeadJobs(db)).map((j) => j.id)).toEqual([b]);
    expect(await marks()).toEqual([{ job_id: a, last_error: 'Error: a is broken' }]);
  });

  it('refuses to retry an unknown job or one that is not dead', async () => {
    const pending = (await enqueue(db, { kind: 'x', payload: {} }))!;
    await expect(retryDeadJob(db, 'job_nope')).rejects.toMatchObject({ code: 'notFound', message: 'no job job_nope' });
    const err = await retryDeadJob(db, pending).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeadJobError);
    expect(err).toMatchObject({ code: 'notDead', message: expect.stringContaining('is pending, not dead') });
  });
});

describe('summarizePayload', () => {
  it('writes the top level as key=value on one line, cut at 200 characters', () => {
    expect(summarizePayload({ dispatchId: 'wdi_1', n: 3, o: { a: 1 } })).toBe('dispatchId=wdi_1 n=3 o={"a":1}');
    const long = summarizePayload({ key: 'x'.repeat(500) });
    expect(long).toHaveLength(200);
    expect(long.endsWith('…')).toBe(true);
  });
});
