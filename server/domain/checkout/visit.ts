/**
 * What a payer's visit of a checkout page comes to, over the sessions interface: the page decides nothing but how
 * to show it. The payer's browser carries its session id in a cookie; a session counts only when it is of this link
 * (a cookie of another link, or forged, is ignored). Its charge under way or paid is shown whatever the session's
 * status (a completed session's payer who comes back sees the payment, not a new form); a form is offered only in an
 * `open`, unexpired session.
 */
import type { Queryable } from '../../db/types';
import { methodOf, paymentMethods } from '../../payments/methods';
import { endedUnpaid } from '../transactions/status';
import type { Engine } from '../transactions/engine';
import type { LinkMethod } from './links-repo';
import { chargeRef } from './invoice';
import { findSession, offerOf, openSession, startPayment, type Offer, type PaymentChoice, type SessionRow } from './sessions';

/**
 * Declined or refused card charges one session may make: after them the session offers no card (card testing: a
 * stolen list tried one number after another). Other methods stay offered; a new session costs a visit, which is
 * rate limited per address by the page.
 */
export const MAX_CARD_FAILURES = 5;

export type Visit =
  | { kind: 'notFound' }
  | { kind: 'closed'; offer: Offer }
  /** The session's charge is under way or done: its invoice page shows it. */
  | { kind: 'charge'; token: string }
  /** The session completed without a charge to show (a subscription in its trial). */
  | { kind: 'paid'; offer: Offer }
  /** A recurring link's subscription whose first charge is not made yet. */
  | { kind: 'starting'; offer: Offer }
  /** The session may pay no more by card, and the link offers nothing else. */
  | { kind: 'exhausted'; offer: Offer }
  /** The form in the payer's open session; `offer` has only the methods offered now (`cardExhausted`: no card). */
  | { kind: 'form'; offer: Offer; session: SessionRow; cardExhausted: boolean }
  /** The form in a new session, which the page opens (`openCheckout`) unless it only peeks (HEAD) or is refused. */
  | { kind: 'new'; offer: Offer };

/**
 * The offer as the cookie's session sees it (its own place counted: `offerOf`), and that session when it is one of
 * this link's (of any status).
 */
async function offerAndSession(q: Queryable, accessId: string, sessionId: string | null, now: Date): Promise<{ offer: Offer | null; s: SessionRow | null }> {
  const cookie = sessionId ? await findSession(q, sessionId) : null;
  const offer = await offerOf(q, accessId, now, cookie);
  return { offer, s: offer && cookie?.payment_link_id === offer.link.id ? cookie : null };
}

const isOpen = (s: SessionRow, now: Date) => s.status === 'open' && s.expires_at > now;

/** The token of the session's charge when it is under way or paid (not one the payer may pay again). */
async function chargeToShow(q: Queryable, s: SessionRow): Promise<string | null> {
  if (!s.transaction_id) return null;
  const charge = await chargeRef(q, s.transaction_id);
  // A charge ended unpaid (a declined card, an expired QR code) may be paid again in the same session.
  return charge && !endedUnpaid(charge.status) ? charge.token : null;
}

/** The link's methods some payment route serves in its mode (a production link before a provider is configured
 * serves none: the page says the link is unavailable rather than offer what would be refused). */
function servedMethods(engine: Engine, offer: Offer): LinkMethod[] {
  return offer.link.methods.filter((m) => {
    try {
      return engine.orchestrator.routesFor(offer.link.mode, m).length > 0;
    } catch {
      return false;
    }
  });
}

/** The session's card charges (of every method that takes a card) that were declined or refused. */
export async function cardFailures(q: Queryable, sessionId: string): Promise<number> {
  const cards = paymentMethods().filter((m) => m.takesCard).map((m) => m.name);
  const res = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM transactions
      WHERE checkout_session_id = $1 AND method = ANY($2::text[]) AND status IN ('failed', 'refused')`,
    [sessionId, cards],
  );
  return res.rows[0]?.n ?? 0;
}

type Offered =
  | { kind: 'closed'; offer: Offer }
  | { kind: 'exhausted'; offer: Offer }
  | { kind: 'offered'; offer: Offer; cardExhausted: boolean };

/** The offer as the page may show it now: only served methods, no card once the session's card attempts are spent. */
async function offered(engine: Engine, offer: Offer, session: SessionRow | null): Promise<Offered> {
  if (offer.availability !== 'open') return { kind: 'closed', offer };
  let methods = servedMethods(engine, offer);
  if (methods.length === 0) return { kind: 'closed', offer: { ...offer, availability: 'unavailable' } };
  const takesCard = (m: LinkMethod) => methodOf(m).takesCard;
  const cardExhausted = methods.some(takesCard) && session !== null && (await cardFailures(engine.db, session.id)) >= MAX_CARD_FAILURES;
  if (cardExhausted) methods = methods.filter((m) => !takesCard(m));
  const shown = { ...offer, link: { ...offer.link, methods } };
  return methods.length === 0 ? { kind: 'exhausted', offer: shown } : { kind: 'offered', offer: shown, cardExhausted };
}

/** `GET /c/{accessId}`: the payer's session's charge comes first (a link sold out by this very payment still shows
 * it), then the link's availability, then the form in the payer's open session or a new one. */
export async function visitCheckout(engine: Engine, accessId: string, sessionId: string | null, now: Date): Promise<Visit> {
  const { offer, s } = await offerAndSession(engine.db, accessId, sessionId, now);
  if (!offer) return { kind: 'notFound' };
  const token = s && (await chargeToShow(engine.db, s));
  if (token) return { kind: 'charge', token };
  if (s?.status === 'completed') return { kind: 'paid', offer };
  const live = s && isOpen(s, now) ? s : null;
  if (live?.subscription_id && !live.transaction_id) return { kind: 'starting', offer };
  const o = await offered(engine, offer, live);
  if (o.kind !== 'offered') return o;
  return live ? { kind: 'form', offer: o.offer, session: live, cardExhausted: o.cardExhausted } : { kind: 'new', offer: o.offer };
}

/** Opens the session of a `new` visit. */
export function openCheckout(engine: Engine, offer: Offer, now: Date): Promise<SessionRow> {
  return openSession(engine, offer, now);
}

export type PayTarget =
  | { kind: 'notFound' }
  /** No session of this link behind the cookie: the form is stale. */
  | { kind: 'noSession'; offer: Offer }
  /** The session's payment is under way or done: a form posted again is sent to it (`token`), or to the link's page. */
  | { kind: 'charge'; session: SessionRow; token: string | null }
  /** The session ended without a payment to show. */
  | { kind: 'ended'; offer: Offer; session: SessionRow }
  | { kind: 'closed'; offer: Offer; session: SessionRow }
  | { kind: 'exhausted'; offer: Offer; session: SessionRow }
  | { kind: 'open'; offer: Offer; session: SessionRow; cardExhausted: boolean };

/** `POST /c/{accessId}/pay`, before the form is read: the offer and the payer's session (the page checks the form's
 * token against it before acting on any answer but `notFound` and `noSession`). */
export async function checkoutForPayment(engine: Engine, accessId: string, sessionId: string | null, now: Date): Promise<PayTarget> {
  const { offer, s } = await offerAndSession(engine.db, accessId, sessionId, now);
  if (!offer) return { kind: 'notFound' };
  if (!s) return { kind: 'noSession', offer };
  const token = await chargeToShow(engine.db, s);
  if (token) return { kind: 'charge', session: s, token };
  if (s.status === 'completed') return { kind: 'charge', session: s, token: null };
  if (!isOpen(s, now)) return { kind: 'ended', offer, session: s };
  const o = await offered(engine, offer, s);
  if (o.kind === 'offered') return { kind: 'open', offer: o.offer, session: s, cardExhausted: o.cardExhausted };
  return { ...o, session: s };
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
