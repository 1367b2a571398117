/**
 * Runs one claimed job through its kind's handler and settles it (done, rescheduled, failed with backoff, or dead
 * with its kind's exhaustion): the one path every job takes, whether a worker claimed it or the advance of a sandbox
 * clock did.
 */
import type { Logger } from 'pino';
import type { Db, Queryable } from '../db/types';
import { offClock, runOnClock, type ClockTime } from './clock-context';
import type { Job } from './sql/claim';
import { complete } from './sql/complete';
import { extendLease } from './sql/extend-lease';
import { fail } from './sql/fail';
import { reschedule } from './sql/reschedule';

/**
 * What a handler's run may say. Resolves → the job is done. Resolves `{ retryAt }` → pending again at retryAt, not
 * counted as an attempt. Resolves `{ settled }` → the handler settled the job itself, in the statement that recorded
 * its effect (`jobs/sql/settle.ts`, guarded by this worker's lease like every settlement): `settled` says whether the
 * lease was still held. Throws → a failed attempt: retried after a backoff, `failed` for good once attempts run out.
 */
export type JobOutcome = void | { retryAt: Date } | JobSettled;

export interface JobSettled {
  settled: boolean;
}

/** What the runner tells a handler about the run: who holds the lease, and the sandbox clock it runs on, if any. */
export interface JobContext {
  workerId: string;
  /** Set when the job runs on a sandbox clock: its handler must then leave the settlement to the runner. */
  clock: ClockTime | undefined;
}

export type JobHandler = (job: Job, ctx: JobContext) => Promise<JobOutcome>;

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
  run(job: Job<P>, ctx: JobContext): Promise<JobOutcome>;
  onExhausted?(q: Queryable, job: Job<P>, lastError: string): Promise<void>;
}

export interface JobRunnerOptions {
  db: Db;
  handlers: Readonly<Record<string, JobHandler | JobKind>>;
  /** Who holds the leases of the jobs this runner runs. */
  workerId: string;
  leaseSeconds: number;
  logger: Logger;
}

export interface JobRunner {
  /**
   * Runs `job` to its settlement; never rejects, whatever the handler or the database does. With `clock`, the job
   * runs on that sandbox clock: what it enqueues at once joins the clock, and the times of its retries count from the
   * clock's now.
   */
  run(job: Job, clock?: ClockTime): Promise<void>;
  kindOf(name: string): JobKind | undefined;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, handlers, workerId, leaseSeconds } = options;
  const log = options.logger;

  function kindOf(name: string): JobKind | undefined {
    const h = Object.hasOwn(handlers, name) ? handlers[name] : undefined;
    return typeof h === 'function' ? { run: h } : h;
  }

  async function runJob(job: Job, clock: ClockTime | undefined): Promise<void> {
    const jobLog = log.child({ jobId: job.id, kind: job.kind, attempt: job.attempts, ...(clock ? { clockId: clock.clockId } : {}) });
    // A handler measures "later" on the wall clock (Date.now() + delay); on a clock, the same delay from its now.
    const startedAt = Date.now();
    const onClock = (at: Date): Date => (clock ? new Date(clock.now.getTime() + (at.getTime() - startedAt)) : at);
    try {
      const kind = kindOf(job.kind);
      if (!kind) {
        await recordFailure(job, jobLog, new Error(`no handler for job kind "${job.kind}" in worker ${workerId}`), clock);
        return;
      }
      if (job.attempts > job.maxAttempts) {
        // Claimed again after its last attempt's lease ran out: the worker making that attempt died. It is spent.
        await recordFailure(job, jobLog, new Error(`the worker making attempt ${job.maxAttempts} of ${job.maxAttempts} stopped before settling it`), clock);
        return;
      }
      const lease = keepLease(job, jobLog);
      let outcome: JobOutcome;
      try {
        outcome = await kind.run(job, { workerId, clock });
      } catch (err) {
        await lease.stop();
        await recordFailure(job, jobLog, err, clock);
        return;
      }
      await lease.stop();
      if (outcome && typeof outcome === 'object' && 'settled' in outcome) {
        if (clock) jobLog.error('a handler settled a job of a sandbox clock itself: the runner settles those');
        if (outcome.settled) jobLog.debug('job settled by its handler');
        else jobLog.warn('lease lost before the job could be settled: another worker took it over');
      } else if (outcome && typeof outcome === 'object' && 'retryAt' in outcome) {
        const { retryAt } = outcome;
        if (!(retryAt instanceof Date) || Number.isNaN(retryAt.getTime())) {
          await recordFailure(job, jobLog, new TypeError('handler resolved { retryAt } without a valid Date'), clock);
        } else if (await reschedule(db, job.id, workerId, onClock(retryAt))) {
          jobLog.info({ retryAt: onClock(retryAt) }, 'job rescheduled');
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

  /**
   * Records a failed attempt. On the last one the job dies, and its kind's `onExhausted` runs in the same database
   * transaction; when that throws, the job dies without it (in a transaction of its own) and says so.
   */
  async function recordFailure(job: Job, jobLog: Logger, err: unknown, clock: ClockTime | undefined): Promise<void> {
    const error = errorText(err);
    const from = clock?.now;
    const onExhausted = kindOf(job.kind)?.onExhausted;
    let result: Awaited<ReturnType<typeof fail>>;
    if (!onExhausted || job.attempts < job.maxAttempts) {
      result = await fail(db, job.id, workerId, error, from);
    } else {
      try {
        result = await db.transaction(async (q) => {
          const r = await fail(q, job.id, workerId, error, from);
          if (r?.status === 'failed') await onExhausted(q, job, error);
          return r;
        });
      } catch (hookErr) {
        jobLog.error({ err: hookErr }, 'the exhaustion of the job could not be recorded; marking it dead without it');
        result = await fail(db, job.id, workerId, `${error}; then, on exhaustion: ${errorText(hookErr)}`, from);
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

  return {
    // Without a clock the job runs off every clock, whatever its caller's context: a wall-clock job run from inside
    // a clock's job (a drain started by it) must never have what it enqueues join that clock.
    run: (job, clock) => (clock ? runOnClock(clock, () => runJob(job, clock)) : offClock(() => runJob(job, undefined))),
    kindOf,
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
