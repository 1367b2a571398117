/**
 * Refunds, a spec of the operation runner (payments/runner.ts) in three steps, each safe to be interrupted.
 * (1) Under the transaction's lock (and the balance locks of the parties that bear it: each one's part is held from
 * what its withdrawals can take), check what is still refundable and reserve the amount with a `pending` refund, its
 * parties' parts and its provider operation, enqueuing a confirmation job as the recovery point (`reserveRefund`).
 * (2) Send it to the provider, outside any database transaction, under the refund's id as idempotency key. (3) Record
 * its answer (`applyRefund`). Whenever the answer is not final (none, or `pending`), `refund.confirm` (after-charge.ts)
 * sends the refund again under the same key while its operation is open (`resendRefund`), then asks its status: a
 * refund is never concluded failed from "no refund under this key" while its first call may still land.
 */
import type { components } from '../../../generated/schema';
import type { Scope } from '../../core/tenancy';
import { ApiError } from '../../core/errors';
import { newId } from '../../ids';
import type { OperationRow } from '../../payments/operations';
import type { PaymentProvider, RefundResult, RefundStatusResult } from '../../payments/provider';
import { runOperation, type Outcome, type Reservation } from '../../payments/runner';
import { NO_RECOVERY, type Recovery } from '../recovery';
import { changeTransaction, type Change } from './change';
import { schedule, type Engine } from './engine';
import * as ledger from './ledger-repo';
import { refundReceivables } from './money';
import { lockParties, partiesOf, storeRefundParties } from './parties';
import { finishOperation } from '../../payments/operations';
import { lockTransaction, providerUnavailable } from './settle';
import { allows, invalidTransition } from './status';
import { transactionNotFound } from './service';

type CreateRefundRequest = components['schemas']['CreateRefundRequest'];

/** How long the provider has to answer before the confirmation job takes over. */
const RECOVERY_SECONDS = 120;

/** The provider's final answer about a refund: it returned the money, or could not. */
export type RefundFinal = Exclude<RefundStatusResult, { kind: 'pending' }>;

/**
 * Under the transaction's lock, the provider's final answer about a refund (its operation closed beside it, by the
 * runner or by `finishRefund`): a refund already final is left alone; a failed one gives its amount back; a
 * succeeded one takes from the receivables and moves the transaction.
 */
async function settleRefundIn(c: Change, refundId: string, result: RefundFinal): Promise<void> {
  const current = await ledger.findRefund(c.q, refundId, true);
  if (!current || current.status !== 'pending') return;
  if (result.kind === 'failed') {
    await ledger.setRefundStatus(c.q, refundId, 'failed', result.reason, c.at);
    await c.timeline('refund', 'Refund failed', { refundId, amount: current.amount, status: 'failed' });
    return;
  }
  await ledger.setRefundStatus(c.q, refundId, 'succeeded', null, c.at);
  const refunded = c.row.refunded_amount + current.amount;
  await c.patch({ refundedAmount: refunded });
  await refundReceivables(c, current);
  await c.timeline('refund', 'Refund succeeded', { refundId, amount: current.amount, status: 'succeeded' });
  // A refund that completes while the transaction is in dispute changes its amounts, not its status: the
  // dispute decides that (a won dispute of a wholly refunded transaction ends `refunded`).
  if (c.row.status !== 'approved') return;
  if (refunded >= c.row.captured_amount) await c.move('refunded');
  else c.emit('transaction.partially-refunded');
}

/** How a refund's answer reads for the runner. */
export function readRefundAnswer(res: RefundResult): Outcome<RefundResult> {
  switch (res.kind) {
    case 'succeeded':
      return { kind: 'done', result: res };
    case 'failed':
      return { kind: 'declined', result: res, reason: res.reason };
    case 'pending':
      return { kind: 'pending', result: res };
    case 'unavailable':
      return { kind: 'unavailable', reason: res.reason };
  }
}

/** The final answer of a refund the runner has (`done` or `declined`), or null while it has none. */
function finalOf(outcome: Outcome<RefundResult>): RefundFinal | null {
  if (outcome.kind !== 'done' && outcome.kind !== 'declined') return null;
  return outcome.result.kind === 'failed' ? outcome.result : { kind: 'succeeded' };
}

/** Records the provider's final answer about a refund learned by asking its status; a refund already final is left alone. */
export async function finishRefund(engine: Engine, refundId: string, result: RefundFinal): Promise<void> {
  const refund = await ledger.findRefund(engine.db, refundId);
  if (!refund) return;
  await changeTransaction(engine.db, { id: refund.transaction_id }, async (c) => {
    const current = await ledger.findRefund(c.q, refundId, true);
    if (!current || current.status !== 'pending') return;
    // The refund's provider operation (keyed by the refund's id) closes with the refund, in the same transaction.
    const state = result.kind === 'failed' ? 'failed' : 'succeeded';
    await finishOperation(c.q, refundId, { state, result, reason: result.kind === 'failed' ? result.reason : null }, c.at);
    await settleRefundIn(c, refundId, result);
  });
}

/**
 * Sends a pending refund again under its own key through the runner (`refund.confirm`), resuming its open operation:
 * the provider answers a repeated key with its first answer, so it is refunded at most once. A final answer is
 * recorded with the operation; `held` says whether the provider is known to hold the refund now (it accepted it),
 * which is what lets a later "failed" status count. A provider that cannot take the call keeps the operation open.
 */
export async function resendRefund(engine: Engine, refundId: string, op: OperationRow): Promise<{ final: boolean; held: boolean }> {
  const ran = await runOperation(engine.orchestrator, {
    locked: lockTransaction(engine, { id: op.subject_id }),
    reserve: async (c) => {
      const route = c.row.processing.route;
      if (!route) return null;
      return { resume: op, held: { route, row: c.row, provider: engine.orchestrator.provider(route.provider) } };
    },
    call: ({ route, row, provider }, o) =>
      provider.refund({ idempotencyKey: o.idempotency_key, authorizeKey: route.key, transactionId: row.id, amount: o.amount, method: row.method }),
    read: readRefundAnswer,
    keepOpenWhenUnavailable: true,
    apply: async (c, outcome) => {
      const final = finalOf(outcome);
      if (final) await settleRefundIn(c, refundId, final);
    },
  });
  if (!ran) return { final: false, held: false };
  return { final: finalOf(ran.outcome) !== null, held: ran.outcome.kind === 'pending' };
}

/** What a refund holds between its reserve and its outcome. */
interface RefundHeld {
  refund: ledger.RefundRow;
  /** The route's provider, found under the reserve: a route no longer configured fails the request before anything is sent. */
  provider: PaymentProvider;
  route: NonNullable<Change['row']['processing']['route']>;
  method: Change['row']['method'];
}

/**
 * The reserve of a refund, under the transaction's lock: what is still refundable, the `pending` refund with its
 * parties' parts set aside, its confirmation job (the recovery point), the timeline and the request's idempotency
 * point; the runner records its provider operation (keyed by the refund's id) beside them.
 */
async function reserveRefund(engine: Engine, c: Change, input: CreateRefundRequest | undefined, recovery: Recovery): Promise<Reservation<RefundHeld>> {
  if (!allows('refunds', c.row.status)) throw invalidTransition(c.row.id, c.row.status, 'refunded');
  const taken = (await ledger.listRefunds(c.q, c.row.id)).filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
  const refundable = c.row.captured_amount - taken;
  const amount = input?.amount ?? refundable;
  if (refundable <= 0 || amount > refundable) {
    throw new ApiError('refundAmountInvalid', {
      resource: 'transaction',
      message: `At most ${refundable} cents of ${c.row.id} can be refunded; ${amount} was asked.`,
      params: [{ amount: `must be at most ${refundable}` }],
    });
  }
  // Lock order: the transaction's row (the runner's lock), then the balances of the parties that will bear the
  // refund, in merchant-id order, before anything is written. A withdrawal takes one balance and never a
  // transaction row, so the two serialize without a cycle. Each party's part is then set aside (its `reserved`).
  const id = newId('rfd');
  const parties = await partiesOf(c, id, amount);
  await lockParties(c, parties);
  const refund = await ledger.insertRefund(
    c.q,
    { id, transactionId: c.row.id, amount, reason: input?.reason ?? null, metadata: input?.metadata ?? {} },
    c.at,
  );
  await storeRefundParties(c, refund.id, parties);
  const route = c.row.processing.route;
  if (!route) throw new Error(`approved transaction ${c.row.id} has no route`);
  await schedule(c.q, { kind: 'refund.confirm', payload: { refundId: refund.id } }, new Date(c.at.getTime() + RECOVERY_SECONDS * 1000));
  await c.timeline('refund', 'Refund requested', { refundId: refund.id, amount, status: 'pending' });
  await recovery.mark(c.q, { resource: 'refund', id: refund.id, status: 201 });
  // The provider operation is recorded with the reservation, before the call (the runner): never sent unrecorded.
  const record = {
    scope: c.scope, subject: { kind: 'transaction' as const, id: c.row.id }, causeId: refund.id, kind: 'refund' as const,
    provider: route.provider, idempotencyKey: refund.id, amount,
  };
  return { record, held: { refund, route, method: c.row.method, provider: engine.orchestrator.provider(route.provider) } };
}

/**
 * A refund's outcome under the transaction's lock: a final answer settles it; a provider that could not take it gets
 * nothing reserved (the refund is removed, the request's point cleared: a retry asks again); no answer leaves it
 * `pending` (never removed, so never asked twice) with the timeline saying so once.
 */
async function applyRefund(c: Change, outcome: Outcome<RefundResult>, refund: ledger.RefundRow, closed: boolean, recovery: Recovery): Promise<void> {
  const final = finalOf(outcome);
  if (final) return settleRefundIn(c, refund.id, final);
  if (outcome.kind === 'unavailable') {
    // Nothing was refunded: give the reserved amount back, so the refund can be asked again.
    const current = await ledger.findRefund(c.q, refund.id, true);
    if (current?.status === 'pending') await ledger.deleteRefund(c.q, refund.id);
    await recovery.clear(c.q);
    await c.timeline('refund', 'Refund not sent: provider unavailable', { refundId: refund.id, amount: refund.amount, status: 'failed' });
    return;
  }
  // Not answered: the refund stays `pending` (never deleted, so never asked twice), its operation `uncertain`.
  if (outcome.kind === 'uncertain' && closed) {
    await c.timeline('refund', 'Refund sent; the provider has not confirmed it yet', { refundId: refund.id, amount: refund.amount, status: 'pending' });
  }
}

export async function createRefund(engine: Engine, scope: Scope, transactionId: string, input: CreateRefundRequest | undefined, recovery: Recovery = NO_RECOVERY): Promise<ledger.RefundRow> {
  const ran = await runOperation(engine.orchestrator, {
    locked: lockTransaction(engine, { scope, id: transactionId }),
    reserve: (c) => reserveRefund(engine, c, input, recovery),
    // A provider that said "unavailable" refunded nothing; one that did not answer (or broke) may have refunded.
    call: ({ refund, route, method, provider }) =>
      provider.refund({ idempotencyKey: refund.id, authorizeKey: route.key, transactionId, amount: refund.amount, method }),
    read: readRefundAnswer,
    apply: (c, outcome, { held, closed }) => applyRefund(c, outcome, held.refund, closed, recovery),
  });
  if (!ran) throw transactionNotFound(transactionId);
  const { refund } = ran.held;
  if (ran.outcome.kind === 'unavailable') throw providerUnavailable();
  if (ran.outcome.kind === 'pending' || ran.outcome.kind === 'uncertain') {
    // Accepted but not confirmed, or not answered at all: the provider is asked where it stands after a while (the
    // recovery job stays as the backstop). Accepted stays `started` (the provider has it, its outcome comes later).
    const at = new Date(Date.now() + engine.settings.refundConfirmSeconds * 1000);
    await schedule(engine.db, { kind: 'refund.confirm', payload: { refundId: refund.id } }, at, `refund.confirm:${refund.id}:poll`);
    engine.wake();
  }
  const requested = await ledger.findRefund(engine.db, refund.id);
  if (!requested) throw new Error(`refund ${refund.id} vanished`);
  return requested;
}
