/**
 * The transfer of a withdrawal, a spec of the operation runner (payments/runner.ts): the provider operation is
 * recorded (`payout`, under the withdrawal's id as idempotency key) under the withdrawal's row lock, the provider is
 * called outside any database transaction, and its answer is written with the withdrawal's outcome, ledger entry and
 * event in one transaction. A call that times out or breaks
 * leaves the operation `uncertain` and the withdrawal `pending`: nothing is assumed, the job asks again under the
 * same key (the provider answers with its first answer) until it knows. So the transfer happens once, and its
 * outcome is written once, however many runs (a retry, a worker whose lease ran out, the sandbox simulate) race.
 */
import type { Scope } from '../../core/tenancy';
import type { Queryable } from '../../db/types';
import { findOperation } from '../../payments/operations';
import { runOperation, type Held, type Outcome } from '../../payments/runner';
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

/** Under a withdrawal's row lock: the database transaction, its clock, and the withdrawal as it stands. */
interface WithdrawalHeld extends Held {
  w: repo.WithdrawalRow;
}

/** How the bank's answer reads for the runner: `processing` is accepted, settled later. */
function readPayout(res: PayoutResult): Outcome<PayoutResult> {
  switch (res.kind) {
    case 'paid':
      return { kind: 'done', result: res };
    case 'failed':
      return { kind: 'declined', result: res, reason: res.reason };
    case 'processing':
      return { kind: 'pending', result: res };
    case 'unavailable':
      return { kind: 'unavailable', reason: res.reason };
  }
}

/**
 * Writes the bank's final answer under the withdrawal's lock (the runner closed the operation beside it): the
 * withdrawal `paid`, or `failed` with its amount credited back, and the event. A withdrawal no longer pending was
 * written by another run: nothing is written again. Returns the withdrawal as it stands.
 */
async function recordOutcomeIn(l: WithdrawalHeld, result: Final): Promise<repo.WithdrawalRow> {
  const { q: tx, at, w: current } = l;
  if (current.status !== 'pending') return current;
  const outcome: repo.Outcome = result.kind === 'paid' ? { status: 'paid' } : { status: 'failed', reason: result.reason };
  const row = await repo.settleWithdrawal(tx, current.id, outcome, at);
  if (!row) throw new Error(`withdrawal ${current.id} left pending under its lock`);
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
  return row;
}

/**
 * Runs the transfer of a pending withdrawal through the runner: under its row lock the operation is recorded (a
 * `payout` under the withdrawal's id), `provider` is asked through `call` (a payout, or the sandbox's simulate)
 * outside any database transaction, and a final answer is written with the withdrawal's outcome, ledger entry and
 * event, in one transaction. A bank that could not take the call leaves the operation open: the job asks again under
 * it. A call that timed out or broke leaves it `uncertain` and throws. Returns the bank's answer and the withdrawal as
 * it stands after, or null when the withdrawal is no longer pending.
 */
export async function runPayout(
  engine: Engine,
  withdrawalId: string,
  provider: PayoutProvider,
  call: (req: PayoutRequest) => Promise<PayoutResult>,
): Promise<{ result: PayoutResult; row: repo.WithdrawalRow | null } | null> {
  let written: repo.WithdrawalRow | null = null;
  const ran = await runOperation(engine.orchestrator, {
    locked: <T>(work: (l: WithdrawalHeld) => Promise<T>) =>
      engine.db.transaction(async (q) => {
        const w = await repo.withdrawalById(q, withdrawalId, true);
        return w ? work({ q, at: new Date(), w }) : null;
      }),
    reserve: async ({ q, w }) => {
      if (w.status !== 'pending') return null;
      const scope: Scope = { merchantId: w.merchant_id, mode: w.mode };
      const record = { scope, subject: { kind: 'withdrawal' as const, id: w.id }, kind: 'payout' as const, provider: provider.id, idempotencyKey: w.id, amount: w.amount };
      return { record, held: await payoutRequest(q, w) };
    },
    call: (req) => call(req),
    read: readPayout,
    keepOpenWhenUnavailable: true,
    apply: async (l, outcome) => {
      if (outcome.kind === 'done' || outcome.kind === 'declined') written = await recordOutcomeIn(l, outcome.result as Final);
    },
  });
  if (!ran) return null;
  if (ran.outcome.kind === 'uncertain') throw new PayoutUncertain(withdrawalId, ran.outcome.reason);
  const result: PayoutResult = 'result' in ran.outcome ? ran.outcome.result : { kind: 'unavailable', reason: ran.outcome.reason };
  return { result, row: written };
}

/**
 * The `withdrawal.payout` job. Resolves when the outcome is written (or was already), `{ retryAt }` while the bank
 * holds the transfer; throws while the bank cannot be reached or its answer is unknown (the job's backoff applies).
 */
export async function payoutWithdrawal(engine: Engine, withdrawalId: string): Promise<void | { retryAt: Date }> {
  const w = await repo.withdrawalById(engine.db, withdrawalId);
  if (!w || w.status !== 'pending') return;
  const provider = await providerOf(engine, w);
  const ran = await runPayout(engine, w.id, provider, (req) => provider.payout(req));
  if (ran?.result.kind === 'unavailable') throw new PayoutUnavailable(w.id, ran.result.reason);
  if (ran?.result.kind === 'processing') return { retryAt: new Date(Date.now() + PAYOUT_POLL_SECONDS * 1000) };
}
