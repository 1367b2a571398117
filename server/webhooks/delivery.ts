/**
 * One delivery attempt of a dispatch, run by the `webhook.deliver` job. The attempt is counted (`delivering`,
 * attempts + 1) in the database before anything is sent, so two workers can never make the same attempt; a worker
 * that dies mid-attempt leaves the job to be taken over after its lease, which makes the next attempt. The outcome,
 * the endpoint's counters and, after a long enough failure streak, the endpoint's disabling are written in one
 * database statement with the settlement of the job (done, or back at the next attempt's time). Deliveries running at
 * once share their statements: the starts of the attempts a claim handed out go as one, and so do their outcomes
 * (`jobs/batch.ts`), so a delivery costs a share of three statements, not three.
 */
import type { Db } from '../db/types';
import { createBatcher, retryOnLockConflict, type Batcher } from '../jobs/batch';
import type { HandlerTable } from '../jobs/kinds';
import type { JobOutcome } from '../jobs/run-job';
import {
  beginAttempts, cancelOpen, failAbandoned, failExhausted, finishAttempts,
  type AttemptOutcome, type AttemptStart, type FinishedAttempt, type FinishInput, type StartedAttempt,
} from './dispatches-repo';
import { disableForFailing } from './endpoints-repo';
import { nextDelaySeconds } from './schedule';
import type { Sealer } from './sealer';
import { deliver, type DeliveryResult } from './sender';
import type { WebhookJob } from './outbox';
import { signatureHeaders } from './signer';
import type { PrivateAddresses } from '../config-values';
import { addressPolicy } from './ssrf';

export interface WebhookSettings {
  /** How long a receiver has to answer. */
  timeoutMs: number;
  /** Delays before attempts 2, 3, …; the dispatch fails after 1 + this many attempts. */
  retrySeconds: readonly number[];
  /** An endpoint failing for this long without one success is disabled (unless `forceActive`). */
  disableAfterMs: number;
  /** Whether sandbox endpoints may be on loopback and private addresses (`WEBHOOK_PRIVATE_ADDRESSES`). */
  privateAddresses: PrivateAddresses;
}

export interface Webhooks {
  db: Db;
  sealer: Sealer;
  settings: WebhookSettings;
  /** Called after a commit that made dispatches, so a worker in this process delivers them at once. */
  wake(): void;
}

function authorization(w: Webhooks, a: StartedAttempt): Record<string, string> {
  if (!a.authType || !a.authSealed) return {};
  const value = w.sealer.open(a.authSealed);
  if (a.authType === 'basic') return { Authorization: `Basic ${Buffer.from(value, 'utf8').toString('base64')}` };
  return { Authorization: a.authType === 'bearer' ? `Bearer ${value}` : value };
}

function outcomeOf(w: Webhooks, result: DeliveryResult, attempt: number, at: Date): AttemptOutcome {
  if (result.kind === 'succeeded') {
    return { status: 'succeeded', responseStatusCode: result.status, responseBody: result.body, responseTimeMs: result.ms, lastError: null, nextAttemptAt: null };
  }
  const delay = nextDelaySeconds(attempt, w.settings.retrySeconds, result.retryAfterSeconds);
  return {
    status: delay === null ? 'failed' : 'pending',
    responseStatusCode: result.status,
    responseBody: result.body,
    responseTimeMs: result.ms,
    lastError: result.error,
    nextAttemptAt: delay === null ? null : new Date(at.getTime() + delay * 1000),
  };
}

interface Batchers {
  begin: Batcher<string, AttemptStart>;
  finish: Batcher<FinishInput, FinishedAttempt>;
}

/** The statement batchers of one `Webhooks` (one per process in practice): made on its first delivery. */
const batchersOf = new WeakMap<Webhooks, Batchers>();

function batchers(w: Webhooks): Batchers {
  let b = batchersOf.get(w);
  if (!b) {
    const maxAttempts = 1 + w.settings.retrySeconds.length;
    b = {
      // Due by the database's clock; should this process's clock lag behind, come back at the attempt's time.
      begin: createBatcher((ids) => beginAttempts(w.db, ids, maxAttempts, new Date())),
      // Two batches touching one endpoint's row from two workers may meet in a deadlock: the loser runs again.
      finish: createBatcher((inputs) => retryOnLockConflict(() => finishAttempts(w.db, inputs))),
    };
    batchersOf.set(w, b);
  }
  return b;
}

/**
 * The exact text POSTed to an endpoint for event `e`: `{id, type, source, payload, createdAt}` in this order (the
 * spec's `…WebhookDelivery`). The sandbox's event stream sends the same text for the CLI to forward.
 */
export function deliveryBody(e: { id: string; type: string; payload: unknown; createdAt: Date }, source: 'automatic' | 'manual'): string {
  return JSON.stringify({ id: e.id, type: e.type, source, payload: e.payload, createdAt: e.createdAt.toISOString() });
}

/**
 * The `webhook.deliver` job: makes the dispatch's next attempt, or nothing when it is final. Two statements around the
 * request, each shared with the deliveries running at the same time: one reads the dispatch, its endpoint and its
 * event and starts the attempt (`beginAttempts`), one records the outcome with the endpoint's counters and, given
 * `job` (the job and the worker holding it), settles the job (`finishAttempts`); an endpoint failing for too long is
 * disabled after. With `job`, resolves `{ settled }`; without, the job's outcome for its runner to settle.
 */
export async function deliverDispatch(w: Webhooks, dispatchId: string, job: { id: string; workerId: string } | null = null): Promise<JobOutcome> {
  const maxAttempts = 1 + w.settings.retrySeconds.length;
  const b = batchers(w);
  const start = await b.begin.add(dispatchId);
  switch (start.kind) {
    case 'final':
      return;
    case 'notDue':
      return { retryAt: start.at };
    case 'endpointGone':
      await cancelOpen(w.db, start.endpointId, new Date());
      return;
    case 'exhausted':
      await failExhausted(w.db, dispatchId, maxAttempts, new Date());
      return;
  }
  const a = start.attempt;
  const e = a.event;
  if (!e) throw new Error(`dispatch ${dispatchId} names no event`);
  const body = deliveryBody(e, a.source);
  const headers = {
    ...signatureHeaders(body, w.sealer.open(a.secretSealed), e.id, Math.floor(Date.now() / 1000)),
    'X-Service-Event': e.type,
    ...authorization(w, a),
  };
  const policy = addressPolicy(a.mode, w.settings.privateAddresses);
  const result = await deliver({ url: a.url, body, headers, timeoutMs: w.settings.timeoutMs, policy });
  const at = new Date();
  const outcome = outcomeOf(w, result, a.attempts, at);
  const finished = await b.finish.add({ dispatchId, attempt: a.attempts, outcome, at, endpointId: a.endpointId, job });
  const { endpoint, dispatch } = finished;
  const streak = endpoint?.failingSince ? at.getTime() - endpoint.failingSince.getTime() : 0;
  if (endpoint && outcome.status !== 'succeeded' && !endpoint.forceActive && endpoint.enabled && streak >= w.settings.disableAfterMs) {
    await w.db.transaction(async (q) => {
      await disableForFailing(q, a.endpointId, at);
      await cancelOpen(q, a.endpointId, at);
    });
  }
  if (job) return { settled: finished.jobSettled };
  // Canceled meanwhile, or another worker took the job over: its attempt is the one that counts.
  if (!dispatch) return;
  return dispatch.status === 'pending' && dispatch.nextAttemptAt ? { retryAt: dispatch.nextAttemptAt } : undefined;
}

/**
 * The webhook job kinds. A `webhook.deliver` job fails only when the delivery itself breaks (the database, a
 * dispatch without its event); once its attempts run out the dispatch ends `failed`, with the job's death, instead
 * of staying `pending` where nothing would ever deliver it.
 */
export function webhookJobHandlers(w: Webhooks): HandlerTable<WebhookJob> {
  return {
    'webhook.deliver': {
      // Off a sandbox clock (always, for a delivery), the job is settled with the attempt's outcome, in one statement.
      run: (job, ctx) => deliverDispatch(w, job.payload.dispatchId, ctx.clock ? null : { id: job.id, workerId: ctx.workerId }),
      onExhausted: async (q, job) => {
        await failAbandoned(q, job.payload.dispatchId, new Date());
      },
    },
  };
}
