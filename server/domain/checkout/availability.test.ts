import { describe, expect, it } from 'vitest';
import { availabilityOf } from './availability';

const now = new Date('2026-11-24T12:00:00.000Z');
const open = { enabled: true, available_at: null, expires_at: null, max_payments: null, completed_payments: 0, reserved_payments: 0 };

describe('availabilityOf', () => {
  it.each([
    ['open', open, true, 'open'],
    ['switched off', { ...open, enabled: false }, true, 'disabled'],
    ['before its window', { ...open, available_at: new Date('2026-11-25T00:00:00.000Z') }, true, 'scheduled'],
    ['at availableAt exactly', { ...open, available_at: now }, true, 'open'],
    ['at expiresAt exactly', { ...open, expires_at: now }, true, 'expired'],
    ['a moment before expiresAt', { ...open, expires_at: new Date(now.getTime() + 1) }, true, 'open'],
    ['cap reached', { ...open, max_payments: 2, completed_payments: 2 }, true, 'soldOut'],
    ['cap not reached', { ...open, max_payments: 2, completed_payments: 1 }, true, 'open'],
    ['every place left held by payments under way', { ...open, max_payments: 3, completed_payments: 1, reserved_payments: 2 }, true, 'fullyReserved'],
    ['a place left', { ...open, max_payments: 3, completed_payments: 1, reserved_payments: 1 }, true, 'open'],
    ['places held on a link without cap', { ...open, reserved_payments: 5 }, true, 'open'],
    ['sold out wins over fully reserved', { ...open, max_payments: 2, completed_payments: 2, reserved_payments: 1 }, true, 'soldOut'],
    ['fully reserved wins over unavailable', { ...open, max_payments: 1, reserved_payments: 1 }, false, 'fullyReserved'],
    ['a variant disabled', open, false, 'unavailable'],
    ['disabled wins over expired', { ...open, enabled: false, expires_at: now }, true, 'disabled'],
    ['expired wins over sold out', { ...open, expires_at: now, max_payments: 1, completed_payments: 1 }, true, 'expired'],
  ] as const)('%s', (_name, link, sellable, expected) => {
    expect(availabilityOf(link, now, sellable)).toBe(expected);
  });

  it("counts the asker's own place as theirs: a session holding the last place may still pay", () => {
    const full = { ...open, max_payments: 2, completed_payments: 1, reserved_payments: 1 };
    expect(availabilityOf(full, now, true)).toBe('fullyReserved');
    expect(availabilityOf(full, now, true, true)).toBe('open');
  });
});
