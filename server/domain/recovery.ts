/**
 * The recovery point of an idempotent request: what a request with an `X-Idempotency-Key` created or acted on,
 * written in the same database transaction as that effect. Should the process die (or the request fail) after that
 * commit, a retry under the same key answers the resource as it stands instead of doing the work again.
 * A service that can undo its effect before answering (nothing happened at the provider) clears the point in the
 * database transaction of the undo, so a retry runs afresh.
 */
import type { Queryable } from '../db/types';

/** The resource a request created or acted on, and the status its success answers with. */
export interface RecoveryRef {
  resource: 'transaction' | 'refund' | 'withdrawal' | 'customer' | 'address' | 'wallet' | 'webhookEndpoint' | 'product' | 'variant' | 'subscriptionSplit' | 'subscription' | 'paymentLink';
  id: string;
  /** The resource's parent, when its id alone does not find it through the API (a split's subscription). */
  parentId?: string;
  /** The success status of the operation (201 for a creation, 200 otherwise). */
  status: 200 | 201;
  /**
   * The provider operation the request started (a capture's or a cancel's idempotency key), when its success depends on
   * the provider's answer: a retry answers the resource only once that operation succeeded, the 503 again while it is
   * being confirmed, and the provider's refusal once it refused.
   */
  operation?: string;
}

export interface Recovery {
  /** In the caller's database transaction: this request's effect is `ref`. */
  mark(q: Queryable, ref: RecoveryRef): Promise<void>;
  /** In the caller's database transaction: the effect was undone; a retry runs the request again. */
  clear(q: Queryable): Promise<void>;
}

/** A request without an idempotency key: nothing to record. */
export const NO_RECOVERY: Recovery = {
  mark: async () => undefined,
  clear: async () => undefined,
};
