/**
 * Sandbox test clocks: created at any time, read, listed, given subscriptions, and advanced (`advance.ts`). Every
 * operation needs a sandbox key; clocks belong to the merchant and exist in sandbox only.
 */
import type { components } from '../../../generated/schema';
import { ApiError } from '../../core/errors';
import { parseList, type ListQuery } from '../../core/lists';
import { requireSandbox, type Scope } from '../../core/tenancy';
import type { Db, Queryable } from '../../db/types';
import { clockBusy, runClockTo, type ClockDeps } from './advance';
import * as repo from './repo';

type CreateInput = components['schemas']['CreateSandboxClockRequest'];

/** The instants a clock may stand at: a calendar range any billing scenario fits in, far from timestamp limits. */
const EARLIEST = new Date('2000-01-01T00:00:00.000Z');
const LATEST = new Date('2100-01-01T00:00:00.000Z');
/** One advance moves a clock at most this many calendar years (UTC). */
export const MAX_ADVANCE_YEARS = 5;

const sandboxOnly = (scope: Scope) => requireSandbox(scope, 'Test clocks need a sandbox key (sk_test_…).', 'clock');

function clockNotFound(id: string): ApiError {
  return new ApiError('sandboxClockNotFound', { message: `Sandbox clock ${id} was not found.` });
}

function timeInvalid(message: string): ApiError {
  return new ApiError('sandboxClockTimeInvalid', { message });
}

export async function createClock(db: Db, scope: Scope, input: CreateInput): Promise<repo.ClockDetailRow> {
  sandboxOnly(scope);
  let start: Date | null = null;
  if (input.now !== undefined) {
    start = new Date(input.now);
    if (!(start >= EARLIEST && start < LATEST)) {
      throw timeInvalid(`A clock starts between ${EARLIEST.toISOString()} and ${LATEST.toISOString()}.`);
    }
  }
  const row = await repo.insertClock(db, scope.merchantId, input.name ?? '', start);
  return { ...row, next_job_at: null, subscription_count: 0 };
}

export async function getClock(db: Db, scope: Scope, id: string): Promise<repo.ClockDetailRow> {
  sandboxOnly(scope);
  const row = await repo.findClock(db, scope.merchantId, id);
  if (!row) throw clockNotFound(id);
  return row;
}

/**
 * The clock a new subscription is to live on (`clockId` of its creation), checked: the merchant's, in sandbox. Its
 * id and now, read in the caller's transaction. Production keys are `403 sandboxOnly`, an unknown clock `404`.
 */
export async function requireClock(q: Queryable, scope: Scope, clockId: string): Promise<{ id: string; now: Date }> {
  sandboxOnly(scope);
  const res = await q.query<{ id: string; now: Date }>('SELECT id, now FROM sandbox_clocks WHERE id = $1 AND merchant_id = $2', [clockId, scope.merchantId]);
  const row = res.rows[0];
  if (!row) throw clockNotFound(clockId);
  return row;
}

export async function listClocks(db: Db, scope: Scope, query: ListQuery): Promise<{ items: repo.ClockRow[]; total: number; limit: number; offset: number }> {
  sandboxOnly(scope);
  const { limit, offset } = parseList(query, [], { resource: 'clock' });
  const [items, total] = await Promise.all([repo.listClocks(db, scope.merchantId, limit, offset), repo.countClocks(db, scope.merchantId)]);
  return { items, total, limit, offset };
}

/** `from` moved `years` calendar years on (UTC); 29 February lands on 28 February of a common year, as `Date` would not. */
export function addYears(from: Date, years: number): Date {
  const out = new Date(from.getTime());
  out.setUTCFullYear(from.getUTCFullYear() + years);
  if (out.getUTCDate() !== from.getUTCDate()) out.setUTCDate(0);
  return out;
}

/**
 * Advances the clock to `to`, running everything due on it until then (`advance.ts`); the clock after it. `to` is
 * checked against the clock as read before taking it: another advance that ran in between may have moved it past
 * `to`, and then this one runs nothing and leaves it there (the clock's time is only ever set with `greatest`).
 */
export async function advanceClock(db: Db, deps: ClockDeps, scope: Scope, id: string, toText: string): Promise<repo.ClockDetailRow> {
  const before = await getClock(db, scope, id);
  const to = new Date(toText);
  if (to < before.now) {
    throw timeInvalid(`Clocks only go forward: ${id} stands at ${before.now.toISOString()}.`);
  }
  const most = addYears(before.now, MAX_ADVANCE_YEARS);
  if (to > most) {
    throw timeInvalid(`One advance moves a clock at most ${MAX_ADVANCE_YEARS} years: ${id} may go to ${most.toISOString()} at the latest.`);
  }
  const outcome = await runClockTo(db, deps, id, to);
  if (outcome.kind === 'tooManyJobs') {
    throw new ApiError('sandboxClockTooManyJobs', {
      message: `More than ${outcome.ran} jobs fell due; the clock stopped at ${outcome.at.toISOString()}. Advance it again to go on.`,
    });
  }
  return getClock(db, scope, id);
}

/**
 * Puts a sandbox subscription with no billing cycle yet on the clock, and its waiting jobs with it (jobs whose
 * payload names it as `subscriptionId`), each at the same distance from the clock's now as it was from the wall
 * clock's. Attaching it again to its own clock changes nothing.
 */
export async function attachSubscription(db: Db, scope: Scope, id: string, subscriptionId: string): Promise<repo.ClockDetailRow> {
  sandboxOnly(scope);
  await db.transaction(async (tx) => {
    const clock = await tx.query<{ now: Date; busy: boolean }>(
      `SELECT now, (status = 'advancing' AND advance_lease_until > now()) AS busy
         FROM sandbox_clocks WHERE id = $1 AND merchant_id = $2 FOR UPDATE`,
      [id, scope.merchantId],
    );
    const c = clock.rows[0];
    if (!c) throw clockNotFound(id);
    if (c.busy) throw clockBusy(id);
    const sub = await tx.query<{ clock_id: string | null; cycles: number }>(
      `SELECT clock_id, (SELECT count(*)::int FROM billing_cycles b WHERE b.subscription_id = s.id AND b.status <> 'scheduled') AS cycles
         FROM subscriptions s WHERE id = $1 AND merchant_id = $2 AND mode = 'sandbox' FOR UPDATE`,
      [subscriptionId, scope.merchantId],
    );
    const s = sub.rows[0];
    if (!s) throw new ApiError('subscriptionNotFound', { message: `Subscription ${subscriptionId} was not found.` });
    if (s.clock_id === id) return;
    if (s.clock_id !== null) {
      throw notAttachable(`Subscription ${subscriptionId} is on clock ${s.clock_id}; a subscription stays on its clock.`);
    }
    if (s.cycles > 0) {
      throw notAttachable(`Subscription ${subscriptionId} has billed a cycle already; only a subscription with none may be attached.`);
    }
    await tx.query('UPDATE subscriptions SET clock_id = $2, updated_at = now() WHERE id = $1', [subscriptionId, id]);
    await tx.query(
      `UPDATE jobs SET clock_id = $2, run_at = greatest($3::timestamptz, $3::timestamptz + (run_at - now())), updated_at = now()
        WHERE clock_id IS NULL AND status = 'pending' AND payload->>'subscriptionId' = $1`,
      [subscriptionId, id, c.now],
    );
  });
  return getClock(db, scope, id);
}

function notAttachable(message: string): ApiError {
  return new ApiError('subscriptionNotAttachable', { message });
}
