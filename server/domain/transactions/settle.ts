/**
 * The moves that take or release money, shared by the background processing, the API operations and the sandbox
 * simulator: approve (receivables and their settlement jobs), cancel (void at the provider, then the local write).
 */
import { ApiError } from '../../core/errors';
import type { Change } from './change';
import { changeTransaction } from './change';
import { schedule, type Engine } from './engine';
import { createReceivables } from './money';
import type { TransactionRow } from './repo';
import { invalidTransition, OPERATIONS, type TransactionStatus } from './status';
import { NO_RECOVERY, type Recovery } from '../recovery';

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

/**
 * Takes the transaction for one provider operation (`capture` or `cancel`): under the row lock, `check` decides
 * whether the operation applies, and no other operation may be under way. Returns the row as it was then.
 */
export async function reserve(
  engine: Engine,
  t: Pick<TransactionRow, 'id'>,
  kind: 'capture' | 'cancel',
  check: (row: TransactionRow) => void,
  recovery: Recovery = NO_RECOVERY,
): Promise<TransactionRow> {
  const out = await changeTransaction(engine.db, { id: t.id }, async (c) => {
    check(c.row);
    const busy = c.row.processing.operation;
    if (busy && Date.parse(busy.until) > c.at.getTime()) {
      throw invalidTransition(c.row.id, c.row.status, `${kind === 'capture' ? 'captured' : 'canceled'} while a ${busy.kind} is under way (retry in a moment)`);
    }
    // Twice the provider time-out: by then the call that took it has ended, one way or the other.
    const until = new Date(c.at.getTime() + 2 * engine.orchestrator.timeoutMs + 1000).toISOString();
    await c.patch({ processing: { operation: { kind, until } } });
    await recovery.mark(c.q, { resource: 'transaction', id: c.row.id, status: 200 });
    return c.row;
  });
  if (!out) throw new Error(`transaction ${t.id} vanished`);
  return out.value;
}

/** Gives the transaction back after an operation that changed nothing (the provider could not be reached). */
export async function release(engine: Engine, id: string, recovery: Recovery = NO_RECOVERY): Promise<void> {
  await changeTransaction(engine.db, { id }, async (c) => {
    await c.patch({ processing: { operation: null } });
    await recovery.clear(c.q);
  });
}

/**
 * Cancels a charge: the provider voids what it holds (authorization, QR code, billet) under the route's key, then
 * the transaction becomes `canceled` with a note. A provider that cannot be reached leaves everything as it was
 * (503). `from` limits the statuses this cancel applies to (an expiry applies only to what can expire).
 */
export async function cancelCharge(
  engine: Engine,
  t: TransactionRow,
  reason: string,
  from: readonly TransactionStatus[] = OPERATIONS.cancel,
  recovery: Recovery = NO_RECOVERY,
): Promise<TransactionRow | null> {
  const held = await reserve(engine, t, 'cancel', (row) => {
    if (!from.includes(row.status)) throw invalidTransition(row.id, row.status, 'canceled');
  }, recovery);
  const route = held.processing.route;
  if (route) {
    const provider = engine.orchestrator.provider(route.provider);
    const res = await engine.orchestrator.timed(
      () => provider.cancel({ idempotencyKey: `${route.key}:cancel`, authorizeKey: route.key, transactionId: t.id, amount: t.amount }),
      (why) => ({ kind: 'unavailable' as const, reason: why }),
    );
    if (res.kind === 'unavailable') {
      await release(engine, t.id, recovery);
      throw providerUnavailable();
    }
  }
  const out = await changeTransaction(engine.db, { id: t.id }, async (c) => {
    // Re-read under the lock: a charge still in flight may have moved while the provider was asked (its own
    // job then finds it canceled and releases what it got).
    if (!from.includes(c.row.status)) throw invalidTransition(c.row.id, c.row.status, 'canceled');
    await c.move('canceled', { processing: { operation: null } }, 'canceled');
    await c.timeline('note', 'Cancel reason', { reason });
  });
  return out?.row ?? null;
}
