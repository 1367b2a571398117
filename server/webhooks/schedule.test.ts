import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { DEFAULT_RETRY_SECONDS, MAX_RETRIES, parseRetrySchedule } from '../config-values';
import { nextDelaySeconds, parseRetryAfter } from './schedule';

const now = new Date('2026-03-14T12:31:05.000Z');

describe('DEFAULT_RETRY_SECONDS', () => {
  it('is the documented schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, about 27.5 h in all', () => {
    expect([...DEFAULT_RETRY_SECONDS]).toEqual([5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600]);
    const hours = DEFAULT_RETRY_SECONDS.reduce((a, b) => a + b, 0) / 3600;
    expect(hours).toBeGreaterThan(27.5);
    expect(hours).toBeLessThan(27.6);
  });
});

describe('nextDelaySeconds', () => {
  it('waits the scheduled delay after each failure, with no jitter when random() is 0', () => {
    const delays = DEFAULT_RETRY_SECONDS.map((_, i) => nextDelaySeconds(i + 1, DEFAULT_RETRY_SECONDS, null, () => 0));
    expect(delays).toEqual([...DEFAULT_RETRY_SECONDS]);
  });

  it('lengthens the delay by a jitter of up to 10 %', () => {
    expect(nextDelaySeconds(1, DEFAULT_RETRY_SECONDS, null, () => 0.5)).toBe(5.25);
    expect(nextDelaySeconds(2, DEFAULT_RETRY_SECONDS, null, () => 0.5)).toBe(315);
    const nearlyOne = () => 0.9999999;
    expect(nextDelaySeconds(1, DEFAULT_RETRY_SECONDS, null, nearlyOne)).toBe(5.5);
    expect(nextDelaySeconds(7, DEFAULT_RETRY_SECONDS, null, nearlyOne)).toBeCloseTo(39600, 2);
    // A random source out of [0, 1) cannot push the jitter past its bounds.
    expect(nextDelaySeconds(3, DEFAULT_RETRY_SECONDS, null, () => 5)).toBe(1980);
    expect(nextDelaySeconds(3, DEFAULT_RETRY_SECONDS, null, () => -1)).toBe(1800);
  });

  it('stays within the bounds with the real random source', () => {
    for (let i = 0; i < 1000; i++) {
      const d = nextDelaySeconds(4, DEFAULT_RETRY_SECONDS, null)!;
      expect(d).toBeGreaterThanOrEqual(7200);
      expect(d).toBeLessThanOrEqual(7920);
    }
  });

  it('makes 1 + schedule.length attempts in all: none after the eighth', () => {
    expect(nextDelaySeconds(7, DEFAULT_RETRY_SECONDS, null, () => 0)).toBe(36000);
    expect(nextDelaySeconds(8, DEFAULT_RETRY_SECONDS, null, () => 0)).toBeNull();
    expect(nextDelaySeconds(9, DEFAULT_RETRY_SECONDS, 60, () => 0)).toBeNull();
    expect(nextDelaySeconds(2, [10, 20], null, () => 0)).toBe(20);
    expect(nextDelaySeconds(3, [10, 20], null, () => 0)).toBeNull();
  });

  it('makes the first attempt at once', () => {
    expect(nextDelaySeconds(0, DEFAULT_RETRY_SECONDS, null, () => 0.5)).toBe(0);
  });

  it('waits at least a Retry-After, capped at one hour', () => {
    expect(nextDelaySeconds(1, DEFAULT_RETRY_SECONDS, 120, () => 0.5)).toBe(120);
    expect(nextDelaySeconds(1, DEFAULT_RETRY_SECONDS, 3600, () => 0)).toBe(3600);
    expect(nextDelaySeconds(1, DEFAULT_RETRY_SECONDS, 86_400, () => 0)).toBe(3600);
    // A Retry-After shorter than the scheduled delay does not shorten it.
    expect(nextDelaySeconds(3, DEFAULT_RETRY_SECONDS, 120, () => 0)).toBe(1800);
    // An hour-long cap below a longer scheduled delay leaves the schedule alone.
    expect(nextDelaySeconds(5, DEFAULT_RETRY_SECONDS, 86_400, () => 0)).toBe(18000);
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter(' 7200 ', now)).toBe(7200);
    expect(parseRetryAfter('0', now)).toBe(0);
  });

  it('reads an HTTP date in each of its three forms, as GMT', () => {
    expect(parseRetryAfter('Sat, 14 Mar 2026 12:33:05 GMT', now)).toBe(120);
    expect(parseRetryAfter('Saturday, 14-Mar-26 12:33:05 GMT', now)).toBe(120);
    expect(parseRetryAfter('Sat Mar 14 12:33:05 2026', now)).toBe(120);
    expect(parseRetryAfter('Sat, 14 Mar 2026 14:31:05 GMT', now)).toBe(7200);
    // Part of a second still to wait counts as a whole one.
    expect(parseRetryAfter('Sat, 14 Mar 2026 12:31:06 GMT', new Date('2026-03-14T12:31:05.400Z'))).toBe(1);
  });

  it('is null for an absent, invalid or past value', () => {
    for (const value of [null, undefined, '', '  ', '-5', '1.5', '12 s', 'soon', '2026-03-14T12:33:05Z', 'Sat, 99 Mar 2026 12:33:05 GMT']) {
      expect(parseRetryAfter(value, now), String(value)).toBeNull();
    }
    expect(parseRetryAfter('Sat, 14 Mar 2026 12:31:05 GMT', now)).toBeNull();
    expect(parseRetryAfter('Fri, 13 Mar 2026 12:31:05 GMT', now)).toBeNull();
  });

  it('gives an absurdly long delta as the longest honoured wait', () => {
    expect(parseRetryAfter('99999999999999999999', now)).toBe(3600);
  });
});

describe('WEBHOOK_RETRY_SECONDS', () => {
  const load = (value: string) => loadConfig({ WEBHOOK_RETRY_SECONDS: value }).webhooks.retrySeconds;

  it('takes any schedule of 1 to 50 whole seconds: it alone decides the attempts of a dispatch', () => {
    expect(load('0,0,0')).toEqual([0, 0, 0]);
    expect(load(' 5, 300 ,1800')).toEqual([5, 300, 1800]);
    expect(load(Array(50).fill('1').join(','))).toHaveLength(50);
    expect(load('')).toEqual([...DEFAULT_RETRY_SECONDS]);
    expect(loadConfig({}).webhooks.retrySeconds).toEqual([...DEFAULT_RETRY_SECONDS]);
  });

  it.each([
    [',', 'an empty item'],
    ['5,,300', 'an empty item in the middle'],
    ['5,-1', 'a negative delay'],
    ['1.5', 'a fraction'],
    ['1e3', 'an exponent'],
    ['five', 'a word'],
    ['604801', 'more than 7 days'],
    [Array(51).fill('1').join(','), 'more than 50 retries'],
  ])('refuses "%s" (%s) at start', (value) => {
    expect(() => load(value)).toThrow(/WEBHOOK_RETRY_SECONDS/);
  });

  it('is the bound the spec documents for a dispatch\'s attempts (one more than the retries)', () => {
    const yaml = readFileSync(resolve(import.meta.dirname, '../../spec/components/schemas/WebhookDispatch.yaml'), 'utf8');
    const attempts = /\n {2}attempts:\n(?: {4}.*\n)*? {4}maximum: (\d+)\n/.exec(yaml);
    expect(Number(attempts?.[1])).toBe(1 + MAX_RETRIES);
    expect(() => parseRetrySchedule('X', Array(MAX_RETRIES + 1).fill('0').join(','))).toThrow('at most 50');
  });
});
