/**
 * Job kinds as closed unions: a union of `{ kind, payload }` names every kind of a part of the service with the
 * payload its jobs carry. Enqueueing is typed by it, and a handler table must hold every kind of it, each handler
 * receiving its kind's payload. The payload comes back from the jobs table as the enqueue wrote it, so the worker
 * hands it on as that kind's type without a cast in any handler.
 */
import type { Queryable } from '../db/types';
import { enqueue } from './sql/enqueue';
import type { JobKind } from './worker';

/** One job kind and its payload (JSON: it is stored as `jsonb`). */
export interface JobSpec {
  kind: string;
  payload: Record<string, unknown>;
}

export type PayloadOf<J extends JobSpec, K extends J['kind']> = Extract<J, { kind: K }>['payload'];

/** Every kind of `J` with its handler and the meaning of its exhaustion: a kind without one does not compile. */
export type HandlerTable<J extends JobSpec> = { [K in J['kind']]: Required<JobKind<PayloadOf<J, K>>> };

export interface EnqueueOptions {
  /** When the job becomes due; now (database clock) when omitted. */
  runAt?: Date;
  /** One job per key, ever: a second enqueue with the same key does nothing. */
  dedupeKey?: string;
  /** Claims before the job is given up as `failed`; 10 when omitted. */
  maxAttempts?: number;
  /**
   * The sandbox clock the job runs on (`runAt` is then the clock's time); null for the wall clock. Omitted, with no
   * `runAt` either, while a job of a clock runs: that clock, at its now (`clock-context.ts`); the wall clock otherwise.
   */
  clockId?: string | null;
}

/** Enqueues `job` in the caller's transaction; its id, or null when its `dedupeKey` already exists. */
export function enqueueJob<J extends JobSpec>(q: Queryable, job: J, options: EnqueueOptions = {}): Promise<string | null> {
  return enqueue(q, { kind: job.kind, payload: job.payload, ...options });
}
