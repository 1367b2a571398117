/**
 * The voids and releases of what a route may hold, specs of the operation runner, and the close of an authorization
 * whose route timed out once its void is done. For an authorization the reconciliation is the void of the route that
 * timed out (voiding.ts): once voided, whatever it did is undone and the operation is closed `failed` unless its
 * answer came after all. (The authorization itself is a runner spec in processing.ts.)
 */
import type { Queryable } from '../../db/types';
import { finishOperation } from '../../payments/operations';
import type { CancelResult } from '../../payments/provider';
import type { Engine } from './engine';
import type { TransactionRow } from './repo';
import { runOperation, type Held, type Outcome } from '../../payments/runner';

/** The route that timed out under `key` is voided: nothing it may have done stands, the authorization is closed. */
export function authorizeVoided(q: Queryable, key: string, at: Date): Promise<boolean> {
  return finishOperation(q, key, { state: 'failed', reason: `no answer; voided under ${key}:void` }, at);
}

/**
 * The database transaction of an operation that takes no row lock: a void or release, whose key is its own (a
 * claimed key's `:void`, an answer's `:release`, a given-up charge's `:cancel`) and which repeats safely under it.
 */
export function unlocked(engine: Engine) {
  return <T>(work: (h: Held) => Promise<T>): Promise<T> => engine.db.transaction((q) => work({ q, at: new Date() }));
}

/**
 * Tells the route to cancel what it holds under `authorizeKey`, recorded as a `void` (blind: it may hold nothing) or a
 * `release` (an answer known to exist) under `idempotencyKey`. `done` false when it is not done yet: the provider
 * could not take it (the operation failed, nothing done) or did not answer (uncertain); the caller retries.
 */
export async function cancelRecorded(
  engine: Engine,
  t: TransactionRow,
  kind: 'void' | 'release',
  providerId: string,
  idempotencyKey: string,
  authorizeKey: string,
): Promise<{ done: true } | { done: false; reason: string }> {
  const provider = engine.orchestrator.provider(providerId);
  const ran = await runOperation(engine.orchestrator, {
    locked: unlocked(engine),
    reserve: async () => ({
      record: { scope: { merchantId: t.merchant_id, mode: t.mode }, subject: { kind: 'transaction', id: t.id }, kind, provider: providerId, idempotencyKey, amount: t.amount },
      held: null,
      // A key whose call the provider said it could not take did nothing: asked again, it is the same operation.
      reopenFailed: true,
    }),
    call: (_held, op) => provider.cancel({ idempotencyKey: op.idempotency_key, authorizeKey, transactionId: t.id, amount: t.amount }),
    read: (res): Outcome<CancelResult> => {
      if (res.kind === 'unavailable') return { kind: 'unavailable', reason: res.reason };
      return res.kind === 'declined' ? { kind: 'declined', result: res, reason: res.message } : { kind: 'done', result: res };
    },
    apply: async () => undefined,
  });
  if (!ran) throw new Error(`void ${idempotencyKey} was not recorded`);
  const { outcome } = ran;
  // Refused (a PIX code the payer paid first): nothing is left to void, asking again changes nothing; the payment
  // arrives as a received Pix, kept for an operator when its charge no longer takes it.
  if (outcome.kind === 'done' || outcome.kind === 'declined') return { done: true };
  return { done: false, reason: 'reason' in outcome ? outcome.reason : outcome.kind };
}
