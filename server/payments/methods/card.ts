/**
 * The card (`credit` in the contract): the payer types it, it is checked and exchanged once for the vault's token;
 * the route authorizes it at once, and captures it at once or when the merchant says (an authorization not captured
 * lapses). It is the one method with installments, each settling 30 days after the one before.
 */
import type { components } from '../../../generated/schema';
import { ApiError } from '../../core/errors';
import { cardExpired, detectBrand, luhnValid } from '../card';
import type { PaymentMethodModule } from './module';

type CardInput = components['schemas']['CardInput'];

/** The checks of `CardInput` (422 `invalidCard`): Luhn, brand, expiry, CVV length. */
export function checkCard(card: CardInput, now: Date): void {
  const invalid = (reason: string, field: string) =>
    new ApiError('invalidCard', { resource: 'transaction', message: `The card ${reason}.`, params: [{ [`payment[card][${field}]`]: reason }] });
  if (!luhnValid(card.number)) throw invalid('number fails the Luhn check', 'number');
  const brand = detectBrand(card.number);
  if (!brand) throw invalid('brand is not supported (Visa, Mastercard, Elo, American Express, Hipercard)', 'number');
  if (cardExpired(card.expMonth, card.expYear, now)) throw invalid('is expired', 'expYear');
  if (brand === 'amex' ? card.cvv.length !== 4 : card.cvv.length !== 3) throw invalid(`security code must have ${brand === 'amex' ? 4 : 3} digits`, 'cvv');
}

const never = () => null;

export const card: PaymentMethodModule = {
  name: 'credit',
  flow: 'authorize',
  takesCard: true,
  payerDocument: null,

  terms(input, now) {
    if (input.method !== 'credit') throw new Error(`the card module was given a ${input.method} payment`);
    checkCard(input.card, now);
    return { installments: input.installments ?? 1, capture: input.capture ?? true, card: input.card, kept: null, expiresAt: never };
  },

  cycleTerms() {
    return { installments: 1, capture: true, card: null, kept: null, expiresAt: never };
  },

  // The card itself (its token) is what the request carries for a card: the engine sends it for every method.
  authorizeDetails: never,

  lapse: { from: ['pre-authorized'], reason: 'The authorization was not captured in time.', simulated: 'The authorization lapsed.' },
  refund: 'at-once',
  pricing: { planRate: 'credit', maxInstallments: 12, settlementDays: (n) => 30 * n, whatIf: 'base' },
  receivable: (n, of) => `Card payment, installment ${n} of ${of}`,
  dunning: { defaults: [1, 3, 5, 7], most: 10, withinDays: 30 },
  page: { label: 'Cartão de crédito', kind: 'card' },
};
