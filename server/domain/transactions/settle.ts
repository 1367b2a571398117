/**
 * The moves that take or release money, shared by the background processing, the API operations and the sandbox
 * simulator: approve (receivables and their settlement jobs), cancel (void at the provider, then the local write).
 */
import { ApiError } from '../../http/errors';
import type { Change } from './change';
import { changeTransaction } from './change';
import { schedule, type Engine } from './engine';
import { createReceivables } from './money';
import type { TransactionRow } from './repo';
import { invalidTransition, type TransactionStatus } from './status';

/** São Paulo midnight of a `YYYY-MM-DD` day, when its settlement job runs (Brazil keeps UTC−3 all year). */
export function startOfSaoPauloDay(day: string): Date {
  return new Date(`${day}T03:00:00.000Z`);
}

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
  return new ApiError('providerUnavailable', { resource: 'payorch', message: 'The payment provider cannot be reached now; retry with backoff.' });
}

const CANCELABLE: readonly TransactionStatus[] = ['pending', 'awaiting', 'pre-authorized'];

/**
 * Cancels a charge: the provider voids what it holds (authorization, QR code, billet) under the route's key, then
 * the transaction becomes `canceled` with a note. A provider that cannot be reached leaves everything as it was
 * (503). `from` limits the statuses this cancel applies to (an expiry applies only to what can expire).
 */
export async function cancelCharge(
  engine: Engine,
  t: TransactionRow,
  reason: string,
  from: readonly TransactionStatus[] = CANCELABLE,
): Promise<TransactionRow | null> {
  if (!from.includes(t.status)) throw invalidTransition(t.id, t.status, 'canceled');
  const route = t.processing.route;
  if (route) {
    const provider = engine.orchestrator.provider(route.provider);
    const res = await engine.orchestrator.timed(
      () => provider.cancel({ idempotencyKey: `${route.key}:cancel`, authorizeKey: route.key, transactionId: t.id, amount: t.amount }),
      (why) => ({ kind: 'unavailable' as const, reason: why }),
    );
    if (res.kind === 'unavailable') throw providerUnavailable();
  }
  const out = await changeTransaction(engine.db, { id: t.id }, async (c) => {
    // Re-read under the lock: the charge may have moved while the provider was asked.
    if (!from.includes(c.row.status)) throw invalidTransition(c.row.id, c.row.status, 'canceled');
    await c.move('canceled', {}, 'canceled');
    await c.timeline('note', 'Cancel reason', { reason });
  });
  return out?.row ?? null;
}
