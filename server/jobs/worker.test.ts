import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/postgres';
import type { Db } from '../db/types';
import { createLogger } from '../logger';
import { ENGINES } from '../testing/harness';
import { claim, type Job } from './sql/claim';
import { enqueue } from './sql/enqueue';
import { createWorker, type JobHandler, type Worker } from './worker';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const silent = createLogger('silent');

function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger('debug', { write: (s: string) => void lines.push(JSON.parse(s)) });
  return { logger, lines };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe.each(ENGINES)('job worker on $name', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  let url: string | undefined;
  let sessionUrl: string | undefined;
  const workers: Worker[] = [];
  // One database per engine; every test starts from an empty queue, with the workers of the last one stopped.
  beforeAll(async () => {
    ({ db, drop, url, sessionUrl } = await engine.open());
  });
  afterAll(async () => {
    await drop();
  });
  beforeEach(async () => {
    await db.query('DELETE FROM jobs');
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  });

  function worker(options: Partial<Parameters<typeof createWorker>[0]> & { handlers: Record<string, JobHandler> }) {
    const w = createWorker({ db, logger: silent, ...options });
    workers.push(w);
    return w;
  }

  async function job(id: string) {
    const res = await db.query<{ status: string; attempts: number; last_error: string | null; run_at: Date; due_in: number }>(
      `SELECT status, attempts, last_error, run_at, extract(epoch FROM run_at - now())::float8 AS due_in
         FROM jobs WHERE id = $1`,
      [id],
    );
    return res.rows[0]!;
  }

  async function until(what: string, check: () => Promise<boolean>, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await sleep(20);
    }
  }

  it('drain runs the due jobs, completes them, and returns how many ran', async () => {
    const seen: Job[] = [];
    const w = worker({ handlers: { 'charge.process': async (j) => void seen.push(j) }, concurrency: 2 });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await enqueue(db, { kind: 'charge.process', payload: { i } }))!);
    const later = (await enqueue(db, { kind: 'charge.process', payload: { i: 99 }, runAt: new Date(Date.now() + 3_600_000) }))!;

    expect(await w.drain()).toBe(5);
    expect(seen.map((j) => j.payload.i).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(seen.every((j) => j.attempts === 1 && j.maxAttempts === 10 && j.runAt instanceof Date)).toBe(true);
    for (const id of ids) expect(await job(id)).toMatchObject({ status: 'done', attempts: 1 });
    expect(await job(later)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await w.drain()).toBe(0);
  });

  it('reschedules a job whose handler resolves { retryAt }, without counting an attempt', async () => {
    const { rows } = await db.query<{ t: Date }>(`SELECT now() + interval '5 minutes' AS t`);
    const retryAt = rows[0]!.t;
    const w = worker({ handlers: { 'route.check': async () => ({ retryAt }) } });
    const id = (await enqueue(db, { kind: 'route.check', payload: {} }))!;
    expect(await w.drain()).toBe(1);
    const r = await job(id);
    expect(r).toMatchObject({ status: 'pending', attempts: 0, last_error: null });
    expect(r.run_at).toEqual(retryAt);
  });

  it('fails a job whose handler throws or whose kind has no handler, logs it, and runs the others', async () => {
    const { logger, lines } = capturingLogger();
    const ran: string[] = [];
    const w = worker({
      logger,
      handlers: {
        bad: async () => {
          throw new Error('provider down');
        },
        // A handler that throws before returning its promise is caught all the same.
        sync: (() => {
          throw new TypeError('not a promise');
        }) as JobHandler,
        good: async (j) => void ran.push(j.id),
      },
    });
    const bad = (await enqueue(db, { kind: 'bad', payload: {}, maxAttempts: 2 }))!;
    const sync = (await enqueue(db, { kind: 'sync', payload: {} }))!;
    const unknown = (await enqueue(db, { kind: 'nope', payload: {} }))!;
    const good = (await enqueue(db, { kind: 'good', payload: {} }))!;

    expect(await w.drain()).toBe(4);
    expect(ran).toEqual([good]);
    expect(await job(good)).toMatchObject({ status: 'done', attempts: 1 });
    const b = await job(bad);
    expect(b).toMatchObject({ status: 'pending', attempts: 1, last_error: 'Error: provider down' });
    expect(b.due_in).toBeGreaterThan(1.5);
    expect(await job(sync)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'TypeError: not a promise' });
    const u = await job(unknown);
    expect(u).toMatchObject({ status: 'pending', attempts: 1 });
    expect(u.last_error).toMatch(/no handler for job kind "nope"/);

    const errors = lines.filter((l) => l.level === 50);
    expect(errors.map((l) => l.jobId).sort()).toEqual([bad, sync, unknown].sort());
    const logged = errors.find((l) => l.jobId === bad)!;
    expect(logged).toMatchObject({ kind: 'bad', attempt: 1, workerId: w.workerId, msg: 'job failed; will retry' });
    expect((logged.err as { message: string }).message).toBe('provider down');

    await db.query(`UPDATE jobs SET run_at = now() WHERE id = $1`, [bad]);
    expect(await w.drain()).toBe(1);
    expect(await job(bad)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(lines.at(-1)).toMatchObject({ jobId: bad, level: 50, msg: 'job failed for good: attempts exhausted' });
  });

  it('started, keeps polling after a handler throws, and wake() polls at once', async () => {
    const ran: string[] = [];
    // A poll interval no test waits out: only the first poll on start() and wake() can run these jobs.
    const w = worker({
      pollMs: 60_000,
      handlers: {
        bad: async () => {
          throw new Error('boom');
        },
        good: async (j) => void ran.push(j.id),
      },
    });
    const bad = (await enqueue(db, { kind: 'bad', payload: {} }))!;
    w.start();
    await until('the failure is recorded', async () => (await job(bad)).last_error !== null);
    expect(await job(bad)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'Error: boom' });

    const good = (await enqueue(db, { kind: 'good', payload: {} }))!;
    w.wake();
    await until('the next job is done', async () => (await job(good)).status === 'done');
    expect(ran).toEqual([good]);
  });

  it('stop() waits for a running job, and a stopped worker claims nothing more', async () => {
    const started = deferred();
    const release = deferred();
    const w = worker({
      pollMs: 10,
      handlers: {
        slow: async () => {
          started.resolve();
          await release.promise;
        },
      },
    });
    const id = (await enqueue(db, { kind: 'slow', payload: {} }))!;
    w.start();
    await started.promise;

    let stopped = false;
    const stopping = w.stop().then(() => (stopped = true));
    await sleep(100);
    expect(stopped).toBe(false);
    expect(await job(id)).toMatchObject({ status: 'running' });
    release.resolve();
    await stopping;
    expect(await job(id)).toMatchObject({ status: 'done', attempts: 1 });

    const next = (await enqueue(db, { kind: 'slow', payload: {} }))!;
    w.wake();
    await sleep(100);
    expect(await w.drain()).toBe(0);
    expect(await job(next)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(() => w.start()).toThrow(/does not restart/);
  });

  it('keeps extending the lease of a job that runs longer than it, so no other worker takes it over', async () => {
    const started = deferred();
    const w = worker({
      leaseSeconds: 1,
      handlers: {
        long: async () => {
          started.resolve();
          await sleep(1800);
        },
      },
    });
    const id = (await enqueue(db, { kind: 'long', payload: {} }))!;
    let finished = false;
    const draining = w.drain().finally(() => (finished = true));
    await started.promise;
    const stolen: Job[] = [];
    while (!finished) {
      stolen.push(...(await claim(db, { workerId: 'intruder', leaseSeconds: 30, limit: 1 })));
      await sleep(100);
    }
    expect(await draining).toBe(1);
    expect(stolen).toEqual([]);
    expect(await job(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  /** On PostgreSQL a second pool on the same schema, as a second worker process would have; PGlite has one. */
  async function secondConnection(): Promise<Db> {
    return db.kind === 'postgres' ? openPostgres(url!, 10, sessionUrl) : db;
  }

  it.each(['drain', 'start'] as const)('two workers share 200 jobs concurrently (%s): each runs exactly once', async (mode) => {
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) ids.push((await enqueue(db, { kind: 'charge.process', payload: { i } }))!);
    const other = await secondConnection();
    try {
      const calls = new Map<string, number>();
      const handlers: Record<string, JobHandler> = {
        'charge.process': async (j) => {
          calls.set(j.id, (calls.get(j.id) ?? 0) + 1);
          await sleep(Math.random() * 3);
        },
      };
      const w1 = worker({ db, handlers, concurrency: 8, pollMs: 10, workerId: 'w1' });
      const w2 = worker({ db: other, handlers, concurrency: 8, pollMs: 10, workerId: 'w2' });
      if (mode === 'drain') {
        const [n1, n2] = await Promise.all([w1.drain(), w2.drain()]);
        expect(n1 + n2).toBe(200);
      } else {
        w1.start();
        w2.start();
        await until('every job is settled', async () => {
          const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE status <> 'done'`);
          return rows[0]!.n === 0;
        }, 20_000);
        await Promise.all([w1.stop(), w2.stop()]);
      }
      expect([...calls.keys()].sort()).toEqual([...ids].sort());
      expect([...calls.values()].filter((n) => n !== 1)).toEqual([]);
      const { rows } = await db.query<{ status: string; attempts: number; n: number }>(
        `SELECT status, attempts, count(*)::int AS n FROM jobs GROUP BY status, attempts`,
      );
      expect(rows).toEqual([{ status: 'done', attempts: 1, n: 200 }]);
    } finally {
      if (other !== db) await other.close();
    }
  });
});
