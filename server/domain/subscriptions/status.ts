/**
 * The state machines of subscriptions and billing cycles: one transition table each, read by the code that moves
 * them and compared by a test with the tables of `SubscriptionStatus` and `BillingCycleStatus` in the spec.
 */
import type { components } from '../../../generated/schema';
import { ApiError } from '../../core/errors';

export type SubscriptionStatus = components['schemas']['SubscriptionStatus'];
export type CycleStatus = components['schemas']['BillingCycleStatus'];

export const SUBSCRIPTION_TRANSITIONS = {
  pending: ['trialing', 'active', 'canceled'],
  trialing: ['active', 'past-due', 'canceled'],
  active: ['past-due', 'paused', 'canceled', 'expired'],
  'past-due': ['active', 'canceled', 'unpaid'],
  paused: ['active', 'canceled'],
  unpaid: ['canceled'],
  canceled: [],
  expired: [],
} as const satisfies Record<SubscriptionStatus, readonly SubscriptionStatus[]>;

export const CYCLE_TRANSITIONS = {
  scheduled: ['billing', 'canceled'],
  billing: ['paid', 'failed'],
  paid: [],
  failed: ['billing', 'canceled'],
  canceled: [],
} as const satisfies Record<CycleStatus, readonly CycleStatus[]>;

/** Statuses whose cycles are charged (and retried): a charge due in any other bills nothing. */
export const BILLING: readonly SubscriptionStatus[] = ['pending', 'trialing', 'active', 'past-due'];

/** Statuses that bill nothing more. */
export const ENDED: readonly SubscriptionStatus[] = ['canceled', 'expired'];

export function canMove(from: SubscriptionStatus, to: SubscriptionStatus): boolean {
  return (SUBSCRIPTION_TRANSITIONS[from] as readonly SubscriptionStatus[]).includes(to);
}

export function canMoveCycle(from: CycleStatus, to: CycleStatus): boolean {
  return (CYCLE_TRANSITIONS[from] as readonly CycleStatus[]).includes(to);
}

/** The 422 of an operation the subscription's status does not allow. */
export function invalidSubscriptionTransition(id: string, from: SubscriptionStatus, action: string): ApiError {
  return new ApiError('invalidTransition', {
    resource: 'subscription',
    message: `Subscription ${id} is ${from}: it cannot be ${action}.`,
    details: `Allowed from ${from}: ${SUBSCRIPTION_TRANSITIONS[from].join(', ') || 'nothing (final status)'}.`,
  });
}

/** The event a subscription's move records, when it records one (entering `trialing` announces nothing). */
export function subscriptionEventOf(from: SubscriptionStatus, to: SubscriptionStatus) {
  switch (to) {
    case 'active':
      return from === 'paused' ? ('subscription.resumed' as const) : ('subscription.activated' as const);
    case 'past-due':
      return 'subscription.past-due' as const;
    case 'paused':
      return 'subscription.paused' as const;
    case 'unpaid':
      return 'subscription.unpaid' as const;
    case 'canceled':
      return 'subscription.canceled' as const;
    case 'expired':
      return 'subscription.expired' as const;
    default:
      return null;
  }
}
