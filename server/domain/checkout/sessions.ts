/**
 * Checkout sessions: one payer's visit of a payment link's page, and the payments started in it. This file is the
 * interface the public pages are written against; its implementation lands with the sessions work of issue 13.
 */
import type { components } from '../../../generated/schema';
import type { Queryable } from '../../db/types';
import type { Mode } from '../access/keys';
import type { Engine } from '../transactions/engine';
import type { Availability } from './availability';
import type { LinkMethod, LinkRow } from './links-repo';

export type SessionStatus = 'open' | 'completed' | 'abandoned';

export interface SessionRow {
  id: string;
  merchant_id: string;
  mode: Mode;
  payment_link_id: string;
  status: SessionStatus;
  method: LinkMethod | null;
  transaction_id: string | null;
  subscription_id: string | null;
  amount: number;
  approved_amount: number;
  started_at: Date;
  expires_at: Date;
  completed_at: Date | null;
  abandoned_at: Date | null;
  updated_at: Date;
}

/** One line of what a link sells, as the payer sees it. */
export interface OfferLine {
  name: string;
  quantity: number;
  unitPrice: number;
}

/** What a payer who opens `/c/{accessId}` is offered: the link, its merchant's name, its lines and total, now. */
export interface Offer {
  link: LinkRow;
  merchantName: string;
  lines: OfferLine[];
  amount: number;
  availability: Availability;
}

/** The payer as the checkout form gives them. */
export interface CheckoutPayer {
  name: string;
  email: string;
  /** CPF or CNPJ, digits only. */
  document: string;
}

export type PaymentChoice =
  | { method: 'pix' | 'billet'; payer: CheckoutPayer }
  | { method: 'credit'; payer: CheckoutPayer; card: components['schemas']['CardInput']; installments: number };

/** What a payment started in a session made: a transaction, or (a recurring link) a subscription whose first cycle's
 * charge is made by a job and joins the session then. */
export interface StartedPayment {
  transactionId: string | null;
  subscriptionId: string | null;
}

const NOT_BUILT = 'checkout sessions are not built yet';

/** The offer behind a public access id, or null when no link has it. */
export async function offerOf(_q: Queryable, _accessId: string, _now: Date): Promise<Offer | null> {
  throw new Error(NOT_BUILT);
}

/** Opens a session for a visit of an `open` offer (its abandonment is scheduled at `expires_at`). */
export async function openSession(_engine: Engine, _offer: Offer, _now: Date): Promise<SessionRow> {
  throw new Error(NOT_BUILT);
}

export async function findSession(_q: Queryable, _id: string): Promise<SessionRow | null> {
  throw new Error(NOT_BUILT);
}

/**
 * Starts a payment in an open session of an open link: the same checks and pipeline as `POST /v1/transactions` (or
 * `POST /v1/subscriptions` for a recurring link), the charge tagged with the link and the session. Refusals are
 * `ApiError`s whose `message` the page can show the payer (an invalid card, a link that closed meanwhile).
 */
export async function startPayment(_engine: Engine, _sessionId: string, _choice: PaymentChoice): Promise<StartedPayment> {
  throw new Error(NOT_BUILT);
}
