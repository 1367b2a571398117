/** SQL of events: the outbox writes them (`outbox.ts`); delivery reads one by id, the API within a merchant's history. */
import type { components } from '../../generated/schema';
import type { Queryable } from '../db/types';
import type { EventResource } from '../core/resources';
import type { Mode, Scope } from '../core/tenancy';

export type EventType = components['schemas']['WebhookEventType'];

export interface EventRow {
  id: string;
  type: EventType;
  resource: EventResource;
  resource_id: string;
  payload: { object: unknown };
  created_at: Date;
  merchant_id: string;
  mode: Mode;
}

/** Events older than this are no longer listed, read or redelivered through the API; a dispatch still delivers. */
export const RETENTION = "interval '30 days'";

/**
 * One event. Without `scope`, any event by its id (a dispatch's delivery, which must find its event whatever its
 * age); with it, only one of that merchant and mode still inside the retention (the API's reads and redelivery).
 */
export async function findEvent(q: Queryable, id: string, scope?: Scope): Promise<EventRow | null> {
  const columns = 'id, type, resource, resource_id, payload, created_at, merchant_id, mode';
  const res = scope
    ? await q.query<EventRow>(
        `SELECT ${columns} FROM events WHERE merchant_id = $1 AND mode = $2 AND id = $3 AND created_at > now() - ${RETENTION}`,
        [scope.merchantId, scope.mode, id],
      )
    : await q.query<EventRow>(`SELECT ${columns} FROM events WHERE id = $1`, [id]);
  return res.rows[0] ?? null;
}
