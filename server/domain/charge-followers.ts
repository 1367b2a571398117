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
  // Each outcome leaves alone a charge that is not its own (no billing cycle, no checkout session).
  followCharges({ name: 'subscription', follow: chargeOutcome });
  followCharges({ name: 'checkout', follow: checkoutOutcome });
  followSubscriptions({ name: 'checkout', firstCharge: recordSessionCharge, ended: subscriptionEnded });
}
