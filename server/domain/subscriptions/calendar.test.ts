import { describe, expect, it } from 'vitest';
import { startOfSaoPauloDay } from '../../core/calendar';
import { anchorFrom, period, periodFrom, periodOn, periodStart, trialEnd, type Cadence } from './calendar';

const monthly: Cadence = { frequency: 'monthly', count: 1, anchorDay: null };

describe('billing calendar', () => {
  it.each([
    // anchor, cadence, index, start, end
    ['2026-01-31', monthly, 0, '2026-01-31', '2026-02-27'],
    ['2026-01-31', monthly, 1, '2026-02-28', '2026-03-30'],
    ['2026-01-31', monthly, 2, '2026-03-31', '2026-04-29'],
    ['2026-01-31', monthly, 3, '2026-04-30', '2026-05-30'],
    ['2028-01-31', monthly, 1, '2028-02-29', '2028-03-30'],
    ['2026-01-30', monthly, 1, '2026-02-28', '2026-03-29'],
    ['2026-03-14', monthly, 0, '2026-03-14', '2026-04-13'],
    ['2026-12-15', monthly, 1, '2027-01-15', '2027-02-14'],
    ['2026-11-30', { frequency: 'monthly', count: 3, anchorDay: null }, 1, '2027-02-28', '2027-05-29'],
    ['2026-11-30', { frequency: 'monthly', count: 3, anchorDay: null }, 2, '2027-05-30', '2027-08-29'],
    ['2028-02-29', { frequency: 'yearly', count: 1, anchorDay: null }, 0, '2028-02-29', '2029-02-27'],
    ['2028-02-29', { frequency: 'yearly', count: 1, anchorDay: null }, 1, '2029-02-28', '2030-02-27'],
    ['2028-02-29', { frequency: 'yearly', count: 1, anchorDay: null }, 4, '2032-02-29', '2033-02-27'],
    ['2026-03-14', { frequency: 'yearly', count: 2, anchorDay: null }, 1, '2028-03-14', '2030-03-13'],
    ['2026-02-27', { frequency: 'daily', count: 1, anchorDay: null }, 2, '2026-03-01', '2026-03-01'],
    ['2028-02-27', { frequency: 'daily', count: 1, anchorDay: null }, 2, '2028-02-29', '2028-02-29'],
    ['2026-12-28', { frequency: 'weekly', count: 1, anchorDay: null }, 1, '2027-01-04', '2027-01-10'],
    ['2026-03-02', { frequency: 'weekly', count: 2, anchorDay: null }, 1, '2026-03-16', '2026-03-29'],
    ['2026-02-28', { frequency: 'monthly', count: 1, anchorDay: 31 }, 1, '2026-03-31', '2026-04-29'],
    ['2026-02-28', { frequency: 'monthly', count: 1, anchorDay: 31 }, 2, '2026-04-30', '2026-05-30'],
  ] as const)('anchor %s %o period %i: %s to %s', (anchor, cadence, index, start, end) => {
    expect(period(anchor, cadence, index)).toEqual({ index, start, end });
  });

  it.each([
    // from, billingExactDay, anchor
    ['2026-03-14', null, '2026-03-14'],
    ['2026-03-14', 20, '2026-03-20'],
    ['2026-03-14', 14, '2026-03-14'],
    ['2026-03-14', 5, '2026-04-05'],
    ['2026-02-10', 31, '2026-02-28'],
    ['2028-02-10', 30, '2028-02-29'],
    ['2026-04-30', 31, '2026-04-30'],
    ['2026-12-20', 10, '2027-01-10'],
  ] as const)('from %s with billingExactDay %s the first billing day is %s', (from, exactDay, anchor) => {
    expect(anchorFrom(from, exactDay)).toBe(anchor);
  });

  it.each([
    // start, interval, count, first billed day
    ['2026-03-14', 'day', 7, '2026-03-21'],
    ['2026-01-28', 'day', 7, '2026-02-04'],
    ['2026-02-25', 'week', 1, '2026-03-04'],
    ['2028-02-25', 'week', 1, '2028-03-03'],
    ['2026-01-31', 'month', 1, '2026-02-28'],
    ['2028-01-31', 'month', 1, '2028-02-29'],
    ['2026-12-31', 'month', 2, '2027-02-28'],
    ['2026-03-14', 'day', 0, '2026-03-14'],
  ] as const)('a trial from %s of %s × %i is billed from %s', (start, interval, count, day) => {
    expect(trialEnd(start, interval, count)).toBe(day);
  });

  it.each([
    ['2026-01-31', monthly, '2026-02-01', 1, '2026-02-28'],
    ['2026-01-31', monthly, '2026-02-28', 1, '2026-02-28'],
    ['2026-01-31', monthly, '2026-03-01', 2, '2026-03-31'],
    ['2026-01-31', monthly, '2027-01-01', 12, '2027-01-31'],
    ['2026-01-31', monthly, '2026-01-31', 0, '2026-01-31'],
    ['2026-03-02', { frequency: 'weekly', count: 1, anchorDay: null }, '2026-05-01', 9, '2026-05-04'],
    ['2026-03-14', { frequency: 'daily', count: 3, anchorDay: null }, '2026-03-20', 2, '2026-03-20'],
  ] as const)('anchor %s: the first period from %s is number %i, from %s', (anchor, cadence, day, index, start) => {
    const p = periodFrom(anchor, cadence, day);
    expect([p.index, p.start]).toEqual([index, start]);
    expect(periodStart(anchor, cadence, index)).toBe(start);
  });

  it.each([
    ['2026-01-31', monthly, '2026-02-01', 0, '2026-01-31'],
    ['2026-01-31', monthly, '2026-02-28', 1, '2026-02-28'],
    ['2026-01-31', monthly, '2026-03-30', 1, '2026-02-28'],
    ['2026-01-31', monthly, '2026-01-31', 0, '2026-01-31'],
    ['2026-03-02', { frequency: 'weekly', count: 1, anchorDay: null }, '2026-05-01', 8, '2026-04-27'],
  ] as const)('anchor %s: the period holding %s is number %i, from %s', (anchor, cadence, day, index, start) => {
    const p = periodOn(anchor, cadence, day);
    expect([p.index, p.start]).toEqual([index, start]);
    expect(p.start <= day && day <= p.end).toBe(true);
  });

  it('twelve monthly periods from Jan 31 cover every day of the year once', () => {
    const days = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const p = period('2026-01-31', monthly, i);
      for (let t = Date.parse(p.start); t <= Date.parse(p.end); t += 86_400_000) days.add(new Date(t).toISOString().slice(0, 10));
    }
    expect(days.size).toBe(365);
    expect(period('2026-01-31', monthly, 11).end).toBe('2027-01-30');
  });

  it('a São Paulo day starts at 03:00 UTC', () => {
    expect(startOfSaoPauloDay('2026-03-14').toISOString()).toBe('2026-03-14T03:00:00.000Z');
  });
});
