/**
 * The places of a payment link (`maxPayments`): a payment takes one when it starts, keeps it while it can still be
 * approved, and either turns it into a completed payment or gives it back. The session holds the place (one payment
 * under way per session), and the link's `reserved_payments` counts the places held: the two change together, in
 * one statement, so a re-run (a job retried, an approval repeated by a dispute won) changes nothing twice.
 *
 * Lock order, as everywhere in checkout: the session before the link.
 */
import type { Queryable } from '../../db/types';
import type { SessionRow } from './sessions-repo';
import { sessionChargeLive } from './under-way';

/** Why no place could be taken: every place is a completed payment, or some are held by payments under way. */
export type NoPlace = 'soldOut' | 'fullyReserved';

/**
 * Takes a place for the payment starting in the session `s` (whose row the caller has locked); null when taken, or
 * already held by the session (its previous payment, a subscription, ended without giving it back yet). The
 * condition is in the UPDATE: under READ COMMITTED a second taker waits for the first's row lock, then checks the
 * counts again on the row the first committed, so two instances never both take the last place.
 */
export async function takePlace(q: Queryable, s: Pick<SessionRow, 'id' | 'payment_link_id' | 'holds_place'>): Promise<NoPlace | null> {
  if (s.holds_place) return null;
  const taken = await q.query(
    `UPDATE payment_links SET reserved_payments = reserved_payments + 1
      WHERE id = $1 AND (max_payments IS NULL OR completed_payments + reserved_payments < max_payments) RETURNING id`,
    [s.payment_link_id],
  );
  if (taken.rowCount === 0) {
    const res = await q.query<{ sold_out: boolean }>('SELECT completed_payments >= max_payments AS sold_out FROM payment_links WHERE id = $1', [s.payment_link_id]);
    return res.rows[0]?.sold_out ? 'soldOut' : 'fullyReserved';
  }
  await q.query('UPDATE checkout_sessions SET holds_place = true WHERE id = $1', [s.id]);
  return null;
}

/** The session's payment ended unpaid (or the session without one): its place, if it holds one, goes back to the link. */
export async function givePlaceBack(q: Queryable, sessionId: string): Promise<void> {
  await q.query(
    `WITH freed AS (UPDATE checkout_sessions SET holds_place = false WHERE id = $1 AND holds_place RETURNING payment_link_id)
     UPDATE payment_links SET reserved_payments = reserved_payments - 1 WHERE id IN (SELECT payment_link_id FROM freed)`,
    [sessionId],
  );
}

/**
 * The session's payment was approved: one more completed payment of the link (what `maxPayments` is compared with),
 * from the place it held. A session that held none (one opened before places existed) counts all the same: the
 * money was taken. `updated_at` is left alone: it is
 * the time of the merchant's own last change, which a payer's payment is not.
 */
export async function placeCompleted(q: Queryable, sessionId: string, linkId: string): Promise<void> {
  await q.query(
    `WITH freed AS (UPDATE checkout_sessions SET holds_place = false WHERE id = $1 AND holds_place RETURNING 1)
     UPDATE payment_links SET completed_payments = completed_payments + 1,
            reserved_payments = reserved_payments - (SELECT count(*) FROM freed)::int
      WHERE id = $2`,
    [sessionId, linkId],
  );
}

/**
 * A recurring link's subscription ended (canceled, expired, unpaid): its session's place goes back unless a charge of
 * the session can still be approved (a first charge being processed keeps it, and its own outcome decides), the
 * same rule that keeps the session from starting another payment meanwhile (`sessionChargeLive`). Needed for a
 * subscription ended before its first charge was made, which no charge's outcome would ever release; run with the
 * subscription locked, so no first charge is being made meanwhile.
 */
export async function subscriptionEnded(q: Queryable, sessionId: string): Promise<void> {
  if (await sessionChargeLive(q, sessionId)) return;
  await givePlaceBack(q, sessionId);
}
