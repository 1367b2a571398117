/**
 * Creating a subscription: everything that can be refused is checked with reads only (plan, clock, payment method,
 * card, payer, dunning); the card is exchanged once for the provider's reusable token; then one database
 * transaction writes the new payer if there is one, the subscription, its split rule (checked there, since it is
 * checked against the subscription row), its first cycle, `subscription.created` and the jobs that start the trial
 * and charge the first cycle. Nothing is charged during the request.
 */
import type { components } from '../../../generated/schema';
import type { Queryable } from '../../db/types';
import { requireSandbox, type Merchant, type Scope } from '../../core/tenancy';
import { ApiError } from '../../core/errors';
import { newId } from '../../ids';
import type { PaymentMethod } from '../../payments/provider';
import { requireClock } from '../clock/service';
import { enqueueOn, timeOf } from '../clock/time';
import { decidePayer, payerFacts, writePayer, type PayerDecision, type PayerFacts } from '../customers/payer';
import { getCustomer } from '../customers/service';
import { feeFor, noRateMessage } from '../fees/plan';
import { saoPauloDate, startOfSaoPauloDay } from '../../core/calendar';
import { planFor } from '../fees/service';
import { detectBrand } from '../../payments/card';
import { methodOf } from '../../payments/methods';
import { checkCard } from '../../payments/methods/card';
import { NO_RECOVERY, type Recovery } from '../recovery';
import { typedPayer, type CheckoutStart } from '../transactions/create';
import type { Engine } from '../transactions/engine';
import { anchorFrom, period, trialEnd, type TrialInterval } from './calendar';
import { dunningFor } from './dunning';
import { emitSubscription } from './events';
import type { SubscriptionJob } from './job-types';
import { cadenceOf, scheduleCharge } from './lifecycle';
import { recurringPlanOf, type RecurringPlan } from '../catalog/plan';
import { daysTrialOf } from '../catalog/pricing';
import { writeInitialSplits } from '../splits/service';
import type { SubscriptionForSplits } from '../splits/repo';
import * as repo from './repo';

type CreateSubscriptionRequest = components['schemas']['CreateSubscriptionRequest'];
type PaymentInput = components['schemas']['SubscriptionPaymentInput'];

const unprocessable = (message: string, params: Record<string, string>[]) =>
  new ApiError('unprocessableEntity', { resource: 'subscription', message, params });

type Plan = Omit<RecurringPlan, 'variantId' | 'currency'>;

/** The plan of the request: the variant's, or the one given. */
async function planOf(q: Queryable, scope: Scope, body: CreateSubscriptionRequest): Promise<Plan> {
  if (body.variantId) {
    try {
      return await recurringPlanOf(q, scope, body.variantId);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'variantNotFound') throw unprocessable(`Variant ${body.variantId} was not found.`, [{ variantId: 'names no variant' }]);
      throw err;
    }
  }
  const p = body.plan!;
  const count = p.trialIntervalCount ?? 0;
  const trial = { trialInterval: count > 0 ? (p.trialInterval ?? 'day') : null, trialIntervalCount: count };
  return {
    amount: p.amount, billingFrequency: p.billingFrequency, billingFrequencyCount: p.billingFrequencyCount ?? 1,
    billingExactDay: p.billingExactDay ?? null, cycles: p.cycles ? p.cycles : null,
    ...trial, daysTrial: daysTrialOf(trial), billingType: 'prepaid',
  };
}

/** A method that takes a card needs one and the others none (400, like the schema's other shape errors); a card is checked (422). */
export function checkPayment(p: PaymentInput, now: Date): void {
  const takesCard = methodOf(p.method).takesCard;
  if (takesCard && !p.card) throw new ApiError('invalidParameters', { params: [{ 'payment[card]': `is required for ${p.method}` }] });
  if (!takesCard && p.card) throw new ApiError('invalidParameters', { params: [{ 'payment[card]': `is not accepted for ${p.method}` }] });
  if (p.card) checkCard(p.card, now);
}

async function payerOf(q: Queryable, scope: Scope, body: CreateSubscriptionRequest, now: Date): Promise<PayerDecision> {
  if (body.customer) return decidePayer(q, scope, body.customer, now);
  const id = body.customerId!;
  try {
    return { kind: 'existing', customer: await getCustomer(q, scope, id) };
  } catch (err) {
    if (err instanceof ApiError && err.code === 'customerNotFound') throw unprocessable(`Customer ${id} was not found.`, [{ customerId: 'names no customer' }]);
    throw err;
  }
}

export function checkPayer(payer: PayerFacts, method: PaymentMethod): void {
  if (!payer.available) throw unprocessable(`Customer ${payer.id} is retired (available: false).`, [{ customer: 'is retired' }]);
  const rule = methodOf(method).payerDocument;
  if (rule && !payer.document) throw unprocessable(rule.message, [{ 'customer[document]': rule.reason }]);
}

/** What a split rule is checked against: the subscription's amount, method and card brand as they now stand. */
export function splitsTargetOf(s: repo.SubscriptionRow): SubscriptionForSplits {
  return { id: s.id, merchantId: s.merchant_id, status: s.status, amount: s.amount, method: s.payment_method, brand: s.card?.brand ?? null };
}

/** The test clock of a sandbox request, with its time; 403 with a production key, 422 when it is not the merchant's. */
async function clockOf(q: Queryable, scope: Scope, clockId: string | undefined): Promise<{ id: string; now: Date } | null> {
  if (!clockId) return null;
  requireSandbox(scope, 'clockId needs a sandbox key.');
  try {
    return await requireClock(q, scope, clockId);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'sandboxClockNotFound') throw unprocessable(`Test clock ${clockId} was not found.`, [{ clockId: 'names no test clock' }]);
    throw err;
  }
}

/** `checkout`: a recurring payment link's subscription, whose first cycle's charge is tagged with the link and session. */
export async function createSubscription(
  engine: Engine,
  scope: Scope,
  merchant: Merchant,
  body: CreateSubscriptionRequest,
  recovery: Recovery = NO_RECOVERY,
  checkout?: CheckoutStart,
): Promise<repo.SubscriptionRow> {
  const db = engine.db;
  const method = body.payment.method;
  const clock = await clockOf(db, scope, body.clockId);
  const clockId = clock?.id ?? null;
  // The payer is not on the clock: a customer is created, and its birthdate checked, at the wall clock's time.
  const wall = await timeOf(db, null);
  const now = clock?.now ?? wall;
  checkPayment(body.payment, new Date());
  const plan = await planOf(db, scope, body);
  if (plan.billingExactDay !== null && plan.billingFrequency !== 'monthly' && plan.billingFrequency !== 'yearly') {
    throw unprocessable('billingExactDay applies to monthly and yearly plans only.', [{ 'plan[billingExactDay]': 'needs a monthly or yearly plan' }]);
  }
  const dunning = dunningFor(method, body.dunning ?? {});
  engine.orchestrator.routesFor(scope.mode, method);
  // Every cycle is charged at this amount by this method: a method the fee plan has no rate for is refused now.
  const brand = body.payment.card ? detectBrand(body.payment.card.number) : null;
  const fee = feeFor(await planFor(db, scope.merchantId), { method, installments: 1, brand, amount: plan.amount });
  if (fee.kind === 'noRate') throw unprocessable(noRateMessage(fee), [{ 'payment[method]': 'has no rate in the fee plan' }]);
  const payer = await payerOf(db, scope, body, wall);
  checkPayer(payerFacts(payer), method);
  // The card's one trip: to the vault, for the reusable token every cycle is charged from.
  const card = body.payment.card ? await engine.orchestrator.vault(scope.mode).tokenize(body.payment.card) : null;

  const today = saoPauloDate(now);
  const trial =
    plan.trialInterval && plan.trialIntervalCount > 0
      ? trialEnd(today, plan.trialInterval as TrialInterval, plan.trialIntervalCount)
      : plan.daysTrial > 0
        ? trialEnd(today, 'day', plan.daysTrial)
        : null;
  const anchor = anchorFrom(trial ?? today, plan.billingExactDay);
  const id = newId('subs');
  const row = await db.transaction(async (q) => {
    if (checkout) await checkout.claim(q, id);
    const { customer, created } = await writePayer(q, scope, payer, wall);
    if (!created) checkPayer(customer, method);
    const s = await repo.insertSubscription(q, scope, {
      id, customer_id: customer.id, variant_id: body.variantId ?? null, status: 'pending', amount: plan.amount,
      payment_method: method, card, billing_frequency: plan.billingFrequency, billing_frequency_count: plan.billingFrequencyCount,
      billing_exact_day: plan.billingExactDay, total_cycles: plan.cycles, trial_ends_at: trial ? startOfSaoPauloDay(trial) : null,
      next_billing_at: null, clock_id: clockId, billing_anchor: anchor, anchor_day: plan.billingExactDay ?? Number(anchor.slice(8)),
      dunning, metadata: body.metadata ?? {}, created_at: now,
      ...(checkout
        ? { checkout: { paymentLinkId: checkout.paymentLinkId, checkoutSessionId: checkout.checkoutSessionId, payer: body.customer ? typedPayer(body.customer) : null } }
        : {}),
    });
    // The split rule is written with the subscription: a rule that cannot be applied rolls the whole creation back.
    if (body.splits && body.splits.length > 0) await writeInitialSplits(q, scope, splitsTargetOf(s), body.splits);
    const first = period(anchor, cadenceOf(s), 0);
    const c = await repo.insertCycle(q, s, { id: newId('scy'), cycle: 1, start: first.start, end: first.end, at: now });
    const due = new Date(Math.max(now.getTime(), startOfSaoPauloDay(first.start).getTime()));
    await scheduleCharge(q, s, c!, due, `0:${first.start}`);
    if (trial) {
      // A checkout's payment is made now, with no charge: the session it was started in is completed with it.
      if (checkout?.trialing) await checkout.trialing(q);
      await enqueueOn<SubscriptionJob>(q, { kind: 'subscription.start', payload: { subscriptionId: id } }, now, clockId, { dedupeKey: `subscription.start:${id}` });
    }
    const out = await repo.updateSubscription(q, id, { nextBillingAt: due }, now);
    await emitSubscription(q, out, 'subscription.created', now);
    await recovery.mark(q, { resource: 'subscription', id, status: 201 });
    return out;
  });
  engine.wake();
  return row;
}
