/**
 * The delivery history: events of the last 30 days with their dispatches, filtered as the seed lists, and
 * redelivery, which makes new dispatches (`source: manual`) and never revives old ones, and resends the event on the
 * sandbox's event stream.
 */
import type { components } from '../../../generated/schema';
import type { QueryOf } from '../../../generated/operations';
import { parseList } from '../../core/lists';
import { listPage, type SortColumns } from '../../db/lists';
import { Conditions, countRows, selectPage } from '../../db/page';
import type { Db, Queryable } from '../../db/types';
import { requireSandbox, type Scope } from '../../core/tenancy';
import { ApiError } from '../../core/errors';
import { dispatchesOf, type DispatchRow } from '../../webhooks/dispatches-repo';
import { findEndpoint, subscribers } from '../../webhooks/endpoints-repo';
import { webhookNotFound } from './endpoints';
import { findEvent, RETENTION, type EventRow } from '../../webhooks/events-repo';
import { dispatch } from '../../webhooks/outbox';
import { recordResend } from '../../webhooks/stream';

type WebhookEvent = Omit<components['schemas']['WebhookEvent'], 'merchant' | '_links'>;
type Dispatch = components['schemas']['WebhookDispatch'];
export type EventQuery = QueryOf<'listWebhookEvents'>;

/** A listed event: its payload is not shown. */
type ListedEvent = Omit<EventRow, 'payload' | 'merchant_id' | 'mode'>;

const COLUMNS = 'id, type, resource, resource_id, created_at';
const iso = (d: Date | null) => d?.toISOString() ?? null;

function dispatchView(d: DispatchRow): Dispatch {
  return {
    id: d.id,
    eventId: d.event_id,
    endpointId: d.endpoint_id,
    endpoint: d.url,
    source: d.source,
    status: d.status,
    attempts: d.attempts,
    responseStatusCode: d.response_status_code,
    responseBody: d.response_body,
    responseTime: d.response_time_ms,
    lastError: d.last_error,
    nextAttemptAt: iso(d.next_attempt_at),
    lastAttemptAt: iso(d.last_attempt_at),
    successAt: iso(d.success_at),
    createdAt: d.created_at.toISOString(),
  };
}

async function views(q: Queryable, rows: ListedEvent[]): Promise<WebhookEvent[]> {
  const all = await dispatchesOf(q, rows.map((r) => r.id));
  return rows.map((e) => {
    const dispatches = all.filter((d) => d.event_id === e.id);
    const live = dispatches.filter((d) => d.status !== 'canceled');
    return {
      id: e.id,
      type: e.type,
      resource: e.resource,
      resourceId: e.resource_id,
      source: 'automatic',
      delivered: dispatches.length > 0 && live.every((d) => d.status === 'succeeded'),
      attempts: dispatches.reduce((n, d) => n + d.attempts, 0),
      createdAt: e.created_at.toISOString(),
      dispatches: dispatches.map(dispatchView),
    };
  });
}

export function eventNotFound(id: string): ApiError {
  return new ApiError('webhookEventNotFound', { message: `Webhook event ${id} was not found.` });
}

export async function getEvent(db: Db, scope: Scope, id: string): Promise<WebhookEvent> {
  const row = await findEvent(db, id, scope);
  if (!row) throw eventNotFound(id);
  return (await views(db, [row]))[0]!;
}

/** Two spellings of one filter must agree. */
function oneOf(name: string, a: string | undefined, b: string | undefined): string | undefined {
  if (a !== undefined && b !== undefined && a !== b) {
    throw new ApiError('invalidParameters', { params: [{ [name.toLowerCase()]: `differs from ${name}; send one spelling` }] });
  }
  return a ?? b;
}

const OPEN = `EXISTS (SELECT 1 FROM webhook_dispatches d WHERE d.event_id = events.id AND d.status IN ('pending', 'delivering'))`;
const FAILED = `EXISTS (SELECT 1 FROM webhook_dispatches d WHERE d.event_id = events.id AND d.status = 'failed')`;
const ANY = 'EXISTS (SELECT 1 FROM webhook_dispatches d WHERE d.event_id = events.id)';
const STATUS = {
  pending: OPEN,
  failed: `NOT ${OPEN} AND ${FAILED}`,
  delivered: `${ANY} AND NOT ${OPEN} AND NOT ${FAILED}`,
} as const;

const SORTABLE = ['type'] as const;
const SORT_COLUMNS: SortColumns<(typeof SORTABLE)[number]> = { type: 'type' };

export async function listEvents(db: Db, scope: Scope, query: EventQuery) {
  const list = parseList(query, SORTABLE, { resource: 'webhookEvent' });
  const endpoint = query.endpoint;
  const c = new Conditions([scope.merchantId, scope.mode], ['merchant_id = $1', 'mode = $2', `created_at > now() - ${RETENTION}`])
    .add(query.type, (p) => `type = ${p}`)
    .add(query.resource, (p) => `resource = ${p}`)
    .add(oneOf('resourceId', query.resourceId, query.resourceid), (p) => `resource_id = ${p}`)
    .add(oneOf('eventId', query.eventId, query.eventid), (p) => `id = ${p}`)
    .add(endpoint, (p) =>
      `EXISTS (SELECT 1 FROM webhook_dispatches d WHERE d.event_id = events.id AND ${endpoint?.startsWith('wbe_') ? 'd.endpoint_id' : 'd.url'} = ${p})`);
  if (query.status) c.where(STATUS[query.status]);
  const page = listPage({ from: 'events', columns: COLUMNS }, c, list, SORT_COLUMNS);
  const [rows, total] = await Promise.all([selectPage<ListedEvent>(db, page), countRows(db, page)]);
  return { items: await views(db, rows), total, limit: list.limit, offset: list.offset };
}

/** What a redelivery asks for (`RedeliverWebhookEventRequest`). */
export interface Redelivery {
  endpointId?: string | undefined;
  listen?: boolean | undefined;
}

/**
 * New dispatches of the event, to one endpoint or to every endpoint enabled and subscribed to its type now, and (in
 * sandbox, by default without an endpoint) a resend on the event stream for running `payments listen` sessions, all
 * in one transaction.
 */
export async function redeliver(db: Db, scope: Scope, eventId: string, ask: Redelivery): Promise<WebhookEvent> {
  const { endpointId } = ask;
  if (ask.listen === true) requireSandbox(scope, 'listen: true needs a sandbox key (sk_test_…): production has no event stream.');
  const listen = ask.listen ?? (scope.mode === 'sandbox' && endpointId === undefined);
  await db.transaction(async (q) => {
    const event = await findEvent(q, eventId, scope);
    if (!event) throw eventNotFound(eventId);
    let targets = await subscribers(q, scope, event.type);
    if (endpointId !== undefined) {
      if (!(await findEndpoint(q, scope, endpointId))) throw webhookNotFound(endpointId);
      targets = targets.filter((t) => t.id === endpointId);
    }
    // A named endpoint that cannot receive is refused even when the stream gets the event: the caller asked for it.
    if (targets.length === 0 && (endpointId !== undefined || !listen)) {
      throw new ApiError('unprocessableEntity', {
        resource: 'webhookEvent',
        message: endpointId
          ? `Endpoint ${endpointId} is disabled or not subscribed to ${event.type}.`
          : `No enabled endpoint is subscribed to ${event.type}.`,
      });
    }
    const at = new Date();
    for (const t of targets) await dispatch(q, { eventId, endpointId: t.id, url: t.url, source: 'manual' }, at);
    if (listen) await recordResend(q, scope, eventId);
  });
  return getEvent(db, scope, eventId);
}
