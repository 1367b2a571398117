import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import { ApiError } from '../../core/errors';
import { newId } from '../../ids';
import { createMerchant } from '../access/keys';
import { ENGINES } from '../../testing/harness';
import { insertLink } from '../../testing/checkout';
import { getCheckoutSessionAnalytics, periodOf, type AnalyticsQuery, type CheckoutFigures } from './analytics';

type Row = { at: string; status: 'open' | 'completed' | 'abandoned'; method: 'pix' | 'credit' | 'billet' | null; approved?: number };

const ZERO_METHODS: CheckoutFigures['byMethod'] = [
  { method: 'pix', sessions: 0, approved: 0, amount: 0 },
  { method: 'credit', sessions: 0, approved: 0, amount: 0 },
  { method: 'billet', sessions: 0, approved: 0, amount: 0 },
];

/** Each case: the sessions of the merchant, the query, the answer's figures. */
const CASES: { name: string; rows: Row[]; query: AnalyticsQuery; figures: CheckoutFigures }[] = [
  {
    name: 'no sessions: zeros, every method, every day',
    rows: [],
    query: { initdate: '2026-03-01', enddate: '2026-03-02' },
    figures: {
      period: { initdate: '2026-03-01', enddate: '2026-03-02' },
      sessions: { started: 0, completed: 0, abandoned: 0 }, conversionRate: 0,
      amounts: { approvedAmount: 0, currency: 'BRL' }, byMethod: ZERO_METHODS,
      byDay: [{ date: '2026-03-01', sessions: 0, completed: 0 }, { date: '2026-03-02', sessions: 0, completed: 0 }],
    },
  },
  {
    name: 'three days: statuses, methods, amounts; the edges of UTC days; a day without sessions',
    rows: [
      { at: '2026-02-28T23:59:59.999Z', status: 'completed', method: 'pix', approved: 99999 },
      { at: '2026-03-01T00:00:00.000Z', status: 'completed', method: 'pix', approved: 15980 },
      { at: '2026-03-01T12:00:00.000Z', status: 'abandoned', method: 'pix' },
      { at: '2026-03-01T23:59:59.999Z', status: 'abandoned', method: null },
      { at: '2026-03-03T02:00:00.000Z', status: 'completed', method: 'credit', approved: 30001 },
      { at: '2026-03-03T03:00:00.000Z', status: 'open', method: 'billet' },
      { at: '2026-03-03T23:59:59.999Z', status: 'completed', method: 'billet', approved: 7 },
      { at: '2026-03-04T00:00:00.000Z', status: 'completed', method: 'credit', approved: 50000 },
    ],
    query: { initdate: '2026-03-01', enddate: '2026-03-03', sort: '-date' },
    figures: {
      period: { initdate: '2026-03-01', enddate: '2026-03-03' },
      sessions: { started: 6, completed: 3, abandoned: 2 }, conversionRate: 0.5,
      amounts: { approvedAmount: 15980 + 30001 + 7, currency: 'BRL' },
      byMethod: [
        { method: 'pix', sessions: 2, approved: 1, amount: 15980 },
        { method: 'credit', sessions: 1, approved: 1, amount: 30001 },
        { method: 'billet', sessions: 2, approved: 1, amount: 7 },
      ],
      byDay: [
        { date: '2026-03-03', sessions: 3, completed: 2 },
        { date: '2026-03-02', sessions: 0, completed: 0 },
        { date: '2026-03-01', sessions: 3, completed: 1 },
      ],
    },
  },
  {
    name: 'the conversion rate is rounded to 4 decimals',
    rows: [
      { at: '2026-05-10T10:00:00.000Z', status: 'completed', method: 'pix', approved: 100 },
      { at: '2026-05-10T11:00:00.000Z', status: 'open', method: null },
      { at: '2026-05-10T12:00:00.000Z', status: 'abandoned', method: 'credit' },
    ],
    query: { initdate: '2026-05-10', enddate: '2026-05-10', sort: 'ascending' },
    figures: {
      period: { initdate: '2026-05-10', enddate: '2026-05-10' },
      sessions: { started: 3, completed: 1, abandoned: 1 }, conversionRate: 0.3333,
      amounts: { approvedAmount: 100, currency: 'BRL' },
      byMethod: [
        { method: 'pix', sessions: 1, approved: 1, amount: 100 },
        { method: 'credit', sessions: 1, approved: 0, amount: 0 },
        { method: 'billet', sessions: 0, approved: 0, amount: 0 },
      ],
      byDay: [{ date: '2026-05-10', sessions: 3, completed: 1 }],
    },
  },
];

describe.each(ENGINES)('checkout session analytics on $name', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await engine.open());
  });
  afterAll(async () => drop?.());

  /** A merchant with `rows` as its sandbox sessions, and noise the figures must not count (its production sessions, another merchant's). */
  async function merchantWith(rows: Row[]): Promise<Scope> {
    const scope: Scope = { merchantId: await createMerchant(db, 'Acme'), mode: 'sandbox' };
    const other = await createMerchant(db, 'Other');
    for (const [s, r] of [
      ...rows.map((r) => [scope, r] as const),
      ...rows.map((r) => [{ ...scope, mode: 'production' as const }, r] as const),
      ...rows.map((r) => [{ merchantId: other, mode: 'sandbox' as const }, r] as const),
    ]) {
      const link = await insertLink(db, s);
      await db.query(
        `INSERT INTO checkout_sessions (id, merchant_id, mode, payment_link_id, status, method, amount, approved_amount, started_at,
           expires_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, 100000, $7, $8, $8::timestamptz + interval '1 day', $8)`,
        [newId('chs'), s.merchantId, s.mode, link.id, r.status, r.method, r.approved ?? 0, r.at],
      );
    }
    return scope;
  }

  it.each(CASES)('$name', async ({ rows, query, figures }) => {
    const scope = await merchantWith(rows);
    expect(await getCheckoutSessionAnalytics(db, scope, query)).toEqual(figures);
  });

  it('defaults to the 30 days ending today (UTC), oldest first', async () => {
    const scope = await merchantWith([{ at: '2026-11-24T20:00:00.000Z', status: 'completed', method: 'pix', approved: 500 }]);
    const figures = await getCheckoutSessionAnalytics(db, scope, {}, new Date('2026-11-24T23:30:00.000Z'));
    expect(figures.period).toEqual({ initdate: '2026-10-26', enddate: '2026-11-24' });
    expect(figures.byDay).toHaveLength(30);
    expect(figures.byDay[29]).toEqual({ date: '2026-11-24', sessions: 1, completed: 1 });
    expect(figures.byDay[0]!.date).toBe('2026-10-26');
  });
});

describe('periodOf', () => {
  const now = new Date('2026-03-10T15:00:00.000Z');
  const refused = (query: AnalyticsQuery) => {
    try {
      periodOf(query, now);
    } catch (err) {
      if (err instanceof ApiError) return { code: err.code, params: err.params };
      throw err;
    }
    throw new Error('expected a refusal');
  };

  it.each([
    ['enddate alone: 30 days ending there', { enddate: '2026-02-01' }, { initdate: '2026-01-03', enddate: '2026-02-01', descending: false }],
    ['initdate alone: up to today', { initdate: '2026-03-01' }, { initdate: '2026-03-01', enddate: '2026-03-10', descending: false }],
    ['one day', { initdate: '2026-03-05', enddate: '2026-03-05', sort: 'descending' }, { initdate: '2026-03-05', enddate: '2026-03-05', descending: true }],
    ['366 days, a leap year', { initdate: '2028-01-01', enddate: '2028-12-31', sort: '-date' }, { initdate: '2028-01-01', enddate: '2028-12-31', descending: true }],
  ] as const)('%s', (_name, query, period) => {
    expect(periodOf(query as AnalyticsQuery, now)).toEqual(period);
  });

  it('refuses initdate after enddate, a period over 366 days, a day that does not exist', () => {
    expect(refused({ initdate: '2026-03-02', enddate: '2026-03-01' })).toEqual({ code: 'unprocessableEntity', params: [{ initdate: 'is after enddate' }] });
    expect(refused({ initdate: '2027-01-01', enddate: '2028-01-02' })).toEqual({ code: 'unprocessableEntity', params: [{ initdate: 'makes a period longer than 366 days' }] });
    expect(refused({ initdate: '2026-04-01' })).toEqual({ code: 'unprocessableEntity', params: [{ initdate: 'is after enddate' }] });
    expect(refused({ enddate: '2026-02-30' })).toEqual({ code: 'invalidParameters', params: [{ enddate: 'must be a real calendar date (YYYY-MM-DD)' }] });
  });
});
