/** The job worker: claims due jobs, runs their handlers with bounded concurrency, and settles each one. */
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Db, Listening } from '../db/types';
import { randomBase62 } from '../ids';
import { offClock } from './clock-context';
import { createJobRunner, type JobHandler, type JobKind } from './run-job';
import { claim, type Job } from './sql/claim';
import { jobsChannel } from './sql/wake';

export type { Job } from './sql/claim';
export type { ExhaustedHandler, JobHandler, JobKind } from './run-job';


/** Backoff between attempts at a first LISTEN that failed. */
export const LISTEN_RETRY_MS = { min: 500, max: 30_000 };

export interface WorkerOptions {
  db: Db;
  /** By job kind. A job of a kind missing here fails (and is retried with backoff, in case a deploy adds it). */
  handlers: Readonly<Record<string, JobHandler | JobKind>>;
  /** Unique per worker: leases are held by it. Host, pid and a random suffix when omitted. */
  workerId?: string;
  leaseSeconds?: number;
  pollMs?: number;
  /** Jobs of CPU-bound kinds (every kind not in `ioKinds`) run at once. */
  concurrency?: number;
  /** Kinds that mostly wait on the network (webhook deliveries): they run in a lane of their own, `ioConcurrency` wide. */
  ioKinds?: readonly string[];
  ioConcurrency?: number;
  /** Listen for the wake-up notifications (sent by `jobs/poke.ts`, channel in `jobs/sql/wake.ts`) and poll at once on each (default true). */
  listen?: boolean;
  logger: Logger;
}

export interface Worker {
  readonly workerId: string;
  /** Starts polling every `pollMs`, at once whenever a slot frees, and at once on a wake-up notification. */
  start(): void;
  /** Stops claiming and resolves once every job this worker runs has settled. A stopped worker does not restart. */
  stop(): Promise<void>;
  /** Claims and runs due jobs until none is due now; resolves with how many ran. For tests and deterministic waits. */
  drain(): Promise<number>;
  /** Polls now instead of at the next tick, e.g. after an enqueue in the same process; nothing unless started. */
  wake(): void;
  /**
   * Resolves once the worker listens for new-job notifications (true), or when it will not (false: not started, not
   * listening, or stopped before it could). Tests wait on it instead of for time.
   */
  listening(): Promise<boolean>;
}

/** A worker over `db`: up to `concurrency` jobs at a time, each leased for `leaseSeconds` and renewed while it runs. */
export function createWorker(options: WorkerOptions): Worker {
  const { db, handlers } = options;
  const workerId = options.workerId ?? `${hostname()}-${process.pid}-${randomBase62(6)}`;
  const leaseSeconds = options.leaseSeconds ?? 30;
  const pollMs = options.pollMs ?? 250;
  const concurrency = options.concurrency ?? 4;
  const ioKinds = [...new Set(options.ioKinds ?? [])];
  const ioConcurrency = ioKinds.length > 0 ? (options.ioConcurrency ?? concurrency) : 0;
  if (!(leaseSeconds > 0)) throw new RangeError('leaseSeconds must be > 0');
  if (!(pollMs >= 0)) throw new RangeError('pollMs must be ≥ 0');
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be an integer ≥ 1');
  if (ioKinds.length > 0 && (!Number.isInteger(ioConcurrency) || ioConcurrency < 1)) throw new RangeError('ioConcurrency must be an integer ≥ 1');
  const isIo = new Set(ioKinds);
  const log = options.logger.child({ workerId });
  const runner = createJobRunner({ db, handlers, workerId, leaseSeconds, logger: log });

  let state: 'idle' | 'started' | 'stopped' = 'idle';
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let pollAgain = false;
  let ioRunning = 0;
  let listening: Promise<Listening | null> | undefined;

  function track(job: Job): Promise<void> {
    const io = isIo.has(job.kind);
    if (io) ioRunning++;
    const p: Promise<void> = runner.run(job).finally(() => {
      running.delete(p);
      if (io) ioRunning--;
      if (state === 'started') poll();
    });
    running.add(p);
    return p;
  }

  /** Free slots of each lane now. */
  function free(): { limit: number; ioLimit: number } {
    return { limit: concurrency - (running.size - ioRunning), ioLimit: ioConcurrency - ioRunning };
  }

  /**
   * Listens for wake-ups until the worker stops. A first LISTEN that fails (the database briefly unreachable at start)
   * is tried again with backoff, polling meanwhile; once in place, the listener re-opens a lost connection by itself.
   */
  async function listenForJobs(): Promise<Listening | null> {
    for (let delay = LISTEN_RETRY_MS.min; state === 'started'; delay = Math.min(delay * 2, LISTEN_RETRY_MS.max)) {
      try {
        const channel = await jobsChannel(db);
        const listening = await db.listen(channel, () => {
          if (state === 'started') offClock(poll);
        });
        if (state !== 'started') {
          await listening.close();
          return null;
        }
        return listening;
      } catch (err) {
        if (state !== 'started') return null; // stopped while this attempt ran: no wait that would hold the stop
        log.warn({ err, retryInMs: delay }, 'cannot listen for new jobs; polling until it can');
        await new Promise<void>((resolve) => {
          listenRetry = setTimeout(resolve, delay);
          listenRetry.unref();
          stopWaiting = resolve;
        });
      }
    }
    return null;
  }
  let listenRetry: NodeJS.Timeout | undefined;
  let stopWaiting: (() => void) | undefined;

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
    const { limit, ioLimit } = free();
    if (limit <= 0 && ioLimit <= 0) return; // a finishing job polls again
    try {
      const jobs = await claim(db, { workerId, leaseSeconds, limit: Math.max(limit, 0), ioKinds, ioLimit: Math.max(ioLimit, 0) });
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
      if (options.listen ?? true) listening = listenForJobs();
      poll();
    },
    async stop() {
      state = 'stopped';
      clearTimeout(timer);
      clearTimeout(listenRetry);
      stopWaiting?.();
      await (await listening)?.close();
      await polling;
      // Jobs a poll or a drain claimed before the stop still run: they are leased to this worker.
      while (running.size > 0) await Promise.all(running);
    },
    async drain() {
      let ran = 0;
      while (state !== 'stopped') {
        const jobs = await claim(db, { workerId, leaseSeconds, limit: concurrency, ioKinds, ioLimit: ioConcurrency });
        if (jobs.length === 0) break;
        await Promise.all(jobs.map(track));
        ran += jobs.length;
      }
      return ran;
    },
    async listening() {
      return (await listening) != null;
    },
    wake() {
      // A job on a sandbox clock wakes the worker after enqueuing: the polling it starts must not run on that clock.
      offClock(poll);
    },
  };
}

