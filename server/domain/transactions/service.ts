/**
 * Reading transactions (one, or a filtered page), and the operations a merchant asks for on one: capture a
 * pre-authorization and cancel. The provider is asked first, outside any database transaction; the local write
 * then re-checks the status under the row lock.
 */
import type { components } from '../../../generated/schema';
import type { QueryOf } from '../../../generated/operations';
import type { Queryable } from '../../db/types';
import type { Merchant, Scope } from '../../core/tenancy';
import { ApiError } from '../../core/errors';
import { parseList } from '../../core/lists';
import { changeTransaction } from './change';
import type { Engine } from './engine';
import * as repo from './repo';
import type { CaptureResult } from '../../payments/provider';
import { finishOperation, type OperationRow } from '../../payments/operations';
import { approve, ask, cancelCharge, giveBack, holdUncertain, operationUncertain, providerUnavailable, reserve } from './settle';
import { allows, invalidTransition, OPERATIONS } from './status';
import { listItemView, readTransaction, type TransactionListItem } from './view';
import { NO_RECOVERY, type Recovery } from '../recovery';

type Transaction = components['schemas']['Transaction'];
export type TransactionQuery = QueryOf<'listTransactions'>;

export function transactionNotFound(id: string): ApiError {
  return new ApiError('transactionNotFound', { message: `Transaction ${id} was not found.` });
}

export async function getTransaction(q: Queryable, scope: Scope, merchant: Merchant, id: string): Promise<Transaction> {
  const view = await readTransaction(q, scope, merchant, id);
  if (!view) throw transactionNotFound(id);
  return view;
}

export async function listTransactions(
  q: Queryable,
  scope: Scope,
  query: TransactionQuery,
): Promise<{ items: TransactionListItem[]; total: number; limit: number; offset: number }> {
  const list = parseList(query, repo.SORTABLE, { resource: 'transaction' });
  const filter: repo.ListFilter = {
    list,
    status: query.status,
    method: query.method,
    customerId: query.customerid,
    externalReference: query.externalreference,
  };
  const [rows, total] = await Promise.all([repo.listTransactions(q, scope, filter), repo.countTransactions(q, scope, filter)]);
  return { items: rows.map(listItemView), total, limit: list.limit, offset: list.offset };
}

async function find(engine: Engine, scope: Scope, id: string): Promise<repo.TransactionRow> {
  const row = await repo.findTransaction(engine.db, scope, id);
  if (!row) throw transactionNotFound(id);
  return row;
}

/**
 * Records a capture's answer: the operation is finished and, when the provider captured, the transaction becomes
 * `approved` with its receivables, in one database transaction. Applied once whoever calls it (the request, the
 * reconcile job, a run beside them): only a `pre-authorized` transaction is approved, and a decline is written on the
 * timeline only by the call that closed the operation. `captured` when the provider captured.
 */
export async function applyCapture(
  engine: Engine,
  op: OperationRow,
  result: Exclude<CaptureResult, { kind: 'unavailable' }>,
  recovery: Recovery = NO_RECOVERY,
): Promise<{ captured: boolean; row: repo.TransactionRow } | null> {
  const out = await changeTransaction(engine.db, { id: op.subject_id }, async (c) => {
    const take = op.amount;
    if (result.kind === 'declined') {
      const closed = await finishOperation(c.q, op.idempotency_key, { state: 'failed', result, reason: result.message }, c.at);
      if (closed) await c.timeline('capture', 'Capture declined by the acquirer', { amount: take, declined: true });
      // Nothing was captured: the 402 is the answer, and a retry under the request's key asks again.
      await recovery.clear(c.q);
      return false;
    }
    await finishOperation(c.q, op.idempotency_key, { state: 'succeeded', result }, c.at);
    if (c.row.status === 'pre-authorized') {
      await c.timeline('capture', 'Amount captured', { amount: take, releasedAmount: c.row.amount - take });
      await approve(c, take, c.row.processing.authorizationCode ?? null);
    }
    return true;
  });
  return out ? { captured: out.value, row: out.row } : null;
}

/**
 * Captures all (no `amount`) or part of a pre-authorization; the rest is released. A capture the acquirer
 * declines is `402 paymentDeclined` and leaves the authorization in place, with a timeline entry saying so. A capture
 * the provider did not answer stays open (the transaction held: no other capture, cancel or expiry) until the
 * reconcile job confirms it: `503` saying so.
 */
export async function captureTransaction(engine: Engine, scope: Scope, id: string, amount: number | undefined, recovery: Recovery = NO_RECOVERY): Promise<repo.TransactionRow> {
  const t = await find(engine, scope, id);
  const check = (row: repo.TransactionRow) => {
    if (!allows('capture', row.status)) throw invalidTransition(id, row.status, 'captured');
    if (row.payment.expirationDate && Date.parse(row.payment.expirationDate) <= Date.now()) {
      throw invalidTransition(id, row.status, 'captured after the authorization lapsed (it is being released)');
    }
    if ((amount ?? row.amount) > row.amount) {
      throw new ApiError('captureAmountInvalid', {
        resource: 'transaction',
        message: `At most the authorized ${row.amount} cents can be captured; ${amount} was asked.`,
        params: [{ amount: `must be at most ${row.amount}` }],
      });
    }
  };
  const { row: held, op } = await reserve(engine, t, 'capture', check, (row) => amount ?? row.amount, undefined, recovery);
  const route = held.processing.route;
  if (!route || !op) throw new Error(`pre-authorized transaction ${id} has no route`);
  const provider = engine.orchestrator.provider(route.provider);
  const result = await ask(engine, () =>
    provider.capture({ idempotencyKey: op.idempotency_key, authorizeKey: route.key, transactionId: id, amount: op.amount }),
  );
  if (result.kind === 'unavailable') {
    await giveBack(engine, op, result.reason, recovery);
    throw providerUnavailable();
  }
  if (result.kind === 'uncertain') {
    await holdUncertain(engine, op, result.reason);
    throw operationUncertain('capture');
  }
  const out = await applyCapture(engine, op, result, recovery);
  if (!out) throw transactionNotFound(id);
  if (!out.captured) {
    throw new ApiError('paymentDeclined', {
      resource: 'transaction',
      message: 'The acquirer declined the capture; the authorization is still in place.',
    });
  }
  return out.row;
}

/** Cancels a `pending`, `awaiting` or `pre-authorized` transaction; the reason goes to the timeline. */
export async function cancelTransaction(engine: Engine, scope: Scope, id: string, reason: string | undefined, recovery: Recovery = NO_RECOVERY): Promise<repo.TransactionRow> {
  const t = await find(engine, scope, id);
  const row = await cancelCharge(engine, t, reason ?? 'Canceled by the merchant.', OPERATIONS.cancel, recovery);
  if (!row) throw transactionNotFound(id);
  return row;
}
