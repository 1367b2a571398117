/**
 * `operation.reconcile`: a capture or cancel whose call did not answer (or whose process died while it was out) is
 * never assumed either way. The job asks the provider again under the operation's own idempotency key, which the
 * provider answers with its first answer (or acts on now, if the first call never reached it), until it gets a
 * definite one; that answer is then recorded exactly as the request would have (`applyCapture`, `applyCancel`).
 * Until then the operation stays open and the transaction held. Refunds reconcile through `refund.confirm`;
 * authorizations through the voids of the routes that timed out.
 */
import { findOperation } from '../../payments/operations';
import type { CancelResult, CaptureResult } from '../../payments/provider';
import type { Engine } from './engine';
import * as repo from './repo';
import { applyCapture } from './service';
import { applyCancel, ask, holdUncertain } from './settle';
import { OPERATIONS } from './status';

/** Due once the request's own call has ended; retried with backoff while the provider gives no definite answer. */
export async function reconcileOperation(engine: Engine, idempotencyKey: string, note: string | undefined): Promise<void> {
  const op = await findOperation(engine.db, idempotencyKey);
  if (!op || op.state === 'succeeded' || op.state === 'failed') return;
  if (op.kind !== 'capture' && op.kind !== 'cancel') return;
  const t = await repo.findTransactionById(engine.db, op.subject_id);
  const route = t?.processing.route;
  if (!t || !route) throw new Error(`operation ${idempotencyKey} stands on no route of ${op.subject_id}`);
  const provider = engine.orchestrator.provider(op.provider);
  const req = { idempotencyKey, authorizeKey: route.key, transactionId: t.id, amount: op.amount };
  const res = await ask<CaptureResult | CancelResult>(engine, () => (op.kind === 'capture' ? provider.capture(req) : provider.cancel(req)));
  // `unavailable` to a repeated key is no answer about the first call: a provider that is down cannot say what it
  // did then. Only the request's own first call may take it as "nothing done".
  if (res.kind === 'uncertain' || res.kind === 'unavailable') {
    await holdUncertain(engine, op, res.reason);
    throw new Error(`${op.kind} ${idempotencyKey} not confirmed yet: ${res.reason}`);
  }
  if (res.kind === 'canceled') await applyCancel(engine, t.id, op, note ?? 'Canceled.', OPERATIONS.cancel);
  else await applyCapture(engine, op, res);
}
