/**
 * The operator's view of jobs that ran out of attempts ("dead": status `failed`). What the exhaustion of each kind
 * did to its subject is the kind's `onExhausted` (see `JobKind` in worker.ts); the job itself stays listed here
 * until an operator retries it, so no work is ever dropped without a trace.
 */
import type { Queryable } from '../db/types';
import { revive, selectDead } from './sql/dead';

export interface DeadJob {
  id: string;
  kind: string;
  /** Claims made before it died (the last one included). */
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  failedAt: Date;
  /** The payload in one short line (`transactionId=tra_… day=2026-03-17`), for a listing. */
  payloadSummary: string;
}

export interface ListDeadJobsOptions {
  /** At most this many, 1 to 1000; 50 when omitted. */
  limit?: number;
  /** Only jobs of this kind (`transaction.process`, `webhook.deliver`, …). */
  kind?: string;
}

/** Why `retryDeadJob` refused: no job has the id, or the job is not dead (pending, running or done). */
export class DeadJobError extends Error {
  constructor(
    readonly code: 'notFound' | 'notDead',
    message: string,
  ) {
    super(message);
    this.name = 'DeadJobError';
  }
}

const SUMMARY_LENGTH = 200;

/** `key=value` pairs of the payload's top level, cut to a line. */
export function summarizePayload(payload: Record<string, unknown>): string {
  const text = Object.entries(payload)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' ');
  return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1)}…` : text;
}

/** The dead jobs, most recent death first. */
export async function listDeadJobs(db: Queryable, options: ListDeadJobsOptions = {}): Promise<DeadJob[]> {
  const limit = options.limit ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new RangeError('limit must be an integer from 1 to 1000');
  const rows = await selectDead(db, { limit, ...(options.kind ? { kind: options.kind } : {}) });
  return rows.map(({ payload, ...row }) => ({ ...row, payloadSummary: summarizePayload(payload) }));
}

/**
 * Puts a dead job back to `pending`, due now, with fresh attempts: the next worker poll runs it again. Throws
 * `DeadJobError` (`notFound` / `notDead`) when there is nothing to retry. A kind whose exhaustion already ended its
 * subject (a charge `failed`, a dispatch `failed`) finds nothing left to do and completes at once.
 */
export async function retryDeadJob(db: Queryable, jobId: string): Promise<{ id: string; kind: string; runAt: Date }> {
  const revived = await revive(db, jobId);
  if (revived) return revived;
  const res = await db.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [jobId]);
  const status = res.rows[0]?.status;
  if (!status) throw new DeadJobError('notFound', `no job ${jobId}`);
  throw new DeadJobError('notDead', `job ${jobId} is ${status}, not dead: only a failed job can be retried`);
}
