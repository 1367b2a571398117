/**
 * The moves that take or release money, shared by the background processing, the API operations and the sandbox
 * simulator: approve (receivables and their settlement jobs), cancel (void at the provider, then the local write).
 */
import { ApiError } from '../../core/errors';
import type { Queryable } from '../../db/types';
import { openOperationsOf, type OperationRow } from '../../payments/operations';
import type { CancelResult, CaptureResult, PaymentProvider } from '../../payments/provider';
import { runOperation, type Outcome, type Reservation } from '../../payments/runner';
import { changeTransaction, type Change, type Locate } from './change';
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

/** What a capture or cancel on the route's authorization holds between its reserve and its outcome. */
export interface ChargeHeld {
  row: TransactionRow;
  route: NonNullable<TransactionRow['processing']['route']>;
  /** The route's provider, found before anything is sent: a route no longer configured is our error, not the provider's silence. */
  provider: PaymentProvider;
}

/**
 * The reserve of a capture or cancel (`kind`): under the row lock, `check` decides whether it applies and no other
 * capture or cancel may be open; the operation is recorded (`started`, the runner) with a reconcile job as its
 * recovery point, due once the call has surely ended (`chargeOperationRecorded`). A transaction without a route (a
 * charge never sent) has nothing at the provider: no operation (`null`). A key the provider said it did nothing
 * under is asked again as a new attempt (a capture retried after a 503).
 */
export async function reserveChargeOperation(
  engine: Engine,
  c: Change,
  kind: 'capture' | 'cancel',
  check: (row: TransactionRow) => void,
  amountOf: (row: TransactionRow) => number,
): Promise<Reservation<ChargeHeld> | null> {
  check(c.row);
  const open = await openChargeOperation(c.q, c.row.id);
  if (open) throw operationOpen(c.row, kind, open);
  const route = c.row.processing.route;
  // Nothing at a provider to void (a charge still in flight): the cancel is the local move alone (`applyCancel`,
  // which records the request's recovery point with it).
  if (!route) return null;
  const amount = amountOf(c.row);
  const idempotencyKey = chargeOperationKey(route.key, kind, amount);
  const record = { scope: c.scope, subject: { kind: 'transaction' as const, id: c.row.id }, kind, provider: route.provider, amount, idempotencyKey };
  return { record, held: { row: c.row, route, provider: engine.orchestrator.provider(route.provider) }, reopenFailed: true };
}

/**
 * Beside a recorded capture or cancel: its reconcile job, due at twice the provider time-out (by then the call that
 * took it has ended, one way or the other, or its process died), and the request's recovery point tied to the
 * operation: a retry after this commit answers the transaction once the operation succeeded (the reconcile job
 * finishes it whatever becomes of this process), the 503 while it is being confirmed, the refusal if the provider
 * refused. `note` is what the outcome writes on the timeline (a cancel's reason).
 */
export async function chargeOperationRecorded(engine: Engine, c: Change, op: OperationRow, note: string | undefined, recovery: Recovery): Promise<void> {
  const due = new Date(c.at.getTime() + 2 * engine.orchestrator.timeoutMs + 1000);
  const payload = { idempotencyKey: op.idempotency_key, ...(note ? { note } : {}) };
  await schedule(c.q, { kind: 'operation.reconcile', payload }, due, `operation.reconcile:${op.idempotency_key}:${op.attempts}`);
  await recovery.mark(c.q, { resource: 'transaction', id: c.row.id, status: 200, operation: op.idempotency_key });
}

/** The row lock of a transaction for the runner: `changeTransaction`, its value or null when the row is gone. */
export function lockTransaction(engine: Engine, where: Locate) {
  return async <T>(work: (c: Change) => Promise<T>): Promise<T | null> => (await changeTransaction(engine.db, where, work))?.value ?? null;
}

/**
 * The outcomes of a capture or cancel that are the same for both, under the lock: the provider said it did nothing
 * (`unavailable`: the operation failed, the transaction is free again, and a retry under the request's key runs it
 * afresh), or did not answer (`uncertain`: the operation stays open, the transaction held, until the reconcile job
 * knows; the timeline says so once).
 */
export async function applyUnsettled(c: Change, op: OperationRow, outcome: Outcome<unknown>, closed: boolean, recovery: Recovery = NO_RECOVERY): Promise<void> {
  if (outcome.kind === 'unavailable') await recovery.clear(c.q);
  if (outcome.kind === 'uncertain' && closed) {
    const what = op.kind === 'capture' ? 'Capture' : 'Cancel';
    await c.timeline(op.kind === 'capture' ? 'capture' : 'note', `${what} sent; the provider has not confirmed it yet`, { amount: op.amount, uncertain: true });
  }
}

/** How a capture's or cancel's answer reads: what the provider could not take is `unavailable`. */
export function readChargeAnswer<R extends CaptureResult | CancelResult>(res: R): Outcome<R> {
  if (res.kind === 'unavailable') return { kind: 'unavailable', reason: res.reason };
  if (res.kind === 'declined') return { kind: 'declined', result: res, reason: res.message };
  return { kind: 'done', result: res };
}

/** Sends a capture or cancel to the route that holds the authorization, under the operation's key. */
export function callChargeOperation(held: ChargeHeld, op: OperationRow): Promise<CaptureResult | CancelResult> {
  const req = { idempotencyKey: op.idempotency_key, authorizeKey: held.route.key, transactionId: held.row.id, amount: op.amount };
  return op.kind === 'capture' ? held.provider.capture(req) : held.provider.cancel(req);
}

/**
 * Records a cancel the provider confirmed (or a cancel with nothing at the provider, `op` null), under the row lock:
 * the transaction becomes `canceled` with its reason (the runner closed the operation beside it). Applied once: a
 * transaction no longer in `from` (the reconcile job or a run beside this one got there first, or a payer paid
 * meanwhile) is not moved again. Returns false when it was not moved.
 */
export async function applyCancelIn(c: Change, op: OperationRow | null, reason: string, from: readonly TransactionStatus[], recovery: Recovery = NO_RECOVERY): Promise<boolean> {
  if (!from.includes(c.row.status)) return false;
  // A route was recorded since the reserve found none: a provider now holds something that only the void path
  // releases. Not canceled here; the caller's retry goes through that path.
  if (!op && c.row.processing.route) return false;
  await c.move('canceled', {}, 'canceled');
  await c.timeline('note', 'Cancel reason', { reason });
  if (!op) await recovery.mark(c.q, { resource: 'transaction', id: c.row.id, status: 200 });
  return true;
}

/**
 * `applyCancelIn` in a database transaction of its own: the cancel of a charge with nothing at a provider (`op`
 * null), which the runner does not see. Returns whether it moved and the row as it stands, or null when it is gone.
 */
export async function applyCancel(
  engine: Engine,
  id: string,
  op: null,
  reason: string,
  from: readonly TransactionStatus[],
  recovery: Recovery = NO_RECOVERY,
): Promise<{ moved: boolean; row: TransactionRow } | null> {
  const out = await changeTransaction(engine.db, { id }, (c) => applyCancelIn(c, op, reason, from, recovery));
  return out ? { moved: out.value, row: out.row } : null;
}

/** The 422s of cancels the route refused: an expiry that meets one ends (`isCancelRefused`). */
const REFUSED_CANCELS = new WeakSet<Error>();

/** Whether `err` is a cancel the route refused because it can no longer cancel (a PIX the payer paid first). */
export function isCancelRefused(err: unknown): boolean {
  return err instanceof Error && REFUSED_CANCELS.has(err);
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
  let local = false;
  let out: { moved: boolean; row: TransactionRow } | null = null;
  const ran = await runOperation(engine.orchestrator, {
    locked: lockTransaction(engine, { id: t.id }),
    reserve: async (c) => {
      const r = await reserveChargeOperation(engine, c, 'cancel', check, (row) => row.amount);
      local = r === null;
      return r;
    },
    recorded: (c, op) => chargeOperationRecorded(engine, c, op, reason, recovery),
    call: (held, op) => callChargeOperation(held, op) as Promise<CancelResult>,
    read: readChargeAnswer,
    apply: async (c, outcome, { op, closed }) => {
      if (outcome.kind === 'done') out = { moved: await applyCancelIn(c, op, reason, from, recovery), row: c.row };
      else if (outcome.kind === 'declined') {
        await recovery.clear(c.q);
        if (closed) await c.timeline('note', 'Cancel refused by the provider', { reason: outcome.reason });
      } else await applyUnsettled(c, op, outcome, closed, recovery);
    },
  });
  if (ran?.outcome.kind === 'unavailable') throw providerUnavailable();
  // The route can no longer cancel it (a PIX the payer paid first): its payment approves it.
  if (ran?.outcome.kind === 'declined') {
    const refused = invalidTransition(t.id, ran.held.row.status, `canceled: ${ran.outcome.reason}`);
    REFUSED_CANCELS.add(refused);
    throw refused;
  }
  if (ran?.outcome.kind === 'uncertain') throw operationUncertain('cancel');
  if (local) {
    // Nothing at a provider: the cancel is the local move alone, which records the request's recovery point with it.
    out = await applyCancel(engine, t.id, null, reason, from, recovery);
  }
  const settled = out as { moved: boolean; row: TransactionRow } | null;
  // A charge still in flight may have moved while the provider was asked (its own job then finds it canceled and
  // releases what it got); the answer says where it stands. Canceled by the reconcile job meanwhile is a success.
  if (settled && !settled.moved && local && settled.row.processing.route && from.includes(settled.row.status)) {
    throw invalidTransition(settled.row.id, settled.row.status, 'canceled while its charge was reaching the provider (retry the cancel)');
  }
  if (settled && !settled.moved && settled.row.status !== 'canceled') throw invalidTransition(settled.row.id, settled.row.status, 'canceled');
  return settled?.row ?? null;
}
