/**
 * What a Stripe route does after an authorization answered: capture, cancel (and the engine's voids and releases),
 * refund and its confirmation, each on the PaymentIntent the authorization recorded (`intents.ts`). How Stripe's
 * answers read for each is the table of route.ts.
 */
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import type { CancelResult, CaptureResult, ProviderCharge, RefundResult, RefundStatusResult } from '../provider';
import { didNothing, failureOf } from './client';
import { existingIntent, fresh, unavailable, type StripeCtx } from './intents';
import { refundOf, UnexpectedAnswer, type StripeMethod } from './transformers';

/**
 * A capture or cancel Stripe answered with a 5xx although the intent shows nothing done: Stripe keeps that answer
 * under its key for 24 hours, so the call is made once more under a key of its own. Safe: Stripe refuses a second
 * capture or cancel by the intent's state, whichever call got there first.
 */
function againKey(key: string): string {
  return `${key}:again:${randomBytes(6).toString('hex')}`;
}

/**
 * Gives back in full a card payment charged under a key being voided (its answer stands on nothing): done when the
 * charge is already refunded in full (an earlier void or release of the same payment), else refunded under
 * `{key}:refund`. A refund Stripe failed is no void: thrown, asked again.
 */
async function giveBack(ctx: StripeCtx, pi: Stripe.PaymentIntent, key: string): Promise<CancelResult> {
  const charge = typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  if (charge && charge.amount_refunded >= charge.amount_captured) return { kind: 'canceled' };
  try {
    const r = await ctx.stripe.refunds.create({ payment_intent: pi.id, reason: 'duplicate', metadata: { void: key.slice(0, 500) } }, { idempotencyKey: `${key}:refund` });
    if (refundOf(r).kind === 'failed') throw new UnexpectedAnswer(`route ${ctx.id}: Stripe failed the refund ${r.id} of the voided payment ${pi.id}`);
    return { kind: 'canceled' };
  } catch (err) {
    if (err instanceof UnexpectedAnswer) throw err;
    const f = failureOf(err);
    if (didNothing(f)) return unavailable(ctx.id, f);
    // Refunded meanwhile (charge_already_refunded): read it again.
    if (f.kind === 'refused' && (await fresh(ctx, pi.id).then((p) => typeof p.latest_charge === 'object' && p.latest_charge !== null && p.latest_charge.amount_refunded >= p.latest_charge.amount_captured))) {
      return { kind: 'canceled' };
    }
    throw err;
  }
}

/** The refund of ours under `key` on the intent, found among the intent's refunds by its metadata; null when none. */
async function findRefund(ctx: StripeCtx, intentId: string, key: string): Promise<Stripe.Refund | null> {
  for await (const r of ctx.stripe.refunds.list({ payment_intent: intentId, limit: 100 })) {
    if (r.metadata?.refund_id === key.slice(0, 500)) return r;
  }
  return null;
}

/** The refund of `amount` of the intent under our refund's key; the same parameters on every retry. */
async function createRefund(ctx: StripeCtx, key: string, intentId: string, amount: number): Promise<Stripe.Refund> {
  return remember(ctx, key, await ctx.stripe.refunds.create({ payment_intent: intentId, amount, metadata: { refund_id: key.slice(0, 500) } }, { idempotencyKey: key }));
}

async function remember(ctx: StripeCtx, key: string, r: Stripe.Refund): Promise<Stripe.Refund> {
  await ctx.db.query(`UPDATE stripe_refunds SET refund_id = $2 WHERE idempotency_key = $1 AND refund_id IS NULL`, [key, r.id]);
  return r;
}

/** A capture of what the authorization under `req.authorizeKey` reserved (the table of route.ts). */
export async function capture(ctx: StripeCtx, req: ProviderCharge & { authorizeKey: string }): Promise<CaptureResult> {
  const intent = await existingIntent(ctx, req.authorizeKey);
  if (!intent) return { kind: 'declined', message: `route ${ctx.id} has no authorization under this charge` };
  try {
    const pi = await ctx.stripe.paymentIntents.capture(intent.id, { amount_to_capture: req.amount }, { idempotencyKey: req.idempotencyKey });
    if (pi.status === 'succeeded') return { kind: 'captured' };
    throw new UnexpectedAnswer(`route ${ctx.id}: the payment ${pi.id} is ${pi.status} after its capture`);
  } catch (err) {
    if (err instanceof UnexpectedAnswer) throw err;
    const f = failureOf(err);
    if (didNothing(f)) return unavailable(ctx.id, f);
    if (f.kind === 'no-answer') throw err;
    if (f.kind === 'card') return { kind: 'declined', message: f.message };
    if (f.kind === 'in-flight') throw err;
    // A refusal or a 5xx, which Stripe keeps under the key: the intent as it stands says what happened.
    const pi = await ctx.stripe.paymentIntents.retrieve(intent.id);
    if (pi.status === 'succeeded' && pi.amount_received === req.amount) return { kind: 'captured' };
    if (f.kind === 'server-error' && pi.status === 'requires_capture') {
      try {
        const again = await ctx.stripe.paymentIntents.capture(intent.id, { amount_to_capture: req.amount }, { idempotencyKey: againKey(req.idempotencyKey) });
        if (again.status === 'succeeded') return { kind: 'captured' };
      } catch (retryErr) {
        const g = failureOf(retryErr);
        if (didNothing(g)) return unavailable(ctx.id, g);
        if (g.kind !== 'refused') throw retryErr;
      }
      // Refused (the first capture went through late, say): the intent as it stands says which.
      const now = await ctx.stripe.paymentIntents.retrieve(intent.id);
      if (now.status === 'succeeded' && now.amount_received === req.amount) return { kind: 'captured' };
      if (now.status === 'requires_capture') return unavailable(ctx.id, f);
      throw new UnexpectedAnswer(`route ${ctx.id}: the payment ${now.id} is ${now.status} (${now.amount_received} received) after a capture of ${req.amount}`);
    }
    return { kind: 'declined', message: `Stripe holds the payment as ${pi.status}: ${f.message}` };
  }
}

/** A cancel (or void, or release) of what the authorization under `req.authorizeKey` made (the table of route.ts). */
export async function cancel(ctx: StripeCtx, req: ProviderCharge & { authorizeKey: string }): Promise<CancelResult> {
  let intent: { id: string; method: StripeMethod } | null;
  try {
    intent = await existingIntent(ctx, req.authorizeKey);
  } catch (err) {
    const f = failureOf(err);
    if (didNothing(f) || f.kind === 'server-error') return unavailable(ctx.id, f);
    throw err;
  }
  // Nothing was ever sent under the key (its record is written before the first call): canceling nothing succeeds.
  if (!intent) return { kind: 'canceled' };
  /** What the intent as it stands means for the cancel; null when it can still be canceled. */
  const standing = async (): Promise<CancelResult | null> => {
    const now = await fresh(ctx, intent.id);
    if (now.status === 'canceled') return { kind: 'canceled' };
    // A boleto or PIX the payer paid that Stripe is still confirming (a boleto paid on its last day) is not
    // canceled under the payment: asked again later, it has succeeded (its event approves the charge) or lapsed.
    if (now.status === 'processing') return unavailable(ctx.id, `the payer's payment of ${now.id} is being confirmed at Stripe`);
    if (now.status !== 'succeeded') return null;
    // Paid before the cancel reached Stripe: a boleto or PIX the payer paid is not undone here (its payment
    // arrives as an event); a card charged under a key being voided is given back in full.
    if (intent.method !== 'credit') return { kind: 'declined', message: `the payer paid ${now.id} at Stripe before it could be canceled` };
    return giveBack(ctx, now, req.idempotencyKey);
  };
  try {
    if (intent.method !== 'credit') {
      const known = await standing();
      if (known) return known;
    }
    await ctx.stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'requested_by_customer' }, { idempotencyKey: req.idempotencyKey });
    return { kind: 'canceled' };
  } catch (err) {
    if (err instanceof UnexpectedAnswer) throw err;
    const f = failureOf(err);
    if (didNothing(f)) return unavailable(ctx.id, f);
    if (f.kind === 'no-answer' || f.kind === 'in-flight' || f.kind === 'card') throw err;
    // Refused (the intent moved on) or a 5xx kept under the key: the intent as it stands now decides, never the
    // state a replayed refusal carries.
    const known = await standing();
    if (known) return known;
    if (f.kind === 'server-error') {
      try {
        await ctx.stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'requested_by_customer' }, { idempotencyKey: againKey(req.idempotencyKey) });
        return { kind: 'canceled' };
      } catch (retryErr) {
        const g = failureOf(retryErr);
        if (g.kind === 'no-answer' || g.kind === 'in-flight') throw retryErr;
        return (await standing()) ?? unavailable(ctx.id, f);
      }
    }
    throw new UnexpectedAnswer(`route ${ctx.id}: the payment ${intent.id} could not be canceled: ${f.message}`);
  }
}

/** A refund of the payment of the authorization under `req.authorizeKey`, under our refund's id as its key. */
export async function refund(ctx: StripeCtx, req: ProviderCharge & { authorizeKey: string }): Promise<RefundResult> {
  const intent = await existingIntent(ctx, req.authorizeKey);
  if (!intent) return { kind: 'failed', reason: `route ${ctx.id} holds no payment for ${req.transactionId} to refund` };
  const first = await ctx.db.query(
    `INSERT INTO stripe_refunds (idempotency_key, route_id, intent_id, amount, created_at) VALUES ($1, $2, $3, $4, now()) ON CONFLICT DO NOTHING RETURNING 1`,
    [req.idempotencyKey, ctx.id, intent.id, req.amount],
  );
  try {
    // Sent before (a re-send): the refund Stripe made then is the answer, even once Stripe forgot the key (24 h).
    const made = first.rows.length === 0 ? await findRefund(ctx, intent.id, req.idempotencyKey) : null;
    const r = made ? await remember(ctx, req.idempotencyKey, made) : await createRefund(ctx, req.idempotencyKey, intent.id, req.amount);
    const now = refundOf(r);
    return now.kind === 'failed' ? { kind: 'failed', reason: now.reason } : now;
  } catch (err) {
    const f = failureOf(err);
    if (didNothing(f)) return unavailable(ctx.id, f);
    // Refused (more than is left, a boleto, which Stripe cannot refund): nothing was returned, refundable again.
    if (f.kind === 'refused' || f.kind === 'card') return { kind: 'failed', reason: `Stripe refused the refund: ${f.message}` };
    if (f.kind === 'server-error') {
      const made = await findRefund(ctx, intent.id, req.idempotencyKey);
      if (made) return refundOf(await remember(ctx, req.idempotencyKey, made));
    }
    // No answer Stripe stands behind (a 5xx's outcome is Stripe's to settle): uncertain, so the refund stays
    // pending and its amount reserved; its confirmation finds it among the payment's refunds, or asks again.
    throw err;
  }
}

/** Where a refund answered `pending` stands now. */
export async function refundStatus(ctx: StripeCtx, req: { idempotencyKey: string }): Promise<RefundStatusResult> {
  const res = await ctx.db.query<{ intent_id: string; amount: string; refund_id: string | null }>(
    `SELECT intent_id, amount::text AS amount, refund_id FROM stripe_refunds WHERE idempotency_key = $1`,
    [req.idempotencyKey],
  );
  const row = res.rows[0];
  if (!row) return { kind: 'failed', reason: `route ${ctx.id} never asked Stripe for this refund` };
  try {
    if (row.refund_id) return refundOf(await ctx.stripe.refunds.retrieve(row.refund_id));
    // Its creation never answered: found among the intent's refunds, or (none made) asked again under its key.
    const made = await findRefund(ctx, row.intent_id, req.idempotencyKey);
    return refundOf(made ? await remember(ctx, req.idempotencyKey, made) : await createRefund(ctx, req.idempotencyKey, row.intent_id, Number(row.amount)));
  } catch (err) {
    const f = failureOf(err);
    if (f.kind === 'refused' && !row.refund_id) return { kind: 'failed', reason: `Stripe refused the refund: ${f.message}` };
    return { kind: 'pending' };
  }
}
