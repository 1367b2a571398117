/** Card number checks: Luhn, brand by BIN and length, expiry, and the digits that are safe to store. */

export type CardBrand = 'visa' | 'mastercard' | 'elo' | 'amex' | 'hipercard';

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

type Range = readonly [number, number];

// Six-digit BIN ranges, inclusive. Several Elo BINs start with 4 or 5, so Elo must be matched
// before the generic Visa and Mastercard prefixes or those cards would be mislabelled.
const ELO_BINS: readonly Range[] = [
  [401178, 401179], [431274, 431274], [438935, 438935], [451416, 451416], [457393, 457393],
  [457631, 457632], [504175, 504175], [506699, 506778], [509000, 509999], [627780, 627780],
  [636297, 636297], [636368, 636368], [650031, 650033], [650035, 650051], [650405, 650439],
  [650485, 650538], [650541, 650598], [650700, 650718], [650720, 650727], [650901, 650978],
  [651652, 651679], [655000, 655019], [655021, 655058],
];

const HIPERCARD_BINS: readonly number[] = [
  606282, 384100, 384140, 384160, 637095, 637568, 637599, 637609, 637612,
];

const LENGTHS: Record<CardBrand, readonly number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  elo: [16],
  hipercard: [13, 16, 19],
};

function brandByPrefix(number: string): CardBrand | null {
  const bin6 = Number(number.slice(0, 6));
  if (ELO_BINS.some(([lo, hi]) => bin6 >= lo && bin6 <= hi)) return 'elo';
  if (HIPERCARD_BINS.includes(bin6)) return 'hipercard';
  const bin2 = Number(number.slice(0, 2));
  if (bin2 === 34 || bin2 === 37) return 'amex';
  const bin4 = Number(number.slice(0, 4));
  if ((bin2 >= 51 && bin2 <= 55) || (bin4 >= 2221 && bin4 <= 2720)) return 'mastercard';
  if (number.startsWith('4')) return 'visa';
  return null;
}

/**
 * The brand of a PAN, or null when its prefix is unknown or its length does not fit the brand.
 * The Luhn digit is not checked here (use `luhnValid`). A number whose BIN belongs to one brand
 * but whose length does not fit is null, not reassigned: an Elo BIN with 13 digits is not a Visa.
 */
export function detectBrand(number: string): CardBrand | null {
  if (!PAN.test(number)) return null;
  const brand = brandByPrefix(number);
  return brand !== null && LENGTHS[brand].includes(number.length) ? brand : null;
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
