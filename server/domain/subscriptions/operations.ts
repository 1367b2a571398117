/**
 * The merchant's operations on a subscription: cancel (now or at period end), pause, resume, change of payment
 * method. Each locks the subscription, checks its status against the table (422 `invalidTransition`), and writes the
 * change with its event in one database transaction. None stops a charge already in flight.
 */
import type { components } from '../../../generated/schema';
import type { Db, Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import { NO_RECOVERY, type Recovery } from '../recovery';
import type { Engine } from '../transactions/engine';
import { periodFrom } from './calendar';
import { checkPayer, checkPayment, splitsTargetOf } from './create';
import { checkSplitsStillFit } from '../splits/service';
import { checkMethodChange } from './method-change';
import { cadenceOf, endSubscription, moveSubscription, nowOf, scheduleCharge, scheduleEnd } from './lifecycle';
import { getCustomer } from '../customers/service';
import { addDays, saoPauloDate, startOfSaoPauloDay } from '../../core/calendar';
import * as repo from './repo';
import { subscriptionNotFound } from './service';
import { canMove, ENDED, invalidSubscriptionTransition, type SubscriptionStatus } from './status';

type PaymentInput = components['schemas']['SubscriptionPaymentInput'];

async function locked<T>(db: Db, scope: Scope, id: string, recovery: Recovery, fn: (q: Queryable, s: repo.SubscriptionRow, now: Date) => Promise<T>): Promise<T> {
  return db.transaction(async (q) => {
    const s = await repo.findSubscription(q, scope, id, true);
    if (!s) throw subscriptionNotFound(id);
    const out = await fn(q, s, await nowOf(q, s));
    await recovery.mark(q, { resource: 'subscription', id, status: 200 });
    return out;
  });
}

/** Statuses a cancel at period end applies to: those with a period running and billing ahead. */
const AT_PERIOD_END: readonly SubscriptionStatus[] = ['trialing', 'active', 'past-due'];

export function cancelSubscription(db: Db, scope: Scope, id: string, atPeriodEnd: boolean, recovery: Recovery = NO_RECOVERY): Promise<repo.SubscriptionRow> {
  return locked(db, scope, id, recovery, async (q, s, now) => {
    if (atPeriodEnd) {
      if (!AT_PERIOD_END.includes(s.status)) throw invalidSubscriptionTransition(id, s.status, 'canceled at period end');
      return repo.updateSubscription(q, id, { cancelAtPeriodEnd: true, nextBillingAt: null }, now);
    }
    if (!canMove(s.status, 'canceled')) throw invalidSubscriptionTransition(id, s.status, 'canceled');
    return endSubscription(q, s, 'canceled', now);
  });
}

export function pauseSubscription(db: Db, scope: Scope, id: string, recovery: Recovery = NO_RECOVERY): Promise<repo.SubscriptionRow> {
  return locked(db, scope, id, recovery, async (q, s, now) => {
    // Pausing is the table's move to `paused` (from `active` only).
    if (!canMove(s.status, 'paused')) throw invalidSubscriptionTransition(id, s.status, 'paused');
    return moveSubscription(q, s, 'paused', now, { pausedAt: now, nextBillingAt: null });
  });
}

/**
 * Resume: the periods that passed while paused are skipped. The scheduled cycle moves to the first period that
 * starts on or after the resume day (or keeps its own, still ahead) and gets a job of its own: the one it had may
 * have run, and billed nothing, while the subscription was paused. A cycle whose charge failed while paused is
 * charged again at once, as the first charge of a new dunning run (the failure while paused was no retry). A
 * fixed-term plan whose last cycle was paid has nothing left to bill: its expiry is queued again (the one its last
 * payment queued ran, and did nothing, while paused), at the end of its last period or at once if that has passed.
 */
export function resumeSubscription(db: Db, scope: Scope, id: string, recovery: Recovery = NO_RECOVERY): Promise<repo.SubscriptionRow> {
  return locked(db, scope, id, recovery, async (q, s, now) => {
    if (s.status !== 'paused') throw invalidSubscriptionTransition(id, s.status, 'resumed');
    let next: Date | null = null;
    const open = await repo.openCycles(q, s.id);
    const scheduled = open.find((c) => c.status === 'scheduled');
    const failed = open.find((c) => c.status === 'failed');
    if (!scheduled && failed) {
      // A renewal charged before the pause failed while paused (no retry was scheduled then): charge it again now.
      next = now;
      const c = await repo.updateCycle(q, failed.id, { nextRetryAt: now, restartDunning: true }, now);
      await scheduleCharge(q, s, c, now, `resume:${now.getTime()}`);
    } else if (scheduled) {
      const today = saoPauloDate(now);
      const p = periodFrom(s.billing_anchor, cadenceOf(s), scheduled.start_date > today ? scheduled.start_date : today);
      const c = await repo.updateCycle(q, scheduled.id, { dates: { start: p.start, end: p.end } }, now);
      next = new Date(Math.max(now.getTime(), startOfSaoPauloDay(c.due_date).getTime()));
      await scheduleCharge(q, s, c, next, `resume:${now.getTime()}`);
    } else if (!failed && s.total_cycles !== null && s.current_cycle >= s.total_cycles) {
      const last = await repo.findCycleByNumber(q, s.id, s.total_cycles);
      const end = last ? startOfSaoPauloDay(addDays(last.end_date, 1)).getTime() : now.getTime();
      await scheduleEnd(q, s, new Date(Math.max(now.getTime(), end)), `subscription.end:${s.id}:resume:${now.getTime()}`);
    }
    return moveSubscription(q, s, 'active', now, { pausedAt: null, nextBillingAt: next });
  });
}

/**
 * The method of the next charges; a card is tokenised once, before the database transaction. The split rule is
 * checked against the subscription as changed, in the transaction that changes it: a method whose fee leaves the
 * rule unable to fit is refused (422) and rolled back, so billing never finds a rule it cannot apply.
 */
export async function changePaymentMethod(engine: Engine, scope: Scope, id: string, payment: PaymentInput, recovery: Recovery = NO_RECOVERY): Promise<repo.SubscriptionRow> {
  const s = await repo.findSubscription(engine.db, scope, id);
  if (!s) throw subscriptionNotFound(id);
  if (ENDED.includes(s.status)) throw invalidSubscriptionTransition(id, s.status, 'given a new payment method');
  checkPayment(payment, new Date());
  engine.orchestrator.routesFor(scope.mode, payment.method);
  checkPayer(await getCustomer(engine.db, scope, s.customer_id), payment.method);
  const card = payment.card ? await engine.orchestrator.vault(scope.mode).tokenize(payment.card) : null;
  return locked(engine.db, scope, id, recovery, async (q, row, now) => {
    if (ENDED.includes(row.status)) throw invalidSubscriptionTransition(id, row.status, 'given a new payment method');
    // The new method's fee rate and dunning schedule, checked as on creation (method-change.ts).
    const dunning = await checkMethodChange(q, scope, row, payment.method, card);
    const changed = await repo.updateSubscription(q, id, { payment: { method: payment.method, card }, dunning }, now);
    await checkSplitsStillFit(q, splitsTargetOf(changed));
    return changed;
  });
}
