/**
 * `GET /v1/checkouts/sessions/analytics`: the figures of the checkout sessions a merchant's payers started in a period
 * of UTC days. One SQL aggregation groups the period's sessions by day and method; the totals, the per-method and
 * the per-day figures are folded from its rows (integer sums, so exact), every day of the period present.
 */
import type { QueryOf } from '../../../generated/operations';
import type { components } from '../../../generated/schema';
import { ApiError } from '../../core/errors';
import type { Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import { CONTRACT_METHODS } from '../../payments/methods';
import type { LinkMethod } from './links-repo';

export type AnalyticsQuery = QueryOf<'getCheckoutSessionAnalytics'>;
type Analytics = components['schemas']['CheckoutSessionAnalytics'];
/** The figures without the envelope every answer carries (`merchant`, `_links`), which the handler adds. */
export type CheckoutFigures = Omit<Analytics, 'merchant' | '_links'>;

const DAY_MS = 86_400_000;
/** The longest period, in days (both ends counted). */
export const MAX_PERIOD_DAYS = 366;

export interface Period {
  initdate: string;
  enddate: string;
  descending: boolean;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A `YYYY-MM-DD` that is a real calendar day, as UTC midnight in ms. */
function parseDay(name: 'initdate' | 'enddate', value: string): number {
  const ms = Date.parse(`${value}T00:00:00.000Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(ms) || dayOf(ms) !== value) {
    throw new ApiError('invalidParameters', { params: [{ [name]: 'must be a real calendar date (YYYY-MM-DD)' }] });
  }
  return ms;
}

/** The period asked for, with the spec's defaults: ending today (UTC), 30 days long. */
export function periodOf(query: AnalyticsQuery, now: Date): Period {
  const end = query.enddate !== undefined ? parseDay('enddate', query.enddate) : Date.parse(`${dayOf(now.getTime())}T00:00:00.000Z`);
  const init = query.initdate !== undefined ? parseDay('initdate', query.initdate) : end - 29 * DAY_MS;
  const unprocessable = (message: string, reason: string) =>
    new ApiError('unprocessableEntity', { resource: 'checkout', message, params: [{ initdate: reason }] });
  if (init > end) throw unprocessable(`initdate ${dayOf(init)} is after enddate ${dayOf(end)}.`, 'is after enddate');
  if ((end - init) / DAY_MS + 1 > MAX_PERIOD_DAYS) {
    throw unprocessable(`The period from ${dayOf(init)} to ${dayOf(end)} is longer than ${MAX_PERIOD_DAYS} days.`, `makes a period longer than ${MAX_PERIOD_DAYS} days`);
  }
  const sort = query.sort ?? 'date';
  return { initdate: dayOf(init), enddate: dayOf(end), descending: sort === '-date' || sort === 'descending' };
}

/** One group of the aggregation: the sessions of one day with one method (`null`: no payment started). */
export interface SessionGroup {
  day: string;
  method: LinkMethod | null;
  started: number;
  completed: number;
  abandoned: number;
  approved: number;
}

/** The period's sessions of `scope` grouped by UTC day and method: the one query of the analytics. */
export async function sessionGroups(q: Queryable, scope: Scope, period: Period): Promise<SessionGroup[]> {
  const res = await q.query<SessionGroup>(
    `SELECT to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, method,
            count(*)::int AS started,
            count(*) FILTER (WHERE status = 'completed')::int AS completed,
            count(*) FILTER (WHERE status = 'abandoned')::int AS abandoned,
            COALESCE(sum(approved_amount) FILTER (WHERE status = 'completed'), 0)::float8 AS approved
       FROM checkout_sessions
      WHERE merchant_id = $1 AND mode = $2 AND started_at >= $3 AND started_at < $4
      GROUP BY 1, 2`,
    [scope.merchantId, scope.mode, new Date(`${period.initdate}T00:00:00.000Z`), new Date(Date.parse(`${period.enddate}T00:00:00.000Z`) + DAY_MS)],
  );
  return res.rows;
}

/** The figures of `groups` over `period`: what the table test checks, with no database. */
export function figuresOf(period: Period, groups: readonly SessionGroup[]): CheckoutFigures {
  const sum = (rows: readonly SessionGroup[], f: (g: SessionGroup) => number) => rows.reduce((n, g) => n + f(g), 0);
  const started = sum(groups, (g) => g.started);
  const completed = sum(groups, (g) => g.completed);
  const days: string[] = [];
  for (let ms = Date.parse(`${period.initdate}T00:00:00.000Z`); dayOf(ms) <= period.enddate; ms += DAY_MS) days.push(dayOf(ms));
  if (period.descending) days.reverse();
  return {
    period: { initdate: period.initdate, enddate: period.enddate },
    sessions: { started, completed, abandoned: sum(groups, (g) => g.abandoned) },
    conversionRate: started === 0 ? 0 : Math.round((completed / started) * 10_000) / 10_000,
    amounts: { approvedAmount: sum(groups, (g) => g.approved), currency: 'BRL' },
    byMethod: CONTRACT_METHODS.map((method) => {
      const of = groups.filter((g) => g.method === method);
      return { method, sessions: sum(of, (g) => g.started), approved: sum(of, (g) => g.completed), amount: sum(of, (g) => g.approved) };
    }),
    byDay: days.map((date) => {
      const of = groups.filter((g) => g.day === date);
      return { date, sessions: sum(of, (g) => g.started), completed: sum(of, (g) => g.completed) };
    }),
  };
}

/** The figures of the sessions `scope`'s payers started in the period `query` asks for (the spec's defaults). */
export async function getCheckoutSessionAnalytics(q: Queryable, scope: Scope, query: AnalyticsQuery, now = new Date()): Promise<CheckoutFigures> {
  const period = periodOf(query, now);
  return figuresOf(period, await sessionGroups(q, scope, period));
}
