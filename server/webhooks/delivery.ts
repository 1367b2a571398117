/**
 * One delivery attempt of a dispatch, run by the `webhook.deliver` job. The attempt is counted (`delivering`,
 * attempts + 1) in the database before anything is sent, so two workers can never make the same attempt; a worker
 * that dies mid-attempt leaves the job to be taken over after its lease, which makes the next attempt. The outcome,
 * the endpoint's counters and, after a long enough failure streak, the endpoint's disabling are written in one
 * database transaction; the job comes back at the next attempt's time.
 */
import type { Db } from '../db/types';
import type { HandlerTable } from '../jobs/kinds';
import { beginAttempt, cancelOpen, failAbandoned, failExhausted, finishAndCount, type AttemptOutcome, type StartedAttempt } from './dispatches-repo';
import { disableForFailing } from './endpoints-repo';
import { nextDelaySeconds } from './schedule';
import type { Sealer } from './sealer';
import { deliver, type DeliveryResult } from './sender';
import type { WebhookJob } from './outbox';
import { signatureHeaders } from './signer';
import { addressPolicy, type PrivateAddresses } from './ssrf';

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

/**
 * The `webhook.deliver` job: makes the dispatch's next attempt, or nothing when it is final. Two round trips around
 * the request: one reads the dispatch, its endpoint and its event and starts the attempt (`beginAttempt`), one records
 * the outcome with the endpoint's counters (`finishAndCount`); an endpoint failing for too long is disabled after.
 */
export async function deliverDispatch(w: Webhooks, dispatchId: string): Promise<void | { retryAt: Date }> {
  const maxAttempts = 1 + w.settings.retrySeconds.length;
  // Due by the database's clock; should this process's clock lag behind, come back at the attempt's time.
  const start = await beginAttempt(w.db, dispatchId, maxAttempts, new Date());
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
  const body = JSON.stringify({ id: e.id, type: e.type, source: a.source, payload: e.payload, createdAt: e.createdAt.toISOString() });
  const headers = {
    ...signatureHeaders(body, w.sealer.open(a.secretSealed), e.id, Math.floor(Date.now() / 1000)),
    'X-Service-Event': e.type,
    ...authorization(w, a),
  };
  const policy = addressPolicy(a.mode, w.settings.privateAddresses);
  const result = await deliver({ url: a.url, body, headers, timeoutMs: w.settings.timeoutMs, policy });
  const at = new Date();
  const outcome = outcomeOf(w, result, a.attempts, at);
  const finished = await finishAndCount(w.db, dispatchId, a.attempts, outcome, at, a.endpointId);
  // Canceled meanwhile, or another worker took the job over: its attempt is the one that counts.
  if (!finished) return;
  const { endpoint, dispatch } = finished;
  const streak = endpoint.failingSince ? at.getTime() - endpoint.failingSince.getTime() : 0;
  if (outcome.status !== 'succeeded' && !endpoint.forceActive && endpoint.enabled && streak >= w.settings.disableAfterMs) {
    await w.db.transaction(async (q) => {
      await disableForFailing(q, a.endpointId, at);
      await cancelOpen(q, a.endpointId, at);
    });
  }
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
      run: (job) => deliverDispatch(w, job.payload.dispatchId),
      onExhausted: async (q, job) => {
        await failAbandoned(q, job.payload.dispatchId, new Date());
      },
    },
  };
}
