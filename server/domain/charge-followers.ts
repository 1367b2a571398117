/**
 * The followers of a charge (transactions/followers.ts) and of a subscription (subscriptions/followers.ts), registered
 * by the composition of the service: a billing cycle's charge decides its cycle and subscription, then a charge made
 * on a checkout page completes or frees its session, both in the charge's own database transaction; a subscription
 * started on a checkout page gives its session the first cycle's charge, and the session's place back when it ends.
 */
import { subscriptionEnded } from './checkout/places';
import { checkoutOutcome } from './checkout/outcome';
import { recordSessionCharge } from './checkout/sessions-repo';
import { chargeOutcome } from './subscriptions/outcome';
import { followSubscriptions } from './subscriptions/followers';
import { followCharges } from './transactions/followers';

export function registerChargeFollowers(): void {
  followCharges({
    name: 'subscription',
    follow: async (q, row, events) => {
      if (row.billing_cycle_id) await chargeOutcome(q, row, events);
    },
  });
  followCharges({
    name: 'checkout',
    follow: async (q, row, events, at) => {
      if (row.checkout_session_id) await checkoutOutcome(q, row, events, at);
    },
  });
  followSubscriptions({
    name: 'checkout',
    firstCharge: (q, sessionId, transactionId, at) => recordSessionCharge(q, sessionId, transactionId, at),
    ended: (q, sessionId) => subscriptionEnded(q, sessionId),
  });
}
