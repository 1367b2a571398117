/**
 * Checkout sessions: one payer's visit of a payment link's page, and the payments started in it. The public pages
 * are written against this interface; how a session ends (completed, abandoned) is `outcome.ts`.
 */
import type { components } from '../../../generated/schema';
import { ApiError } from '../../core/errors';
import type { Db, Queryable } from '../../db/types';
import { newId } from '../../ids';
import { enqueueJob } from '../../jobs/kinds';
import { merchantOf } from '../access/merchants';
import { NO_RECOVERY } from '../recovery';
import { createSubscription } from '../subscriptions/create';
import { createTransaction, type CheckoutStart } from '../transactions/create';
import type { Engine } from '../transactions/engine';
import { availabilityOf, type Availability } from './availability';
import { checkChoice, payerInput, type PaymentChoice } from './choice';
import type { CheckoutJob } from './jobs';
import { completeTrialing } from './outcome';
import { linesOf, type LinkLines } from './lines';
import { findLink, findLinkByAccess, type LinkRow } from './links-repo';
import { takePlace } from './places';
import * as repo from './sessions-repo';
import { livePayment, type StartedPayment } from './under-way';

export type { SessionRow, SessionStatus } from './sessions-repo';
export type { CheckoutPayer, PaymentChoice } from './choice';
export type { StartedPayment } from './under-way';
type SessionRow = repo.SessionRow;

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


/** What the payer is told when a link cannot be paid now (the page's own pages say more). */
export const CLOSED_MESSAGE: Record<Exclude<Availability, 'open'>, string> = {
  disabled: 'This payment link is not accepting payments.',
  scheduled: 'This payment link is not open for payments yet.',
  expired: 'This payment link has expired.',
  soldOut: 'This payment link is sold out.',
  fullyReserved: 'Every place of this payment link is held by a payment under way: try again in a few minutes.',
  unavailable: 'What this payment link sells is not available right now.',
};

const linkClosed = (availability: Exclude<Availability, 'open'>) =>
  new ApiError('unprocessableEntity', { resource: 'checkout', message: CLOSED_MESSAGE[availability], params: [{ paymentLink: availability }] });

/**
 * The offer behind a public access id, or null when no link has it; as `session` (the payer's, if any) sees it: an
 * open session of this link that holds a place counts it as its own, as the claim of its next payment will, so a
 * payer holding the last place is offered the form, not told that every place is held.
 */
export async function offerOf(
  q: Queryable,
  accessId: string,
  now: Date,
  session: Pick<SessionRow, 'payment_link_id' | 'status' | 'expires_at' | 'holds_place'> | null = null,
): Promise<Offer | null> {
  const link = await findLinkByAccess(q, accessId);
  if (!link) return null;
  const [merchant, sold] = await Promise.all([merchantOf(q, link.merchant_id), linesOf(q, link)]);
  const lines = sold.lines.map((l) => ({ name: l.name, quantity: l.quantity, unitPrice: l.unitPrice }));
  const ownPlace = session !== null && session.payment_link_id === link.id && session.holds_place && session.status === 'open' && session.expires_at > now;
  return { link, merchantName: merchant.name, lines, amount: sold.amount, availability: availabilityOf(link, now, sold.sellable, ownPlace) };
}

/** Opens a session for a visit of an `open` offer (its abandonment is scheduled at `expires_at`). */
export async function openSession(engine: Engine, offer: Offer, now: Date): Promise<SessionRow> {
  if (offer.availability !== 'open') throw linkClosed(offer.availability);
  const expiresAt = new Date(now.getTime() + engine.settings.checkoutSessionTtlSeconds * 1000);
  return engine.db.transaction(async (q) => {
    const s = await repo.insertSession(q, {
      id: newId('chs'), merchant_id: offer.link.merchant_id, mode: offer.link.mode, payment_link_id: offer.link.id,
      amount: offer.amount, started_at: now, expires_at: expiresAt,
    });
    // On the wall clock: a visit is a payer's real time, whatever test clock the merchant's subscriptions run on.
    await enqueueJob<CheckoutJob>(q, { kind: 'checkout.abandon', payload: { sessionId: s.id } }, { runAt: expiresAt, dedupeKey: `checkout.abandon:${s.id}`, clockId: null });
    return s;
  });
}

export async function findSession(q: Queryable, id: string): Promise<SessionRow | null> {
  return repo.selectSession(q, id);
}

/** A session no payment can be started in any more, with what the payer is told. */
function checkOpen(s: SessionRow, now: Date): void {
  if (s.status === 'completed') throw new ApiError('unprocessableEntity', { resource: 'checkout', message: 'This checkout is already paid.', params: [{ session: 'completed' }] });
  if (s.status === 'abandoned' || s.expires_at <= now) {
    throw new ApiError('unprocessableEntity', { resource: 'checkout', message: 'This checkout expired: open the payment link again.', params: [{ session: 'expired' }] });
  }
}

/**
 * The link can be paid now (availability in the spec's order, its places included: `ownPlace`, the session holds
 * one already); its lines and total, now.
 */
async function checkLink(q: Queryable, link: LinkRow, now: Date, ownPlace: boolean): Promise<LinkLines> {
  const sold = await linesOf(q, link);
  const availability = availabilityOf(link, now, sold.sellable, ownPlace);
  if (availability !== 'open') throw linkClosed(availability);
  return sold;
}

/** `R$ 1.234,56`: how the payer reads an amount in a message (the pages print amounts the same way). */
function brl(cents: number): string {
  const reais = Math.floor(cents / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `R$ ${reais},${String(cents % 100).padStart(2, '0')}`;
}

/**
 * The total changed since the page showed it (a variant's price, the link's amount): the session takes the new
 * total (what the page shows next) and the payment is refused, so the payer never pays a total they did not see.
 */
async function totalChanged(db: Db, sessionId: string, shown: number, total: number): Promise<ApiError> {
  await repo.setSessionAmount(db, sessionId, total, new Date());
  return new ApiError('unprocessableEntity', {
    resource: 'checkout', message: `The total changed from ${brl(shown)} to ${brl(total)}.`, params: [{ amount: 'changed' }],
  });
}

/** Thrown by the claim when another payment of the session got there first: startPayment answers with that one. */
class AlreadyStarted extends Error {
  constructor(readonly started: StartedPayment) {
    super('a payment of this checkout session is under way');
  }
}

/** Thrown by the claim when the link's total moved since the payment was prepared; it rolls the claim back. */
class TotalMoved extends Error {
  constructor(readonly total: number) {
    super("the payment link's total changed while the payment was being prepared");
  }
}

/**
 * The session's claim, run in the database transaction that writes the charge or subscription (`CheckoutStart`):
 * everything judged before the card went to the vault is judged again on the session and link as they are now,
 * under the session's lock (the link's methods and installments, and its total against `total`, what is charged),
 * and the payment takes its place on the link, last: a refusal rolls the place back with everything else.
 */
function claimOf(sessionId: string, link: LinkRow, choice: PaymentChoice, total: number): CheckoutStart['claim'] {
  return async (q, id) => {
    const s = await repo.selectSession(q, sessionId, true);
    if (!s) throw new Error(`checkout session ${sessionId} vanished`);
    const now = new Date();
    checkOpen(s, now);
    const fresh = await findLink(q, { merchantId: link.merchant_id, mode: link.mode }, link.id);
    if (!fresh) throw new Error(`payment link ${link.id} vanished`);
    const sold = await checkLink(q, fresh, now, s.holds_place);
    const live = await livePayment(q, s);
    if (live) throw new AlreadyStarted(live);
    checkChoice(fresh, choice);
    if (sold.amount !== total) throw new TotalMoved(sold.amount);
    const noPlace = await takePlace(q, s);
    if (noPlace) throw linkClosed(noPlace);
    const started = { method: choice.method, transactionId: link.recurring ? null : id, subscriptionId: link.recurring ? id : null };
    await repo.recordStart(q, sessionId, { ...started, amount: total }, now);
  };
}

async function sessionAndLink(db: Db, sessionId: string): Promise<{ s: SessionRow; link: LinkRow }> {
  const s = await repo.selectSession(db, sessionId);
  if (!s) throw new ApiError('resourceNotFound', { resource: 'checkout', message: 'This checkout does not exist: open the payment link again.' });
  const link = await findLink(db, { merchantId: s.merchant_id, mode: s.mode }, s.payment_link_id);
  if (!link) throw new Error(`payment link ${s.payment_link_id} of session ${s.id} vanished`);
  return { s, link };
}

/**
 * Starts a payment in an open session of an open link: the same checks and pipeline as `POST /v1/transactions` (or
 * `POST /v1/subscriptions` for a recurring link), the charge tagged with the link and the session. Refusals are
 * `ApiError`s whose `message` the page can show the payer (an invalid card, a link that closed meanwhile). While the
 * session's payment is under way (a charge not yet failed, refused or canceled) no other starts: its payment is
 * answered instead, whatever the method chosen now, and even once the session has ended (a form posted twice finds
 * the charge it made, approved or still payable).
 */
export async function startPayment(engine: Engine, sessionId: string, choice: PaymentChoice): Promise<StartedPayment> {
  const { s, link } = await sessionAndLink(engine.db, sessionId);
  // Before any work (the card's trip to the vault): the claim checks all of it again under the session's lock.
  const live = await livePayment(engine.db, s);
  if (live) return live;
  const now = new Date();
  checkOpen(s, now);
  const sold = await checkLink(engine.db, link, now, s.holds_place);
  checkChoice(link, choice);
  if (choice.shownAmount !== undefined && choice.shownAmount !== sold.amount) throw await totalChanged(engine.db, s.id, choice.shownAmount, sold.amount);
  const customer = payerInput(choice.payer);
  const scope = { merchantId: s.merchant_id, mode: s.mode };
  const merchant = await merchantOf(engine.db, s.merchant_id);
  const checkout: CheckoutStart = {
    paymentLinkId: link.id, checkoutSessionId: s.id, claim: claimOf(s.id, link, choice, sold.amount),
    trialing: (q) => completeTrialing(q, s.id, choice.method, new Date()),
  };
  try {
    if (link.recurring) {
      const variantId = link.items?.[0]?.variantId;
      if (!variantId) throw new Error(`recurring payment link ${link.id} sells no variant`);
      const payment: components['schemas']['SubscriptionPaymentInput'] = { method: choice.method, ...(choice.card ? { card: choice.card } : {}) };
      const sub = await createSubscription(engine, scope, merchant, { variantId, customer, payment, metadata: link.metadata }, NO_RECOVERY, checkout);
      return { transactionId: null, subscriptionId: sub.id };
    }
    const items = sold.lines.map((l) => ({ name: l.name, unitPrice: l.unitPrice, quantity: l.quantity, ...(l.variantId ? { variantId: l.variantId } : {}) }));
    const common = { amount: sold.amount, customer, items, metadata: link.metadata };
    // The API's `payment` of the method chosen: the method alone, or with the card and its installments (the shape
    // the method's module reads; the contract's types pair each method with its own fields, hence the assertion).
    const payment = choice.card ? { method: choice.method, card: choice.card, installments: choice.installments } : { method: choice.method };
    const body = { ...common, payment } as components['schemas']['CreateTransactionRequest'];
    const t = await createTransaction(engine, scope, merchant, body, NO_RECOVERY, checkout);
    return { transactionId: t.id, subscriptionId: null };
  } catch (err) {
    if (err instanceof AlreadyStarted) return err.started;
    if (err instanceof TotalMoved) throw await totalChanged(engine.db, s.id, choice.shownAmount ?? sold.amount, err.total);
    throw err;
  }
}
