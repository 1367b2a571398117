/**
 * The followers of a charge (transactions/followers.ts), registered by the composition of the service: a billing
 * cycle's charge decides its cycle and subscription, then a charge made on a checkout page completes or frees its
 * session, both in the charge's own database transaction.
 */
import { checkoutOutcome } from './checkout/outcome';
import { chargeOutcome } from './subscriptions/outcome';
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
}
