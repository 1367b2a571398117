/**
 * What the sandbox's event stream (`GET /v1/sandbox/events/stream`) reads: a merchant's events, and their resends
 * (`event_resends`, migration 029), in the stream's order, from a position, and the merchant's listen secret.
 *
 * The order is (tx, seq): the transaction that recorded the event, then the event's number within the table
 * (migration 026). A read returns only events whose transaction is older than every transaction still running: they
 * are committed (or rolled back) for good, so an event that commits late can never land before one already sent, and
 * a position is exact for resuming: no event is sent twice or skipped. The price is that an event waits, at most, for
 * the transactions that were running when it committed.
 */
import { createHmac } from 'node:crypto';
import { newId } from '../ids';
import type { StreamPosition } from '../db/stream-position';
import type { Queryable } from '../db/types';
import type { Scope } from '../core/tenancy';
import { deliveryBody } from './delivery';
import { RETENTION, type EventType } from './events-repo';
import type { Sealer } from './sealer';

/** One event as the stream sends it: `body` is the exact text a webhook endpoint is POSTed for it. */
export interface StreamedEvent {
  /** The message's own id: the event's id, or for a resend the resend's (`wbr_…`). */
  messageId: string;
  id: string;
  type: EventType;
  body: string;
  position: StreamPosition;
}

/**
 * The position just after the stream's message `messageId` (an event's `wbh_…`, or a resend's `wbr_…`), or null when
 * the scope has no such message kept now (the 30 days of `RETENTION`).
 */
export async function positionAfter(q: Queryable, scope: Scope, messageId: string): Promise<StreamPosition | null> {
  const table = messageId.startsWith('wbr_') ? 'event_resends' : 'events';
  const res = await q.query<{ tx: string; seq: string }>(
    `SELECT tx::text AS tx, seq::text AS seq FROM ${table}
      WHERE merchant_id = $1 AND mode = $2 AND id = $3 AND created_at > now() - ${RETENTION}`,
    [scope.merchantId, scope.mode, messageId],
  );
  const row = res.rows[0];
  return row ? { tx: row.tx, seq: row.seq, opened: null } : null;
}

/** Records a resend of `eventId` on the scope's stream, in the caller's transaction; answers its message id. */
export async function recordResend(q: Queryable, scope: Scope, eventId: string): Promise<string> {
  const id = newId('wbr');
  await q.query('INSERT INTO event_resends (id, event_id, merchant_id, mode) VALUES ($1, $2, $3, $4)', [id, eventId, scope.merchantId, scope.mode]);
  return id;
}

interface Row {
  message_id: string;
  id: string;
  type: EventType;
  payload: unknown;
  created_at: Date;
  tx: string;
  seq: string;
  resent: boolean;
}

/** The rows of one source (events, or resends joined to their event) after the position: $1…$7 of `eventsAfter`. */
const AFTER = `(e.tx, e.seq) > ($3::xid8, $4::bigint)
        AND e.tx < pg_snapshot_xmin(pg_current_snapshot())
        AND ($5::text IS NULL OR NOT pg_visible_in_snapshot(e.tx, $5::text::pg_snapshot))`;

/**
 * The scope's next events and resends after `from` in the stream's order, at most `limit`, of `types` only when given:
 * one query, each side on its `(merchant_id, mode, tx, seq)` index. Each carries the position after it.
 */
export async function eventsAfter(
  q: Queryable,
  scope: Scope,
  from: StreamPosition,
  types: readonly EventType[] | null,
  limit: number,
): Promise<StreamedEvent[]> {
  const res = await q.query<Row>(
    `SELECT message_id, id, type, payload, created_at, tx::text AS tx, seq::text AS seq, resent FROM (
       (SELECT e.id AS message_id, e.id, e.type, e.payload, e.created_at, e.tx, e.seq, false AS resent FROM events e
         WHERE e.merchant_id = $1 AND e.mode = $2 AND ${AFTER}
           AND ($6::text[] IS NULL OR e.type = ANY ($6::text[]))
         ORDER BY e.tx, e.seq LIMIT $7)
       UNION ALL
       (SELECT e.id, v.id, v.type, v.payload, v.created_at, e.tx, e.seq, true FROM event_resends e JOIN events v ON v.id = e.event_id
         WHERE e.merchant_id = $1 AND e.mode = $2 AND ${AFTER}
           AND ($6::text[] IS NULL OR v.type = ANY ($6::text[]))
         ORDER BY e.tx, e.seq LIMIT $7)
     ) AS m ORDER BY m.tx, m.seq LIMIT $7`,
    [scope.merchantId, scope.mode, from.tx, from.seq, from.opened, types, limit],
  );
  return res.rows.map((r) => ({
    messageId: r.message_id,
    id: r.id,
    type: r.type,
    // An event as it happened is `automatic`, as its first delivery is; a resend is `manual`, as an endpoint's is.
    body: deliveryBody({ id: r.id, type: r.type, payload: r.payload, createdAt: r.created_at }, r.resent ? 'manual' : 'automatic'),
    position: { tx: r.tx, seq: r.seq, opened: from.opened },
  }));
}

/**
 * The merchant's listen secret: what the CLI signs the deliveries it forwards with, in the form of an endpoint's
 * secret (`whsec_` and 24 bytes in base64). Derived from the service's secrets key, not stored: the same on every
 * connection and every instance, different for each merchant, and it reveals nothing of the secrets key. It changes
 * only when the operator changes `SECRETS_KEY`.
 */
export function listenSecret(sealer: Sealer, merchantId: string): string {
  const mac = createHmac('sha256', sealer.derive('sandbox-listen-secret')).update(merchantId, 'utf8').digest();
  return `whsec_${mac.subarray(0, 24).toString('base64')}`;
}
