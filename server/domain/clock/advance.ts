/**
 * Advancing a sandbox clock: every job due on the clock by the new time runs, one at a time in due order, with the
 * clock's now set to the job's due time, through the same job handlers and settlement as the workers'
 * (`jobs/run-job.ts`: never a parallel path). What a job enqueues for at once joins the clock (`jobs/clock-context.ts`)
 * and so runs within the same advance, before anything due later.
 */
import type { Logger } from 'pino';
import { ApiError } from '../../core/errors';
import type { Db } from '../../db/types';
import { randomBase62 } from '../../ids';
import { createJobRunner, type JobHandler, type JobKind } from '../../jobs/run-job';
import { claimOnClock } from '../../jobs/sql/claim-clock';
import { reschedule } from '../../jobs/sql/reschedule';
import * as repo from './repo';

/** Jobs one advance runs at most: a job that reschedules itself without end cannot hold a request for ever. */
export const MAX_JOBS_PER_ADVANCE = 10_000;

/** What advancing needs besides the database: the service's job handler table (the workers' own) and leases. */
export interface ClockDeps {
  handlers: Readonly<Record<string, JobHandler | JobKind>>;
  /** The lease of each job an advance runs, and of the clock while it advances (wall time, renewed per job). */
  leaseSeconds: number;
  logger: Logger;
  /** MAX_JOBS_PER_ADVANCE unless a test says otherwise. */
  maxJobs?: number;
}

/** Whether the advance reached `to`, or stopped at the job limit (the clock stands at the last job's due time). */
export type AdvanceOutcome = { kind: 'reached'; ran: number } | { kind: 'tooManyJobs'; ran: number; at: Date };

/** Runs the clock `clockId` forward to `to`; the caller has checked that `to` is a time the clock may go to. */
export async function runClockTo(db: Db, deps: ClockDeps, clockId: string, to: Date): Promise<AdvanceOutcome> {
  const holder = `clock-${clockId}-${randomBase62(6)}`;
  const held = await repo.takeClock(db, clockId, holder, deps.leaseSeconds);
  if (!held) throw clockBusy(clockId);
  const runner = createJobRunner({ db, handlers: deps.handlers, workerId: holder, leaseSeconds: deps.leaseSeconds, logger: deps.logger.child({ workerId: holder, clockId }) });
  const maxJobs = deps.maxJobs ?? MAX_JOBS_PER_ADVANCE;
  const lease = keepClock(db, deps, clockId, holder);
  let now = held.now;
  let ran = 0;
  let reached = false;
  try {
    for (;;) {
      if (ran >= maxJobs) {
        if (await repo.hasDueJob(db, clockId, to)) return { kind: 'tooManyJobs', ran, at: now };
        break;
      }
      const job = await claimOnClock(db, { workerId: holder, leaseSeconds: deps.leaseSeconds, clockId, until: to });
      if (!job) break;
      // Time never goes back: a job overdue on the clock (it was attached late, or retried at once) runs at now.
      if (job.runAt > now) now = job.runAt;
      if (!(await repo.moveClock(db, clockId, holder, now, deps.leaseSeconds))) {
        // This advance outlived its lease and another took the clock over: the job is the other's to run.
        await reschedule(db, job.id, holder, job.runAt);
        throw clockBusy(clockId);
      }
      await runner.run(job, { clockId, now });
      ran += 1;
    }
    reached = true;
    return { kind: 'reached', ran };
  } finally {
    await lease.stop();
    await repo.releaseClock(db, clockId, holder, reached ? to : null);
  }
}

/** Renews the advance's hold on the clock every third of its lease, so a long job does not let another advance in. */
function keepClock(db: Db, deps: ClockDeps, clockId: string, holder: string): { stop(): Promise<void> } {
  let beat: Promise<void> = Promise.resolve();
  const interval = setInterval(() => {
    beat = beat.then(async () => {
      try {
        await repo.moveClock(db, clockId, holder, null, deps.leaseSeconds);
      } catch (err) {
        deps.logger.warn({ err, clockId }, 'could not renew the lease of the advancing clock');
      }
    });
  }, (deps.leaseSeconds * 1000) / 3);
  return {
    async stop() {
      clearInterval(interval);
      await beat;
    },
  };
}

export function clockBusy(clockId: string): ApiError {
  return new ApiError('sandboxClockBusy', { message: `Sandbox clock ${clockId} is being advanced by another request.` });
}
