/**
 * Withdrawals: the merchant's available balance sent to one of its wallets. Creating one is a single database
 * transaction under the merchant's balance lock: the wallet and the balance are checked, and the `pending` row, its
 * ledger debit, its `withdrawal.created` event and the payout job are written together (the recovery point of an
 * idempotent request too). The transfer itself is the payout job's (`payout.ts`).
 */
import type { QueryOf } from '../../../generated/operations';
import type { components } from '../../../generated/schema';
import type { Db } from '../../db/types';
import type { Merchant, Scope } from '../../core/tenancy';
import { ApiError } from '../../core/errors';
import { parseList } from '../../core/lists';
import { newId } from '../../ids';
import { recordEvent } from '../../webhooks/outbox';
import { balanceOf } from '../ledger/balance';
import * as ledger from '../ledger/entries';
import { NO_RECOVERY, type Recovery } from '../recovery';
import type { Engine } from '../transactions/engine';
import * as wallets from '../wallets/repo';
import { schedulePayout } from './jobs';
import * as repo from './repo';
import { withdrawalView } from './view';

type CreateWithdrawalRequest = components['schemas']['CreateWithdrawalRequest'];
export type WithdrawalQuery = QueryOf<'listWithdrawals'>;

/** Withdrawals are in reais: the ledger keeps other currencies apart, and none can be withdrawn. */
const CURRENCY = 'BRL';

/** Sortable besides `createdAt`, `updatedAt` and `id` (spec of `GET /v1/withdrawals`). */

export function withdrawalNotFound(id: string): ApiError {
  return new ApiError('withdrawalNotFound', { message: `Withdrawal ${id} was not found.` });
}

export async function createWithdrawal(
  engine: Engine,
  scope: Scope,
  merchant: Merchant,
  input: CreateWithdrawalRequest,
  recovery: Recovery = NO_RECOVERY,
): Promise<repo.WithdrawalRow> {
  // Nothing is recorded for a mode no bank can pay out in.
  engine.orchestrator.payoutRoute(scope.mode);
  const row = await engine.db.transaction(async (tx) => {
    // Lock order: the balance, then the wallet (a wallet delete takes the wallet alone, so no cycle).
    await ledger.lockBalance(tx, scope);
    const wallet = await wallets.findWallet(tx, scope, input.walletId, true);
    if (!wallet) throw new ApiError('walletNotFound', { message: `Wallet ${input.walletId} was not found.` });
    if (!wallet.enabled) {
      throw new ApiError('unprocessableEntity', {
        resource: 'withdrawal',
        message: `Wallet ${wallet.id} is disabled and receives nothing.`,
        params: [{ walletId: 'is disabled' }],
      });
    }
    // Net of the refunds still pending: they take from the balance once they succeed (refund reservations take the
    // same lock, so none slips in between this check and the debit).
    const balance = (await balanceOf(tx, scope)).find((b) => b.currency === CURRENCY);
    const available = balance?.available ?? 0;
    if (input.amount > available) {
      const held = balance?.reserved ? ` (${balance.reserved} held for pending refunds)` : '';
      throw new ApiError('insufficientBalance', {
        resource: 'withdrawal',
        message: `The available balance is ${Math.max(available, 0)} cents${held}; ${input.amount} were asked.`,
        params: [{ amount: `must be at most ${Math.max(available, 0)}` }],
      });
    }
    const at = new Date();
    const w = await repo.insertWithdrawal(
      tx,
      scope,
      {
        id: newId('wdr'),
        walletId: wallet.id,
        amount: input.amount,
        currency: CURRENCY,
        description: input.description ?? null,
        metadata: input.metadata ?? {},
      },
      at,
    );
    await ledger.post(
      tx,
      scope,
      {
        type: 'withdrawal',
        amount: -w.amount,
        source: { kind: 'withdrawal', id: w.id },
        description: `Withdrawal ${w.id} to ${wallet.bank_name} ${wallet.routing_number} ${wallet.account_number}`,
        currency: CURRENCY,
      },
      at,
    );
    await recordEvent(tx, scope, { type: 'withdrawal.created', resource: 'withdrawal', resourceId: w.id, object: withdrawalView(w, merchant) }, at);
    await schedulePayout(tx, w.id);
    await recovery.mark(tx, { resource: 'withdrawal', id: w.id, status: 201 });
    return w;
  });
  engine.wake();
  return row;
}

export async function getWithdrawal(db: Db, scope: Scope, id: string): Promise<repo.WithdrawalRow> {
  const row = await repo.findWithdrawal(db, scope, id);
  if (!row) throw withdrawalNotFound(id);
  return row;
}

/** One page of the merchant's withdrawals and the exact number matching the query. */
export async function listWithdrawals(
  db: Db,
  scope: Scope,
  query: WithdrawalQuery,
): Promise<{ items: repo.WithdrawalRow[]; total: number; limit: number; offset: number }> {
  const filter: repo.ListFilter = {
    list: parseList(query, repo.SORTABLE, { resource: 'withdrawal' }),
    status: query.status,
    walletId: query.walletId,
  };
  const [items, total] = await Promise.all([repo.listWithdrawals(db, scope, filter), repo.countWithdrawals(db, scope, filter)]);
  return { items, total, limit: filter.list.limit, offset: filter.list.offset };
}
