/**
 * A cycle's charge reached its outcome. Called by the transaction engine inside the database transaction that
 * moved the charge (`changeTransactionIn`), so the cycle, the subscription, their events and the next job are
 * committed with the charge's own status and `transaction.*` event, or not at all.
 */
import type { Queryable } from '../../db/types';
import type { EventType } from '../../webhooks/outbox';
import * as txRepo from '../transactions/repo';
import { ENDED_UNPAID_EVENTS } from '../transactions/status';
import { nextRetryAt } from './dunning';
import { emitCycle } from './events';
import { endSubscription, moveCycle, moveSubscription, nowOf, scheduleCharge, scheduleNext } from './lifecycle';
import * as repo from './repo';
import { BILLING } from './status';

/** Reacts to the events of one change of a cycle's transaction; anything but approval or failure is ignored. */
export async function chargeOutcome(q: Queryable, t: txRepo.TransactionRow, events: readonly EventType[]): Promise<void> {
  const approved = events.includes('transaction.approved');
  const failed = events.some((e) => ENDED_UNPAID_EVENTS.includes(e));
  if (!t.subscription_id || !t.billing_cycle_id || (!approved && !failed)) return;
  const s = await repo.findSubscriptionById(q, t.subscription_id, true);
  const c = await repo.findCycle(q, t.billing_cycle_id, true);
  // Only the cycle's latest charge, while it is billing, decides it (a dispute won later approves again: not a payment).
  if (!s || !c || c.status !== 'billing' || c.transaction_id !== t.id) return;
  const now = await nowOf(q, s);
  if (approved) return paid(q, s, c, now);
  return unpaid(q, s, c, t, now);
}

async function paid(q: Queryable, s: repo.SubscriptionRow, c: repo.CycleRow, now: Date): Promise<void> {
  const cycle = await moveCycle(q, c, 'paid', now, { nextRetryAt: null });
  await emitCycle(q, cycle, 'cycle.paid', now);
  let sub = await repo.updateSubscription(q, s.id, { currentCycle: Math.max(s.current_cycle, c.cycle), everActive: true }, now);
  if (sub.status === 'pending' || sub.status === 'trialing' || sub.status === 'past-due') sub = await moveSubscription(q, sub, 'active', now);
  // A paused subscription gets its next cycle too: its job bills nothing while paused, and resume reschedules it.
  if (sub.status !== 'active' && sub.status !== 'paused') return;
  const next = await scheduleNext(q, sub, cycle, now);
  await repo.updateSubscription(q, sub.id, { nextBillingAt: sub.status === 'active' ? next : null }, now);
}

async function unpaid(q: Queryable, s: repo.SubscriptionRow, c: repo.CycleRow, t: txRepo.TransactionRow, now: Date): Promise<void> {
  const failedAt = c.failed_at ?? now;
  // Retries count from the first failure of the current dunning run (a resume starts a new one: resumeSubscription).
  const done = c.attempts - c.dunning_from - 1;
  const retry = s.status === 'pending' ? null : nextRetryAt(s.dunning, failedAt, done);
  const billing = BILLING.includes(s.status);
  const cycle = await moveCycle(q, c, 'failed', now, { failedAt, nextRetryAt: billing ? retry : null });
  await emitCycle(q, cycle, 'cycle.failed', now);
  if (!billing) return;
  if (s.status === 'pending') {
    // The first charge of a subscription that was never active: no dunning, the subscription is canceled.
    await txRepo.addTimeline(q, t.id, { type: 'note', message: `Subscription ${s.id} canceled: its first charge failed`, details: { subscriptionId: s.id } }, new Date());
    await endSubscription(q, s, 'canceled', now);
    return;
  }
  const sub = s.status === 'past-due' ? s : await moveSubscription(q, s, 'past-due', now);
  if (retry) {
    await scheduleCharge(q, sub, cycle, retry, String(cycle.attempts));
    await repo.updateSubscription(q, sub.id, { nextBillingAt: retry }, now);
    await txRepo.addTimeline(q, t.id, {
      type: 'note',
      message: `Billing cycle ${c.cycle} will be charged again at ${retry.toISOString()} (retry ${done + 1} of ${sub.dunning.retryDays.length})`,
      details: { subscriptionId: s.id, cycleId: c.id, retryAt: retry.toISOString() },
    }, new Date());
    return;
  }
  await txRepo.addTimeline(q, t.id, {
    type: 'note', message: `The retries of billing cycle ${c.cycle} ran out: subscription ${s.id} is ${sub.dunning.endAs}`,
    details: { subscriptionId: s.id, cycleId: c.id },
  }, new Date());
  await endSubscription(q, sub, sub.dunning.endAs, now);
}
