/**
 * What one payment method is, as data and small functions that the engine, the fees, recurring billing, checkout and
 * the public pages read instead of branching on the method's name (`index.ts` holds the table of them). One module
 * per method: `pix.ts`, `card.ts` (the contract's `credit`), `billet.ts`.
 *
 * Decisions:
 * - A module says what is particular to its method and nothing about how the engine runs: the engine keeps one
 *   pipeline (create, authorize on a route, record the answer, expire, refund) and asks the module at each point
 *   where methods differ. What every method shares (the card's token, the route, the ledger) stays in the engine.
 * - A module may import what sits on its floor or below (`payments/`, `core/`, `generated/`), never `domain/` or
 *   `http/`: it describes the charge through its own small shapes (`MethodTerms`, `StoredCharge`).
 * - What a method keeps on a charge for its authorization is stored under its name in the transaction's `processing`
 *   (a billet's due date and instructions are `processing.billet`, as they always were), so a method added later
 *   needs no new column and no change to the engine's types.
 * - Presentation is data too: the checkout form's label, what the invoice page shows while the payer has to act
 *   (`page.kind`), the pt-BR message when a document is missing. The HTML stays in `http/pages/`, which picks a block
 *   by `page.kind` without naming a method.
 */
import type { components } from '../../../generated/schema';
import type { PublicUrls } from '../../core/public-urls';
import type { AuthorizeDetails, IssuedInstructions, PaymentMethod } from '../provider';

type Payment = components['schemas']['TransactionPayment'];
type TransactionStatus = components['schemas']['TransactionStatus'];
type CardInput = components['schemas']['CardInput'];

/** The `payment` of a `POST /v1/transactions` body (one shape per method of the contract). */
export type PaymentInput = components['schemas']['CreateTransactionRequest']['payment'];

/** What a method decided about one new charge from its input, before the charge is written (`buildCharge`). */
export interface MethodTerms {
  /** 1 unless the method splits a charge into installments. */
  installments: number;
  /** Capture at once; false only for a card authorization the merchant captures later. */
  capture: boolean;
  /** The card the payer typed, checked: it goes once to the vault for a token (methods that take a card). */
  card: CardInput | null;
  /** What the method keeps on the charge for its authorization (`processing.<method>`); null when nothing. */
  kept: object | null;
  /** When the payer can no longer pay a charge written at `at`; null when the route's answer says (a card's authorization). */
  expiresAt(at: Date): Date | null;
}

/** A subscription's cycle, as a method needs it to make the cycle's charge. */
export interface CycleCharge {
  subscriptionId: string;
  /** The cycle's number, from 1. */
  cycle: number;
  /** The subscription's time (its test clock's, on a clock): the day a billet is due. */
  now: Date;
  /** Days a cycle's billet stays payable after its due date (the subscription's dunning). */
  billetToleranceDays: number;
}

/** A charge as stored, as its method reads it to build the authorize request. */
export interface StoredCharge {
  id: string;
  externalReference: string | null;
  /** `payment.expirationDate`: ISO 8601, or null. */
  expirationDate: string | null;
  /** What the method kept on the charge (`MethodTerms.kept`), or null. */
  kept: unknown;
}

/** What an issued answer writes on the charge: its payment fields and the timeline's note. */
export interface IssuedWrite {
  /** The payment fields the code fills, given the addresses of the charge's public pages (its `token`). */
  payment(urls: PublicUrls, token: string): Partial<Payment>;
  /** The timeline's note (`PIX QR code issued`). */
  note: string;
}

/** How the fee plan prices the method (`domain/fees/plan.ts`). */
export interface MethodPricing {
  /**
   * The rate of the merchant's fee plan that prices it: the plan holds one rate per method of the contract, and a
   * card rate (`credit`) has brands and a per-installment surcharge.
   */
  planRate: PaymentMethod;
  /** The most installments one charge may be split into. */
  maxInstallments: number;
  /** Calendar days from payment to the settlement of installment `n` (from 1). */
  settlementDays(n: number): number;
  /**
   * What the simulator's what-if `fee` replaces: the whole rate (`rate`: no flat part either), or the base rate only,
   * the per-installment surcharge and the flat fee kept (`base`).
   */
  whatIf: 'rate' | 'base';
}

/** A payer's CPF or CNPJ is required: the API's refusal (`message`, the param's `reason`) and the checkout page's words. */
export interface DocumentRule {
  message: string;
  reason: string;
  page: string;
}

/** One payment method, the entry of the method table. */
export interface PaymentMethodModule {
  /** The method's name in the contract (`payment.method`): the table's key. */
  readonly name: PaymentMethod;
  /**
   * How a charge of it ends: `authorize`, the route answers at once (approved, pre-authorized or declined) and an
   * authorization not captured lapses; `issue`, the route issues a code (a QR code, a billet) that the payer pays
   * later, or lets lapse.
   */
  readonly flow: 'authorize' | 'issue';
  /** The payer types a card: it is checked, exchanged once for the vault's token, screened by the anti-fraud. */
  readonly takesCard: boolean;
  /** Set when the payer must have a CPF or CNPJ (a billet is issued to one). */
  readonly payerDocument: DocumentRule | null;

  /** Input checks: the API's `payment` of a new charge, read and checked (400 / 422 `ApiError`s), as its terms. */
  terms(input: PaymentInput, now: Date): MethodTerms;
  /** The terms of a subscription cycle's charge (the card, if any, is the subscription's stored token). */
  cycleTerms(cycle: CycleCharge): MethodTerms;
  /** What the authorize request carries for this method (`AuthorizeRequest.details`); null when nothing. */
  authorizeDetails(charge: StoredCharge): AuthorizeDetails | null;
  /**
   * What a route's `issued` answer writes, read before the charge's row is locked (a PIX draws its QR image here,
   * once). Only methods whose `flow` is `issue` have it.
   */
  issued?(instructions: IssuedInstructions): IssuedWrite;
  /** The expiry job (`reason`) and the sandbox's `expire` (`simulated`): the statuses it lapses from and the timeline's words. */
  readonly lapse: { from: readonly TransactionStatus[]; reason: string; simulated: string };
  /**
   * The refund path: `at-once` when the provider returns the money on the spot (a card's reversal, a PIX devolução);
   * `confirmed-later` when it accepts the refund and confirms it later (a billet has no account to return to: its
   * refund is a PIX transfer to the payer).
   */
  readonly refund: 'at-once' | 'confirmed-later';
  readonly pricing: MethodPricing;
  /** The description of installment `n` of `of` on the merchant's receivables. */
  receivable(n: number, of: number): string;
  /** Recurring billing's retry schedule: the defaults, and the most retries within how many days. */
  readonly dunning: { defaults: readonly number[]; most: number; withinDays: number };
  /**
   * The sandbox's simulated payment: what the payer's institution reports with it, copied onto the receivables as
   * their authorization code (a PIX's end-to-end id). Absent when nothing is reported.
   */
  simulatedPayment?(at: Date): string;
  /**
   * The public pages: the method's name on the checkout form (pt-BR), and what the invoice page shows of the payment:
   * the QR code to pay (`qr-code`, also served as an image), the billet to pay (`slip`, also printable), or the card
   * charged (`card`).
   */
  readonly page: { label: string; kind: 'qr-code' | 'slip' | 'card' };
}
