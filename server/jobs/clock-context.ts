/**
 * The sandbox clock a job runs on, for the code it calls. While the advance of a clock runs one of the clock's
 * jobs, a job enqueued without its own time or clock (the follow-up work the job starts: the processing of a charge
 * it created) joins the clock at the clock's now, so the advance runs it too, before anything due later. An
 * AsyncLocalStorage carries it, so the domain code that enqueues needs no clock parameter of its own.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface ClockTime {
  clockId: string;
  /** The clock's time while the job runs (the job's due time). */
  now: Date;
}

const storage = new AsyncLocalStorage<ClockTime>();

/** Runs `fn` as a job of `clock`: what it enqueues without a time or a clock joins the clock. */
export function runOnClock<T>(clock: ClockTime, fn: () => Promise<T>): Promise<T> {
  return storage.run({ clockId: clock.clockId, now: clock.now }, fn);
}

/** The clock the current job runs on; undefined outside an advance. */
export function currentClock(): ClockTime | undefined {
  return storage.getStore();
}

/**
 * Runs `fn` off any clock, and so does everything it schedules (timers, promises): for the worker's polling, which
 * a job on a clock may wake and which must not carry the clock into the wall-clock jobs it runs.
 */
export function offClock<T>(fn: () => T): T {
  return storage.exit(fn);
}
