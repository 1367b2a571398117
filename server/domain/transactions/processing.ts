/**
 * The background life of a charge, one job at a time: screen and analyse a card with the anti-fraud, send the
 * charge over the routes, record what the route answered, retry while every route is down, expire what was not
 * paid, settle receivables on their day, confirm refunds the provider confirms later. Every job can run twice (a
 * worker died after the provider answered): provider calls repeat under the same idempotency key and get the same
 * answer, and every local write re-checks the status under the row lock.
 */
import type { AuthorizeRequest } from '../../payments/provider';
import type { RouteOutcome } from '../../payments/orchestrator';
import { saoPauloDate } from '../fees/plan';
import { changeTransaction, type Change } from './change';
import { schedule, type Engine } from './engine';
import * as ledger from './ledger-repo';
import { finishRefund } from './refunds';
import * as repo from './repo';
import { approve, cancelCharge, startOfSaoPauloDay } from './settle';
import type { TransactionStatus } from './status';
import { merchantOf } from '../access/merchants';

/** Statuses in which a charge is still being worked on in the background. */
const IN_FLIGHT: readonly TransactionStatus[] = ['pending', 'awaiting', 'analyzing', 'fraud-review'];

function authorizeRequest(t: repo.TransactionRow, merchantName: string): Omit<AuthorizeRequest, 'idempotencyKey'> {
  const p = t.processing;
  const req: Omit<AuthorizeRequest, 'idempotencyKey'> = {
    transactionId: t.id,
    merchant: { id: t.merchant_id, name: merchantName },
    method: t.method,
    amount: t.amount,
    installments: t.installments,
    capture: t.capture,
  };
  if (p.card) req.card = { token: p.card.token, brand: p.card.brand, firstDigits: p.card.firstDigits, lastDigits: p.card.lastDigits };
  if (t.method === 'pix' && t.payment.expirationDate) req.pixExpiresAt = new Date(t.payment.expirationDate);
  if (p.billet && t.payment.expirationDate) {
    req.billet = {
      dueDate: p.billet.dueDate,
      expiresAt: new Date(t.payment.expirationDate),
      instructions: p.billet.instructions,
      documentNumber: t.external_reference?.replace(/\D/g, '').slice(-10) || t.id.slice(-10),
    };
  }
  return req;
}

const OUTCOME = { approved: 'authorized', authorized: 'authorized', issued: 'sent', declined: 'declined' } as const;

/** Records what the settling route answered; `stale` when the charge moved meanwhile (canceled, or recorded by another run). */
async function record(engine: Engine, id: string, o: RouteOutcome): Promise<'done' | 'stale'> {
  const { provider, attempt, result } = o;
  const route = { provider: provider.id, key: o.key };
  const out = await changeTransaction(engine.db, { id }, async (c: Change) => {
    if (!IN_FLIGHT.includes(c.row.status)) return 'stale' as const;
    await c.timeline('route', `Charge sent to route ${provider.id}`, { provider: provider.id, attempt, outcome: OUTCOME[result.kind] });
    const payment = { provider: provider.id, version: provider.version };
    switch (result.kind) {
      case 'approved':
        await approve(c, c.row.amount, result.authorizationCode, {
          payment: { ...payment, acquirerTransactionNumber: result.acquirerTransactionNumber },
          processing: { route },
        });
        break;
      case 'authorized': {
        const until = new Date(c.at.getTime() + engine.settings.preAuthorizationDays * 86_400_000);
        await c.move('pre-authorized', {
          payment: { ...payment, acquirerTransactionNumber: result.acquirerTransactionNumber, expirationDate: until.toISOString() },
          processing: { route, authorizationCode: result.authorizationCode },
        });
        await schedule(c.q, { kind: 'transaction.expire', payload: { transactionId: id } }, until);
        break;
      }
      case 'issued': {
        const i = result.instructions;
        const fields =
          i.kind === 'pix'
            ? { pixQrCodeEmv: i.emv, pixQrCodeUrl: i.url, pixQrCodeImage: i.image }
            : {
                billetUrl: i.url, billetBarcode: i.barcode, billetSequence: i.digitableLine,
                billetDocumentNumber: i.documentNumber, billetReferenceNumber: i.referenceNumber,
              };
        await c.patch({
          payment: { ...payment, ...fields, acquirerTransactionNumber: result.acquirerTransactionNumber, expirationDate: i.expiresAt },
          processing: { route },
        });
        await c.timeline('note', i.kind === 'pix' ? 'PIX QR code issued' : 'Billet registered with the bank', null);
        await schedule(c.q, { kind: 'transaction.expire', payload: { transactionId: id } }, new Date(i.expiresAt));
        break;
      }
      case 'declined':
        await c.move('failed', {
          payment: { ...payment, refused: { code: result.code, message: result.message, provider: provider.id } },
          processing: { route },
        });
        break;
    }
    return 'done' as const;
  });
  return out?.value ?? 'stale';
}

/**
 * Every route was unavailable: a pending charge becomes `awaiting` and is retried after the next delay of the
 * schedule; once the schedule runs out it is `failed` (`routesExhausted`).
 */
async function allRoutesDown(engine: Engine, id: string): Promise<void | { retryAt: Date }> {
  const delays = engine.settings.routeRetrySeconds;
  const out = await changeTransaction(engine.db, { id }, async (c) => {
    if (!IN_FLIGHT.includes(c.row.status)) return null;
    const round = c.row.route_rounds;
    if (round >= delays.length) {
      await c.move('failed', {
        payment: { refused: { code: 'routesExhausted', message: 'Every payment route stayed unavailable.', provider: 'payorch' } },
      });
      return null;
    }
    if (c.row.status === 'pending') await c.move('awaiting', { routeRounds: round + 1 });
    else await c.patch({ routeRounds: round + 1 });
    return new Date(c.at.getTime() + delays[round]! * 1000);
  });
  const retryAt = out?.value;
  return retryAt ? { retryAt } : undefined;
}

/**
 * Sends the charge over its routes and records the answer. A route that timed out is voided before the next one is
 * tried, and remembered as voided, so a retried job never settles on it. A charge that was canceled while its
 * route answered gets a void job: the release must happen even if this process dies now.
 */
async function charge(engine: Engine, t: repo.TransactionRow): Promise<void | { retryAt: Date }> {
  const merchant = await merchantOf(engine.db, t.merchant_id);
  const note = (provider: string, attempt: number, reason: string) =>
    changeTransaction(engine.db, { id: t.id }, (c) =>
      c.timeline('route', `Route ${provider} unavailable; trying the next one`, { provider, attempt, outcome: 'unavailable', reason }),
    );
  const voided = new Set(t.processing.voided ?? []);
  const outcome = await engine.orchestrator.authorize(t.mode, authorizeRequest(t, merchant.name), t.route_rounds, {
    skip: (key) => voided.has(key),
    onUnavailable: async (provider, attempt, reason) => {
      await note(provider.id, attempt, reason);
    },
    voidAmbiguous: async (provider, attempt, key, reason) => {
      const res = await engine.orchestrator.timed(
        () => provider.cancel({ idempotencyKey: `${key}:void`, authorizeKey: key, transactionId: t.id, amount: t.amount }),
        (why) => ({ kind: 'unavailable' as const, reason: why }),
      );
      if (res.kind === 'unavailable') throw new Error(`route ${provider.id} did not answer and cannot be voided yet: ${res.reason}`);
      await changeTransaction(engine.db, { id: t.id }, async (c) => {
        await c.patch({ processing: { voided: [...(c.row.processing.voided ?? []), key] } });
        await c.timeline('route', `Route ${provider.id} did not answer; voided, trying the next one`, { provider: provider.id, attempt, outcome: 'unavailable', reason });
      });
      voided.add(key);
    },
  });
  if (!outcome) return allRoutesDown(engine, t.id);
  if ((await record(engine, t.id, outcome)) === 'stale' && outcome.result.kind !== 'declined') {
    const now = await repo.findTransactionById(engine.db, t.id);
    // Another run of this job recorded this very answer: nothing to release.
    if (now?.processing.route?.key === outcome.key) return;
    await schedule(engine.db, { kind: 'transaction.void', payload: { transactionId: t.id, provider: outcome.provider.id, key: outcome.key } });
    engine.wake();
  }
}

/** `transaction.void`: releases an authorization, QR code or billet that no transaction stands on; retried until done. */
export async function voidAuthorization(engine: Engine, transactionId: string, providerId: string, key: string): Promise<void> {
  const t = await repo.findTransactionById(engine.db, transactionId);
  if (t?.processing.route?.key === key) return;
  const res = await engine.orchestrator.timed(
    () => engine.orchestrator.provider(providerId).cancel({ idempotencyKey: `${key}:cancel`, authorizeKey: key, transactionId, amount: t?.amount ?? 0 }),
    (reason) => ({ kind: 'unavailable' as const, reason }),
  );
  if (res.kind === 'unavailable') throw new Error(`void of ${key} not done: ${res.reason}`);
}

/** `transaction.process`: the first job of every charge, and its retries while routes are down. */
export async function processTransaction(engine: Engine, id: string): Promise<void | { retryAt: Date }> {
  const t = await repo.findTransactionById(engine.db, id);
  if (!t || (t.status !== 'pending' && t.status !== 'awaiting')) return;
  const antifraud = engine.orchestrator.antifraud(t.mode);
  if (t.processing.card && antifraud && !t.processing.fraudCleared) {
    const verdict = await antifraud.assess({ transactionId: id, stage: 'screen', amount: t.amount, card: t.processing.card });
    if (verdict !== 'clear') {
      await changeTransaction(engine.db, { id }, async (c) => {
        if (c.row.status !== 'pending' && c.row.status !== 'awaiting') return;
        await c.move('analyzing');
        await schedule(c.q, { kind: 'transaction.analysis', payload: { transactionId: id, stage: 'analysis' } });
      });
      engine.wake();
      return;
    }
  }
  return charge(engine, t);
}

/** `transaction.analysis`: the anti-fraud analysis (`analyzing`) or manual review (`fraud-review`) decides. */
export async function analyseTransaction(engine: Engine, id: string, stage: 'analysis' | 'review'): Promise<void | { retryAt: Date }> {
  const expected: TransactionStatus = stage === 'analysis' ? 'analyzing' : 'fraud-review';
  const t = await repo.findTransactionById(engine.db, id);
  const antifraud = engine.orchestrator.antifraud(t?.mode ?? 'sandbox');
  if (!t || t.status !== expected || !t.processing.card || !antifraud) return;
  if (t.processing.fraudCleared) return charge(engine, t);
  const verdict = await antifraud.assess({ transactionId: id, stage, amount: t.amount, card: t.processing.card });
  if (verdict === 'clear') {
    const cleared = await changeTransaction(engine.db, { id }, async (c) => {
      if (c.row.status !== expected) return null;
      await c.patch({ processing: { fraudCleared: true } });
      await c.timeline('note', 'Cleared by the anti-fraud analysis', { stage });
      return c.row;
    });
    return cleared?.value ? charge(engine, cleared.value) : undefined;
  }
  await changeTransaction(engine.db, { id }, async (c) => {
    if (c.row.status !== expected) return;
    if (verdict === 'refuse') {
      await c.move('refused', {
        payment: { refused: { code: 'antiFraudRefused', message: 'The anti-fraud analysis refused the charge.', provider: antifraud.id } },
      });
    } else {
      await c.move('fraud-review');
      await schedule(c.q, { kind: 'transaction.analysis', payload: { transactionId: id, stage: 'review' } });
    }
  });
  engine.wake();
}

/** `transaction.expire`: an unpaid PIX or billet, or an uncaptured authorization, lapses at `expirationDate`. */
export async function expireTransaction(engine: Engine, id: string): Promise<void | { retryAt: Date }> {
  const t = await repo.findTransactionById(engine.db, id);
  if (!t?.payment.expirationDate) return;
  // The job is due by the database's clock; should this process's clock lag behind it, come back at the expiry.
  const expiry = new Date(t.payment.expirationDate);
  if (expiry.getTime() > Date.now()) return { retryAt: expiry };
  const from: TransactionStatus[] = t.method === 'credit' ? ['pre-authorized'] : ['pending', 'awaiting'];
  if (!from.includes(t.status)) return;
  await cancelCharge(engine, t, t.method === 'credit' ? 'The authorization was not captured in time.' : 'Expired unpaid.', from);
}

/** `receivables.settle`: the receivables due on `day` are paid into the recipient's balance. */
export async function settleDay(engine: Engine, id: string, day: string): Promise<void | { retryAt: Date }> {
  if (day > saoPauloDate(new Date())) return { retryAt: startOfSaoPauloDay(day) };
  // Under the transaction's lock, so a refund taking from the receivables never races their settlement.
  await changeTransaction(engine.db, { id }, (c) => ledger.settleReceivables(c.q, id, day, c.at));
}

/** `refund.confirm`: asks the provider where a pending refund stands, until it succeeds or fails. */
export async function confirmRefund(engine: Engine, refundId: string): Promise<void | { retryAt: Date }> {
  const refund = await ledger.findRefund(engine.db, refundId);
  if (!refund || refund.status !== 'pending') return;
  const t = await repo.findTransactionById(engine.db, refund.transaction_id);
  const route = t?.processing.route;
  if (!t || !route) return;
  const status = await engine.orchestrator.timed(
    () => engine.orchestrator.provider(route.provider).refundStatus({ idempotencyKey: refundId }),
    () => ({ kind: 'pending' as const }),
  );
  if (status.kind === 'pending') return { retryAt: new Date(Date.now() + 60_000) };
  await finishRefund(engine, refundId, status);
}
