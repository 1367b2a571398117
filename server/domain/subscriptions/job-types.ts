/**
 * The background jobs of recurring billing (their handlers: `subscriptionJobHandlers` in jobs.ts). Each is scheduled
 * through `enqueueOn` on its subscription's time, so a sandbox test clock runs the very same jobs.
 */
export type SubscriptionJob =
  /** A subscription with a trial starts it (`pending` → `trialing`). */
  | { kind: 'subscription.start'; payload: { subscriptionId: string } }
  /** Charges a cycle at its due date, or again on its dunning schedule. */
  | { kind: 'subscription.bill'; payload: { cycleId: string } }
  /** The last period of a fixed-term plan ended: `expired`. */
  | { kind: 'subscription.end'; payload: { subscriptionId: string } };
