/**
 * The recovery point of an idempotent request: what a request with an `X-Idempotency-Key` created or acted on,
 * written in the same database transaction as that effect. Should the process die (or the request fail) after that
 * commit, a retry under the same key answers the resource as it stands instead of doing the work again.
 * A service that can undo its effect before answering (nothing happened at the provider) clears the point in the
 * database transaction of the undo, so a retry runs afresh.
 */
import type { RecoverableKind } from '../core/resources';
import type { Statement } from '../db/statement';
import type { Queryable } from '../db/types';

/**
 * The resource a request created or acted on, and the status its success answers with. Stored as JSON with the key
 * (`resource` is a kind of the registry marked `recovered`), so a kind's name never changes.
 */
export interface RecoveryRef {
  resource: RecoverableKind;
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

/** What a request answers on success: its status and body (stored under its key, replayed to its retries). */
export interface RecoveryAnswer {
  status: number;
  body: unknown;
}

/** The recovery point written as a part of the work's own statement (`Recovery.markIn`). */
export interface MarkedIn {
  /** The part every write of the work selects from: it yields one row when the work may be written, none when not. */
  gate: string;
  /** After the statement ran, whether its gate let the work through: throws when it did not (nothing was written). */
  after(passed: boolean): void;
}

export interface Recovery {
  /** In the caller's database transaction: this request's effect is `ref`. */
  mark(q: Queryable, ref: RecoveryRef): Promise<void>;
  /** In the caller's database transaction: the effect was undone; a retry runs the request again. */
  clear(q: Queryable): Promise<void>;
  /**
   * `mark` as a part of the statement `st` that writes the work (`db/statement.ts`). A request whose key was not
   * claimed before its work (`claim`) claims it there, already answered with `answer`: the work, its point and its
   * answer commit in one statement. When the key is another request's, the gate lets nothing through and `after`
   * throws, for the caller of the service to answer as that key says.
   */
  markIn(st: Statement, ref: RecoveryRef, answer: RecoveryAnswer): MarkedIn;
  /**
   * Claims the request's key now if its work has not claimed it yet: called before anything that must not happen
   * twice and is not part of the work's statement (a call out of the process). A key another request holds throws.
   */
  claim(): Promise<void>;
}

const ALWAYS = (st: Statement): MarkedIn => ({ gate: st.part('go', 'SELECT 1'), after: () => undefined });

/** A request without an idempotency key: nothing to record. */
export const NO_RECOVERY: Recovery = {
  mark: async () => undefined,
  clear: async () => undefined,
  markIn: (st) => ALWAYS(st),
  claim: async () => undefined,
};

/** The gate of a request whose key was claimed before its work: the work is always written, the point beside it. */
export function markedBeside(st: Statement): MarkedIn {
  return ALWAYS(st);
}
