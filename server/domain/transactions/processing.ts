/**
 * The background life of a charge until its outcome, one job at a time: screen and analyse a card with the
 * anti-fraud, send the charge over the routes, record what the route answered, retry while every route is down
 * (what follows the outcome is in after-charge.ts). Every job can run twice (a worker died after the provider
 * answered): provider calls repeat under the same idempotency key and get the same answer, and every local write
 * re-checks the status under the row lock.
 */
import type { AuthorizeRequest, AuthorizeResult, PayerAddress, PaymentProvider } from '../../payments/provider';
import { authorizeKey } from '../../payments/orchestrator';
import { runOperation, type OperationSpec, type Outcome } from '../../payments/runner';
import { methodOf } from '../../payments/methods';
import type { IssuedWrite } from '../../payments/methods/module';
import { keptOf } from './build-charge';
import { changeTransaction, type Change } from './change';
import { schedule, type Engine } from './engine';
import * as repo from './repo';
import { approve, lockTransaction } from './settle';
import type { TransactionStatus } from './status';
import { merchantOf } from '../access/merchants';
import { claimVoid, finishVoids, voidedKeys, voidNow, type Claimant } from './voiding';

/** Statuses in which a charge is still being worked on in the background. */
export const IN_FLIGHT: readonly TransactionStatus[] = ['pending', 'awaiting', 'analyzing', 'fraud-review'];

/** The charge's billing address as a route sends it; null when the charge has none. */
function addressOf(a: repo.TransactionRow['billing_address']): PayerAddress | null {
  if (!a) return null;
  return { line1: `${a.street}, ${a.number}`, line2: a.complement || null, city: a.city, state: a.state, postcode: a.postcode };
}

function authorizeRequest(t: repo.TransactionRow, merchantName: string): Omit<AuthorizeRequest, 'idempotencyKey'> {
  const p = t.processing;
  const req: Omit<AuthorizeRequest, 'idempotencyKey'> = {
    transactionId: t.id,
    merchant: { id: t.merchant_id, name: merchantName },
    method: t.method,
    amount: t.amount,
    installments: t.installments,
    capture: t.capture,
    payer: {
      name: `${t.customer.firstName} ${t.customer.lastName}`.trim(),
      document: t.customer.document ? { type: t.customer.document.type, number: t.customer.document.number } : null,
      email: t.customer.email ?? null,
      address: addressOf(t.billing_address),
    },
  };
  if (p.card) req.card = { token: p.card.token, brand: p.card.brand, firstDigits: p.card.firstDigits, lastDigits: p.card.lastDigits };
  // What the method adds (a PIX's expiry, a billet's due date and instructions), from what it kept on the charge.
  const details = methodOf(t.method).authorizeDetails({
    id: t.id, externalReference: t.external_reference, expirationDate: t.payment.expirationDate, kept: keptOf(p, t.method),
  });
  if (details) req.details = details;
  return req;
}

const OUTCOME = { approved: 'authorized', authorized: 'authorized', issued: 'sent', declined: 'declined' } as const;

/**
 * Records what the settling route answered, under the row lock (the authorization's runner apply of a `done` or
 * `declined` outcome, which closed the operation beside it); `stale` when the charge moved meanwhile (canceled), or another run
 * already recorded a route's answer (an issued QR code or billet keeps the status `pending`: the route tells);
 * `voided` when another run voided (or is voiding) this key since it was asked: the answer stands on nothing.
 *
 * An answer that is not recorded and holds money or a payable code is released by a `transaction.void` job
 * (`answered`) enqueued in the same database transaction, so the release happens even if this process dies now.
 * That includes a voided key's: its blind void was sent when the time-out fired, maybe before the authorization
 * landed, and a cancel of nothing does not stop a later authorization under the key. The release has a provider key
 * of its own (`${key}:release`), so it is never the replay of that earlier cancel.
 */
async function recordIn(engine: Engine, c: Change, o: RouteAttempt, result: Settled, issued: IssuedWrite | undefined): Promise<Recorded> {
  const { provider, attempt } = o;
  const id = c.row.id;
  const route = { provider: provider.id, key: o.key };
  const release = (c: Change) =>
    result.kind === 'declined'
      ? Promise.resolve(null)
      : schedule(c.q, { kind: 'transaction.void', payload: { transactionId: id, provider: provider.id, key: o.key, answered: true } });
  if (voidedKeys(c.row.processing).has(o.key)) {
    await release(c);
    return 'voided' as const;
  }
  if (!IN_FLIGHT.includes(c.row.status) || c.row.processing.route) {
    // Another run of this job recorded this very answer: nothing to release.
    if (c.row.processing.route?.key !== o.key) await release(c);
    return 'stale' as const;
  }
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
      if (!issued) throw new Error(`route ${provider.id} answered with ${i.kind} instructions, a method that issues no code`);
      const fields = issued.payment(engine.urls, c.row.public_token);
      await c.patch({
        payment: { ...payment, ...fields, acquirerTransactionNumber: result.acquirerTransactionNumber, expirationDate: i.expiresAt },
        processing: { route },
      });
      await c.timeline('note', issued.note, null);
      await schedule(c.q, { kind: 'transaction.expire', payload: { transactionId: id } }, new Date(i.expiresAt));
      break;
    }
    case 'declined':
      await c.move('failed', {
        payment: {
          ...payment,
          ...(result.acquirerTransactionNumber ? { acquirerTransactionNumber: result.acquirerTransactionNumber } : {}),
          refused: { code: result.code, message: result.message, provider: provider.id },
        },
        processing: { route },
      });
      break;
  }
  return 'done' as const;
}

/** What one authorization came to, for the walk over the routes: recorded (`recordIn`), or its void claimed. */
type Recorded = 'done' | 'stale' | 'voided';

/** One route asked in one round: the route, its place in the walk, the round's key for it. */
interface RouteAttempt {
  provider: PaymentProvider;
  attempt: number;
  key: string;
}

type Settled = Exclude<AuthorizeResult, { kind: 'unavailable' }>;

/** How a route's answer to an authorization reads: a charge, reservation or issued code is `done`. */
function readAuthorizeAnswer(res: AuthorizeResult): Outcome<AuthorizeResult> {
  if (res.kind === 'unavailable') return { kind: 'unavailable', reason: res.reason };
  if (res.kind === 'declined') return { kind: 'declined', result: res, reason: res.message };
  return { kind: 'done', result: res };
}

/** What the walk learns from one authorization's apply. */
interface AuthorizeHeld {
  recorded: Recorded | null;
  claimed: boolean;
}

/**
 * The authorization of a charge on one route in one round, a spec of the operation runner. The reserve records the
 * operation under the round's key for that route (a key the route said it could not take did nothing: asked again,
 * by a re-run of the round, it is the same operation tried again); the call asks the route; the apply records a
 * settling answer (`recordIn`), writes the route's "unavailable" fact of the round once, or, when the route did not
 * answer, claims the void of what it may have done (`claimVoid`), which the walk then sends.
 */
function authorizeSpec(
  engine: Engine,
  id: string,
  req: Omit<AuthorizeRequest, 'idempotencyKey'>,
  o: RouteAttempt,
  by: Claimant,
): OperationSpec<Change, AuthorizeHeld, AuthorizeResult> {
  const held: AuthorizeHeld = { recorded: null, claimed: false };
  let issued: IssuedWrite | undefined;
  return {
    locked: lockTransaction(engine, { id }),
    reserve: async (c) => ({
      record: { scope: c.scope, subject: { kind: 'transaction', id }, kind: 'authorize', provider: o.provider.id, idempotencyKey: o.key, amount: c.row.amount },
      held,
      reopenFailed: true,
    }),
    call: (_held, op) => o.provider.authorize({ ...req, idempotencyKey: op.idempotency_key }),
    read: (result) => {
      // What an issued code writes, read by its method's module after the answer and before the row is locked (a PIX
      // draws its QR image there). Outside the timed call: a failure here is ours, the route's answer stands.
      if (result.kind === 'issued') issued = methodOf(result.instructions.kind).issued?.(result.instructions);
      return readAuthorizeAnswer(result);
    },
    apply: async (c, outcome) => {
      if (outcome.kind === 'done' || outcome.kind === 'declined') {
        held.recorded = await recordIn(engine, c, o, outcome.result as Settled, issued);
      } else if (outcome.kind === 'unavailable') {
        const details = { provider: o.provider.id, attempt: o.attempt, outcome: 'unavailable', reason: outcome.reason };
        await c.timeline('route', `Route ${o.provider.id} unavailable; trying the next one`, details, `${o.key}:unavailable`);
      } else if (outcome.kind === 'uncertain') {
        held.claimed = await claimVoid(c, engine, o.provider, o.key, { attempt: o.attempt, reason: outcome.reason }, by);
      }
    },
  };
}

/**
 * Every route was unavailable: a pending charge becomes `awaiting` and is retried after the next delay of the
 * schedule; once the schedule runs out it is `failed` (`routesExhausted`). When the round was spent by the sandbox
 * simulator alone (`free`: its `issueNow` timed out on every key of the round and claimed their voids, this run asked
 * none), it goes on at once with the next round's keys, and that round is not a step of the schedule (`freeRounds`).
 * Keys the job's own earlier attempts claimed are the job's rounds, whoever finished their voids.
 */
async function allRoutesDown(engine: Engine, id: string, free: boolean): Promise<void | { retryAt: Date }> {
  const delays = engine.settings.routeRetrySeconds;
  const out = await changeTransaction(engine.db, { id }, async (c) => {
    if (!IN_FLIGHT.includes(c.row.status)) return null;
    const round = c.row.route_rounds;
    const freeRounds = c.row.processing.freeRounds ?? 0;
    if (free) {
      await c.patch({ routeRounds: round + 1, processing: { freeRounds: freeRounds + 1 } });
      return c.at;
    }
    const step = round - freeRounds;
    if (step >= delays.length) {
      await c.move('failed', {
        payment: { refused: { code: 'routesExhausted', message: 'Every payment route stayed unavailable.', provider: 'payorch' } },
      });
      return null;
    }
    if (c.row.status === 'pending') await c.move('awaiting', { routeRounds: round + 1 });
    else await c.patch({ routeRounds: round + 1 });
    return new Date(c.at.getTime() + delays[step]! * 1000);
  });
  const retryAt = out?.value;
  return retryAt ? { retryAt } : undefined;
}

/**
 * Sends the charge over its routes and records the answer. A route that timed out is voided before the next one is
 * tried, and remembered as voided, so no run settles on it (voiding.ts). A charge that was canceled while its
 * route answered, or whose answer came under a key another run voided meanwhile, gets a void job (`recordIn`). When
 * every route is unavailable, `whenDown` decides (the job's retry rounds by default). When another run voided the
 * key whose answer this run got, this run goes on from the charge as it stands, as that run did. `by` says who runs
 * it: the voids the simulator claims cost the job no retry round.
 *
 * The route entries of the timeline are facts of one route in one round (keyed by the authorization's idempotency
 * key): a re-run of the round after a crash, or a run beside it, meets the same facts and does not write them twice.
 */
async function charge<D>(
  engine: Engine,
  first: repo.TransactionRow,
  by: Claimant,
  whenDown: (engine: Engine, id: string, free: boolean) => Promise<D>,
): Promise<D | 'done'> {
  const merchant = await merchantOf(engine.db, first.merchant_id);
  const settling = (row: repo.TransactionRow) => IN_FLIGHT.includes(row.status) && !row.processing.route;
  let t = first;
  for (;;) {
    t = await finishVoids(engine, t);
    const round = t.route_rounds;
    const voided = voidedKeys(t.processing);
    const req = authorizeRequest(t, merchant.name);
    let asked = 0;
    let recorded: Recorded | null = null;
    for (const [i, provider] of engine.orchestrator.routesFor(t.mode, t.method).entries()) {
      const key = authorizeKey(t.id, provider.id, round);
      if (voided.has(key)) continue;
      const attempt = { provider, attempt: i + 1, key };
      const ran = await runOperation(engine.orchestrator, authorizeSpec(engine, t.id, req, attempt, by));
      if (!ran) return 'done';
      const { outcome } = ran;
      if (outcome.kind === 'done' || outcome.kind === 'declined') {
        recorded = ran.held.recorded;
        break;
      }
      asked++;
      if (outcome.kind === 'uncertain') {
        // Another run settled the charge on this very key, or the charge ended while its void went out: nothing left.
        if (!ran.held.claimed) return 'done';
        const next = await voidNow(engine, settling, t, provider, key, { attempt: attempt.attempt, reason: outcome.reason });
        if (next === 'stop') return 'done';
        voided.add(key);
      }
    }
    if (!recorded) {
      const bySimulator = new Set(t.processing.simulatorVoided ?? []);
      const keys = engine.orchestrator.routesFor(t.mode, t.method).map((p) => authorizeKey(t.id, p.id, round));
      return whenDown(engine, t.id, asked === 0 && keys.every((k) => bySimulator.has(k)));
    }
    if (recorded !== 'done') engine.wake(); // a release may be queued
    if (recorded === 'voided') {
      // Its answer is being released (`recordIn`); the key is skipped from now on, the charge goes on as it stands.
      const now = await repo.findTransactionById(engine.db, t.id);
      if (!now || !settling(now)) return 'done';
      t = now;
      continue;
    }
    return 'done';
  }
}

/** The job's answer to `charge`: the retry round's time, or nothing when the charge is done. */
async function chargeInJob(engine: Engine, t: repo.TransactionRow): Promise<void | { retryAt: Date }> {
  const out = await charge(engine, t, 'job', allRoutesDown);
  return out === 'done' ? undefined : out;
}

/**
 * Issues the QR code or billet of a `pending` (or `awaiting`) PIX or billet now, as its `transaction.process` job
 * would, for the sandbox simulator (a tester pays right after the `201`). Same routes, same idempotency keys: a
 * job running beside it, or after it, gets the same answer from the route and finds it recorded. `issued` once the
 * transaction has its route (now or before); `unavailable` when no route could issue it now, which counts no
 * retry round (that stays the job's); `not-applicable` for a card or a charge no longer in flight.
 */
export async function issueNow(engine: Engine, id: string): Promise<'issued' | 'unavailable' | 'not-applicable'> {
  const t = await repo.findTransactionById(engine.db, id);
  if (!t || methodOf(t.method).flow !== 'issue' || (t.status !== 'pending' && t.status !== 'awaiting')) return 'not-applicable';
  if (t.processing.route) return 'issued';
  const out = await charge(engine, t, 'simulator', async () => 'unavailable' as const);
  if (out === 'unavailable') return out;
  const after = await repo.findTransactionById(engine.db, id);
  return after?.processing.route ? 'issued' : 'not-applicable';
}

/** `transaction.process`: the first job of every charge, and its retries while routes are down. */
export async function processTransaction(engine: Engine, id: string): Promise<void | { retryAt: Date }> {
  const t = await repo.findTransactionById(engine.db, id);
  // A route already recorded (a QR code or billet issued, maybe by the sandbox simulator): the work is done.
  if (!t || (t.status !== 'pending' && t.status !== 'awaiting') || t.processing.route) return;
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
  return chargeInJob(engine, t);
}

/** `transaction.analysis`: the anti-fraud analysis (`analyzing`) or manual review (`fraud-review`) decides. */
export async function analyseTransaction(engine: Engine, id: string, stage: 'analysis' | 'review'): Promise<void | { retryAt: Date }> {
  const expected: TransactionStatus = stage === 'analysis' ? 'analyzing' : 'fraud-review';
  const t = await repo.findTransactionById(engine.db, id);
  const antifraud = engine.orchestrator.antifraud(t?.mode ?? 'sandbox');
  if (!t || t.status !== expected || !t.processing.card || !antifraud) return;
  if (t.processing.fraudCleared) return chargeInJob(engine, t);
  const verdict = await antifraud.assess({ transactionId: id, stage, amount: t.amount, card: t.processing.card });
  if (verdict === 'clear') {
    const cleared = await changeTransaction(engine.db, { id }, async (c) => {
      if (c.row.status !== expected) return null;
      await c.patch({ processing: { fraudCleared: true } });
      await c.timeline('note', 'Cleared by the anti-fraud analysis', { stage });
      return c.row;
    });
    return cleared?.value ? chargeInJob(engine, cleared.value) : undefined;
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
