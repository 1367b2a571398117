/**
 * The background jobs of recurring billing (their handlers: `subscriptionJobHandlers` in jobs.ts). Each is scheduled
 * through `enqueueOn` on its subscription's time, so a sandbox test clock runs the very same jobs.
 */
export type SubscriptionJob =
  /** A subscription with a trial starts it (`pending` → `trialing`). */
  | { kind: 'subscription.start'; payload: { subscriptionId: string } }
  /**
   * Charges a cycle at its due date, or again on its dunning schedule. `attempts` is the cycle's count of charges
   * the job was scheduled after and `at` the time it was scheduled for: a job whose cycle moved on since (charged
   * again, or rescheduled later) bills nothing. `subscriptionId` lets a sandbox clock find the job when the
   * subscription is attached to it.
   */
  | { kind: 'subscription.bill'; payload: { subscriptionId: string; cycleId: string; attempts: number; at: string } }
  /** The last period of a fixed-term plan ended: `expired`. */
  | { kind: 'subscription.end'; payload: { subscriptionId: string } };
