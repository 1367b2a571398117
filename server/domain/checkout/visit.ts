/**
 * What a payer's visit of a checkout page comes to, over the sessions interface: the page decides nothing but how
 * to show it. The payer's browser carries its session id in a cookie; a session counts only while it is `open`,
 * unexpired and of this link (a cookie of another link, or forged, is ignored and a new session opened).
 */
import type { Queryable } from '../../db/types';
import type { TransactionStatus } from '../transactions/status';
import type { Engine } from '../transactions/engine';
import { chargeRef } from './invoice';
import { findSession, offerOf, openSession, startPayment, type Offer, type PaymentChoice, type SessionRow } from './sessions';

/** A session's charge in one of these may be paid again in the same session (a declined card, an expired QR code). */
const RETRYABLE: readonly TransactionStatus[] = ['failed', 'refused', 'canceled'];

export type Visit =
  | { kind: 'notFound' }
  | { kind: 'closed'; offer: Offer }
  /** The session's charge is under way or done: its invoice page shows it. */
  | { kind: 'charge'; token: string }
  /** A recurring link's subscription whose first charge is not made yet. */
  | { kind: 'starting'; offer: Offer }
  /** The form; `opened`: the session is new (the page sets its cookie). */
  | { kind: 'form'; offer: Offer; session: SessionRow; opened: boolean };

async function liveSession(q: Queryable, offer: Offer, sessionId: string | null, now: Date): Promise<SessionRow | null> {
  if (!sessionId) return null;
  const s = await findSession(q, sessionId);
  return s && s.payment_link_id === offer.link.id && s.status === 'open' && s.expires_at > now ? s : null;
}

/** `GET /c/{accessId}`: the payer's session's charge comes first (a link sold out by this very payment still shows
 * it), then the link's availability, then the form in the payer's session or a new one. */
export async function visitCheckout(engine: Engine, accessId: string, sessionId: string | null, now: Date): Promise<Visit> {
  const offer = await offerOf(engine.db, accessId, now);
  if (!offer) return { kind: 'notFound' };
  const session = await liveSession(engine.db, offer, sessionId, now);
  if (session?.transaction_id) {
    const charge = await chargeRef(engine.db, session.transaction_id);
    if (charge && !RETRYABLE.includes(charge.status)) return { kind: 'charge', token: charge.token };
  } else if (session?.subscription_id) {
    return { kind: 'starting', offer };
  }
  if (offer.availability !== 'open') return { kind: 'closed', offer };
  if (session) return { kind: 'form', offer, session, opened: false };
  return { kind: 'form', offer, session: await openSession(engine, offer, now), opened: true };
}

export type PayTarget =
  | { kind: 'notFound' }
  /** No open session of this link behind the cookie: the form is stale. */
  | { kind: 'noSession'; offer: Offer }
  | { kind: 'closed'; offer: Offer; session: SessionRow }
  | { kind: 'open'; offer: Offer; session: SessionRow };

/** `POST /c/{accessId}/pay`, before the form is read: the offer and the payer's open session. */
export async function checkoutForPayment(q: Queryable, accessId: string, sessionId: string | null, now: Date): Promise<PayTarget> {
  const offer = await offerOf(q, accessId, now);
  if (!offer) return { kind: 'notFound' };
  const session = await liveSession(q, offer, sessionId, now);
  if (!session) return { kind: 'noSession', offer };
  if (offer.availability !== 'open') return { kind: 'closed', offer, session };
  return { kind: 'open', offer, session };
}

/** Starts the payment; the charge's public token when a charge was made now (null: a subscription's first charge
 * is made by a job, and the checkout page shows it once it exists). */
export async function payInSession(engine: Engine, sessionId: string, choice: PaymentChoice): Promise<string | null> {
  const started = await startPayment(engine, sessionId, choice);
  if (!started.transactionId) return null;
  const charge = await chargeRef(engine.db, started.transactionId);
  if (!charge) throw new Error(`the charge ${started.transactionId} just started is not there`);
  return charge.token;
}
