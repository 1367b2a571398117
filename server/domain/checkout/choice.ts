/**
 * What a payer chose on the checkout page, checked against the link before anything is created. The page's form is
 * not validated against the API's schemas (it is not an API request), so the shapes the schemas would refuse are
 * refused here, with messages the page shows the payer as they are.
 */
import type { components } from '../../../generated/schema';
import { ApiError } from '../../core/errors';
import { methodOf } from '../../payments/methods';
import type { LinkMethod, LinkRow } from './links-repo';

type CardInput = components['schemas']['CardInput'];
type PayerInput = components['schemas']['TransactionCustomerInput'];

/** The payer as the checkout form gives them. */
export interface CheckoutPayer {
  name: string;
  email: string;
  /** CPF or CNPJ, digits only. */
  document: string;
}

/**
 * `shownAmount`: the total the page showed the payer (a hidden field of the form); a payment whose total changed
 * since is refused with `params: [{ amount: 'changed' }]` so the page shows the new total first. A method that takes
 * a card (its module says) comes with the card and the installments.
 */
export type PaymentChoice = { shownAmount?: number; method: LinkMethod; payer: CheckoutPayer } & (
  | { card?: undefined }
  | { card: CardInput; installments: number }
);

const refuse = (message: string, field: string, reason: string, code: 'unprocessableEntity' | 'invalidCard' = 'unprocessableEntity') =>
  new ApiError(code, { resource: 'checkout', message, params: [{ [field]: reason }] });

// Deliberately loose (one @, a dot in the domain, no spaces): the API's `format: email` accepts no less.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The payer as the transaction's inline customer. The page asks for one full name: its first word is the first
 * name and the rest the last name, so a single word is refused (the customer needs both). An empty document is no
 * document (PIX and card need none; a billet is refused without one by the transaction's own rule).
 */
export function payerInput(p: CheckoutPayer): PayerInput {
  const words = p.name.trim().split(/\s+/).filter((w) => w.length > 0);
  if (words.length < 2) throw refuse('Enter your full name (first and last name).', 'payer[name]', 'needs a first and a last name');
  const firstName = words[0]!;
  const lastName = words.slice(1).join(' ');
  if (firstName.length > 100 || lastName.length > 100) throw refuse('The name is too long.', 'payer[name]', 'is too long');
  const email = p.email.trim();
  if (email.length > 254 || !EMAIL.test(email)) throw refuse('Enter a valid e-mail address.', 'payer[email]', 'is not an e-mail address');
  const digits = p.document.replace(/[.\-/\s]/g, '');
  if (digits === '') return { firstName, lastName, email };
  if (!/^(\d{11}|\d{14})$/.test(digits)) throw refuse('The CPF must have 11 digits, or the CNPJ 14.', 'payer[document]', 'must have 11 or 14 digits');
  return { firstName, lastName, email, document: { type: digits.length === 11 ? 'cpf' : 'cnpj', number: digits } };
}

/** The shape `CardInput` declares; the card's own rules (Luhn, brand, expiry) are the transaction's (`checkCard`). */
function checkCardShape(card: CardInput): void {
  if (!/^\d{13,19}$/.test(card.number)) throw refuse('The card number must have 13 to 19 digits.', 'card[number]', 'must have 13 to 19 digits', 'invalidCard');
  const holder = card.holderName.trim();
  if (holder.length < 2 || holder.length > 50) throw refuse("Enter the name as printed on the card.", 'card[holderName]', 'must have 2 to 50 characters', 'invalidCard');
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) throw refuse('The expiry month must be 1 to 12.', 'card[expMonth]', 'must be 1 to 12', 'invalidCard');
  if (!Number.isInteger(card.expYear) || card.expYear < 2000 || card.expYear > 2099) throw refuse('The expiry year must have four digits.', 'card[expYear]', 'must be a four-digit year', 'invalidCard');
  if (!/^\d{3,4}$/.test(card.cvv)) throw refuse('The security code must have 3 or 4 digits.', 'card[cvv]', 'must have 3 or 4 digits', 'invalidCard');
}

/** The method is one the link offers; a card's installments are within the link's (1 on a recurring link). */
export function checkChoice(link: Pick<LinkRow, 'methods' | 'max_installments' | 'recurring'>, choice: PaymentChoice): void {
  if (!link.methods.includes(choice.method)) throw refuse(`This link does not accept ${choice.method}.`, 'method', 'is not offered by the link');
  if (!methodOf(choice.method).takesCard) return;
  if (!choice.card) throw refuse('Enter the card.', 'card[number]', 'is required', 'invalidCard');
  checkCardShape(choice.card);
  const most = link.recurring ? 1 : link.max_installments;
  if (!Number.isInteger(choice.installments) || choice.installments < 1 || choice.installments > most) {
    throw refuse(`Choose 1 to ${most} installments.`, 'installments', `must be 1 to ${most}`);
  }
}
