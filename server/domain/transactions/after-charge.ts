/**
 * The jobs after a charge's outcome: expire what was not paid or captured, settle receivables on their day, confirm
 * refunds the provider confirms later, void what a route holds that no transaction stands on. Like every job they
 * can run twice: provider calls repeat under the same idempotency key, local writes re-check under the row lock.
 */
import { currentClock } from '../../jobs/clock-context';
import { methodOf } from '../../payments/methods';
import { findOperation } from '../../payments/operations';
import { saoPauloDate, startOfSaoPauloDay } from '../../core/calendar';
import { changeTransaction } from './change';
import type { Engine } from './engine';
import * as ledger from './ledger-repo';
import { settleDue } from './money';
import { cancelRecorded } from './provider-calls';
import { finishRefund, resendRefund } from './refunds';
import * as repo from './repo';
import { cancelCharge, isCancelRefused, openChargeOperation } from './settle';

/**
 * `transaction.void`: releases an authorization, QR code or billet that no transaction stands on; retried until done.
 * A blind void (a charge given up: the key may hold nothing yet) and the release of an answer known to exist use
 * different provider keys (`:cancel`, `:release`). The provider answers a repeated key with its first answer, so
 * were they one key, a blind void that canceled nothing (the authorization landed after it) would make the later
 * release replay "canceled" and cancel nothing, leaving the customer charged on a failed charge.
 */
export async function voidAuthorization(engine: Engine, transactionId: string, providerId: string, key: string, answered = false): Promise<void> {
  const t = await repo.findTransactionById(engine.db, transactionId);
  if (t?.processing.route?.key === key) return;
  // The void belongs to its transaction; one that vanished has nothing left to void under its keys.
  if (!t) return;
  const idempotencyKey = `${key}:${answered ? 'release' : 'cancel'}`;
  const res = await cancelRecorded(engine, t, answered ? 'release' : 'void', providerId, idempotencyKey, key);
  if (!res.done) throw new Error(`void of ${key} not done: ${res.reason}`);
}

/** How long an expiry waits for an open capture or cancel to be confirmed before it looks again. */
const OPEN_OPERATION_WAIT_MS = 60_000;

/** `transaction.expire`: an unpaid PIX or billet, or an uncaptured authorization, lapses at `expirationDate`. */
export async function expireTransaction(engine: Engine, id: string): Promise<void | { retryAt: Date }> {
  const t = await repo.findTransactionById(engine.db, id);
  if (!t?.payment.expirationDate) return;
  // The job is due by the database's clock; should this process's clock lag behind it, come back at the expiry. On a
  // sandbox test clock the advance ran it at the expiry's place on the clock (`schedule`): it is due, whatever the wall says.
  const expiry = new Date(t.payment.expirationDate);
  if (!currentClock() && expiry.getTime() > Date.now()) return { retryAt: expiry };
  // What lapses is the method's: an uncaptured card authorization, an unpaid QR code or billet.
  const lapse = methodOf(t.method).lapse;
  if (!lapse.from.includes(t.status)) return;
  // A capture (or cancel) the provider has not confirmed holds the transaction: voiding now could void a capture that
  // went through. Wait for its reconcile, then look again (an approved one no longer expires).
  if (await openChargeOperation(engine.db, id)) return { retryAt: new Date(Date.now() + OPEN_OPERATION_WAIT_MS) };
  try {
    await cancelCharge(engine, t, lapse.reason, lapse.from);
  } catch (err) {
    // Its route can no longer cancel it (a PIX the payer paid first, whose payment approves it): nothing lapses, and
    // asking again would change nothing.
    if (isCancelRefused(err)) return;
    throw err;
  }
}

/** `receivables.settle`: the receivables due on `day` are paid into the recipient's balance. */
export async function settleDay(engine: Engine, id: string, day: string): Promise<void | { retryAt: Date }> {
  // Early by this process's clock: come back on the day. On a test clock the advance ran it on the day's place there.
  if (!currentClock() && day > saoPauloDate(new Date())) return { retryAt: startOfSaoPauloDay(day) };
  // Under the transaction's lock, so a refund taking from the receivables never races their settlement.
  await changeTransaction(engine.db, { id }, (c) => settleDue(c, day));
}

/** How long `refund.confirm` waits before it asks again about a refund whose outcome it could not learn. */
const REFUND_RETRY_MS = 60_000;

/**
 * `refund.confirm`: finds out where a pending refund stands, until it succeeds or fails. While its provider operation
 * is open the refund may never have reached the provider (a call that broke or timed out, a process that died before
 * or during it), and the provider's status of an unknown key is `failed`: concluding from that would make the amount
 * refundable again while the original call can still land. So the refund is first sent again under the same key
 * (the provider answers a repeated key with its first answer, so it is refunded at most once); only a re-send the
 * provider accepted (`pending`) is followed by a status question. No answer or `unavailable` never fails it.
 */
export async function confirmRefund(engine: Engine, refundId: string): Promise<void | { retryAt: Date }> {
  const refund = await ledger.findRefund(engine.db, refundId);
  if (!refund || refund.status !== 'pending') return;
  const t = await repo.findTransactionById(engine.db, refund.transaction_id);
  const route = t?.processing.route;
  if (!t || !route) return;
  const later = { retryAt: new Date(Date.now() + REFUND_RETRY_MS) };
  const provider = engine.orchestrator.provider(route.provider);
  const op = await findOperation(engine.db, refundId);
  // Whether the provider is known to hold the refund (it answered a call under its key): only then is its status's
  // "failed" (or "no such refund") an answer rather than a call still on its way.
  let held = !op || (op.state !== 'started' && op.state !== 'uncertain');
  if (op && !held) {
    const sent = await resendRefund(engine, refundId, op);
    if (sent.final) return;
    held = sent.held;
  }
  const status = await engine.orchestrator.timed(
    () => provider.refundStatus({ idempotencyKey: refundId }),
    () => ({ kind: 'pending' as const }),
  );
  // A refund the provider reports done is done, however the re-send went; a failure counts only once it holds it.
  if (status.kind === 'succeeded' || (status.kind === 'failed' && held)) return finishRefund(engine, refundId, status);
  return later;
}
