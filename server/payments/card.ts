/** Card number checks: Luhn, brand by BIN and length, expiry, and the digits that are safe to store. */

import { ruleOfPrefix, type CardBrand } from './card-brands';

export type { CardBrand };

/** The only parts of a PAN we keep: the BIN (first six) and the last four. */
export interface CardDigits {
  first6: string;
  last4: string;
}

// Separators are refused rather than stripped: callers normalise input once, at the edge, so a
// number with spaces reaching this module is a bug we want to see, not silently accept.
const PAN = /^\d{13,19}$/;

/** True when `number` is 13–19 digits (nothing else) with a correct Luhn check digit. */
export function luhnValid(number: string): boolean {
  if (!PAN.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = number.charCodeAt(number.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The brand of a PAN, or null when its prefix is unknown or its length does not fit the brand.
 * The Luhn digit is not checked here (use `luhnValid`). A number whose BIN belongs to one brand
 * but whose length does not fit is null, not reassigned: an Elo BIN with 13 digits is not a Visa.
 */
export function detectBrand(number: string): CardBrand | null {
  if (!PAN.test(number)) return null;
  const rule = ruleOfPrefix(number);
  return rule !== null && rule.lengths.includes(number.length) ? rule.brand : null;
}

/**
 * True when a card expiring in `expMonth`/`expYear` (1–12, four-digit year) is expired at `now`.
 * A card is good through the last instant of its expiry month, in UTC.
 */
export function cardExpired(expMonth: number, expYear: number, now: Date): boolean {
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) {
    throw new RangeError(`expMonth must be an integer 1–12, got ${expMonth}`);
  }
  // Two-digit years are refused: read as year 25 they would make every card look long expired.
  if (!Number.isInteger(expYear) || expYear < 1000 || expYear > 9999) {
    throw new RangeError(`expYear must be a four-digit year, got ${expYear}`);
  }
  // Month indexes are 0-based, so `expMonth` is the month after expiry; Date.UTC rolls 12 into January.
  return now.getTime() >= Date.UTC(expYear, expMonth, 1);
}

/** The first six and last four digits of a PAN; throws on anything that is not 13–19 digits. */
export function cardDigits(number: string): CardDigits {
  if (!PAN.test(number)) throw new Error('card number must be 13–19 digits');
  return { first6: number.slice(0, 6), last4: number.slice(-4) };
}
