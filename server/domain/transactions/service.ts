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
import type { Change } from './change';
import type { Engine } from './engine';
import * as repo from './repo';
import type { CaptureResult } from '../../payments/provider';
import type { OperationRow } from '../../payments/operations';
import { runOperation, type Outcome } from '../../payments/runner';
import {
  applyUnsettled, approve, callChargeOperation, cancelCharge, chargeOperationRecorded, lockTransaction, operationUncertain,
  providerUnavailable, readChargeAnswer, reserveChargeOperation,
} from './settle';
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
    customerEmail: query.customeremail,
    // The document as the transaction records it: digits only.
    customerDocument: query.customerdocument?.replace(/\D/g, ''),
    paymentLinkId: query.paymentlinkid,
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
 * Records a capture's answer under the row lock (the runner closed the operation beside it): when the provider
 * captured, a `pre-authorized` transaction becomes `approved` with its receivables; a decline is written on the
 * timeline only by the call that closed the operation (`closed`), and clears the request's recovery point (nothing
 * was captured: the 402 is the answer, and a retry under the request's key asks again). Applied once whoever calls
 * it (the request, the reconcile job, a run beside them). `captured` when the provider captured.
 */
export async function applyCaptureIn(c: Change, op: OperationRow, outcome: Outcome<unknown>, closed: boolean, recovery: Recovery = NO_RECOVERY): Promise<boolean> {
  const take = op.amount;
  if (outcome.kind === 'declined') {
    if (closed) await c.timeline('capture', 'Capture declined by the acquirer', { amount: take, declined: true });
    await recovery.clear(c.q);
    return false;
  }
  if (c.row.status === 'pre-authorized') {
    await c.timeline('capture', 'Amount captured', { amount: take, releasedAmount: c.row.amount - take });
    await approve(c, take, c.row.processing.authorizationCode ?? null);
  }
  return true;
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
  let captured: repo.TransactionRow | null = null;
  const ran = await runOperation(engine.orchestrator, {
    locked: lockTransaction(engine, { id: t.id }),
    reserve: async (c) => {
      const r = await reserveChargeOperation(engine, c, 'capture', check, (row) => amount ?? row.amount);
      if (!r) throw new Error(`pre-authorized transaction ${id} has no route`);
      return r;
    },
    recorded: (c, op) => chargeOperationRecorded(engine, c, op, undefined, recovery),
    call: (held, op) => callChargeOperation(held, op) as Promise<CaptureResult>,
    read: readChargeAnswer,
    apply: async (c, outcome, { op, closed }) => {
      if (outcome.kind === 'done' || outcome.kind === 'declined') {
        if (await applyCaptureIn(c, op, outcome, closed, recovery)) captured = c.row;
      } else await applyUnsettled(c, op, outcome, closed, recovery);
    },
  });
  if (!ran) throw transactionNotFound(id);
  if (ran.outcome.kind === 'unavailable') throw providerUnavailable();
  if (ran.outcome.kind === 'uncertain') throw operationUncertain('capture');
  if (ran.outcome.kind === 'declined') {
    throw new ApiError('paymentDeclined', {
      resource: 'transaction',
      message: 'The acquirer declined the capture; the authorization is still in place.',
    });
  }
  if (!captured) throw transactionNotFound(id);
  return captured;
}

/** Cancels a `pending`, `awaiting` or `pre-authorized` transaction; the reason goes to the timeline. */
export async function cancelTransaction(engine: Engine, scope: Scope, id: string, reason: string | undefined, recovery: Recovery = NO_RECOVERY): Promise<repo.TransactionRow> {
  const t = await find(engine, scope, id);
  const row = await cancelCharge(engine, t, reason ?? 'Canceled by the merchant.', OPERATIONS.cancel, recovery);
  if (!row) throw transactionNotFound(id);
  return row;
}
