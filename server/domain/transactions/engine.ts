/** What the payments services need besides a request: the database, the orchestrator and their settings. */
import type { PublicUrls } from '../../core/public-urls';
import type { Db, Queryable } from '../../db/types';
import { enqueueJob, type EnqueueOptions } from '../../jobs/kinds';
import type { Orchestrator } from '../../payments/orchestrator';
import { clockOfCharge } from '../clock/time';

export interface PaymentsSettings {
  /** Background rounds of retries while every route is unavailable (`awaiting`), in seconds after each round; once
   * they run out the charge is `failed` (`routesExhausted`). */
  routeRetrySeconds: readonly number[];
  /** How long a card authorization can be captured. */
  preAuthorizationDays: number;
  /** When to ask the provider again about a refund it accepted without confirming (a billet's PIX transfer). */
  refundConfirmSeconds: number;
  /** How long a checkout session stays open without an approved payment before it is abandoned. */
  checkoutSessionTtlSeconds: number;
  /** How often each configured route is swept for Pix received whose notification did not come. */
  routesSweepSeconds: number;
}

/** How long a card authorization can be captured (the spec's 7 days). */
export const PRE_AUTHORIZATION_DAYS = 7;

export interface Engine {
  db: Db;
  orchestrator: Orchestrator;
  settings: PaymentsSettings;
  /** The addresses of the public pages of charges and links (`PUBLIC_BASE_URL`). */
  urls: PublicUrls;
  /** Called after a commit that enqueued work, so a worker in this process starts on it at once. */
  wake(): void;
}

/** The background jobs of the payments engine (their handlers: `paymentJobHandlers` in jobs.ts; every kind of the
 * service: `server/job-kinds.ts`). */
export type PaymentJob =
  | { kind: 'transaction.process'; payload: { transactionId: string } }
  | { kind: 'transaction.analysis'; payload: { transactionId: string; stage: 'analysis' | 'review' } }
  | { kind: 'transaction.expire'; payload: { transactionId: string } }
  | { kind: 'receivables.settle'; payload: { transactionId: string; day: string } }
  | { kind: 'refund.confirm'; payload: { refundId: string } }
  | { kind: 'transaction.void'; payload: VoidPayload }
  | { kind: 'operation.reconcile'; payload: { idempotencyKey: string; note?: string } };

/**
 * What a `transaction.void` job releases under `key`. Without a flag: a blind void of a charge given up (the key may
 * hold nothing yet; provider key `${key}:cancel`). `answered`: the release of an authorization, QR code or billet whose
 * answer is known (it exists; `${key}:release`). `claimed`: the void of a route that timed out, claimed into
 * `processing.voiding` (`${key}:void`, the run's own inline attempt's key), moved to `voided` once done.
 */
export type VoidPayload = {
  transactionId: string;
  provider: string;
  key: string;
  answered?: true;
  claimed?: true;
};

const MINUTE_MS = 60_000;

/**
 * The timed jobs whose time is the charge's business (when a QR code or billet lapses, when a receivable is paid
 * out): for the charge of a subscription on a sandbox test clock they run on that clock. The provider's own timings
 * (voids after a time-out, reconciles, refund confirmations) stay on the wall clock: they wait on a real provider.
 */
const ON_CHARGE_CLOCK: ReadonlySet<PaymentJob['kind']> = new Set(['transaction.expire', 'receivables.settle']);

/**
 * Enqueues a job in the caller's database transaction; each logical job exists once (its dedupe key). A job of
 * `ON_CHARGE_CLOCK` for a charge on a clock is due at the same distance from the clock's now as `runAt` is from the
 * wall clock's, on that clock, so an advance runs it in its place among the subscription's own jobs.
 */
export async function schedule(q: Queryable, job: PaymentJob, runAt?: Date, dedupe?: string): Promise<string | null> {
  const options: EnqueueOptions = { dedupeKey: dedupe ?? `${job.kind}:${Object.values(job.payload).join(':')}` };
  if (runAt) {
    options.runAt = runAt;
    if (ON_CHARGE_CLOCK.has(job.kind) && 'transactionId' in job.payload) {
      const clock = await clockOfCharge(q, job.payload.transactionId);
      if (clock) {
        // Whole minutes, rounded up: the distance was computed from the charge's time, some milliseconds (a busy
        // machine: seconds) before now, and a lapse at the end of a day (23:59:59.999) or 24 hours after the charge
        // must not land a moment early, on the clock's previous day or before the retry it decides.
        const delay = Math.max(0, Math.ceil((runAt.getTime() - Date.now()) / MINUTE_MS) * MINUTE_MS);
        options.runAt = new Date(clock.now.getTime() + delay);
        options.clockId = clock.clockId;
      }
    }
  }
  return enqueueJob(q, job, options);
}
