/**
 * The sandbox simulator: what a payer, a bank or a card network would do to a transaction, through the same state
 * machine, timeline and events as the real thing. Production keys never get here (`403 sandboxOnly`).
 */
import type { components } from '../../../generated/schema';
import { requireSandbox, type Scope } from '../../core/tenancy';
import { methodOf } from '../../payments/methods';
import { changeTransaction, type Change } from './change';
import type { Engine } from './engine';
import { closeDispute, openDispute } from './disputes';
import * as repo from './repo';
import { issueNow } from './processing';
import { RouteNotVoided } from './voiding';
import { approve, cancelCharge, openChargeOperation, providerUnavailable } from './settle';
import { transactionNotFound } from './service';
import { invalidTransition } from './status';

export type SimulateAction = components['schemas']['SimulateTransactionRequest']['action'];

const sandboxOnly = (scope: Scope) => requireSandbox(scope, 'Simulations need a sandbox key (sk_test_…).');

async function pay(c: Change): Promise<void> {
  const t = c.row;
  const method = methodOf(t.method);
  if (method.flow !== 'issue' || (t.status !== 'pending' && t.status !== 'awaiting')) throw invalidTransition(t.id, t.status, 'paid');
  // `simulate` issued it first; only a charge that moved on meanwhile can be without it, and the status says so.
  if (!t.processing.route) throw invalidTransition(t.id, t.status, 'paid before its QR code or billet is issued');
  if (t.payment.expirationDate && Date.parse(t.payment.expirationDate) <= c.at.getTime()) {
    throw invalidTransition(t.id, t.status, 'paid after its expiry (it is being canceled)');
  }
  // A cancel sent and not yet confirmed may have voided the code at the provider: no payment lands on it meanwhile.
  if (await openChargeOperation(c.q, t.id)) throw invalidTransition(t.id, t.status, 'paid while its cancel is being confirmed');
  // What the payer's institution reports with the payment (a PIX's end-to-end id) is the receivables' authorization code.
  await approve(c, t.amount, method.simulatedPayment?.(c.at) ?? null);
}

/**
 * A tester pays or expires a PIX or billet right after its `201`, while its QR code or billet is still being issued
 * in the background: the call issues it first, as the job would (`issueNow`), then acts on it. 503 when no route can
 * issue it now.
 */
async function finishIssuing(engine: Engine, scope: Scope, id: string): Promise<void> {
  const t = await repo.findTransaction(engine.db, scope, id);
  if (!t) throw transactionNotFound(id);
  if (methodOf(t.method).flow !== 'issue' || t.processing.route || (t.status !== 'pending' && t.status !== 'awaiting')) return;
  let issued: Awaited<ReturnType<typeof issueNow>>;
  try {
    issued = await issueNow(engine, id);
  } catch (err) {
    // A route timed out and could not be voided yet: the provider is unreachable now, the job finishes it later.
    if (err instanceof RouteNotVoided) throw providerUnavailable();
    throw err;
  }
  if (issued === 'unavailable') throw providerUnavailable();
}

export async function simulate(engine: Engine, scope: Scope, id: string, action: SimulateAction): Promise<repo.TransactionRow> {
  sandboxOnly(scope);
  if (action === 'pay' || action === 'expire') await finishIssuing(engine, scope, id);
  if (action !== 'expire') {
    // A charge a real provider holds (a sandbox route at a PSP's homologation environment, or Stripe's test mode) is
    // paid and disputed there, not here: a simulated payment or dispute would move what the provider never moved.
    const t = await repo.findTransaction(engine.db, scope, id);
    const route = t?.processing.route?.provider;
    if (t && route && engine.orchestrator.configuredRoute(route)) {
      const what = action === 'pay' ? 'paid' : 'disputed';
      throw invalidTransition(t.id, t.status, `${what} by simulation: route ${route} is a real provider's; do it in that provider's test environment`);
    }
  }
  if (action === 'expire') {
    const t = await repo.findTransaction(engine.db, scope, id);
    if (!t) throw transactionNotFound(id);
    const lapse = methodOf(t.method).lapse;
    const row = await cancelCharge(engine, t, lapse.simulated, lapse.from);
    if (!row) throw transactionNotFound(id);
    return row;
  }
  const out = await changeTransaction(engine.db, { scope, id }, (c) => {
    switch (action) {
      case 'pay':
        return pay(c);
      case 'dispute':
        return openDispute(c, { reason: 'general' }).then(() => undefined);
      case 'win-dispute':
        return closeDispute(c, 'won');
      case 'lose-dispute':
        return closeDispute(c, 'lost');
    }
  });
  if (!out) throw transactionNotFound(id);
  return out.row;
}
