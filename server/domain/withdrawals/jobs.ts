/**
 * The background job of withdrawals, with its handler:
 *
 * | kind | exhausted |
 * |---|---|
 * | `withdrawal.payout` | stays dead: the withdrawal stays `pending` and its amount debited; failing it on a guess could pay the merchant twice |
 */
import type { Queryable } from '../../db/types';
import { enqueueJob, type HandlerTable } from '../../jobs/kinds';
import type { Engine } from '../transactions/engine';
import { payoutWithdrawal } from './payout';

/** Pays a withdrawal out through the payout provider. Enqueued by `createWithdrawal`, in its transaction. */
export type WithdrawalJob = { kind: 'withdrawal.payout'; payload: { withdrawalId: string } };

/** Enqueues the payout of `withdrawalId` in the caller's transaction, once per withdrawal. */
export function schedulePayout(q: Queryable, withdrawalId: string): Promise<string | null> {
  return enqueueJob<WithdrawalJob>(q, { kind: 'withdrawal.payout', payload: { withdrawalId } }, { dedupeKey: `withdrawal.payout:${withdrawalId}` });
}

const keepDead = async (): Promise<void> => undefined;

export function withdrawalJobHandlers(engine: Engine): HandlerTable<WithdrawalJob> {
  return {
    'withdrawal.payout': { run: ({ payload: p }) => payoutWithdrawal(engine, p.withdrawalId), onExhausted: keepDead },
  };
}
