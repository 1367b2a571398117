/** The job worker: claims due jobs, runs their handlers with bounded concurrency, and settles each one. */
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Db, Queryable } from '../db/types';
import { randomBase62 } from '../ids';
import { claim, type Job } from './sql/claim';
import { complete } from './sql/complete';
import { extendLease } from './sql/extend-lease';
import { fail } from './sql/fail';
import { reschedule } from './sql/reschedule';

export type { Job } from './sql/claim';

/**
 * Resolves → the job is done. Resolves `{ retryAt }` → pending again at retryAt, not counted as an attempt.
 * Throws → a failed attempt: retried after a backoff, `failed` for good once attempts run out.
 */
export type JobHandler = (job: Job) => Promise<void | { retryAt: Date }>;

/**
 * What running out of attempts means for the job's subject (a charge ends `failed`, a delivery ends `failed`, …).
 * Runs in the database transaction that marks the job dead, so the two commit together; `lastError` is the error of
 * the final attempt. Should it throw, the job is marked dead all the same, with both errors in `last_error`.
 */
export type ExhaustedHandler = (q: Queryable, job: Job, lastError: string) => Promise<void>;

/**
 * A job kind: how to run it and, when it has one, what its exhaustion means; `P` the payload its jobs carry (typed
 * tables: `jobs/kinds.ts`). Methods, not function properties, so that a table of typed kinds is a table of kinds.
 */
export interface JobKind<P extends Record<string, unknown> = Record<string, unknown>> {
  run(job: Job<P>): Promise<void | { retryAt: Date }>;
  onExhausted?(q: Queryable, job: Job<P>, lastError: string): Promise<void>;
}

export interface WorkerOptions {
  db: Db;
  /** By job kind. A job of a kind missing here fails (and is retried with backoff, in case a deploy adds it). */
  handlers: Readonly<Record<string, JobHandler | JobKind>>;
  /** Unique per worker: leases are held by it. Host, pid and a random suffix when omitted. */
  workerId?: string;
  leaseSeconds?: number;
  pollMs?: number;
  concurrency?: number;
  logger: Logger;
}

export interface Worker {
  readonly workerId: string;
  /** Starts polling every `pollMs`, and at once whenever a slot frees. */
  start(): void;
  /** Stops claiming and resolves once every job this worker runs has settled. A stopped worker does not restart. */
  stop(): Promise<void>;
  /** Claims and runs due jobs until none is due now; resolves with how many ran. For tests and deterministic waits. */
  drain(): Promise<number>;
  /** Polls now instead of at the next tick, e.g. after an enqueue in the same process; nothing unless started. */
  wake(): void;
}

/** A worker over `db`: up to `concurrency` jobs at a time, each leased for `leaseSeconds` and renewed while it runs. */
export function createWorker(options: WorkerOptions): Worker {
  const { db, handlers } = options;
  const workerId = options.workerId ?? `${hostname()}-${process.pid}-${randomBase62(6)}`;
  const leaseSeconds = options.leaseSeconds ?? 30;
  const pollMs = options.pollMs ?? 250;
  const concurrency = options.concurrency ?? 4;
  if (!(leaseSeconds > 0)) throw new RangeError('leaseSeconds must be > 0');
  if (!(pollMs >= 0)) throw new RangeError('pollMs must be ≥ 0');
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be an integer ≥ 1');
  const log = options.logger.child({ workerId });

  let state: 'idle' | 'started' | 'stopped' = 'idle';
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let pollAgain = false;

  /** Runs one claimed job to its settlement; never rejects, whatever the handler or the database does. */
  async function runJob(job: Job): Promise<void> {
    const jobLog = log.child({ jobId: job.id, kind: job.kind, attempt: job.attempts });
    try {
      const kind = kindOf(job.kind);
      if (!kind) {
        await recordFailure(job, jobLog, new Error(`no handler for job kind "${job.kind}" in worker ${workerId}`));
        return;
      }
      if (job.attempts > job.maxAttempts) {
        // Claimed again after its last attempt's lease ran out: the worker making that attempt died. It is spent.
        await recordFailure(job, jobLog, new Error(`the worker making attempt ${job.maxAttempts} of ${job.maxAttempts} stopped before settling it`));
        return;
      }
      const lease = keepLease(job, jobLog);
      let outcome: void | { retryAt: Date };
      try {
        outcome = await kind.run(job);
      } catch (err) {
        await lease.stop();
        await recordFailure(job, jobLog, err);
        return;
      }
      await lease.stop();
      if (outcome && typeof outcome === 'object' && 'retryAt' in outcome) {
        const { retryAt } = outcome;
        if (!(retryAt instanceof Date) || Number.isNaN(retryAt.getTime())) {
          await recordFailure(job, jobLog, new TypeError('handler resolved { retryAt } without a valid Date'));
        } else if (await reschedule(db, job.id, workerId, retryAt)) {
          jobLog.info({ retryAt }, 'job rescheduled');
        } else {
          jobLog.warn('lease lost before the job could be rescheduled');
        }
      } else if (await complete(db, job.id, workerId)) {
        jobLog.debug('job done');
      } else {
        jobLog.warn('lease lost before the job could be completed: another worker took it over');
      }
    } catch (err) {
      // The database refused the settlement: the lease will run out and a later claim retries the job.
      jobLog.error({ err }, 'could not settle job');
    }
  }

  function kindOf(name: string): JobKind | undefined {
    const h = Object.hasOwn(handlers, name) ? handlers[name] : undefined;
    return typeof h === 'function' ? { run: h } : h;
  }

  /**
   * Records a failed attempt. On the last one the job dies, and its kind's `onExhausted` runs in the same database
   * transaction; when that throws, the job dies without it (in a transaction of its own) and says so.
   */
  async function recordFailure(job: Job, jobLog: Logger, err: unknown): Promise<void> {
    const error = errorText(err);
    const onExhausted = kindOf(job.kind)?.onExhausted;
    let result: Awaited<ReturnType<typeof fail>>;
    if (!onExhausted || job.attempts < job.maxAttempts) {
      result = await fail(db, job.id, workerId, error);
    } else {
      try {
        result = await db.transaction(async (q) => {
          const r = await fail(q, job.id, workerId, error);
          if (r?.status === 'failed') await onExhausted(q, job, error);
          return r;
        });
      } catch (hookErr) {
        jobLog.error({ err: hookErr }, 'the exhaustion of the job could not be recorded; marking it dead without it');
        result = await fail(db, job.id, workerId, `${error}; then, on exhaustion: ${errorText(hookErr)}`);
      }
    }
    if (!result) jobLog.error({ err }, 'job failed; lease lost before the failure was recorded');
    else if (result.status === 'failed') jobLog.error({ err }, 'job failed for good: attempts exhausted');
    else jobLog.error({ err, retryAt: result.runAt }, 'job failed; will retry');
  }

  /** Extends the lease every third of it while the handler runs, so only a dead worker loses its jobs. */
  function keepLease(job: Job, jobLog: Logger): { stop(): Promise<void> } {
    let beat: Promise<void> = Promise.resolve();
    let stopped = false;
    const interval = setInterval(() => {
      beat = beat.then(async () => {
        if (stopped) return;
        try {
          const held = await extendLease(db, job.id, workerId, leaseSeconds);
          if (!held && !stopped) jobLog.warn('lease lost while the job runs: another worker may run it too');
        } catch (err) {
          jobLog.warn({ err }, 'could not extend the lease');
        }
      });
    }, (leaseSeconds * 1000) / 3);
    return {
      async stop() {
        stopped = true;
        clearInterval(interval);
        await beat;
      },
    };
  }

  function track(job: Job): Promise<void> {
    const p: Promise<void> = runJob(job).finally(() => {
      running.delete(p);
      if (state === 'started') poll();
    });
    running.add(p);
    return p;
  }

  function schedule(ms: number): void {
    clearTimeout(timer);
    timer = state === 'started' ? setTimeout(poll, ms) : undefined;
  }

  function poll(): void {
    if (state !== 'started') return;
    // One claim at a time; a wake during it polls again right after.
    if (polling) {
      pollAgain = true;
      return;
    }
    clearTimeout(timer);
    polling = fillSlots().finally(() => {
      polling = undefined;
      const again = pollAgain;
      pollAgain = false;
      schedule(again ? 0 : pollMs);
    });
  }

  async function fillSlots(): Promise<void> {
    const free = concurrency - running.size;
    if (free <= 0) return; // a finishing job polls again
    try {
      const jobs = await claim(db, { workerId, leaseSeconds, limit: free });
      for (const job of jobs) void track(job);
    } catch (err) {
      log.error({ err }, 'claim failed; polling again later');
    }
  }

  return {
    workerId,
    start() {
      if (state === 'stopped') throw new Error('a stopped worker does not restart: create a new one');
      if (state === 'started') return;
      state = 'started';
      poll();
    },
    async stop() {
      state = 'stopped';
      clearTimeout(timer);
      await polling;
      // Jobs a poll or a drain claimed before the stop still run: they are leased to this worker.
      while (running.size > 0) await Promise.all(running);
    },
    async drain() {
      let ran = 0;
      while (state !== 'stopped') {
        const jobs = await claim(db, { workerId, leaseSeconds, limit: concurrency });
        if (jobs.length === 0) break;
        await Promise.all(jobs.map(track));
        ran += jobs.length;
      }
      return ran;
    },
    wake() {
      poll();
    },
  };
}

function errorText(err: unknown): string {
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  if (typeof err === 'string') return err;
  try {
    return JSON.stringify(err) ?? String(err);
  } catch {
    return String(err);
  }
}
