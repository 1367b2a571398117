/**
 * The event outbox. An event is inserted by the same database transaction as the change it reports, never after
 * a commit, so a change is never without its event and an event never without its change. Delivery reads from here.
 */
import type { components } from '../../generated/schema';
import type { Queryable } from '../db/types';
import type { Scope } from '../http/context';
import { newId } from '../ids';

export type EventType = components['schemas']['WebhookEventType'];

export interface NewEvent {
  type: EventType;
  resource: 'transaction' | 'customer';
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
  return id;
}

export interface EventRow {
  id: string;
  type: EventType;
  resource: string;
  resource_id: string;
  payload: { object: unknown };
  created_at: Date;
}

/** The events recorded for one resource, oldest first. */
export async function eventsOf(q: Queryable, resourceId: string): Promise<EventRow[]> {
  const res = await q.query<EventRow>(
    'SELECT id, type, resource, resource_id, payload, created_at FROM events WHERE resource_id = $1 ORDER BY seq',
    [resourceId],
  );
  return res.rows;
}
