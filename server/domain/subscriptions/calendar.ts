/**
 * The billing calendar of a subscription, pure: which calendar days (São Paulo) each billing period covers. Periods
 * are counted from an anchor day and computed from it (period n = anchor + n × the frequency), never from the
 * previous period, so a month-end anchor that had to shrink (31 → Feb 28) comes back (→ Mar 31), and a leap-day
 * anchor (Feb 29) falls on Feb 28 in common years and on Feb 29 again in leap years.
 *
 * Days are `YYYY-MM-DD` strings on the São Paulo calendar; arithmetic is done on UTC midnights, where no offset or
 * daylight-saving change can move a day (core/calendar.ts has the days themselves).
 */
import { addDays } from '../../core/calendar';

export type Frequency = 'daily' | 'weekly' | 'monthly' | 'yearly';
export type TrialInterval = 'day' | 'week' | 'month';

/** How often a plan bills. `anchorDay` (1–31): the day of the month monthly and yearly periods start on. */
export interface Cadence {
  frequency: Frequency;
  count: number;
  anchorDay: number | null;
}

export interface Period {
  /** 0 for the first period counted from the anchor. */
  index: number;
  start: string;
  /** The last day of the period (inclusive): the day before the next period starts. */
  end: string;
}

const DAY_MS = 86_400_000;

function parse(day: string): { y: number; m: number; d: number } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { y, m: m - 1, d };
}

function format(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
}

/** `months` months after `day`'s month, on `anchorDay` or the last day of a shorter month. */
export function addMonths(day: string, months: number, anchorDay: number = parse(day).d): string {
  const { y, m } = parse(day);
  const first = new Date(Date.UTC(y, m + months, 1));
  const ty = first.getUTCFullYear();
  const tm = first.getUTCMonth();
  return format(Date.UTC(ty, tm, Math.min(anchorDay, daysInMonth(ty, tm))));
}

/** The first day of period `index` of a calendar anchored on `anchor`. */
export function periodStart(anchor: string, cadence: Cadence, index: number): string {
  const n = index * cadence.count;
  switch (cadence.frequency) {
    case 'daily':
      return addDays(anchor, n);
    case 'weekly':
      return addDays(anchor, 7 * n);
    case 'monthly':
      return addMonths(anchor, n, cadence.anchorDay ?? parse(anchor).d);
    case 'yearly':
      return addMonths(anchor, 12 * n, cadence.anchorDay ?? parse(anchor).d);
  }
}

/** Period `index` of the calendar anchored on `anchor`. */
export function period(anchor: string, cadence: Cadence, index: number): Period {
  return { index, start: periodStart(anchor, cadence, index), end: addDays(periodStart(anchor, cadence, index + 1), -1) };
}

/** The first period that starts on or after `day` (a renewal after the previous period, or a resume after a pause). */
export function periodFrom(anchor: string, cadence: Cadence, day: string): Period {
  // An estimate from the elapsed days, then a walk: periods are at least one day, at most 366 × count days long.
  const elapsed = Math.max(0, (Date.parse(day) - Date.parse(anchor)) / DAY_MS);
  const unit = { daily: 1, weekly: 7, monthly: 31, yearly: 366 }[cadence.frequency] * cadence.count;
  let i = Math.max(0, Math.floor(elapsed / unit) - 1);
  while (periodStart(anchor, cadence, i) < day) i++;
  return period(anchor, cadence, i);
}

/** The period that holds `day` (on or after the anchor): the one in progress that day. */
export function periodOn(anchor: string, cadence: Cadence, day: string): Period {
  const p = periodFrom(anchor, cadence, day);
  return p.start === day || p.index === 0 ? p : period(anchor, cadence, p.index - 1);
}

/**
 * The anchor of a new subscription: the first day on or after `from` (its start, or the end of its trial) that is a
 * billing day. Without `billingExactDay` that is `from` itself; with one (monthly and yearly plans), the first day
 * of the month numbered so, or the month's last day when the month is shorter.
 */
export function anchorFrom(from: string, exactDay: number | null): string {
  if (exactDay === null) return from;
  const { d } = parse(from);
  const thisMonth = addMonths(from, 0, exactDay);
  return parse(thisMonth).d >= d ? thisMonth : addMonths(from, 1, exactDay);
}

/**
 * The day a trial that starts on `start` ends (the first day billed): `count` days, weeks or months later. A month
 * trial keeps the start's day, or the last day of a shorter month (Jan 31 + 1 month = Feb 28, or 29).
 */
export function trialEnd(start: string, interval: TrialInterval, count: number): string {
  if (interval === 'month') return addMonths(start, count);
  return addDays(start, interval === 'week' ? 7 * count : count);
}

