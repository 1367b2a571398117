/**
 * The event outbox. An event is inserted by the same database transaction as the change it reports, never after
 * a commit, so a change is never without its event and an event never without its change. The same transaction
 * creates one dispatch per endpoint subscribed to the event and the job that delivers it.
 */
import type { Queryable } from '../db/types';
import type { Scope } from '../core/tenancy';
import { newId } from '../ids';
import { enqueueJob } from '../jobs/kinds';
import { insertDispatch } from './dispatches-repo';
import { subscribers } from './endpoints-repo';
import type { EventType } from './events-repo';

export type { EventType } from './events-repo';

/** The job kinds of webhooks (handled by `webhookJobHandlers` in delivery.ts). */
export type WebhookJob = { kind: 'webhook.deliver'; payload: { dispatchId: string } };

export interface NewEvent {
  type: EventType;
  resource: 'transaction' | 'customer' | 'withdrawal' | 'subscription' | 'cycle' | 'checkout';
  resourceId: string;
  /** The resource as reading it returns it right after the change (`payload.object` of the delivery). */
  object: unknown;
  source?: 'automatic' | 'manual';
}

export async function recordEvent(q: Queryable, scope: Scope, e: NewEvent, at: Date): Promise<string> {
  const id = newId('wbh');
  await q.query(
    `INSERT INTO events (id, merchant_id, mode, type, resource, resource_id, source, payload, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9)`,
    [id, scope.merchantId, scope.mode, e.type, e.resource, e.resourceId, e.source ?? 'automatic', JSON.stringify({ object: e.object }), at],
  );
  for (const endpoint of await subscribers(q, scope, e.type)) {
    await dispatch(q, { eventId: id, endpointId: endpoint.id, url: endpoint.url, source: 'automatic' }, at);
  }
  return id;
}

/** A new dispatch of an event to an endpoint, and the job that makes its attempts (the first one at once). */
export async function dispatch(
  q: Queryable,
  d: { eventId: string; endpointId: string; url: string; source: 'automatic' | 'manual' },
  at: Date,
): Promise<string> {
  const row = await insertDispatch(q, d, at);
  // A delivery goes to the real world on its time, even for an event of a sandbox clock's job: never on the clock.
  await enqueueJob<WebhookJob>(q, { kind: 'webhook.deliver', payload: { dispatchId: row.id } }, { dedupeKey: `webhook.deliver:${row.id}`, maxAttempts: 20, clockId: null });
  return row.id;
}
