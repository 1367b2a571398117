/**
 * The operation runner: every provider call that moves or releases money (an authorization on a route, a capture, a
 * cancel, a void or release, a refund, a payout) is one `OperationSpec` run by `runOperation`, in three steps:
 *
 * 1. **reserve**: in one database transaction (the spec's `locked`: the subject's row lock, or for a void, whose
 *    claim was made under that lock before, a plain one), the spec decides whether the operation applies (from its
 *    status table where it moves the subject: it throws the refusal, or answers nothing to call), and the runner
 *    records the operation `started` beside whatever recovery point the spec writes (a reconcile job, a
 *    confirmation job, the request's idempotency point). A call is never sent unrecorded.
 * 2. **call**: the provider, outside any database transaction, bounded by the provider time-out. A call that does not
 *    answer in time, or breaks, is `uncertain`: the provider may have acted.
 * 3. **apply**: in one database transaction holding the lock again, the runner moves the operation as the outcome's
 *    row of `AFTER` says, and the spec writes the outcome, timeline, ledger and events beside it.
 *
 * | outcome | the provider | the operation becomes |
 * |---|---|---|
 * | `done` | acted (charged, captured, canceled, refunded, paid) | `succeeded` |
 * | `declined` | refused: nothing done | `failed` |
 * | `unavailable` | could not take the call: nothing done | `failed`, or stays open when the spec asks again under it (`keepOpenWhenUnavailable`: a payout, a refund's re-send); a reconcile reads it as `uncertain` |
 * | `pending` | accepted; the outcome comes later | stays open |
 * | `uncertain` | did not answer | `uncertain` (only from `started`): never assumed either way |
 */
import type { Queryable } from '../db/types';
import { finishOperation, markUncertain, startOperation, type NewOperation, type OperationRow, type OperationState } from './operations';
import type { Orchestrator } from './orchestrator';

/** What one call came to, typed: the provider's answer read by the spec, or no answer. */
export type Outcome<R> =
  | { kind: 'done'; result: R }
  | { kind: 'declined'; result: R; reason: string }
  | { kind: 'pending'; result: R }
  | { kind: 'unavailable'; reason: string }
  | { kind: 'uncertain'; reason: string };

type OutcomeKind = Outcome<unknown>['kind'];

/** How each outcome leaves the operation (the table above); `open` leaves it as it is. */
export const AFTER = {
  done: 'succeeded',
  declined: 'failed',
  unavailable: 'failed',
  pending: 'open',
  uncertain: 'uncertain',
} as const satisfies Record<OutcomeKind, OperationState | 'open'>;

/** What the spec's work inside the lock can rely on: the database transaction and its one clock reading. */
export interface Held {
  q: Queryable;
  at: Date;
}

/** The operation a reserve records, or the open one it asks again under (a reconcile: no new attempt is counted). */
export type Reservation<H> =
  | { record: NewOperation; held: H; reopenFailed?: boolean }
  | { resume: OperationRow; held: H };

export interface OperationSpec<L extends Held, H, R> {
  /** Runs `work` in one database transaction holding the subject's row lock; null when the subject is gone. */
  locked<T>(work: (l: L) => Promise<T>): Promise<T | null>;
  /**
   * Under the lock: whether the operation applies (throw the refusal), what to record and what the call needs.
   * `null` when there is nothing at the provider to call: the runner stops there and answers `null`.
   */
  reserve(l: L): Promise<Reservation<H> | null>;
  /**
   * Under the same lock, once the operation is recorded: what goes with it and needs its row (a reconcile job keyed
   * by its attempt, the request's recovery point naming it).
   */
  recorded?(l: L, op: OperationRow, held: H): Promise<void>;
  /** The provider call, outside any database transaction, under the operation's idempotency key. */
  call(held: H, op: OperationRow): Promise<R>;
  /** How the provider's answer reads for this operation. */
  read(result: R): Outcome<R>;
  /**
   * Under the lock, after the operation moved: the outcome's writes. `closed` says whether this run moved the
   * operation (false when another run, or a reconcile, got there first): what is written once is written by it.
   */
  apply(l: L, outcome: Outcome<R>, ctx: { held: H; op: OperationRow; closed: boolean }): Promise<void>;
  /** Payouts: a bank that could not take the transfer is asked again under the same open operation by its job. */
  keepOpenWhenUnavailable?: boolean;
}

export interface Ran<H, R> {
  op: OperationRow;
  held: H;
  outcome: Outcome<R>;
}

/** A call's answer, or the reason there is none. */
type Answer<R> = { answered: true; result: R } | { answered: false; reason: string };

/**
 * Asks the provider once, bounded by the time-out: its answer, or `uncertain` when it did not answer in time or
 * the call broke (thrown errors included: a call that broke may have reached the provider).
 */
async function callOnce<R>(orchestrator: Orchestrator, call: () => Promise<R>): Promise<Answer<R>> {
  let uncertain: string | null = null;
  const res = await orchestrator.timed<{ result: R } | null>(
    async () => ({ result: await call() }),
    (reason) => {
      uncertain = reason;
      return null;
    },
  );
  return res === null || uncertain !== null ? { answered: false, reason: uncertain ?? 'no answer' } : { answered: true, result: res.result };
}

/** Moves the operation as `AFTER` says for the outcome; whether this call moved it. */
async function close(q: Queryable, key: string, outcome: Outcome<unknown>, at: Date, keepOpen: boolean): Promise<boolean> {
  const after = outcome.kind === 'unavailable' && keepOpen ? 'open' : AFTER[outcome.kind];
  if (after === 'open') return false;
  if (after === 'uncertain') return markUncertain(q, key, (outcome as { reason: string }).reason, at);
  const result = 'result' in outcome ? outcome.result : undefined;
  const reason = outcome.kind === 'done' || outcome.kind === 'pending' ? null : outcome.reason.slice(0, 500);
  return finishOperation(q, key, { state: after, result, reason }, at);
}

/**
 * Runs one operation through its three steps (the file's header). Returns null when the reserve found nothing to
 * call, or the subject vanished; otherwise the operation, what the reserve held and the outcome, once applied.
 * The spec's refusals (thrown by `reserve`) and failures of its writes reach the caller as thrown.
 */
export async function runOperation<L extends Held, H, R>(orchestrator: Orchestrator, spec: OperationSpec<L, H, R>): Promise<Ran<H, R> | null> {
  const reserved = await spec.locked(async (l) => {
    const r = await spec.reserve(l);
    if (!r) return null;
    if ('resume' in r) return { op: r.resume, held: r.held };
    const op = await startOperation(l.q, r.record, l.at, { reopenFailed: r.reopenFailed === true });
    await spec.recorded?.(l, op, r.held);
    return { op, held: r.held };
  });
  if (!reserved) return null;
  const { op, held } = reserved;
  const answer = await callOnce(orchestrator, () => spec.call(held, op));
  const outcome: Outcome<R> = answer.answered ? spec.read(answer.result) : { kind: 'uncertain', reason: answer.reason };
  await spec.locked(async (l) => {
    const closed = await close(l.q, op.idempotency_key, outcome, l.at, spec.keepOpenWhenUnavailable === true);
    await spec.apply(l, outcome, { held, op, closed });
  });
  return { op, held, outcome };
}
