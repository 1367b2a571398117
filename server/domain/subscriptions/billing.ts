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
import { addDays, endOfSaoPauloDay, saoPauloDate, startOfSaoPauloDay } from '../../core/calendar';
import { splitTemplateOf } from '../splits/template';
import { initialPayment, recordCharge, typedPayerCopy } from '../transactions/create';
import type { Engine } from '../transactions/engine';
import * as txRepo from '../transactions/repo';
import { emitCycle } from './events';
import { subscriptionFollowers } from './followers';
import type { SubscriptionJob } from './job-types';
import { endSubscription, moveCycle, moveSubscription, nowOf } from './lifecycle';
import * as repo from './repo';
import { BILLING } from './status';

/** How long a cycle's PIX QR code can be paid. */
const PIX_EXPIRES_MS = 24 * 3_600_000;

/** Writes the charge of `c` (attempt `attempt`) for `s` and returns its id. */
async function writeCharge(engine: Engine, q: Queryable, s: repo.SubscriptionRow, c: repo.CycleRow, attempt: number, now: Date): Promise<string> {
  const scope = { merchantId: s.merchant_id, mode: s.mode };
  const merchant = await merchantOf(q, s.merchant_id);
  const customer = await getCustomer(q, scope, s.customer_id);
  const address = await primaryAddressOf(q, scope, s.customer_id);
  const { primary: _primary, metadata: _metadata, ...billing } = address ?? { primary: false, metadata: null };
  const provider = engine.orchestrator.routesFor(s.mode, s.payment_method)[0]!.id;
  // The charge lives on the wall clock like every transaction (its expiry and processing jobs are the engine's).
  const at = new Date();
  const id = newId('tra');
  const processing: txRepo.Processing = {};
  const checkout = c.cycle === 1 && s.payment_link_id && s.checkout_session_id
    ? { paymentLinkId: s.payment_link_id, checkoutSessionId: s.checkout_session_id }
    : null;
  let expiresAt: Date | null = null;
  if (s.payment_method === 'credit' && s.card) processing.card = s.card;
  if (s.payment_method === 'pix') expiresAt = new Date(at.getTime() + PIX_EXPIRES_MS);
  if (s.payment_method === 'billet') {
    // The billet is due on the subscription's day (its clock's, on a test clock); its lapse is written as the wall
    // time at the same distance, which the engine carries back onto the clock when it schedules the expiry.
    const due = saoPauloDate(now);
    processing.billet = { dueDate: due, instructions: `Assinatura ${s.id}, ciclo ${c.cycle}` };
    expiresAt = new Date(at.getTime() + (endOfSaoPauloDay(addDays(due, s.dunning.billetToleranceDays)).getTime() - now.getTime()));
  }
  await recordCharge(q, scope, merchant, engine.urls, {
    id, method: s.payment_method, amount: c.amount, original_amount: c.amount, customer_id: customer.id,
    // Started on a checkout page: the payer as they typed themselves, over the customer they were matched to.
    customer: s.checkout_payer ? typedPayerCopy(customer, s.checkout_payer) : customer,
    billing_address: address ? (billing as txRepo.TransactionRow['billing_address']) : null,
    external_reference: null, metadata: s.metadata, items: [], installments: 1, capture: true, processing,
    payment: initialPayment(provider, s.payment_method, s.card, 1, expiresAt, s.payment_method === 'credit'),
    created_at: at,
    cycle: { subscriptionId: s.id, billingCycleId: c.id, splits: await splitTemplateOf(q, s.id) },
    ...(checkout ? { checkout } : {}),
  });
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
