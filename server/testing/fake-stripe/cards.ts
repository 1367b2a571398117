/**
 * Stripe's test cards (docs.stripe.com/testing): what each number does when a payment is confirmed with it, the
 * brand, funding and country it reports, and the Luhn check that refuses a mistyped number when the PaymentMethod
 * is created. Only what a card shows (brand, last four digits, expiry, fingerprint, outcome) leaves this module: the
 * number itself is never kept.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** What confirming a payment with the card does. */
export type CardOutcome =
  | { kind: 'approve' }
  | { kind: 'decline'; code: string; declineCode: string; message: string; param?: string }
  /** 3-D Secure is required: the PaymentIntent goes to requires_action until the payer authenticates. */
  | { kind: 'authenticate' }
  /** The charge succeeds, then the cardholder's bank opens a dispute of `reason` shortly after. */
  | { kind: 'dispute'; reason: string };

export type CardBrand = 'amex' | 'diners' | 'discover' | 'jcb' | 'mastercard' | 'unionpay' | 'visa' | 'unknown';

/** What a card shows once the PaymentMethod exists. */
export interface CardFacts {
  brand: CardBrand;
  last4: string;
  funding: 'credit' | 'debit' | 'prepaid';
  country: string;
  fingerprint: string;
  outcome: CardOutcome;
}

const DECLINED = 'Your card was declined.';
const decline = (code: string, declineCode: string, message = DECLINED, param?: string): CardOutcome =>
  ({ kind: 'decline', code, declineCode, message, ...(param === undefined ? {} : { param }) });

/**
 * The numbers the testing page documents. Expired card, incorrect CVC and processing error carry the error code as
 * their decline code too, which is what the API returns for them.
 */
const TEST_CARDS: Record<string, { outcome: CardOutcome; country?: string; funding?: CardFacts['funding'] }> = {
  '4000000000000002': { outcome: decline('card_declined', 'generic_decline') },
  '4000000000009995': { outcome: decline('card_declined', 'insufficient_funds', 'Your card has insufficient funds.') },
  '4000000000009987': { outcome: decline('card_declined', 'lost_card') },
  '4000000000009979': { outcome: decline('card_declined', 'stolen_card') },
  '4000000000000069': { outcome: decline('expired_card', 'expired_card', 'Your card has expired.', 'exp_month') },
  '4000000000000127': { outcome: decline('incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect.", 'cvc') },
  '4000000000000119': {
    outcome: decline('processing_error', 'processing_error', 'An error occurred while processing your card. Try again in a little bit.'),
  },
  '4000000000006975': { outcome: decline('card_declined', 'card_velocity_exceeded', 'Your card has exceeded its velocity limit.') },
  // Radar's "always blocked" card: the highest risk level, blocked whatever the rules.
  '4100000000000019': { outcome: decline('card_declined', 'fraudulent') },
  '4000002760003184': { outcome: { kind: 'authenticate' } },
  '4000002500003155': { outcome: { kind: 'authenticate' } },
  '4000000000003220': { outcome: { kind: 'authenticate' } },
  '4000000000000259': { outcome: { kind: 'dispute', reason: 'fraudulent' } },
  '4000000760000002': { outcome: { kind: 'approve' }, country: 'BR' },
  '4000056655665556': { outcome: { kind: 'approve' }, funding: 'debit' },
  '5200828282828210': { outcome: { kind: 'approve' }, funding: 'debit' },
  '5105105105105100': { outcome: { kind: 'approve' }, funding: 'prepaid' },
};

/** The test PaymentMethods Stripe offers by id in test mode (`pm_card_visa`…) and the card each stands for. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_br: '4000000760000002',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedLostCard: '4000000000009987',
  pm_card_chargeDeclinedStolenCard: '4000000000009979',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
  pm_card_chargeDeclinedFraudulent: '4100000000000019',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_createDispute: '4000000000000259',
};

/** The Luhn (mod 10) check every card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand of a number by its issuer prefix, as Stripe reports it in `card.brand`. */
export function brandOf(digits: string): CardBrand {
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'visa';
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (digits.startsWith('6011') || digits.startsWith('65') || (four >= 6440 && four <= 6499)) return 'discover';
  if (two === 36 || two === 38 || (four >= 3000 && four <= 3059)) return 'diners';
  if (two === 35) return 'jcb';
  if (two === 62) return 'unionpay';
  return 'unknown';
}

// A key per process: the same number always gets the same fingerprint here, and the fingerprint alone cannot be
// turned back into the number by hashing every candidate.
const FINGERPRINT_KEY = randomBytes(32);

/** What the card shows; `digits` is used here and dropped. */
export function cardFacts(digits: string): CardFacts {
  const test = TEST_CARDS[digits];
  const fingerprint = createHmac('sha256', FINGERPRINT_KEY).update(digits).digest('base64url').replace(/[-_]/g, 'x').slice(0, 16);
  return {
    brand: brandOf(digits),
    last4: digits.slice(-4),
    funding: test?.funding ?? 'credit',
    country: test?.country ?? 'US',
    fingerprint,
    outcome: test?.outcome ?? { kind: 'approve' },
  };
}
