/**
 * The one way a new charge is made, whoever makes it: `POST /v1/transactions`, a checkout page's payment (through
 * the same creation) and a subscription's billing cycle. Its method decided the terms (installments, capture, expiry,
 * what it keeps for its authorization: `MethodTerms`); this puts them, the payer, the billing address and the card
 * on the row `recordCharge` writes, so every charge carries the same fields the same way.
 */
import type { components } from '../../../generated/schema';
import type { MethodTerms, PaymentMethodModule } from '../../payments/methods/module';
import type { CardRef, PaymentMethod } from '../../payments/provider';
import type { AddressRecord } from '../addresses/service';
import type { CustomerRecord } from '../customers/service';
import type * as repo from './repo';

type Payment = components['schemas']['TransactionPayment'];
type Item = components['schemas']['TransactionItem'];

/** What a checkout payer typed of their identity, as a customer stores it (e-mail lower case, document digits). */
export type TypedPayer = Pick<CustomerRecord, 'firstName' | 'lastName' | 'email'> & Partial<Pick<CustomerRecord, 'document'>>;

/**
 * The charge's copy of its payer when the payment was started on a checkout page: the matched customer's record
 * (its id, and everything the payer did not type) with the name, e-mail and document the payer typed. The public
 * pages show the copy's name, so a payer who types someone else's CPF or e-mail never learns the name stored under
 * it; the stored customer is not changed (as for any inline payer found).
 */
export function typedPayerCopy(customer: CustomerRecord, typed: TypedPayer): CustomerRecord {
  return { ...customer, ...typed };
}

/** The `payment` of a new transaction; `registered`: charged from a card stored for reuse (a subscription's). */
function initialPayment(provider: string, card: CardRef | null, installments: number, expiresAt: Date | null, registered: boolean): Payment {
  return {
    provider, version: '1.0', refused: null, reusable: registered,
    billetUrl: null, billetBarcode: null, billetSequence: null, billetDocumentNumber: null, billetReferenceNumber: null,
    pixQrCodeEmv: null, pixQrCodeUrl: null, pixQrCodeImage: null, acquirerTransactionNumber: null,
    cardFirstDigits: card?.firstDigits ?? null, cardLastDigits: card?.lastDigits ?? null, cardBrand: card?.brand ?? null,
    cardRegistered: registered, installments,
    expirationDate: expiresAt?.toISOString() ?? null, paidAt: null, allowRenewPayment: false,
    // Set by `recordCharge`, which draws the charge's public token.
    invoiceLink: '',
  };
}

/** What a new charge is made of. */
export interface ChargeParts {
  id: string;
  /** When it is written: its creation time, from which its expiry counts. */
  at: Date;
  method: PaymentMethodModule;
  terms: MethodTerms;
  amount: number;
  /** The first route serving the method: `payment.provider` until a route settles the charge. */
  provider: string;
  customer: CustomerRecord;
  /** What the payer typed on a checkout page, shown over the customer they were matched to; null otherwise. */
  typed: TypedPayer | null;
  /** The payer's primary address, copied onto the charge as its billing address. */
  address: AddressRecord | null;
  /** The card's token: the one typed in, or a subscription's stored one. */
  card: CardRef | null;
  /** Charged from a card stored for reuse (a subscription's). */
  registered: boolean;
  externalReference: string | null;
  metadata: Record<string, string>;
  items: Item[];
  cycle?: repo.NewTransaction['cycle'];
  checkout?: repo.NewTransaction['checkout'];
}

/** The row of a new charge, for `recordCharge` (which draws its public token). */
export function buildCharge(p: ChargeParts): Omit<repo.NewTransaction, 'public_token'> {
  const { primary: _primary, metadata: _metadata, ...billing } = p.address ?? { primary: false, metadata: null };
  const processing: repo.Processing = {};
  if (p.card) processing.card = p.card;
  if (p.terms.kept) Object.assign(processing, { [p.method.name]: p.terms.kept });
  return {
    id: p.id, method: p.method.name, amount: p.amount, original_amount: p.amount, customer_id: p.customer.id,
    customer: p.typed ? typedPayerCopy(p.customer, p.typed) : p.customer,
    billing_address: p.address ? (billing as repo.TransactionRow['billing_address']) : null,
    external_reference: p.externalReference, metadata: p.metadata, items: p.items, installments: p.terms.installments,
    capture: p.terms.capture, processing,
    payment: initialPayment(p.provider, p.card, p.terms.installments, p.terms.expiresAt(p.at), p.registered),
    created_at: p.at,
    ...(p.cycle ? { cycle: p.cycle } : {}),
    ...(p.checkout ? { checkout: p.checkout } : {}),
  };
}

/** What the charge's method kept on it for its authorization (`MethodTerms.kept`, stored under the method's name). */
export function keptOf(processing: repo.Processing, method: PaymentMethod): unknown {
  return (processing as Record<string, unknown>)[method] ?? null;
}
