/**
 * A Stripe event received on a route, however it was learnt (Stripe's notification, or the sweep's list of events),
 * moves our records through the same engine as the sandbox's simulator: a boleto or PIX paid is approved (receivables,
 * ledger, `transaction.approved`, the checkout and the billing cycle that follow it); a refund's new status is
 * confirmed by its `refund.confirm` job; a dispute opens, is won or lost (`chargeback`, with its ledger entries).
 * Exactly once: every event is kept in `stripe_events` under its id, written in the same database transaction as its
 * effect under the charge's row lock, so a repeated delivery, or a delivery and a sweep at once, does nothing. The
 * route reads Stripe's wire (`payments/stripe/transformers.ts`); this file sees only what the event tells.
 *
 * | event tells | found | outcome |
 * |---|---|---|
 * | paid (`payment_intent.succeeded`) | the charge pending or awaiting on this payment | `applied`: approved |
 * | paid | the charge's answer not recorded yet (the event came first) | `held`: applied by the next sweep |
 * | paid | the charge ended (canceled, failed), or stands on another payment | `review`: money to give back; a timeline note |
 * | paid | the charge approved on this payment already (a card's own answer), or pre-authorized | `noted` |
 * | a refund moved | refunds of ours on the payment still pending | `applied`: each refund's confirmation asked now |
 * | a refund failed | none of ours pending (a void's give-back, one made in Stripe's Dashboard) | `review`: a timeline note |
 * | a dispute opened, or an inquiry escalated | the charge approved | `applied`: dispute opened, its amount held; nothing left to hold: `review` |
 * | a dispute won or lost (a prevented one is won) | the charge in dispute (opened first when the opening has not come) | `applied`: `approved`, or `chargeback` |
 * | an inquiry, or anything else | | `noted` |
 * | any | no charge of ours has its payment | `unknown` |
 */
import type { Queryable } from '../../db/types';
import { ApiError } from '../../core/errors';
import type { StripeNews, StripeNotice } from '../../payments/stripe/transformers';
import { changeTransaction, type Change } from '../transactions/change';
import { closeDispute, openDispute } from '../transactions/disputes';
import { schedule, type Engine } from '../transactions/engine';
import { approve } from '../transactions/settle';
import { brl } from './receive';

export type StripeEventOutcome = 'applied' | 'noted' | 'held' | 'review' | 'unknown';
export type StripeEventSource = 'notification' | 'sweep';

/** What one event did: its outcome, or `repeated` when it had been recorded already (nothing done again). */
export interface StripeReceived {
  outcome: StripeEventOutcome | 'repeated';
  transactionId: string | null;
}

type Paid = Extract<StripeNews, { kind: 'paid' }>;
type Disputed = Extract<StripeNews, { kind: 'dispute' }>;

/** Our charge of a payment of the route: its transaction and the authorization key it was created under. */
async function chargeOf(q: Queryable, routeId: string, news: StripeNews): Promise<{ transactionId: string; key: string; intentId: string } | null> {
  if (!news.intentId) return null;
  const res = await q.query<{ transaction_id: string; idempotency_key: string }>(
    `SELECT transaction_id, idempotency_key FROM stripe_intents WHERE route_id = $1 AND intent_id = $2`,
    [routeId, news.intentId],
  );
  const r = res.rows[0];
  if (r) return { transactionId: r.transaction_id, key: r.idempotency_key, intentId: news.intentId };
  // The payment's creation answer not recorded yet (the event overtook it): its metadata names the key we created it
  // under, trusted only when our record of that key exists on this route.
  if (news.kind !== 'paid' || !news.authorizeKey) return null;
  const byKey = await q.query<{ transaction_id: string; idempotency_key: string }>(
    `SELECT transaction_id, idempotency_key FROM stripe_intents WHERE route_id = $1 AND idempotency_key = $2`,
    [routeId, news.authorizeKey],
  );
  const k = byKey.rows[0];
  return k ? { transactionId: k.transaction_id, key: k.idempotency_key, intentId: news.intentId } : null;
}

async function priorOf(q: Queryable, routeId: string, eventId: string): Promise<StripeEventOutcome | null> {
  const res = await q.query<{ outcome: StripeEventOutcome }>(`SELECT outcome FROM stripe_events WHERE route_id = $1 AND event_id = $2 FOR UPDATE`, [routeId, eventId]);
  return res.rows[0]?.outcome ?? null;
}

/** Keeps the event with what it did; a held one is updated when applied later. False when it was kept already. */
async function keep(q: Queryable, routeId: string, e: StripeNotice, transactionId: string | null, outcome: StripeEventOutcome, source: StripeEventSource): Promise<boolean> {
  const res = await q.query(
    `INSERT INTO stripe_events (route_id, event_id, type, intent_id, transaction_id, outcome, source, payload, created_at, received_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, to_timestamp($9), now(), now())
     ON CONFLICT (route_id, event_id) DO UPDATE SET outcome = EXCLUDED.outcome, source = EXCLUDED.source, updated_at = now()
       WHERE stripe_events.outcome = 'held'`,
    [routeId, e.id, e.type, e.news.intentId, transactionId, outcome, source, JSON.stringify(e), e.created],
  );
  return (res.rowCount ?? 0) > 0;
}

/** A boleto or PIX paid (or a card's own success, an echo of its answer). */
async function paid(c: Change, routeId: string, key: string, news: Paid): Promise<StripeEventOutcome> {
  const t = c.row;
  const route = t.processing.route;
  const onThis = route?.provider === routeId && route.key === key;
  const review = async (why: string) => {
    await c.timeline(
      'note',
      `Payment of ${brl(news.amount)} received at Stripe ${why}: kept for review (a card payment the service voided is given back by its void: see its refunds at Stripe before giving it back)`,
      { intent: news.intentId, route: routeId },
      `stripe-paid:${news.intentId}`,
    );
    return 'review' as const;
  };
  if (t.status === 'pending' || t.status === 'awaiting') {
    if (!route) return 'held';
    if (!onThis) return review('on a payment the charge does not stand on');
    if (news.amount !== t.amount) return review(`for a charge of ${brl(t.amount)}`);
    await approve(c, news.amount, news.chargeId ?? news.intentId);
    return 'applied';
  }
  // Money on a payment the charge does not stand on (one voided, or another route's), or after the charge ended.
  if (!onThis) return review('on a payment the charge does not stand on');
  if (t.status === 'canceled' || t.status === 'failed' || t.status === 'refused') return review(`after the charge was ${t.status}`);
  return 'noted';
}

async function disputed(c: Change, news: Disputed): Promise<StripeEventOutcome> {
  if (news.stage === 'inquiry') {
    await c.timeline('note', `Stripe reports an inquiry about the charge (${news.stripeReason}): no money held`, { dispute: news.disputeId }, `stripe-inquiry:${news.disputeId}`);
    return 'noted';
  }
  if (news.stage === 'other') return 'noted';
  const ours = await c.q.query<{ status: string }>(`SELECT status FROM disputes WHERE provider_dispute_id = $1`, [news.disputeId]);
  const known = ours.rows[0]?.status ?? null;
  if (known === 'won' || known === 'lost' || (known === 'open' && news.stage === 'opened')) return 'noted';
  if (known === null) {
    // Opened now, or (its closing came first) opened and closed at once, so the ledger holds both entries.
    try {
      await openDispute(c, { reason: news.reason, amount: news.amount, providerDisputeId: news.disputeId, ...(news.evidenceDueBy ? { evidenceDueBy: new Date(news.evidenceDueBy) } : {}) });
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'invalidTransition') throw err;
      // Nothing left to hold (refunded, or being refunded, in full), or the charge is not approved: an operator answers it.
      await c.timeline('note', `Stripe reports a dispute of ${brl(news.amount)} (${news.stripeReason}) the charge has nothing left to hold for: kept for review`, { dispute: news.disputeId }, `stripe-dispute:${news.disputeId}`);
      return 'review';
    }
  }
  if (news.stage === 'opened') return 'applied';
  await closeDispute(c, news.stage);
  return 'applied';
}

/**
 * Asks the refunds of ours on the payment still pending to confirm their status now (`refund.confirm`). A refund Stripe
 * failed that is none of them (a void's give-back, one made in Stripe's Dashboard, one of ours already confirmed) is
 * kept for review: money the payer was meant to have back did not go.
 */
async function refundsMoved(c: Change, routeId: string, intentId: string, e: StripeNotice & { news: { kind: 'refund' } }): Promise<StripeEventOutcome> {
  const res = await c.q.query<{ idempotency_key: string }>(
    `SELECT r.idempotency_key FROM stripe_refunds r JOIN refunds f ON f.id = r.idempotency_key
      WHERE r.route_id = $1 AND r.intent_id = $2 AND f.status = 'pending'`,
    [routeId, intentId],
  );
  for (const r of res.rows) {
    await schedule(c.q, { kind: 'refund.confirm', payload: { refundId: r.idempotency_key } }, undefined, `refund.confirm:${r.idempotency_key}:stripe:${e.id}`);
  }
  if (res.rows.length > 0) return 'applied';
  if (!e.news.failed) return 'noted';
  await c.timeline('note', `A refund at Stripe of this charge's payment failed (${e.news.refundId ?? 'no refund id'}): the money did not go back; kept for review`, { intent: intentId }, `stripe-refund-failed:${e.news.refundId ?? e.id}`);
  return 'review';
}

/** Under the charge's row lock: what the event does to it and to what hangs on it. */
function decide(c: Change, routeId: string, charge: { key: string; intentId: string }, e: StripeNotice): Promise<StripeEventOutcome> {
  switch (e.news.kind) {
    case 'paid':
      return paid(c, routeId, charge.key, e.news);
    case 'refund':
      return refundsMoved(c, routeId, charge.intentId, { ...e, news: e.news });
    case 'dispute':
      return disputed(c, e.news);
    case 'other':
      return Promise.resolve('noted');
  }
}

/** Applies one event of route `routeId` (the file's header): once, whatever repeats it. */
export async function receiveStripeEvent(engine: Pick<Engine, 'db' | 'wake'>, routeId: string, e: StripeNotice, source: StripeEventSource): Promise<StripeReceived> {
  const charge = await chargeOf(engine.db, routeId, e.news);
  if (!charge) {
    const kept = await keep(engine.db, routeId, e, null, 'unknown', source);
    return { outcome: kept ? 'unknown' : 'repeated', transactionId: null };
  }
  const { transactionId } = charge;
  const out = await changeTransaction(engine.db, { id: transactionId }, async (c): Promise<StripeReceived> => {
    const prior = await priorOf(c.q, routeId, e.id);
    if (prior !== null && prior !== 'held') return { outcome: 'repeated', transactionId };
    const outcome = await decide(c, routeId, charge, e);
    if (outcome === 'held' && prior === 'held') return { outcome: 'held', transactionId };
    await keep(c.q, routeId, e, transactionId, outcome, source);
    return { outcome, transactionId };
  });
  if (!out) throw new Error(`the charge ${transactionId} of Stripe's ${charge.intentId} vanished`);
  if (out.value.outcome === 'applied') engine.wake();
  return out.value;
}

/** The events of the route still `held` (their charge's answer was not recorded yet): the sweep applies them again. */
export async function heldEvents(q: Queryable, routeId: string): Promise<StripeNotice[]> {
  const res = await q.query<{ payload: StripeNotice }>(
    `SELECT payload FROM stripe_events WHERE route_id = $1 AND outcome = 'held' ORDER BY created_at LIMIT 500`,
    [routeId],
  );
  return res.rows.map((r) => r.payload);
}
