/**
 * What follows a subscription started on a checkout page, registered by the module above that owns it (checkout), so
 * that subscriptions/ does not import it: the session takes the first cycle's charge as its own, and gets its place
 * back when the subscription ends before a charge could complete it. Registered with the charge's followers by the
 * composition of the service (`domain/charge-followers.ts`); each runs in the caller's database transaction.
 */
import { Followers } from '../../core/registry';
import type { Queryable } from '../../db/types';

export interface SubscriptionFollower {
  /** A name for the registry: registering the same name again adds nothing. */
  name: string;
  /** The first cycle's charge `transactionId` of a subscription the payer started in checkout session `sessionId`. */
  firstCharge(q: Queryable, sessionId: string, transactionId: string, at: Date): Promise<void>;
  /** The subscription started in session `sessionId` ended (canceled, expired, unpaid), with the subscription locked. */
  ended(q: Queryable, sessionId: string): Promise<void>;
}

const followers = new Followers<SubscriptionFollower>('subscription followers');

/** Registers `follower` once (by name). */
export function followSubscriptions(follower: SubscriptionFollower): void {
  followers.register(follower);
}

/** The registered followers, in registration order; none registered is an error (a session would be left behind). */
export function subscriptionFollowers(): readonly SubscriptionFollower[] {
  return followers.all(true);
}
