/**
 * Refunds in three steps, each safe to be interrupted. (1) Under the transaction's lock (and the balance locks of the
 * parties that bear it: each one's part is held from what its withdrawals can take), check what is still refundable
 * and reserve the amount with a `pending` refund, its parties' parts and its provider operation, enqueuing a
 * confirmation job as the recovery point.
 * (2) Send it to the provider, outside any database transaction, under the refund's id as idempotency key. (3) Record
 * its answer. Whenever the answer is not final (none, or `pending`), `refund.confirm` (after-charge.ts) sends the
 * refund again under the same key while its operation is open, then asks its status: a refund is never concluded
 * failed from "no refund under this key" while its first call may still land.
 */
import type { components } from '../../../generated/schema';
import type { Scope } from '../../core/tenancy';
import { ApiError } from '../../core/errors';
import { newId } from '../../ids';
import type { RefundStatusResult } from '../../payments/provider';
import { NO_RECOVERY, type Recovery } from '../recovery';
import { changeTransaction } from './change';
import { schedule, type Engine } from './engine';
import * as ledger from './ledger-repo';
import { refundReceivables } from './money';
import { lockParties, partiesOf, storeRefundParties } from './parties';
import { finishOperation, markUncertain, startOperation } from '../../payments/operations';
import { ask, providerUnavailable } from './settle';
import { allows, invalidTransition } from './status';
import { transactionNotFound } from './service';

type CreateRefundRequest = components['schemas']['CreateRefundRequest'];

/** How long the provider has to answer before the confirmation job takes over. */
const RECOVERY_SECONDS = 120;

/** Records the provider's final answer about a refund; a refund already final is left alone. */
export async function finishRefund(engine: Engine, refundId: string, result: Exclude<RefundStatusResult, { kind: 'pending' }>): Promise<void> {
  const refund = await ledger.findRefund(engine.db, refundId);
  if (!refund) return;
  await changeTransaction(engine.db, { id: refund.transaction_id }, async (c) => {
    const current = await ledger.findRefund(c.q, refundId, true);
    if (!current || current.status !== 'pending') return;
    // The refund's provider operation (keyed by the refund's id) closes with the refund, in the same transaction.
    const state = result.kind === 'failed' ? 'failed' : 'succeeded';
    await finishOperation(c.q, refundId, { state, result, reason: result.kind === 'failed' ? result.reason : null }, c.at);
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
  });
}

export async function createRefund(engine: Engine, scope: Scope, transactionId: string, input: CreateRefundRequest | undefined, recovery: Recovery = NO_RECOVERY): Promise<ledger.RefundRow> {
  const reserved = await changeTransaction(engine.db, { scope, id: transactionId }, async (c) => {
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
    // Lock order: the transaction's row (changeTransaction), then the balances of the parties that will bear the
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
    if (!route) throw new Error(`approved transaction ${transactionId} has no route`);
    // The provider operation is recorded with the reservation, before the call: a refund is never sent unrecorded.
    await startOperation(
      c.q,
      {
        scope: c.scope, subject: { kind: 'transaction', id: c.row.id }, causeId: refund.id, kind: 'refund',
        provider: route.provider, idempotencyKey: refund.id, amount,
      },
      c.at,
    );
    await schedule(c.q, { kind: 'refund.confirm', payload: { refundId: refund.id } }, new Date(c.at.getTime() + RECOVERY_SECONDS * 1000));
    await c.timeline('refund', 'Refund requested', { refundId: refund.id, amount, status: 'pending' });
    await recovery.mark(c.q, { resource: 'refund', id: refund.id, status: 201 });
    return { refund, route: c.row.processing.route, method: c.row.method };
  });
  if (!reserved) throw transactionNotFound(transactionId);
  const { refund, route, method } = reserved.value;
  if (!route) throw new Error(`approved transaction ${transactionId} has no route`);

  const provider = engine.orchestrator.provider(route.provider);
  // A provider that said "unavailable" refunded nothing; one that did not answer (or broke) may have refunded.
  const answer = await ask(engine, () =>
    provider.refund({ idempotencyKey: refund.id, authorizeKey: route.key, transactionId, amount: refund.amount, method }),
  );
  const ambiguous = answer.kind === 'uncertain';
  const result = answer.kind === 'uncertain' ? { kind: 'pending' as const } : answer;
  if (result.kind === 'unavailable') {
    // Nothing was refunded: give the reserved amount back, so the refund can be asked again.
    await changeTransaction(engine.db, { id: transactionId }, async (c) => {
      const current = await ledger.findRefund(c.q, refund.id, true);
      if (current?.status === 'pending') await ledger.deleteRefund(c.q, refund.id);
      await recovery.clear(c.q);
      await finishOperation(c.q, refund.id, { state: 'failed', reason: result.reason.slice(0, 500) }, c.at);
      await c.timeline('refund', 'Refund not sent: provider unavailable', { refundId: refund.id, amount: refund.amount, status: 'failed' });
    });
    throw providerUnavailable();
  }
  if (result.kind !== 'pending') await finishRefund(engine, refund.id, result);
  else {
    // Accepted but not confirmed, or not answered at all: the refund stays `pending` (never deleted, so never asked
    // twice) and the provider is asked where it stands after a while (the recovery job stays as the backstop). Not
    // answered is an `uncertain` operation; accepted stays `started` (the provider has it, its outcome comes later).
    if (ambiguous) {
      await changeTransaction(engine.db, { id: transactionId }, async (c) => {
        if (!(await markUncertain(c.q, refund.id, answer.reason, c.at))) return;
        await c.timeline('refund', 'Refund sent; the provider has not confirmed it yet', { refundId: refund.id, amount: refund.amount, status: 'pending' });
      });
    }
    const at = new Date(Date.now() + engine.settings.refundConfirmSeconds * 1000);
    await schedule(engine.db, { kind: 'refund.confirm', payload: { refundId: refund.id } }, at, `refund.confirm:${refund.id}:poll`);
    engine.wake();
  }
  const final = await ledger.findRefund(engine.db, refund.id);
  if (!final) throw new Error(`refund ${refund.id} vanished`);
  return final;
}
