/**
 * Whether a checkout session's payment is still under way: what decides both that the session starts no other
 * payment and that its place on the link is kept (`places.ts`).
 */
import type { Queryable } from '../../db/types';
import type { SubscriptionStatus } from '../subscriptions/status';
import { ENDED_UNPAID, endedUnpaid, type TransactionStatus } from '../transactions/status';
import type { SessionRow } from './sessions-repo';

/** What a payment started in a session made (a recurring link's subscription has its first charge made by a job). */
export interface StartedPayment {
  transactionId: string | null;
  subscriptionId: string | null;
}

const DEAD_SUBSCRIPTION: readonly SubscriptionStatus[] = ['canceled', 'expired', 'unpaid'];

/**
 * Whether a charge made in the session can still be approved (or was): any of its charges not ended unpaid. A
 * subscription ended while its first charge is being processed leaves that charge to decide, so its session waits
 * for it like a one-time charge's.
 */
export async function sessionChargeLive(q: Queryable, sessionId: string): Promise<boolean> {
  const res = await q.query<{ live: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM transactions WHERE checkout_session_id = $1 AND NOT (status = ANY($2::text[]))) AS live',
    [sessionId, [...ENDED_UNPAID]],
  );
  return res.rows[0]?.live === true;
}

/**
 * The session's payment still under way, if any: its latest charge unless that ended without being paid (failed,
 * refused, canceled), or for a recurring link its subscription unless it ended (its first charge failing cancels it)
 * and none of the session's charges can still be approved (`sessionChargeLive`).
 */
export async function livePayment(q: Queryable, s: Pick<SessionRow, 'id' | 'transaction_id' | 'subscription_id'>): Promise<StartedPayment | null> {
  if (s.subscription_id) {
    const res = await q.query<{ status: SubscriptionStatus }>('SELECT status FROM subscriptions WHERE id = $1', [s.subscription_id]);
    const status = res.rows[0]?.status;
    const live = (status !== undefined && !DEAD_SUBSCRIPTION.includes(status)) || (await sessionChargeLive(q, s.id));
    return live ? { transactionId: s.transaction_id, subscriptionId: s.subscription_id } : null;
  }
  if (!s.transaction_id) return null;
  const res = await q.query<{ status: TransactionStatus }>('SELECT status FROM transactions WHERE id = $1', [s.transaction_id]);
  const status = res.rows[0]?.status;
  return status && !endedUnpaid(status) ? { transactionId: s.transaction_id, subscriptionId: null } : null;
}
