/**
 * Whether a checkout session's payment is still under way: what decides both that the session starts no other
 * payment and that its place on the link is kept (`places.ts`).
 */
import type { Queryable } from '../../db/types';
import type { SubscriptionStatus } from '../subscriptions/status';
import type { TransactionStatus } from '../transactions/status';
import type { SessionRow } from './sessions-repo';

/** What a payment started in a session made (a recurring link's subscription has its first charge made by a job). */
export interface StartedPayment {
  transactionId: string | null;
  subscriptionId: string | null;
}

/** A charge in one of these was never paid and never will be: the payer may pay again. */
export const DEAD_CHARGE: readonly TransactionStatus[] = ['failed', 'refused', 'canceled'];
const DEAD_SUBSCRIPTION: readonly SubscriptionStatus[] = ['canceled', 'expired', 'unpaid'];

/**
 * The session's payment still under way, if any: its latest charge unless that ended without being paid (failed,
 * refused, canceled), or for a recurring link its subscription unless it ended (its first charge failing cancels it).
 */
export async function livePayment(q: Queryable, s: Pick<SessionRow, 'transaction_id' | 'subscription_id'>): Promise<StartedPayment | null> {
  if (s.subscription_id) {
    const res = await q.query<{ status: SubscriptionStatus }>('SELECT status FROM subscriptions WHERE id = $1', [s.subscription_id]);
    const status = res.rows[0]?.status;
    return status && !DEAD_SUBSCRIPTION.includes(status) ? { transactionId: s.transaction_id, subscriptionId: s.subscription_id } : null;
  }
  if (!s.transaction_id) return null;
  const res = await q.query<{ status: TransactionStatus }>('SELECT status FROM transactions WHERE id = $1', [s.transaction_id]);
  const status = res.rows[0]?.status;
  return status && !DEAD_CHARGE.includes(status) ? { transactionId: s.transaction_id, subscriptionId: null } : null;
}
