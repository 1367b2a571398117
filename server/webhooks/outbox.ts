/**
 * The event outbox. An event is inserted by the same database transaction as the change it reports, never after
 * a commit, so a change is never without its event and an event never without its change. The same transaction
 * creates one dispatch per endpoint subscribed to the event and the job that delivers it.
 */
import { Statement } from '../db/statement';
import type { Queryable } from '../db/types';
import type { EventResource } from '../core/resources';
import type { Scope } from '../core/tenancy';
import { newId, randomBase62 } from '../ids';
import { enqueueJob } from '../jobs/kinds';
import { enqueueEach } from '../jobs/sql/enqueue';
import { insertDispatch } from './dispatches-repo';
import type { EventType } from './events-repo';

export type { EventType } from './events-repo';

/** Claims of a delivery job before it is given up (its own schedule ends the dispatch earlier). */
const DELIVERY_ATTEMPTS = 20;

/** The job kinds of webhooks (handled by `webhookJobHandlers` in delivery.ts). */
export type WebhookJob = { kind: 'webhook.deliver'; payload: { dispatchId: string } };

export interface NewEvent {
  type: EventType;
  /** The kind of resource the event is about: one the registry marks `evented` (`core/resources.ts`). */
  resource: EventResource;
  resourceId: string;
  /** The resource as reading it returns it right after the change (`payload.object` of the delivery). */
  object: unknown;
  source?: 'automatic' | 'manual';
}

/**
 * Records `e` with its dispatches and their delivery jobs, in one statement of the caller's transaction; its id. `at`
 * is the event's `createdAt` (a sandbox clock's time for the objects on one); the deliveries are due at once.
 */
export async function recordEvent(q: Queryable, scope: Scope, e: NewEvent, at: Date): Promise<string> {
  const st = new Statement();
  const id = recordEventIn(st, scope, e, at, st.part('go', 'SELECT 1'));
  await st.run(q, 'SELECT 1');
  return id;
}

/**
 * `recordEvent` as parts of a larger statement (`db/statement.ts`): the event is inserted only if `from` (a part of
 * `st`) yields a row, and with it one dispatch per endpoint subscribed to it when the statement runs (as `dispatch`
 * makes them, in the endpoints' order) and the job of each. Returns the event's id.
 */
export function recordEventIn(st: Statement, scope: Scope, e: NewEvent, at: Date, from: string): string {
  const id = newId('wbh');
  const [merchantId, mode, type, when] = [st.param(scope.merchantId), st.param(scope.mode), st.param(e.type), st.param(at, 'timestamptz')];
  const event = st.part(
    'event',
    `INSERT INTO events (id, merchant_id, mode, type, resource, resource_id, source, payload, created_at)
     SELECT ${st.param(id)}, ${merchantId}, ${mode}, ${type}, ${st.param(e.resource)}, ${st.param(e.resourceId)},
            ${st.param(e.source ?? 'automatic')}, ${st.param(JSON.stringify({ object: e.object }), 'jsonb')}, ${when}
       FROM (SELECT 1 FROM ${from} LIMIT 1) AS gate
     RETURNING id`,
  );
  // The number of subscribers is known only to the statement: each id is a random stem drawn for this event (as many
  // random characters as `newId`'s) followed by the subscriber's rank in hex, so they stay unique however many there
  // are. The subscribers are those `subscribers` (endpoints-repo.ts) reads. A dispatch is dated and due on the
  // database's clock, not at `at`: an event of a sandbox clock's object carries the clock's time, and a delivery due
  // then would wait for the wall clock to get there (issue 23).
  const dispatches = st.part(
    'dispatches',
    `INSERT INTO webhook_dispatches (id, event_id, endpoint_id, url, source, status, next_attempt_at, created_at, updated_at)
     SELECT 'wdi_' || ${st.param(randomBase62(16))} || to_hex(s.rank), ev.id, s.id, s.url, 'automatic', 'pending', now(), now(), now()
       FROM ${event} AS ev,
            (SELECT id, url, row_number() OVER (ORDER BY created_at, id) AS rank FROM webhook_endpoints
              WHERE merchant_id = ${merchantId} AND mode = ${mode} AND deleted_at IS NULL AND enabled AND events ? ${type}) AS s
      ORDER BY s.rank
     RETURNING id`,
  );
  // As `dispatch` enqueues it: a delivery goes to the real world on its time, never on a sandbox clock.
  enqueueEach(st, dispatches, {
    kind: 'webhook.deliver',
    id: `'job_' || ${st.param(randomBase62(16))} || substr(${dispatches}.id, 21)`,
    payload: `jsonb_build_object('dispatchId', ${dispatches}.id)`,
    dedupeKey: `'webhook.deliver:' || ${dispatches}.id`,
    maxAttempts: DELIVERY_ATTEMPTS,
  });
  // An event a dashboard person may be mailed about enqueues its `dashboard.notify` job, only when someone chose
  // its kind for this merchant and mode (domain/team/notifications.ts): other events, and most merchants, pay nothing.
  const kind = NOTIFIED[e.type];
  if (kind) {
    const notified = st.part(
      'notified',
      `SELECT ev.id FROM ${event} AS ev
        WHERE EXISTS (SELECT 1 FROM dashboard_notification_prefs p WHERE p.merchant_id = ${merchantId} AND p.mode = ${mode} AND p.kind = ${st.param(kind)})`,
    );
    enqueueEach(st, notified, {
      kind: 'dashboard.notify',
      id: `'job_' || ${st.param(randomBase62(16))} || 'n'`,
      payload: `jsonb_build_object('eventId', ${notified}.id)`,
      dedupeKey: `'dashboard.notify:' || ${notified}.id`,
      maxAttempts: 5,
    });
  }
  return id;
}

/**
 * The event types a dashboard person may choose to be mailed about, with the kind they choose
 * (domain/team/notifications.ts mails them).
 */
export type NotificationKind = 'approved' | 'failed' | 'dispute' | 'withdrawal-paid';

export const NOTIFIED: Partial<Record<EventType, NotificationKind>> = {
  'transaction.approved': 'approved',
  'transaction.failed': 'failed',
  // Refused by the anti-fraud review: not approved either, for the person told.
  'transaction.refused': 'failed',
  'transaction.dispute': 'dispute',
  'withdrawal.paid': 'withdrawal-paid',
};

/** A new dispatch of an event to an endpoint, and the job that makes its attempts (the first one at once). */
export async function dispatch(
  q: Queryable,
  d: { eventId: string; endpointId: string; url: string; source: 'automatic' | 'manual' },
  at: Date,
): Promise<string> {
  const row = await insertDispatch(q, d, at);
  // A delivery goes to the real world on its time, even for an event of a sandbox clock's job: never on the clock.
  await enqueueJob<WebhookJob>(q, { kind: 'webhook.deliver', payload: { dispatchId: row.id } }, { dedupeKey: `webhook.deliver:${row.id}`, maxAttempts: DELIVERY_ATTEMPTS, clockId: null });
  return row.id;
}
