/**
 * One delivery attempt of a dispatch, run by the `webhook.deliver` job. The attempt is counted (`delivering`,
 * attempts + 1) in the database before anything is sent, so two workers can never make the same attempt; a worker
 * that dies mid-attempt leaves the job to be taken over after its lease, which makes the next attempt. The outcome,
 * the endpoint's counters and, after a long enough failure streak, the endpoint's disabling are written in one
 * database transaction; the job comes back at the next attempt's time.
 */
import type { Db } from '../db/types';
import type { HandlerTable } from '../jobs/kinds';
import { cancelOpen, failAbandoned, failExhausted, findDispatch, finishAttempt, startAttempt, type AttemptOutcome } from './dispatches-repo';
import { disableForFailing, findEndpointById, recordAttempt, type EndpointRow } from './endpoints-repo';
import { nextDelaySeconds } from './schedule';
import type { Sealer } from './sealer';
import { deliver, type DeliveryResult } from './sender';
import { findEvent } from './events-repo';
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

function authorization(w: Webhooks, endpoint: EndpointRow): Record<string, string> {
  if (!endpoint.auth_type || !endpoint.auth_sealed) return {};
  const value = w.sealer.open(endpoint.auth_sealed);
  if (endpoint.auth_type === 'basic') return { Authorization: `Basic ${Buffer.from(value, 'utf8').toString('base64')}` };
  return { Authorization: endpoint.auth_type === 'bearer' ? `Bearer ${value}` : value };
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

/** The `webhook.deliver` job: makes the dispatch's next attempt, or nothing when it is final. */
export async function deliverDispatch(w: Webhooks, dispatchId: string): Promise<void | { retryAt: Date }> {
  const d = await findDispatch(w.db, dispatchId);
  if (!d || (d.status !== 'pending' && d.status !== 'delivering')) return;
  // Due by the database's clock; should this process's clock lag behind, come back at the attempt's time.
  if (d.next_attempt_at && d.next_attempt_at.getTime() > Date.now()) return { retryAt: d.next_attempt_at };
  const endpoint = await findEndpointById(w.db, d.endpoint_id);
  if (!endpoint || endpoint.deleted_at || !endpoint.enabled) {
    await cancelOpen(w.db, d.endpoint_id, new Date());
    return;
  }
  const maxAttempts = 1 + w.settings.retrySeconds.length;
  const started = await startAttempt(w.db, dispatchId, maxAttempts, new Date());
  if (!started) {
    await failExhausted(w.db, dispatchId, maxAttempts, new Date());
    return;
  }
  const e = await findEvent(w.db, d.event_id);
  if (!e) throw new Error(`dispatch ${dispatchId} names no event`);
  const body = JSON.stringify({ id: e.id, type: e.type, source: d.source, payload: e.payload, createdAt: e.created_at.toISOString() });
  const headers = {
    ...signatureHeaders(body, w.sealer.open(endpoint.secret_sealed), e.id, Math.floor(Date.now() / 1000)),
    'X-Service-Event': e.type,
    ...authorization(w, endpoint),
  };
  const policy = addressPolicy(endpoint.mode, w.settings.privateAddresses);
  const result = await deliver({ url: d.url, body, headers, timeoutMs: w.settings.timeoutMs, policy });
  const at = new Date();
  const outcome = outcomeOf(w, result, started.attempts, at);
  await w.db.transaction(async (q) => {
    const recorded = await finishAttempt(q, dispatchId, started.attempts, outcome, at);
    if (!recorded) return; // canceled meanwhile, or another worker took the job over: its attempt is the one that counts
    const counted = await recordAttempt(q, endpoint.id, outcome.status === 'succeeded', at);
    const streak = counted.failing_since ? at.getTime() - counted.failing_since.getTime() : 0;
    if (outcome.status !== 'succeeded' && !counted.force_active && counted.enabled && streak >= w.settings.disableAfterMs) {
      await disableForFailing(q, endpoint.id, at);
      await cancelOpen(q, endpoint.id, at);
    }
  });
  const after = await findDispatch(w.db, dispatchId);
  return after?.status === 'pending' && after.next_attempt_at ? { retryAt: after.next_attempt_at } : undefined;
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
