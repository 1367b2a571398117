/**
 * The sandbox bank's answer to a pending withdrawal, given by a tester: the same pipeline as the payout job (the
 * operation recorded, the bank asked under the withdrawal's id, the outcome written once), with the sandbox's
 * `simulate` as the call. The bank keeps one answer per withdrawal, so the job and this call agree whichever runs
 * first. Production keys never get here (`403 sandboxOnly`).
 */
import type { components } from '../../../generated/schema';
import type { Scope } from '../../core/tenancy';
import { ApiError } from '../../core/errors';
import type { Engine } from '../transactions/engine';
import { PayoutUncertain, providerOf, runPayout } from './payout';
import * as repo from './repo';
import { withdrawalNotFound } from './service';

export type SimulateWithdrawalAction = components['schemas']['SimulateWithdrawalRequest']['action'];

function cannot(w: repo.WithdrawalRow, why: string): ApiError {
  return new ApiError('invalidTransition', { resource: 'withdrawal', message: `Withdrawal ${w.id} ${why}; only a pending withdrawal can be simulated.` });
}

/** The 503 of a sandbox bank that cannot be reached or did not answer; the withdrawal stays pending. */
function bankUnreachable(): ApiError {
  return new ApiError('providerUnavailable', {
    message: 'The sandbox bank did not answer in time; the withdrawal stays pending and the payout job asks it again.',
  });
}

export async function simulateWithdrawal(engine: Engine, scope: Scope, id: string, action: SimulateWithdrawalAction): Promise<repo.WithdrawalRow> {
  if (scope.mode !== 'sandbox') throw new ApiError('sandboxOnly', { message: 'Simulations need a sandbox key (sk_test_…).' });
  const w = await repo.findWithdrawal(engine.db, scope, id);
  if (!w) throw withdrawalNotFound(id);
  if (w.status !== 'pending') throw cannot(w, `is ${w.status}`);
  const provider = await providerOf(engine, w);
  const simulate = provider.simulate;
  if (!simulate) throw new Error(`payout provider ${provider.id} cannot simulate`);
  let ran: Awaited<ReturnType<typeof runPayout>>;
  try {
    ran = await runPayout(engine, w.id, provider, (req) => simulate.call(provider, req, action));
  } catch (err) {
    // The bank did not answer in time (slower than the provider time-out): the payout job finds out what it did.
    if (err instanceof PayoutUncertain) throw bankUnreachable();
    throw err;
  }
  if (ran?.result.kind === 'unavailable') throw bankUnreachable();
  if (ran && ran.result.kind !== 'paid' && ran.result.kind !== 'failed') throw new Error(`sandbox bank answered ${ran.result.kind} to a simulation`);
  // Written by this call, or by the payout job before this call's reserve (then the bank was not asked again).
  const row = ran?.row ?? (await repo.withdrawalById(engine.db, w.id));
  if (!row) throw withdrawalNotFound(id);
  // The bank had already answered otherwise (it pays at once unless the amount says so): the truth is written,
  // and the tester is told the action did not apply.
  const wanted = action === 'pay' ? 'paid' : 'failed';
  if (row.status !== wanted) throw cannot(row, `was already ${row.status} by the sandbox bank`);
  return row;
}
