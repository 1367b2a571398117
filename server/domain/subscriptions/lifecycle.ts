/**
 * Moves of a subscription and its cycles, in the caller's database transaction with the subscription row locked:
 * each move is checked against the table of status.ts and records its event. Also the scheduling of a cycle's
 * charge, on the subscription's time (`enqueueOn`), so the sandbox test clock runs the same jobs.
 */
import type { Queryable } from '../../db/types';
import { newId } from '../../ids';
import { enqueueOn, timeOf } from '../clock/time';
import { periodFrom, periodOn, type Cadence } from './calendar';
import { addDays, saoPauloDate, startOfSaoPauloDay } from '../../core/calendar';
import { emitCycle, emitSubscription } from './events';
import { subscriptionFollowers } from './followers';
import type { SubscriptionJob } from './job-types';
import * as repo from './repo';
import { canMove, canMoveCycle, subscriptionEventOf, type CycleStatus, type SubscriptionStatus } from './status';

export function cadenceOf(s: repo.SubscriptionRow): Cadence {
  return { frequency: s.billing_frequency, count: s.billing_frequency_count, anchorDay: s.anchor_day };
}

/** Moves the subscription to `to` (a move the table does not hold is a bug of the caller), with its event. */
export async function moveSubscription(q: Queryable, s: repo.SubscriptionRow, to: SubscriptionStatus, at: Date, patch: repo.SubscriptionPatch = {}): Promise<repo.SubscriptionRow> {
  if (!canMove(s.status, to)) throw new Error(`subscription ${s.id}: ${s.status} → ${to} is not in the table`);
  const row = await repo.updateSubscription(q, s.id, { ...patch, status: to }, at);
  const event = subscriptionEventOf(s.status, to);
  if (event) await emitSubscription(q, row, event, at);
  return row;
}

export async function moveCycle(q: Queryable, c: repo.CycleRow, to: CycleStatus, at: Date, patch: repo.CyclePatch = {}): Promise<repo.CycleRow> {
  if (!canMoveCycle(c.status, to)) throw new Error(`billing cycle ${c.id}: ${c.status} → ${to} is not in the table`);
  return repo.updateCycle(q, c.id, { ...patch, status: to }, at);
}

/** Ends the subscription (`canceled`, `expired`, `unpaid`): its cycles not billing are canceled, nothing is billed again. */
export async function endSubscription(q: Queryable, s: repo.SubscriptionRow, to: 'canceled' | 'expired' | 'unpaid', at: Date): Promise<repo.SubscriptionRow> {
  for (const c of await repo.openCycles(q, s.id)) {
    if (c.status !== 'billing') await moveCycle(q, c, 'canceled', at, { nextRetryAt: null });
  }
  // Started on a payment link: a place its session held for it, with no charge left that could be approved, goes back.
  if (s.checkout_session_id) for (const f of subscriptionFollowers()) await f.ended(q, s.checkout_session_id);
  return moveSubscription(q, s, to, at, { nextBillingAt: null, ...(to === 'canceled' ? { canceledAt: at } : {}) });
}

/**
 * Enqueues the charge of `cycle` at `at` on the subscription's time; `tag` makes a rescheduled charge a job of its own.
 * The job carries the cycle's attempts and `at`, so it charges only the attempt it was scheduled for (billing.ts).
 */
export async function scheduleCharge(q: Queryable, s: repo.SubscriptionRow, c: repo.CycleRow, at: Date, tag: string): Promise<void> {
  const payload = { subscriptionId: s.id, cycleId: c.id, attempts: c.attempts, at: at.toISOString() };
  await enqueueOn<SubscriptionJob>(q, { kind: 'subscription.bill', payload }, at, s.clock_id, {
    dedupeKey: `subscription.bill:${c.id}:${tag}`,
  });
}

/**
 * Schedules what follows a paid cycle: the next cycle (the first period from the day after it, or the period in
 * progress today when that day has passed), or, when the plan's
 * last cycle was paid, the end of the subscription when its period ends. Returns when the next charge falls.
 */
export async function scheduleNext(q: Queryable, s: repo.SubscriptionRow, paid: repo.CycleRow, at: Date): Promise<Date | null> {
  const after = addDays(paid.end_date, 1);
  if (s.total_cycles !== null && paid.cycle >= s.total_cycles) {
    await scheduleEnd(q, s, startOfSaoPauloDay(after), `subscription.end:${s.id}`);
    return null;
  }
  // Paid after its period ended (a late retry): billing goes on from the period in progress today, one charge, not
  // a burst of charges for the periods that passed meanwhile (those are not billed).
  const today = saoPauloDate(at);
  const p = after >= today ? periodFrom(s.billing_anchor, cadenceOf(s), after) : periodOn(s.billing_anchor, cadenceOf(s), today);
  const next = await repo.insertCycle(q, s, { id: newId('scy'), cycle: paid.cycle + 1, start: p.start, end: p.end, at });
  if (!next) return null;
  const due = startOfSaoPauloDay(next.due_date);
  await scheduleCharge(q, s, next, due, `0:${next.due_date}`);
  return due;
}

/** Enqueues the expiry of a fixed-term subscription at `at` (the end of its last period) under `dedupeKey`. */
export async function scheduleEnd(q: Queryable, s: repo.SubscriptionRow, at: Date, dedupeKey: string): Promise<void> {
  await enqueueOn<SubscriptionJob>(q, { kind: 'subscription.end', payload: { subscriptionId: s.id } }, at, s.clock_id, { dedupeKey });
}

/** Now on the subscription's time (its test clock's, or the database's). */
export function nowOf(q: Queryable, s: Pick<repo.SubscriptionRow, 'clock_id'>): Promise<Date> {
  return timeOf(q, s.clock_id);
}
