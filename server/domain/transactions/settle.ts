/**
 * The moves that take or release money, shared by the background processing, the API operations and the sandbox
 * simulator: approve (receivables and their settlement jobs), cancel (void at the provider, then the local write).
 */
import { ApiError } from '../../core/errors';
import type { Queryable } from '../../db/types';
import { finishOperation, markUncertain, openOperationsOf, startOperation, type OperationRow } from '../../payments/operations';
import type { Change } from './change';
import { changeTransaction } from './change';
import { schedule, type Engine } from './engine';
import { createReceivables } from './money';
import type { TransactionRow } from './repo';
import { invalidTransition, OPERATIONS, type TransactionStatus } from './status';
import { NO_RECOVERY, type Recovery } from '../recovery';
import { startOfSaoPauloDay } from '../../core/calendar';

/**
 * Approves a charge that took `amount`: the move, `capturedAmount`, `paidAt`, the receivables, and a settlement job
 * for each later day. Inside the caller's change.
 */
export async function approve(c: Change, amount: number, authorizationCode: string | null, patch: Parameters<Change['move']>[1] = {}): Promise<void> {
  await c.move('approved', {
    ...patch,
    capturedAmount: amount,
    paidAt: c.at,
    payment: { ...patch.payment, paidAt: c.at.toISOString() },
    processing: { ...patch.processing, ...(authorizationCode ? { authorizationCode } : {}) },
  });
  for (const day of await createReceivables(c, amount, c.at, authorizationCode)) {
    await schedule(c.q, { kind: 'receivables.settle', payload: { transactionId: c.row.id, day } }, startOfSaoPauloDay(day));
  }
}

/** The 503 of a provider that cannot be reached; the provider's own words stay out of the answer. */
export function providerUnavailable(): ApiError {
  return new ApiError('providerUnavailable', { message: 'The payment provider cannot be reached now; retry with backoff.' });
}

/**
 * The 503 of a capture or cancel the provider did not answer: it may have acted, so nothing is undone; the operation
 * is confirmed in the background under the same provider key, and its outcome shows as an event and on the transaction.
 */
export function operationUncertain(kind: 'capture' | 'cancel'): ApiError {
  const event = kind === 'capture' ? 'transaction.approved' : 'transaction.canceled';
  return new ApiError('providerUnavailable', {
    message:
      `The ${kind} was sent to the payment provider, which did not confirm it in time; it is being confirmed in the ` +
      `background. Do not send another ${kind}: the ${event} event or a GET of the transaction tells the outcome.`,
  });
}

/** The 422 of a capture or cancel asked while another one is open at the provider. */
function operationOpen(row: TransactionRow, asked: 'capture' | 'cancel', open: OperationRow): ApiError {
  const what = open.state === 'uncertain' ? 'being confirmed with the provider' : 'under way';
  return invalidTransition(row.id, row.status, `${asked === 'capture' ? 'captured' : 'canceled'} while a ${open.kind} is ${what} (its outcome comes as an event)`);
}

/** The open capture or cancel of a transaction: while there is one, no other capture, cancel or expiry acts. */
export async function openChargeOperation(q: Queryable, id: string): Promise<OperationRow | null> {
  return (await openOperationsOf(q, id)).find((o) => o.kind === 'capture' || o.kind === 'cancel') ?? null;
}

/** The provider key of a capture or cancel on the route's authorization; the capture's names its amount. */
export function chargeOperationKey(routeKey: string, kind: 'capture' | 'cancel', amount: number): string {
  // The amount is part of a capture's key: a retry of the same capture is the same call, another amount another one.
  return kind === 'capture' ? `${routeKey}:capture:${amount}` : `${routeKey}:cancel`;
}

/**
 * Takes the transaction for one provider operation (`capture` or `cancel`): under the row lock, `check` decides
 * whether it applies and no other capture or cancel may be open; the operation is recorded (`started`) with a
 * reconcile job as its recovery point, due once the call has surely ended, in the same database transaction. A
 * transaction without a route (a charge never sent) has nothing at the provider: no operation. `note` is what the
 * outcome writes on the timeline (a cancel's reason).
 */
export async function reserve(
  engine: Engine,
  t: Pick<TransactionRow, 'id'>,
  kind: 'capture' | 'cancel',
  check: (row: TransactionRow) => void,
  amountOf: (row: TransactionRow) => number,
  note?: string,
  recovery: Recovery = NO_RECOVERY,
): Promise<{ row: TransactionRow; op: OperationRow | null }> {
  const out = await changeTransaction(engine.db, { id: t.id }, async (c) => {
    check(c.row);
    const open = await openChargeOperation(c.q, c.row.id);
    if (open) throw operationOpen(c.row, kind, open);
    const route = c.row.processing.route;
    // Nothing at a provider to void (a charge still in flight): the cancel is the local move alone (`applyCancel`,
    // which records the request's recovery point with it).
    if (!route) return { row: c.row, op: null };
    const amount = amountOf(c.row);
    const op = await startOperation(
      c.q,
      {
        scope: c.scope, subject: { kind: 'transaction', id: c.row.id }, kind, provider: route.provider, amount,
        idempotencyKey: chargeOperationKey(route.key, kind, amount),
      },
      c.at,
      { reopenFailed: true },
    );
    // Twice the provider time-out: by then the call that took it has ended, one way or the other, or its process died.
    const due = new Date(c.at.getTime() + 2 * engine.orchestrator.timeoutMs + 1000);
    const payload = { idempotencyKey: op.idempotency_key, ...(note ? { note } : {}) };
    await schedule(c.q, { kind: 'operation.reconcile', payload }, due, `operation.reconcile:${op.idempotency_key}:${op.attempts}`);
    // The request's recovery point, tied to the operation: a retry after this commit answers the transaction once the
    // operation succeeded (the reconcile job above finishes it whatever becomes of this process), the 503 while it
    // is being confirmed, the refusal if the provider refused.
    await recovery.mark(c.q, { resource: 'transaction', id: c.row.id, status: 200, operation: op.idempotency_key });
    return { row: c.row, op };
  });
  if (!out) throw new Error(`transaction ${t.id} vanished`);
  return out.value;
}

/** Asks the provider once: its answer, or `uncertain` when it did not answer in time or the call broke. */
export async function ask<R>(engine: Engine, call: () => Promise<R>): Promise<R | { kind: 'uncertain'; reason: string }> {
  let uncertain: string | null = null;
  const res = await engine.orchestrator.timed<R | null>(call, (reason) => {
    uncertain = reason;
    return null;
  });
  return res === null || uncertain !== null ? { kind: 'uncertain', reason: uncertain ?? 'no answer' } : res;
}

/** The provider said it did nothing (`unavailable`): the operation failed and the transaction is free again. */
export async function giveBack(engine: Engine, op: OperationRow, reason: string, recovery: Recovery = NO_RECOVERY): Promise<void> {
  await changeTransaction(engine.db, { id: op.subject_id }, async (c) => {
    await finishOperation(c.q, op.idempotency_key, { state: 'failed', reason: reason.slice(0, 500) }, c.at);
    // Nothing happened: a retry under the same idempotency key runs the request again.
    await recovery.clear(c.q);
  });
}

/** The call did not answer: the operation stays open (and the transaction held) until the reconcile job knows. */
export async function holdUncertain(engine: Engine, op: OperationRow, reason: string): Promise<void> {
  await changeTransaction(engine.db, { id: op.subject_id }, async (c) => {
    if (!(await markUncertain(c.q, op.idempotency_key, reason, c.at))) return;
    const what = op.kind === 'capture' ? 'Capture' : 'Cancel';
    await c.timeline(op.kind === 'capture' ? 'capture' : 'note', `${what} sent; the provider has not confirmed it yet`, { amount: op.amount, uncertain: true });
  });
}

/**
 * Records a cancel the provider confirmed (or a cancel with nothing at the provider, `op` null): the operation
 * succeeds and the transaction becomes `canceled` with its reason, in one database transaction. Applied once: the
 * status is re-read under the lock, and a transaction no longer in `from` (the reconcile job or a run beside this one
 * got there first, or a payer paid meanwhile) is not moved again. Returns false when it was not in `from`.
 */
export async function applyCancel(
  engine: Engine,
  id: string,
  op: OperationRow | null,
  reason: string,
  from: readonly TransactionStatus[],
  recovery: Recovery = NO_RECOVERY,
): Promise<{ moved: boolean; row: TransactionRow } | null> {
  const out = await changeTransaction(engine.db, { id }, async (c) => {
    if (op) await finishOperation(c.q, op.idempotency_key, { state: 'succeeded', result: { kind: 'canceled' } }, c.at);
    if (!from.includes(c.row.status)) return false;
    // A route was recorded since the reserve found none: a provider now holds something that only the void path
    // releases. Not canceled here; the caller's retry goes through that path.
    if (!op && c.row.processing.route) return false;
    await c.move('canceled', {}, 'canceled');
    await c.timeline('note', 'Cancel reason', { reason });
    if (!op) await recovery.mark(c.q, { resource: 'transaction', id, status: 200 });
    return true;
  });
  return out ? { moved: out.value, row: out.row } : null;
}

/**
 * Cancels a charge: the provider voids what it holds (authorization, QR code, billet) under the route's key, then
 * the transaction becomes `canceled` with a note. A provider that said it cannot be reached leaves everything as it
 * was (503); one that did not answer leaves the cancel open, confirmed by the reconcile job (503, `operationUncertain`).
 * `from` limits the statuses this cancel applies to (an expiry applies only to what can expire).
 */
export async function cancelCharge(
  engine: Engine,
  t: TransactionRow,
  reason: string,
  from: readonly TransactionStatus[] = OPERATIONS.cancel,
  recovery: Recovery = NO_RECOVERY,
): Promise<TransactionRow | null> {
  const check = (row: TransactionRow) => {
    if (!from.includes(row.status)) throw invalidTransition(row.id, row.status, 'canceled');
  };
  const { row: held, op } = await reserve(engine, t, 'cancel', check, (row) => row.amount, reason, recovery);
  const route = held.processing.route;
  if (route && op) {
    const provider = engine.orchestrator.provider(route.provider);
    const res = await ask(engine, () =>
      provider.cancel({ idempotencyKey: op.idempotency_key, authorizeKey: route.key, transactionId: t.id, amount: op.amount }),
    );
    if (res.kind === 'unavailable') {
      await giveBack(engine, op, res.reason, recovery);
      throw providerUnavailable();
    }
    if (res.kind === 'uncertain') {
      await holdUncertain(engine, op, res.reason);
      throw operationUncertain('cancel');
    }
  }
  const out = await applyCancel(engine, t.id, op, reason, from, recovery);
  // A charge still in flight may have moved while the provider was asked (its own job then finds it canceled and
  // releases what it got); the answer says where it stands. Canceled by the reconcile job meanwhile is a success.
  if (out && !out.moved && !op && out.row.processing.route && from.includes(out.row.status)) {
    throw invalidTransition(out.row.id, out.row.status, 'canceled while its charge was reaching the provider (retry the cancel)');
  }
  if (out && !out.moved && out.row.status !== 'canceled') throw invalidTransition(out.row.id, out.row.status, 'canceled');
  return out?.row ?? null;
}
