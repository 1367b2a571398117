/**
 * The transfer of a withdrawal, the house pipeline: the provider operation is recorded (`payout`, under the
 * withdrawal's id as idempotency key), the provider is called outside any database transaction, and its answer is
 * written with the withdrawal's outcome, ledger entry and event in one transaction. A call that times out or breaks
 * leaves the operation `uncertain` and the withdrawal `pending`: nothing is assumed, the job asks again under the
 * same key (the provider answers with its first answer) until it knows. So the transfer happens once, and its
 * outcome is written once, however many runs (a retry, a worker whose lease ran out, the sandbox simulate) race.
 */
import type { Scope } from '../../core/tenancy';
import type { Queryable } from '../../db/types';
import { findOperation, finishOperation, markUncertain, startOperation } from '../../payments/operations';
import type { PayoutProvider, PayoutRequest, PayoutResult } from '../../payments/payouts';
import { recordEvent } from '../../webhooks/outbox';
import { merchantOf } from '../access/merchants';
import * as ledger from '../ledger/entries';
import type { Engine } from '../transactions/engine';
import * as repo from './repo';
import { withdrawalView } from './view';

/** How long a transfer the bank holds (`processing`) waits before the bank is asked again. */
export const PAYOUT_POLL_SECONDS = 60;

export type Final = Extract<PayoutResult, { kind: 'paid' | 'failed' }>;

/** The call did not answer (time-out, broken connection): the bank may have paid. The job runs again. */
export class PayoutUncertain extends Error {
  constructor(withdrawalId: string, reason: string) {
    super(`payout of ${withdrawalId} is uncertain: ${reason}`);
    this.name = 'PayoutUncertain';
  }
}

/** The bank said it did nothing; the job runs again after its backoff. */
export class PayoutUnavailable extends Error {
  constructor(withdrawalId: string, reason: string) {
    super(`payout of ${withdrawalId} not sent: ${reason}`);
    this.name = 'PayoutUnavailable';
  }
}

interface Account {
  bank_code: string;
  routing_number: string;
  account_number: string;
  account_type: PayoutRequest['account']['accountType'];
  holder_name: string;
  holder_document: PayoutRequest['account']['holderDocument'];
}

/** The request the bank is sent. The wallet is read even if deleted since: it cannot be while this is pending. */
async function payoutRequest(q: Queryable, w: repo.WithdrawalRow): Promise<PayoutRequest> {
  const res = await q.query<Account>(
    `SELECT bank_code, routing_number, account_number, account_type, holder_name, holder_document FROM wallets WHERE id = $1`,
    [w.wallet_id],
  );
  const a = res.rows[0];
  if (!a) throw new Error(`wallet ${w.wallet_id} of withdrawal ${w.id} vanished`);
  return {
    idempotencyKey: w.id,
    withdrawalId: w.id,
    merchantId: w.merchant_id,
    amount: w.amount,
    currency: w.currency,
    account: {
      bankCode: a.bank_code,
      routingNumber: a.routing_number,
      accountNumber: a.account_number,
      accountType: a.account_type,
      holderName: a.holder_name,
      holderDocument: a.holder_document,
    },
  };
}

/** The bank a withdrawal was sent to (asked again under the same key), or the mode's payout route for a new one. */
export async function providerOf(engine: Engine, w: repo.WithdrawalRow): Promise<PayoutProvider> {
  const op = await findOperation(engine.db, w.id);
  return op ? engine.orchestrator.payoutProvider(op.provider) : engine.orchestrator.payoutRoute(w.mode);
}

/**
 * Records the operation, then asks `provider` through `call` (a payout, or the sandbox's simulate) outside any
 * database transaction. Returns the answer; a call that timed out or broke is marked uncertain and throws.
 */
export async function askProvider(
  engine: Engine,
  w: repo.WithdrawalRow,
  provider: PayoutProvider,
  call: (req: PayoutRequest) => Promise<PayoutResult>,
): Promise<PayoutResult> {
  const scope: Scope = { merchantId: w.merchant_id, mode: w.mode };
  const req = await payoutRequest(engine.db, w);
  await startOperation(
    engine.db,
    { scope, subject: { kind: 'withdrawal', id: w.id }, kind: 'payout', provider: provider.id, idempotencyKey: w.id, amount: w.amount },
    new Date(),
  );
  // A bank that said "unavailable" did nothing; one that did not answer (or broke) may have paid.
  const unanswered: { reason?: string } = {};
  const result = await engine.orchestrator.timed<PayoutResult>(
    () => call(req),
    (reason) => {
      unanswered.reason = reason;
      return { kind: 'unavailable', reason };
    },
  );
  if (unanswered.reason !== undefined) {
    await markUncertain(engine.db, w.id, unanswered.reason, new Date());
    throw new PayoutUncertain(w.id, unanswered.reason);
  }
  return result;
}

/**
 * Writes the bank's final answer: the withdrawal `paid`, or `failed` with its amount credited back, the event, and
 * the operation finished, in one transaction. A withdrawal no longer pending was written by another run: nothing
 * is written again. Returns the withdrawal as it stands.
 */
export async function recordOutcome(engine: Engine, withdrawalId: string, result: Final): Promise<repo.WithdrawalRow> {
  return engine.db.transaction(async (tx) => {
    const current = await repo.withdrawalById(tx, withdrawalId, true);
    if (!current) throw new Error(`withdrawal ${withdrawalId} vanished`);
    if (current.status !== 'pending') return current;
    const at = new Date();
    const outcome: repo.Outcome = result.kind === 'paid' ? { status: 'paid' } : { status: 'failed', reason: result.reason };
    const row = await repo.settleWithdrawal(tx, withdrawalId, outcome, at);
    if (!row) throw new Error(`withdrawal ${withdrawalId} left pending under its lock`);
    const scope: Scope = { merchantId: row.merchant_id, mode: row.mode };
    if (result.kind === 'failed') {
      await ledger.post(
        tx,
        scope,
        {
          type: 'withdrawal_reversal',
          amount: row.amount,
          source: { kind: 'withdrawal', id: row.id },
          description: `Withdrawal ${row.id} returned by the bank: ${result.reason}`,
          currency: row.currency,
        },
        at,
      );
    }
    const object = withdrawalView(row, await merchantOf(tx, row.merchant_id));
    const type = result.kind === 'paid' ? 'withdrawal.paid' : 'withdrawal.failed';
    await recordEvent(tx, scope, { type, resource: 'withdrawal', resourceId: row.id, object }, at);
    await finishOperation(
      tx,
      row.id,
      { state: result.kind === 'paid' ? 'succeeded' : 'failed', result, reason: result.kind === 'failed' ? result.reason : null },
      at,
    );
    return row;
  });
}

/**
 * The `withdrawal.payout` job. Resolves when the outcome is written (or was already), `{ retryAt }` while the bank
 * holds the transfer; throws while the bank cannot be reached or its answer is unknown (the job's backoff applies).
 */
export async function payoutWithdrawal(engine: Engine, withdrawalId: string): Promise<void | { retryAt: Date }> {
  const w = await repo.withdrawalById(engine.db, withdrawalId);
  if (!w || w.status !== 'pending') return;
  const provider = await providerOf(engine, w);
  const result = await askProvider(engine, w, provider, (req) => provider.payout(req));
  if (result.kind === 'unavailable') throw new PayoutUnavailable(w.id, result.reason);
  if (result.kind === 'processing') return { retryAt: new Date(Date.now() + PAYOUT_POLL_SECONDS * 1000) };
  await recordOutcome(engine, w.id, result);
}
