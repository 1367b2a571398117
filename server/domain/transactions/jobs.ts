/**
 * The job kinds of the payments engine: the handler of each (see `PaymentJob`), and what running out of attempts
 * means for it. A kind that can end its subject does so with a reason the merchant sees; a kind that moves money
 * which must not be guessed stays dead and listed (`listDeadJobs`) for an operator to retry once the cause is fixed.
 *
 * | kind | exhausted |
 * |---|---|
 * | `transaction.process`, `transaction.analysis` | the charge, still in flight, is `failed` (`processingFailed`) with its `transaction.failed` event; whatever a route may hold under the charge's keys is voided by `transaction.void` jobs, due after the provider time-out |
 * | `transaction.expire` | stays dead: the QR code, billet or authorization could not be voided at the provider, so the charge is not canceled locally on a guess |
 * | `receivables.settle` | stays dead: the receivables stay `pending` (not yet in the balance) until the retry settles them |
 * | `refund.confirm` | stays dead: the refund stays `pending` and its amount reserved; marking it failed could refund twice, succeeded could pay out what the provider never sent |
 * | `transaction.void` | stays dead: the provider may still hold the authorization until the retry voids it (a claimed key stays in `voiding`, never settled on) |
 * | `operation.reconcile` | stays dead: the capture or cancel stays `uncertain` and keeps the transaction (no other capture, cancel or expiry acts) until the retry gets the provider's answer; guessing could void a capture that went through, or approve one that did not |
 */
import type { Queryable } from '../../db/types';
import type { HandlerTable } from '../../jobs/kinds';
import { authorizeKey } from '../../payments/orchestrator';
import { changeTransactionIn } from './change';
import { schedule, type Engine, type PaymentJob } from './engine';
import { confirmRefund, expireTransaction, settleDay, voidAuthorization } from './after-charge';
import { analyseTransaction, IN_FLIGHT, processTransaction } from './processing';
import { reconcileOperation } from './reconcile';
import { scheduleClaimedVoid, voidClaimed } from './voiding';

/** Kept dead for the operator; nothing about the subject changes. */
const keepDead = async (): Promise<void> => undefined;

/**
 * The background processing of a charge gave up: a charge still in flight is `failed` (`processingFailed`), and
 * every authorization key the charge may have used (each route, each round so far, except those already voided)
 * gets a void job, since a route that timed out may have charged; a key being voided (`voiding`) has its own job
 * since its claim (one per key, so none is added). A charge that has a route recorded was settled or issued: its
 * exhaustion was of a run with nothing left to do, and it is left alone.
 */
async function failCharge(engine: Engine, q: Queryable, transactionId: string, lastError: string): Promise<void> {
  const out = await changeTransactionIn(q, { id: transactionId }, async (c) => {
    if (!IN_FLIGHT.includes(c.row.status) || c.row.processing.route) return [];
    await c.move('failed', {
      payment: {
        refused: { code: 'processingFailed', message: 'The charge could not be processed; nothing was charged.', provider: 'payorch' },
      },
    });
    await c.timeline('note', 'Background processing gave up after its attempts ran out', { error: lastError.slice(0, 500) });
    let routes: string[] = [];
    try {
      routes = engine.orchestrator.routesFor(c.row.mode, c.row.method).map((p) => p.id);
    } catch {
      // No route serves it (production without a provider): nothing can hold money.
    }
    const voided = new Set(c.row.processing.voided ?? []);
    const voiding = c.row.processing.voiding ?? [];
    // Claims made before their void got a job of its own: the dedupe makes this a no-op otherwise.
    for (const v of voiding) await scheduleClaimedVoid(q, engine, transactionId, v.provider, v.key);
    const claimed = new Set(voiding.map((v) => v.key));
    const voids: Extract<PaymentJob, { kind: 'transaction.void' }>[] = [];
    for (let round = 0; round <= c.row.route_rounds; round++) {
      for (const provider of routes) {
        const key = authorizeKey(transactionId, provider, round);
        if (!voided.has(key) && !claimed.has(key)) voids.push({ kind: 'transaction.void', payload: { transactionId, provider, key } });
      }
    }
    return voids;
  });
  // These voids are blind: a worker that lost its lease may still be waiting for a route's answer under one of the
  // keys. They wait for the provider's time-out, by which that run has its answer (and releases it itself, under a
  // key of its own: see `voidAuthorization`) or timed out (and voids it itself); the void then finds what is there.
  const after = new Date(Date.now() + engine.orchestrator.timeoutMs);
  for (const job of out?.value ?? []) {
    // A dedupe key of its own: a void a stale run enqueued later under the default key still runs.
    await schedule(q, job, after, `transaction.void:${job.payload.transactionId}:${job.payload.key}:exhausted`);
  }
}

/** Every payment job kind with its handler and the meaning of its exhaustion (the table above). */
export function paymentJobHandlers(engine: Engine): HandlerTable<PaymentJob> {
  const giveUpCharge = (q: Queryable, job: { payload: { transactionId: string } }, lastError: string) =>
    failCharge(engine, q, job.payload.transactionId, lastError);
  return {
    'transaction.process': {
      run: (job) => processTransaction(engine, job.payload.transactionId),
      onExhausted: giveUpCharge,
    },
    'transaction.analysis': {
      run: ({ payload: p }) => analyseTransaction(engine, p.transactionId, p.stage),
      onExhausted: giveUpCharge,
    },
    'transaction.expire': {
      run: (job) => expireTransaction(engine, job.payload.transactionId),
      onExhausted: keepDead,
    },
    'receivables.settle': {
      run: ({ payload: p }) => settleDay(engine, p.transactionId, p.day),
      onExhausted: keepDead,
    },
    'refund.confirm': {
      run: (job) => confirmRefund(engine, job.payload.refundId),
      onExhausted: keepDead,
    },
    'transaction.void': {
      run: ({ payload: p }) => {
        if (p.claimed) return voidClaimed(engine, p.transactionId, p.provider, p.key);
        return voidAuthorization(engine, p.transactionId, p.provider, p.key, p.answered === true);
      },
      onExhausted: keepDead,
    },
    'operation.reconcile': {
      run: ({ payload: p }) => reconcileOperation(engine, p.idempotencyKey, p.note),
      onExhausted: keepDead,
    },
  };
}
