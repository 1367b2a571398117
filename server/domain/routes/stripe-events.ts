/**
 * A Stripe event received on a route, however it was learnt (Stripe's notification, or the sweep's list of events),
 * moves our records through the same engine as the sandbox's simulator: a boleto or PIX paid is approved (receivables,
 * ledger, `transaction.approved`, the checkout and the billing cycle that follow it); a refund's new status is
 * confirmed by its `refund.confirm` job; a dispute opens, is won or lost (`chargeback`, with its ledger entries).
 * Exactly once: every event is kept in `stripe_events` under its id, written in the same database transaction as its
 * effect under the charge's row lock, so a repeated delivery, or a delivery and a sweep at once, does nothing.
 *
 * | event | found | outcome |
 * |---|---|---|
 * | `payment_intent.succeeded` | the charge pending or awaiting on this intent | `applied`: approved |
 * | `payment_intent.succeeded` | the charge's answer not recorded yet (the event came first) | `held`: applied by the next sweep |
 * | `payment_intent.succeeded` | the charge approved already (a card's own answer), captured, or ended | `noted` (a timeline entry when the charge had ended: money to give back) |
 * | `charge.refunded`, `charge.refund.updated`, `refund.*` | refunds of ours on the intent | `applied`: each refund's confirmation asked now |
 * | `charge.dispute.created` | the charge approved | `applied`: dispute opened, its amount held |
 * | `charge.dispute.closed` (`won`, `lost`) | the charge in dispute (opened first when the creation has not come) | `applied`: `approved`, or `chargeback` |
 * | any other, or an inquiry (`warning_*`) | | `noted` |
 * | any | no charge of ours has its intent | `unknown` |
 */
import type Stripe from 'stripe';
import type { Queryable } from '../../db/types';
import type { DisputeReason } from '../transactions/ledger-repo';
import { changeTransaction, type Change } from '../transactions/change';
import { closeDispute, openDispute } from '../transactions/disputes';
import { schedule, type Engine } from '../transactions/engine';
import { approve } from '../transactions/settle';

export type StripeEventOutcome = 'applied' | 'noted' | 'held' | 'unknown';
export type StripeEventSource = 'notification' | 'sweep';

/** What one event did: its outcome, or `repeated` when it had been recorded already (nothing done again). */
export interface StripeReceived {
  outcome: StripeEventOutcome | 'repeated';
  transactionId: string | null;
}

const brl = (cents: number) => `BRL ${(cents / 100).toFixed(2)}`;

/** Stripe's dispute reasons in our words (`Dispute.reason`); `general` for the rest. */
const REASONS: Record<string, DisputeReason> = {
  fraudulent: 'fraudulent',
  unrecognized: 'unrecognized',
  duplicate: 'duplicate',
  product_not_received: 'product-not-received',
  product_unacceptable: 'product-unacceptable',
  credit_not_processed: 'credit-not-processed',
};

const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);

/** The PaymentIntent an event is about: the object itself, or the one its charge, refund or dispute belongs to. */
function intentOf(event: Stripe.Event): string | null {
  const o = event.data.object as { object?: string; id?: string; payment_intent?: string | { id: string } | null };
  if (o.object === 'payment_intent') return o.id ?? null;
  return idOf(o.payment_intent);
}

/** Our charge of an intent of the route: its transaction and the authorization key it was created under. */
async function chargeOf(q: Queryable, routeId: string, intentId: string | null, event: Stripe.Event): Promise<{ transactionId: string; key: string } | null> {
  if (!intentId) return null;
  const res = await q.query<{ transaction_id: string; idempotency_key: string }>(
    `SELECT transaction_id, idempotency_key FROM stripe_intents WHERE route_id = $1 AND intent_id = $2`,
    [routeId, intentId],
  );
  const r = res.rows[0];
  if (r) return { transactionId: r.transaction_id, key: r.idempotency_key };
  // The intent's creation answer not recorded yet (the event overtook it): its metadata names the key we created it
  // under, which is only trusted when our record of that key exists on this route.
  const meta = (event.data.object as { metadata?: Record<string, string> }).metadata;
  if (!meta?.authorize_key) return null;
  const byKey = await q.query<{ transaction_id: string; idempotency_key: string }>(
    `SELECT transaction_id, idempotency_key FROM stripe_intents WHERE route_id = $1 AND idempotency_key = $2`,
    [routeId, meta.authorize_key],
  );
  const k = byKey.rows[0];
  return k ? { transactionId: k.transaction_id, key: k.idempotency_key } : null;
}

async function priorOf(q: Queryable, routeId: string, eventId: string): Promise<StripeEventOutcome | null> {
  const res = await q.query<{ outcome: StripeEventOutcome }>(`SELECT outcome FROM stripe_events WHERE route_id = $1 AND event_id = $2 FOR UPDATE`, [routeId, eventId]);
  return res.rows[0]?.outcome ?? null;
}

/** Keeps the event with what it did; a held one is updated when applied later. False when it was kept already. */
async function keep(q: Queryable, routeId: string, event: Stripe.Event, transactionId: string | null, outcome: StripeEventOutcome, source: StripeEventSource): Promise<boolean> {
  const res = await q.query(
    `INSERT INTO stripe_events (route_id, event_id, type, object_id, transaction_id, outcome, source, payload, created_at, received_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, to_timestamp($9), now(), now())
     ON CONFLICT (route_id, event_id) DO UPDATE SET outcome = EXCLUDED.outcome, source = EXCLUDED.source, updated_at = now()
       WHERE stripe_events.outcome = 'held'`,
    [routeId, event.id, event.type, idOf(event.data.object as { id: string }), transactionId, outcome, source, JSON.stringify(event), event.created],
  );
  return (res.rowCount ?? 0) > 0;
}

/** A boleto or PIX paid (or a card's own success, an echo of its answer). */
async function succeeded(c: Change, routeId: string, key: string, pi: Stripe.PaymentIntent): Promise<StripeEventOutcome> {
  const t = c.row;
  const route = t.processing.route;
  if (t.status === 'pending' || t.status === 'awaiting') {
    if (!route) return 'held';
    if (route.provider !== routeId || route.key !== key) {
      await c.timeline('note', `Payment of ${brl(pi.amount_received)} received at Stripe on a payment the charge no longer stands on: kept for review`, { intent: pi.id, route: routeId }, `stripe-paid:${pi.id}`);
      return 'noted';
    }
    if (pi.amount_received !== t.amount) {
      await c.timeline('note', `Payment of ${brl(pi.amount_received)} received at Stripe for a charge of ${brl(t.amount)}: not approved, kept for review`, { intent: pi.id, route: routeId }, `stripe-paid:${pi.id}`);
      return 'noted';
    }
    await approve(c, pi.amount_received, idOf(pi.latest_charge) ?? pi.id);
    return 'applied';
  }
  if (t.status === 'canceled' || t.status === 'failed' || t.status === 'refused') {
    // Money arrived for a charge that ended: it is not taken, an operator gives it back.
    await c.timeline('note', `Payment of ${brl(pi.amount_received)} received at Stripe after the charge was ${t.status}: kept for review, to be refunded`, { intent: pi.id, route: routeId }, `stripe-paid:${pi.id}`);
  }
  return 'noted';
}

async function disputed(c: Change, event: Stripe.Event): Promise<StripeEventOutcome> {
  const d = event.data.object as Stripe.Dispute;
  // An inquiry (`warning_needs_response`, `warning_closed`) moves no money: it is only noted.
  if (d.status.startsWith('warning')) {
    await c.timeline('note', `Stripe reports an inquiry about the charge (${d.reason}): no money held`, { dispute: d.id, status: d.status }, `stripe-inquiry:${d.id}:${d.status}`);
    return 'noted';
  }
  const ours = await c.q.query<{ status: string }>(`SELECT status FROM disputes WHERE provider_dispute_id = $1`, [d.id]);
  const known = ours.rows[0]?.status ?? null;
  const open = () =>
    openDispute(c, {
      reason: REASONS[d.reason] ?? 'general', amount: d.amount, providerDisputeId: d.id,
      ...(d.evidence_details?.due_by ? { evidenceDueBy: new Date(d.evidence_details.due_by * 1000) } : {}),
    });
  if (event.type === 'charge.dispute.created') {
    if (known !== null || c.row.status !== 'approved') return 'noted';
    await open();
    return 'applied';
  }
  const outcome = d.status === 'won' ? 'won' : d.status === 'lost' ? 'lost' : null;
  if (event.type === 'charge.dispute.closed' && outcome) {
    if (known === 'won' || known === 'lost') return 'noted';
    // Closed before its creation reached us: opened and closed at once, so the ledger holds both entries.
    if (known === null) {
      if (c.row.status !== 'approved') return 'noted';
      await open();
    }
    if (c.row.status !== 'dispute') return 'noted';
    await closeDispute(c, outcome);
    return 'applied';
  }
  return 'noted';
}

/** Asks the refunds of ours on the intent to confirm their status now (their `refund.confirm`), not at their next poll. */
async function refundsMoved(c: Change, routeId: string, intentId: string, eventId: string): Promise<StripeEventOutcome> {
  const res = await c.q.query<{ idempotency_key: string }>(
    `SELECT r.idempotency_key FROM stripe_refunds r JOIN refunds f ON f.id = r.idempotency_key
      WHERE r.route_id = $1 AND r.intent_id = $2 AND f.status = 'pending'`,
    [routeId, intentId],
  );
  for (const r of res.rows) {
    await schedule(c.q, { kind: 'refund.confirm', payload: { refundId: r.idempotency_key } }, undefined, `refund.confirm:${r.idempotency_key}:stripe:${eventId}`);
  }
  return res.rows.length > 0 ? 'applied' : 'noted';
}

/** Under the charge's row lock: what the event does to it and to what hangs on it. */
function decide(c: Change, routeId: string, charge: { key: string }, event: Stripe.Event, intentId: string): Promise<StripeEventOutcome> {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return succeeded(c, routeId, charge.key, event.data.object as Stripe.PaymentIntent);
    case 'charge.refunded':
    case 'charge.refund.updated':
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
      return refundsMoved(c, routeId, intentId, event.id);
    case 'charge.dispute.created':
    case 'charge.dispute.closed':
      return disputed(c, event);
    default:
      return Promise.resolve('noted');
  }
}

/** Applies one event of route `routeId` (the file's header): once, whatever repeats it. */
export async function receiveStripeEvent(engine: Pick<Engine, 'db' | 'wake'>, routeId: string, event: Stripe.Event, source: StripeEventSource): Promise<StripeReceived> {
  const intentId = intentOf(event);
  const charge = await chargeOf(engine.db, routeId, intentId, event);
  if (!charge || !intentId) {
    const kept = await keep(engine.db, routeId, event, null, 'unknown', source);
    return { outcome: kept ? 'unknown' : 'repeated', transactionId: null };
  }
  const { transactionId } = charge;
  const out = await changeTransaction(engine.db, { id: transactionId }, async (c): Promise<StripeReceived> => {
    const prior = await priorOf(c.q, routeId, event.id);
    if (prior !== null && prior !== 'held') return { outcome: 'repeated', transactionId };
    const outcome = await decide(c, routeId, charge, event, intentId);
    if (outcome === 'held' && prior === 'held') return { outcome: 'held', transactionId };
    await keep(c.q, routeId, event, transactionId, outcome, source);
    return { outcome, transactionId };
  });
  if (!out) throw new Error(`the charge ${transactionId} of Stripe's ${intentId} vanished`);
  if (out.value.outcome === 'applied') engine.wake();
  return out.value;
}

/** The events of the route still `held` (their charge's answer was not recorded yet): the sweep applies them again. */
export async function heldEvents(q: Queryable, routeId: string): Promise<Stripe.Event[]> {
  const res = await q.query<{ payload: Stripe.Event }>(
    `SELECT payload FROM stripe_events WHERE route_id = $1 AND outcome = 'held' ORDER BY created_at LIMIT 500`,
    [routeId],
  );
  return res.rows.map((r) => r.payload);
}
