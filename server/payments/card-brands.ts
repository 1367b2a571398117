/**
 * The card brands this service knows, as data: the one table that `detectBrand` (the server's judgement of a card)
 * and the checkout page's script (naming the brand and grouping the digits as the payer types) both read, so the page
 * never names a brand the server would not. Plain JSON-able values only: the page receives the table as it is.
 */

export type CardBrand = 'visa' | 'mastercard' | 'elo' | 'amex' | 'hipercard';

/** Inclusive range of card-number prefixes of one length (`['51', '55']`, `['506699', '506778']`). */
export type PrefixRange = readonly [string, string];

export interface BrandRule {
  brand: CardBrand;
  ranges: readonly PrefixRange[];
  /** The number lengths the brand issues. */
  lengths: readonly number[];
  /** Digits per printed group, the last repeated: 4-4-4-4(-3), Amex 4-6-5. */
  groups: readonly number[];
}

const range = (lo: number, hi = lo): PrefixRange => [String(lo), String(hi)];

// Several Elo and Hipercard BINs fall inside the generic Visa and Mastercard prefixes (4, 5): they come first, and the
// first rule whose range holds the number's prefix is its brand.
export const BRAND_RULES: readonly BrandRule[] = [
  {
    brand: 'elo',
    ranges: [
      range(401178, 401179), range(431274), range(438935), range(451416), range(457393),
      range(457631, 457632), range(504175), range(506699, 506778), range(509000, 509999), range(627780),
      range(636297), range(636368), range(650031, 650033), range(650035, 650051), range(650405, 650439),
      range(650485, 650538), range(650541, 650598), range(650700, 650718), range(650720, 650727), range(650901, 650978),
      range(651652, 651679), range(655000, 655019), range(655021, 655058),
    ],
    lengths: [16],
    groups: [4],
  },
  {
    brand: 'hipercard',
    ranges: [606282, 384100, 384140, 384160, 637095, 637568, 637599, 637609, 637612].map((bin) => range(bin)),
    lengths: [13, 16, 19],
    groups: [4],
  },
  { brand: 'amex', ranges: [range(34), range(37)], lengths: [15], groups: [4, 6, 5] },
  { brand: 'mastercard', ranges: [range(51, 55), range(2221, 2720)], lengths: [16], groups: [4] },
  { brand: 'visa', ranges: [range(4)], lengths: [13, 16, 19], groups: [4] },
];

/** The first rule of the table with a range holding the prefix of `digits` (a whole card number), or null. */
export function ruleOfPrefix(digits: string): BrandRule | null {
  // Same-length digit strings compare as the numbers do.
  const holds = ([lo, hi]: PrefixRange) => digits.length >= lo.length && digits.slice(0, lo.length) >= lo && digits.slice(0, lo.length) <= hi;
  return BRAND_RULES.find((rule) => rule.ranges.some(holds)) ?? null;
}
