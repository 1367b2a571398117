/**
 * The jobs of recurring billing. `subscription.bill` charges a cycle: in ONE database transaction it locks the
 * subscription and the cycle, writes the cycle's transaction through the transaction engine's own `recordCharge`
 * (with its `transaction.process` job) and moves the cycle to `billing`. A worker that dies before the commit leaves
 * nothing; one that dies after it left the cycle `billing` (or, its charge declined at once, `failed` with one more
 * attempt), which a re-run of the job finds and leaves alone: each attempt is charged exactly once however often its
 * job runs.
 */
import type { Queryable } from '../../db/types';
import { newId } from '../../ids';
import { merchantOf } from '../access/merchants';
import { primaryAddressOf } from '../addresses/service';
import { getCustomer } from '../customers/service';
import { startOfSaoPauloDay } from '../../core/calendar';
import { methodOf } from '../../payments/methods';
import { splitTemplateOf } from '../splits/template';
import { buildCharge } from '../transactions/build-charge';
import { recordCharge } from '../transactions/create';
import type { Engine } from '../transactions/engine';
import * as txRepo from '../transactions/repo';
import { emitCycle } from './events';
import { subscriptionFollowers } from './followers';
import type { SubscriptionJob } from './job-types';
import { endSubscription, moveCycle, moveSubscription, nowOf } from './lifecycle';
import * as repo from './repo';
import { BILLING } from './status';

/** Writes the charge of `c` (attempt `attempt`) for `s` and returns its id. */
async function writeCharge(engine: Engine, q: Queryable, s: repo.SubscriptionRow, c: repo.CycleRow, attempt: number, now: Date): Promise<string> {
  const scope = { merchantId: s.merchant_id, mode: s.mode };
  const merchant = await merchantOf(q, s.merchant_id);
  const customer = await getCustomer(q, scope, s.customer_id);
  const address = await primaryAddressOf(q, scope, s.customer_id);
  const provider = engine.orchestrator.routesFor(s.mode, s.payment_method)[0]!.id;
  // The charge lives on the wall clock like every transaction (its expiry and processing jobs are the engine's).
  const at = new Date();
  const id = newId('tra');
  const method = methodOf(s.payment_method);
  const checkout = c.cycle === 1 && s.payment_link_id && s.checkout_session_id
    ? { paymentLinkId: s.payment_link_id, checkoutSessionId: s.checkout_session_id }
    : null;
  // The method's terms of a cycle's charge: a PIX payable for a day, a billet due today and payable some days more.
  const terms = method.cycleTerms({ subscriptionId: s.id, cycle: c.cycle, now, billetToleranceDays: s.dunning.billetToleranceDays });
  const charge = buildCharge({
    id, at, method, terms, amount: c.amount, provider, customer,
    // Started on a checkout page: the payer as they typed themselves, over the customer they were matched to.
    typed: s.checkout_payer, address,
    // A card subscription charges the reusable token it stored; its charges say so (`cardRegistered`, `reusable`).
    card: method.takesCard ? s.card : null, registered: method.takesCard,
    externalReference: null, metadata: s.metadata, items: [],
    cycle: { subscriptionId: s.id, billingCycleId: c.id, splits: await splitTemplateOf(q, s.id) },
    ...(checkout ? { checkout } : {}),
  });
  await recordCharge(q, scope, merchant, engine.urls, charge);
  // The first cycle's charge is the payment the payer started on the checkout page: the session follows it.
  if (checkout) for (const f of subscriptionFollowers()) await f.firstCharge(q, checkout.checkoutSessionId, id, at);
  if (attempt > 1) {
    await txRepo.addTimeline(q, id, {
      type: 'note', message: `Retry ${attempt - 1} of billing cycle ${c.cycle} of subscription ${s.id}`,
      details: { subscriptionId: s.id, cycleId: c.id, attempt },
    }, at);
  }
  return id;
}

// What billing reads of its job (the subscription id is there for a sandbox clock to find the job, not for billing).
type BillJob = Omit<Extract<SubscriptionJob, { kind: 'subscription.bill' }>['payload'], 'subscriptionId'>;

/**
 * Whether `job` is the charge the cycle waits for now: the cycle has made exactly the charges the job was scheduled
 * after, and its current due date (scheduled) or retry time (failed) is not later than the time the job was
 * scheduled for. A job left over from an earlier attempt (a re-run after its worker died past the commit, a second
 * job of a resume) or from dates a resume moved later bills nothing. The job's scheduled time, not "now", is
 * compared: the time to run it is the queue's (and the tests' driver pulls jobs forward on purpose).
 */
export function isCurrentCharge(c: repo.CycleRow, job: BillJob): boolean {
  if (c.attempts !== job.attempts) return false;
  const at = Date.parse(job.at);
  if (c.status === 'scheduled') return startOfSaoPauloDay(c.due_date).getTime() <= at;
  return c.status === 'failed' && c.next_retry_at !== null && c.next_retry_at.getTime() <= at;
}

/** `subscription.bill`: charges the cycle when it is due (or due again), its subscription still billing. */
export async function billCycle(engine: Engine, job: BillJob): Promise<void> {
  const first = await repo.findCycle(engine.db, job.cycleId);
  if (!first) return;
  const billed = await engine.db.transaction(async (q) => {
    // The subscription first, then the cycle: every writer locks in that order.
    const s = await repo.findSubscriptionById(q, first.subscription_id, true);
    const c = await repo.findCycle(q, job.cycleId, true);
    if (!s || !c || !isCurrentCharge(c, job)) return false;
    if (!BILLING.includes(s.status)) return false;
    const now = await nowOf(q, s);
    if (s.cancel_at_period_end) {
      // Canceled at the end of the period paid: this due date is that end.
      await endSubscription(q, s, 'canceled', now);
      return false;
    }
    const attempt = c.attempts + 1;
    const transactionId = await writeCharge(engine, q, s, c, attempt, now);
    const row = await moveCycle(q, c, 'billing', now, { transactionId, billedAt: now, attempts: attempt, nextRetryAt: null });
    await repo.updateSubscription(q, s.id, { nextBillingAt: null }, now);
    await emitCycle(q, row, 'cycle.billed', now);
    return true;
  });
  if (billed) engine.wake();
}

/** `subscription.start`: a subscription with a trial is `trialing` until its first cycle is charged. */
export async function startTrial(engine: Engine, subscriptionId: string): Promise<void> {
  await engine.db.transaction(async (q) => {
    const s = await repo.findSubscriptionById(q, subscriptionId, true);
    if (s?.status !== 'pending') return;
    await moveSubscription(q, s, 'trialing', await nowOf(q, s));
  });
}

/** `subscription.end`: the period of a fixed-term plan's last cycle ended. */
export async function expireSubscription(engine: Engine, subscriptionId: string): Promise<void> {
  await engine.db.transaction(async (q) => {
    const s = await repo.findSubscriptionById(q, subscriptionId, true);
    if (s?.status !== 'active') return;
    await endSubscription(q, s, 'expired', await nowOf(q, s));
  });
}
