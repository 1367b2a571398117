/**
 * The PaymentIntent of each authorization of a Stripe route (`stripe_intents`): recorded before any call with the
 * parameters of its creation and confirmation, its id once Stripe answered, and read as it stands now. What the
 * route's authorization, capture, cancel and refund share.
 */
import type Stripe from 'stripe';
import type { Queryable } from '../../db/types';
import type { AuthorizeResult } from '../provider';
import type { Failure } from './client';
import type { IntentParams, StripeMethod } from './transformers';

/** What every call of a route needs: its database, its id and its SDK client. */
export interface StripeCtx {
  db: Queryable;
  id: string;
  stripe: Stripe;
}

export interface IntentRow {
  intent_id: string | null;
  create_params: IntentParams;
  method: StripeMethod;
  /** The refusal an intent answered before it was canceled (a 3-D Secure challenge nobody can take). */
  refused: Extract<AuthorizeResult, { kind: 'declined' }> | null;
}

/** The route could not take the call: its reason, naming the route. */
export const unavailable = (id: string, f: Failure | string): { kind: 'unavailable'; reason: string } => ({
  kind: 'unavailable',
  reason: `route ${id}: ${typeof f === 'string' ? f : f.message}`,
});

export async function recorded(ctx: StripeCtx, key: string): Promise<IntentRow | null> {
  const res = await ctx.db.query<IntentRow>(`SELECT intent_id, create_params, method, refused FROM stripe_intents WHERE idempotency_key = $1`, [key]);
  return res.rows[0] ?? null;
}

/**
 * The id of the PaymentIntent of authorization `key`, creating it (again) under `{key}:create` when its creation
 * never answered: Stripe answers a repeated creation with the first one's intent, and a creation moves no money.
 */
export async function intentOf(ctx: StripeCtx, key: string, row: IntentRow): Promise<string> {
  if (row.intent_id) return row.intent_id;
  const pi = await ctx.stripe.paymentIntents.create(row.create_params.create, { idempotencyKey: `${key}:create` });
  await ctx.db.query(`UPDATE stripe_intents SET intent_id = $2 WHERE idempotency_key = $1 AND intent_id IS NULL`, [key, pi.id]);
  return pi.id;
}

/** The intent of an authorization that answered (a capture, a cancel, a refund stand on it). */
export async function existingIntent(ctx: StripeCtx, authorizeKey: string): Promise<{ id: string; method: StripeMethod } | null> {
  const row = await recorded(ctx, authorizeKey);
  if (!row) return null;
  return { id: await intentOf(ctx, authorizeKey, row), method: row.method };
}

/** The intent as it stands now, its charge expanded (its authorization code, what was refunded of it). */
export function fresh(ctx: StripeCtx, intentId: string): Promise<Stripe.PaymentIntent> {
  return ctx.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
}
