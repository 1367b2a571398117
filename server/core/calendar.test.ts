import { describe, expect, it } from 'vitest';
import { addDays, endOfSaoPauloDay, saoPauloDate, startOfSaoPauloDay } from './calendar';

describe('São Paulo calendar days', () => {
  it('turns an instant into the São Paulo day it falls on, the day changing at 03:00 UTC', () => {
    expect(saoPauloDate(new Date('2026-03-15T02:59:59.999Z'))).toBe('2026-03-14');
    expect(saoPauloDate(new Date('2026-03-15T03:00:00.000Z'))).toBe('2026-03-15');
    expect(saoPauloDate(new Date('2026-12-31T23:30:00.000Z'), 1)).toBe('2027-01-01');
    expect(saoPauloDate(new Date('2028-02-28T12:00:00.000Z'), 1)).toBe('2028-02-29');
  });

  it('adds and takes away days across months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(addDays('2026-05-10', 0)).toBe('2026-05-10');
  });

  it("gives a day's first and last instants, each on that day and one millisecond from the next", () => {
    const start = startOfSaoPauloDay('2026-03-14');
    const end = endOfSaoPauloDay('2026-03-14');
    expect(start.toISOString()).toBe('2026-03-14T03:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-15T02:59:59.999Z');
    expect(saoPauloDate(start)).toBe('2026-03-14');
    expect(saoPauloDate(end)).toBe('2026-03-14');
    expect(saoPauloDate(new Date(end.getTime() + 1))).toBe('2026-03-15');
    expect(saoPauloDate(new Date(start.getTime() - 1))).toBe('2026-03-13');
  });
});
