import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/errors';
import { dunningFor, nextRetryAt } from './dunning';

describe('dunning schedules', () => {
  it.each([
    ['credit', [1, 3, 5, 7]],
    ['pix', [1, 3, 5]],
    ['billet', [1]],
  ] as const)('%s retries by default after %o days, then cancels', (method, days) => {
    expect(dunningFor(method)).toEqual({ retryDays: days, endAs: 'canceled', billetToleranceDays: 3 });
  });

  it.each([
    ['pix', [1, 2, 3, 4], 'at most 3 retries'],
    ['pix', [1, 8], 'within 7 days'],
    ['credit', [3, 3], 'strictly increasing'],
    ['credit', [1, 31], 'within 30 days'],
    ['billet', [1, 2, 3, 4], 'at most 3 retries'],
  ] as const)('%s with %o is refused (%s)', (method, retryDays, why) => {
    expect(() => dunningFor(method, { retryDays: [...retryDays] })).toThrow(ApiError);
    expect(() => dunningFor(method, { retryDays: [...retryDays] })).toThrow(why);
  });

  it('counts every retry from the first failure, and has none after the last', () => {
    const d = dunningFor('credit', { retryDays: [1, 3], endAs: 'unpaid' });
    const failed = new Date('2026-03-14T03:00:00.000Z');
    expect(nextRetryAt(d, failed, 0)?.toISOString()).toBe('2026-03-15T03:00:00.000Z');
    expect(nextRetryAt(d, failed, 1)?.toISOString()).toBe('2026-03-17T03:00:00.000Z');
    expect(nextRetryAt(d, failed, 2)).toBeNull();
    expect(d.endAs).toBe('unpaid');
  });
});
