/**
 * `operation.reconcile`: a capture or cancel whose call did not answer (or whose process died while it was out) is
 * never assumed either way. The job runs the operation again through the runner, resuming it under its own
 * idempotency key (no new attempt), which the provider answers with its first answer (or acts on now, if the first
 * call never reached it), until it gets a definite one; that answer is then recorded exactly as the request would
 * have (`applyCaptureIn`, `applyCancelIn`). Until then the operation stays open and the transaction held. Refunds
 * reconcile through `refund.confirm`; authorizations through the voids of the routes that timed out.
 */
import { findOperation } from '../../payments/operations';
import type { CancelResult, CaptureResult } from '../../payments/provider';
import { runOperation } from '../../payments/runner';
import type { Engine } from './engine';
import { applyCaptureIn } from './service';
import { applyCancelIn, applyUnsettled, callChargeOperation, lockTransaction, readChargeAnswer } from './settle';
import { OPERATIONS } from './status';

/** Due once the request's own call has ended; retried with backoff while the provider gives no definite answer. */
export async function reconcileOperation(engine: Engine, idempotencyKey: string, note: string | undefined): Promise<void> {
  const found = await findOperation(engine.db, idempotencyKey);
  if (!found || found.state === 'succeeded' || found.state === 'failed') return;
  if (found.kind !== 'capture' && found.kind !== 'cancel') return;
  const ran = await runOperation(engine.orchestrator, {
    locked: lockTransaction(engine, { id: found.subject_id }),
    reserve: async (c) => {
      const route = c.row.processing.route;
      if (!route) throw new Error(`operation ${idempotencyKey} stands on no route of ${found.subject_id}`);
      return { resume: found, held: { row: c.row, route, provider: engine.orchestrator.provider(found.provider) } };
    },
    call: (held, op) => callChargeOperation(held, op) as Promise<CaptureResult | CancelResult>,
    // `unavailable` to a repeated key is no answer about the first call: a provider that is down cannot say what it
    // did then. Only the request's own first call may take it as "nothing done".
    read: (res) => (res.kind === 'unavailable' ? { kind: 'uncertain', reason: res.reason } : readChargeAnswer(res)),
    apply: async (c, outcome, { op, closed }) => {
      if (outcome.kind === 'uncertain') await applyUnsettled(c, op, outcome, closed, undefined);
      else if (op.kind === 'cancel') {
        // Only a cancel the provider confirmed cancels; one it refused (a PIX paid first) leaves the charge to its payment.
        if (outcome.kind === 'done') await applyCancelIn(c, op, note ?? 'Canceled.', OPERATIONS.cancel);
        else if (outcome.kind === 'declined' && closed) await c.timeline('note', 'Cancel refused by the provider', { reason: outcome.reason });
      }
      else await applyCaptureIn(c, op, outcome, closed);
    },
  });
  if (!ran) throw new Error(`operation ${idempotencyKey} stands on no transaction ${found.subject_id}`);
  if (ran.outcome.kind === 'uncertain') throw new Error(`${found.kind} ${idempotencyKey} not confirmed yet: ${ran.outcome.reason}`);
}
