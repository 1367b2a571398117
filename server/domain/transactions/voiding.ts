/**
 * The void of a route that timed out (its authorization may or may not exist at the provider). Two runs can work on
 * one charge at once (its job and the sandbox simulator's `issueNow`, or a job and its stale twin), so the void is
 * claimed under the row lock before the provider is told to cancel: a key whose answer another run has recorded as
 * the charge's route is never voided, and `recordIn()` never settles on a key that is voided or being voided. The claim
 * enqueues, in the same database transaction, a `transaction.void` job (`claimed`) that finishes the void whatever
 * becomes of the run or the charge (the run died, its cancel timed out, the charge was canceled or settled on another
 * route meanwhile); the run still tries the cancel at once, under the same provider key, so the two are one void.
 */
import type { Queryable } from '../../db/types';
import type { PaymentProvider } from '../../payments/provider';
import { changeTransaction, type Change } from './change';
import { schedule, type Engine } from './engine';
import { authorizeVoided, cancelRecorded } from './provider-calls';
import * as repo from './repo';

/** Who claimed a void: the charge's job, or the sandbox simulator's `issueNow` (whose rounds cost the job no retry). */
export type Claimant = 'job' | 'simulator';

/** A route that timed out could not be told to cancel either: the run stops until it can (the job retries later). */
export class RouteNotVoided extends Error {
  constructor(providerId: string, reason: string) {
    super(`route ${providerId} did not answer and cannot be voided yet: ${reason}`);
    this.name = 'RouteNotVoided';
  }
}

/** The keys voided or being voided: no run asks them again, and no answer under them is recorded. */
export function voidedKeys(p: repo.Processing): Set<string> {
  return new Set([...(p.voided ?? []), ...(p.voiding ?? []).map((v) => v.key)]);
}

/** Tells the provider to cancel whatever it holds under `key` (the blind void of a time-out: `${key}:void`). */
async function cancelAt(engine: Engine, provider: PaymentProvider, t: repo.TransactionRow, key: string): Promise<void> {
  const res = await cancelRecorded(engine, t, 'void', provider.id, `${key}:void`, key);
  if (!res.done) throw new RouteNotVoided(provider.id, res.reason);
}

/**
 * Enqueues the durable void of a claimed key, in the caller's database transaction; one per key. Due after the
 * provider time-out, by when the run's own inline attempt has ended one way or the other; retried with backoff until
 * the provider confirms, dead and listed once its attempts run out (the provider may still hold the authorization).
 */
export async function scheduleClaimedVoid(q: Queryable, engine: Engine, transactionId: string, provider: string, key: string): Promise<void> {
  const after = new Date(Date.now() + engine.orchestrator.timeoutMs);
  await schedule(q, { kind: 'transaction.void', payload: { transactionId, provider, key, claimed: true } }, after, `transaction.void:${transactionId}:${key}:void`);
}

/** Under the row lock: `key` is now voided (no longer merely being voided); the timeline says so once. */
async function markVoided(engine: Engine, id: string, providerId: string, key: string, note: { attempt: number; reason: string }) {
  return changeTransaction(engine.db, { id }, async (c) => {
    const p = c.row.processing;
    const voided = p.voided ?? [];
    await c.patch({
      processing: { voided: voided.includes(key) ? voided : [...voided, key], voiding: (p.voiding ?? []).filter((v) => v.key !== key) },
    });
    await authorizeVoided(c.q, key, c.at);
    await c.timeline(
      'route',
      `Route ${providerId} did not answer; voided, trying the next one`,
      { provider: providerId, attempt: note.attempt, outcome: 'unavailable', reason: note.reason },
      `${key}:voided`,
    );
    return c.row;
  });
}

/**
 * Claims the void of the route that timed out under `key`, under the row lock (the authorization's runner apply of
 * an `uncertain` outcome, which marked the operation `uncertain` beside it): false when another run recorded this very
 * key's answer as the charge's route (nothing to void: the charge stands on it). The claim puts the key in `voiding`
 * and enqueues its durable void job in the same database transaction.
 */
export async function claimVoid(c: Change, engine: Engine, provider: PaymentProvider, key: string, note: { attempt: number; reason: string }, by: Claimant): Promise<boolean> {
  const p = c.row.processing;
  if (p.route?.key === key) return false;
  if (!voidedKeys(p).has(key)) {
    const simulatorVoided = by === 'simulator' ? { simulatorVoided: [...(p.simulatorVoided ?? []), key] } : {};
    await c.patch({ processing: { voiding: [...(p.voiding ?? []), { provider: provider.id, key, ...note }], ...simulatorVoided } });
  }
  if (!(p.voided ?? []).includes(key)) await scheduleClaimedVoid(c.q, engine, c.row.id, provider.id, key);
  return true;
}

/**
 * Voids a claimed key now: the provider is told to cancel under `${key}:void`, then the key is `voided`. `stop` when
 * the run must not go on to the next route: the charge was settled or ended meanwhile (the key is voided all the
 * same, nobody stands on it). Throws `RouteNotVoided` when the provider cannot be reached; the key stays claimed
 * (`voiding`) and the next run finishes the void first.
 */
export async function voidNow(
  engine: Engine,
  inFlight: (t: repo.TransactionRow) => boolean,
  t: repo.TransactionRow,
  provider: PaymentProvider,
  key: string,
  note: { attempt: number; reason: string },
): Promise<'voided' | 'stop'> {
  await cancelAt(engine, provider, t, key);
  const after = await markVoided(engine, t.id, provider.id, key, note);
  return after && inFlight(after.value) ? 'voided' : 'stop';
}

/**
 * Finishes the voids a run claimed and could not complete (the provider was unreachable, or the run died): before a
 * charge asks any route again, every key being voided is voided. Returns the row as it stands after.
 */
export async function finishVoids(engine: Engine, t: repo.TransactionRow): Promise<repo.TransactionRow> {
  const pending = t.processing.voiding ?? [];
  if (pending.length === 0) return t;
  for (const v of pending) {
    await cancelAt(engine, engine.orchestrator.provider(v.provider), t, v.key);
    await markVoided(engine, t.id, v.provider, v.key, v);
  }
  return (await repo.findTransactionById(engine.db, t.id)) ?? t;
}

/**
 * `transaction.void` of a claimed key (`claimed`): cancels under `${key}:void`, as the run's inline attempt did or
 * would have, then moves the key to `voided`, whatever the charge's status now. A key already voided is done; a key
 * the charge is settled on is never voided (no claim is made on it, and none is settled on once claimed: this is the
 * last guard). Throws `RouteNotVoided` while the provider cannot be reached: the job retries.
 */
export async function voidClaimed(engine: Engine, transactionId: string, providerId: string, key: string): Promise<void> {
  const t = await repo.findTransactionById(engine.db, transactionId);
  if (!t || t.processing.route?.key === key || (t.processing.voided ?? []).includes(key)) return;
  const claim = t.processing.voiding?.find((v) => v.key === key) ?? { attempt: 0, reason: 'timed out' };
  await cancelAt(engine, engine.orchestrator.provider(providerId), t, key);
  await markVoided(engine, t.id, providerId, key, claim);
}
