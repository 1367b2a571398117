/**
 * The narrow interface every payment provider (route) implements: authorize, capture, cancel, refund, status.
 * Results are typed unions, never loose records. Every call carries an idempotency key: a provider answers a
 * repeated key with the first answer and does nothing again, which is what makes a retried job safe.
 */
import type { components } from '../../generated/schema';
import type { Mode } from '../core/tenancy';
import type { CardBrand } from './card';

export type PaymentMethod = components['schemas']['PaymentMethod'];
export type RefusalCode = components['schemas']['PaymentRefusal']['code'];

/** The card as the processing keeps it: a provider token and the digits the API may show. */
export interface CardRef {
  token: string;
  brand: CardBrand;
  firstDigits: string;
  lastDigits: string;
}

export interface AuthorizeRequest {
  idempotencyKey: string;
  transactionId: string;
  merchant: { id: string; name: string };
  method: PaymentMethod;
  amount: number;
  installments: number;
  /** Cards: capture at once (true) or authorize only. */
  capture: boolean;
  card?: CardRef;
  /**
   * Who pays, as the charge recorded them: a PIX institution names the debtor (`devedor`) of a charge with it. The
   * document is null when the customer has none.
   */
  payer?: {
    name: string;
    document: { type: 'cpf' | 'cnpj'; number: string } | null;
    /** The payer's e-mail and billing address: a boleto at Stripe is issued to both. */
    email?: string | null;
    address?: PayerAddress | null;
  };
  /**
   * What the charge's method adds to the request, built by its module (`methods/`) from the charge as stored: a
   * PIX's expiry, a billet's due date and instructions. Absent when the method adds nothing (a card: `card` is all).
   */
  details?: AuthorizeDetails;
}

/** The billing address of a charge, as a route sends it (Brazil). */
export interface PayerAddress {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postcode: string;
}

/** The details of a PIX charge: when the QR code stops being payable. */
export interface PixDetails {
  kind: 'pix';
  expiresAt: Date;
}

/** The details of a billet: the last day it can be paid, its lapse, the cashier's instructions, our document number. */
export interface BilletDetails {
  kind: 'billet';
  dueDate: string;
  expiresAt: Date;
  instructions: string | null;
  documentNumber: string;
}

/**
 * The details the built-in methods send, by `kind` (the method's name), so a route reads the kind it serves. A method
 * added beside them (a test's) sends its own kind, which its own route reads.
 */
export type AuthorizeDetails = PixDetails | BilletDetails;

/**
 * What a route hands back for the payer to pay later. `kind` names the method whose code it is: the engine gives it
 * to that method's module (`methods/`), which says what it writes on the charge.
 */
export interface PixInstructions {
  kind: 'pix';
  emv: string;
  txid: string;
  /** ISO 8601: results are JSON-safe, a provider may hand back a stored answer. */
  expiresAt: string;
}

export interface BilletInstructions {
  kind: 'billet';
  barcode: string;
  digitableLine: string;
  documentNumber: string;
  referenceNumber: string;
  /** ISO 8601. */
  expiresAt: string;
  /** The voucher the route hosts (Stripe's boleto page), shown as `billetUrl` instead of our own page. */
  voucherUrl?: string;
}

/** The instructions the built-in methods' routes answer with; a method added beside them answers its own kind. */
export type IssuedInstructions = PixInstructions | BilletInstructions;

export type AuthorizeResult =
  /** Card charged (captured) at once. */
  | { kind: 'approved'; acquirerTransactionNumber: string; authorizationCode: string }
  /** Card amount reserved, to be captured later. */
  | { kind: 'authorized'; acquirerTransactionNumber: string; authorizationCode: string }
  /** PIX or billet issued: the payer pays later. */
  | { kind: 'issued'; acquirerTransactionNumber: string; instructions: IssuedInstructions }
  /** Refused; `acquirerTransactionNumber` when the route holds a record of the refusal (Stripe's PaymentIntent). */
  | { kind: 'declined'; code: RefusalCode; message: string; acquirerTransactionNumber?: string }
  /** The route cannot take the charge now (down): the charge's walk over its routes tries the next one. */
  | { kind: 'unavailable'; reason: string };

export type CaptureResult =
  | { kind: 'captured' }
  | { kind: 'declined'; message: string }
  | { kind: 'unavailable'; reason: string };

export type CancelResult =
  | { kind: 'canceled' }
  /** The route cannot cancel it any more: a PIX charge the payer paid first (its payment comes as a received Pix). */
  | { kind: 'declined'; message: string }
  | { kind: 'unavailable'; reason: string };

export type RefundResult =
  | { kind: 'succeeded' }
  /** Accepted; the provider confirms later (`refundStatus`). */
  | { kind: 'pending' }
  | { kind: 'failed'; reason: string }
  | { kind: 'unavailable'; reason: string };

export type RefundStatusResult = { kind: 'succeeded' } | { kind: 'pending' } | { kind: 'failed'; reason: string };

export interface ProviderCharge {
  idempotencyKey: string;
  transactionId: string;
  amount: number;
}

/** One payment route. `id` is what `payment.provider` and the timeline's `route` entries show. */
export interface PaymentProvider {
  readonly id: string;
  readonly version: string;
  /** The methods this route can charge. */
  readonly methods: readonly PaymentMethod[];
  /** The modes this route serves: a sandbox route never sees a production key. */
  readonly modes: readonly Mode[];
  authorize(req: AuthorizeRequest): Promise<AuthorizeResult>;
  /** Captures `amount` (≤ authorized) of the authorization made under `authorizeKey`. */
  capture(req: ProviderCharge & { authorizeKey: string }): Promise<CaptureResult>;
  /** Voids an authorization, a QR code or a billet made under `authorizeKey`; canceling nothing is a success. */
  cancel(req: ProviderCharge & { authorizeKey: string }): Promise<CancelResult>;
  refund(req: ProviderCharge & { authorizeKey: string; method: PaymentMethod }): Promise<RefundResult>;
  /** Where a refund answered `pending` stands now. */
  refundStatus(req: { idempotencyKey: string }): Promise<RefundStatusResult>;
}

/** Card data reaches a provider once, to be exchanged for a token; the number and CVV go nowhere else. */
export interface CardVault {
  tokenize(card: { number: string; holderName: string; expMonth: number; expYear: number; cvv: string }): Promise<CardRef>;
}
