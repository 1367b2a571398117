/**
 * One change of a transaction: inside one database transaction the row is locked, moved through the state
 * machine, its timeline appended, and the events of the change recorded in the outbox with the transaction as it
 * stands after the change. Either all of it is committed or none of it.
 */
import type { Db, Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import { recordEvent, type EventType } from '../../webhooks/outbox';
import * as repo from './repo';
import { assertTransition, eventOf, STATUS_MESSAGE, type TransactionStatus } from './status';
import { merchantOf } from '../access/merchants';
import { transactionView } from './view';
import { chargeFollowers } from './followers';
import { transactionChanged } from './notify';

export class Change {
  readonly events: EventType[] = [];

  constructor(
    readonly q: Queryable,
    public row: repo.TransactionRow,
    readonly at: Date,
  ) {}

  get scope(): Scope {
    return { merchantId: this.row.merchant_id, mode: this.row.mode };
  }

  /** Moves to `to` (422 `invalidTransition` when the table does not allow it), with its status entry and event. */
  async move(to: TransactionStatus, patch: Omit<repo.TransactionPatch, 'status'> = {}, action?: string): Promise<void> {
    const from = this.row.status;
    assertTransition(this.row.id, from, to, action);
    this.row = await repo.updateTransaction(this.q, this.row.id, { ...patch, status: to }, this.at);
    await this.timeline('status', STATUS_MESSAGE[to], { from, to });
    this.events.push(eventOf(to));
  }

  /** Changes fields without a change of status. */
  async patch(patch: Omit<repo.TransactionPatch, 'status'>): Promise<void> {
    this.row = await repo.updateTransaction(this.q, this.row.id, patch, this.at);
  }

  /**
   * Appends a timeline entry. `fact` names what it reports when a re-run of the same work can meet it again (a route
   * found unavailable in one round): an entry with that fact already written is not written twice.
   */
  timeline(type: repo.TimelineType, message: string, details: Record<string, unknown> | null = null, fact?: string): Promise<void> {
    return repo.addTimeline(this.q, this.row.id, { type, message, details, ...(fact ? { fact } : {}) }, this.at);
  }

  /** Records an event that is not a status change (`transaction.partially-refunded`). */
  emit(type: EventType): void {
    this.events.push(type);
  }
}

/** Where the transaction is looked up: by the caller's key (API) or by id alone (background work). */
export type Locate = { scope: Scope; id: string } | { id: string };

/**
 * Runs `fn` on the locked transaction in one database transaction and records its events after it. Returns null
 * when the transaction does not exist (for the caller to answer 404 or to drop a job).
 */
export async function changeTransaction<T>(
  db: Db,
  where: Locate,
  fn: (c: Change) => Promise<T>,
): Promise<{ value: T; row: repo.TransactionRow } | null> {
  const out = await db.transaction((q) => changeTransactionIn(q, where, fn));
  // After the commit, never inside it: a watcher that re-reads at once must see the change.
  if (out) transactionChanged(out.row.id);
  return out;
}

/** `changeTransaction` inside a database transaction the caller holds (a job's exhaustion, written with its death). */
export async function changeTransactionIn<T>(
  q: Queryable,
  where: Locate,
  fn: (c: Change) => Promise<T>,
): Promise<{ value: T; row: repo.TransactionRow } | null> {
  const row = 'scope' in where ? await repo.findTransaction(q, where.scope, where.id, true) : await repo.findTransactionById(q, where.id, true);
  if (!row) return null;
  const c = new Change(q, row, new Date());
  const value = await fn(c);
  if (c.events.length > 0) {
    const object = await transactionView(q, c.row, await merchantOf(q, c.row.merchant_id));
    for (const type of c.events) {
      await recordEvent(q, c.scope, { type, resource: 'transaction', resourceId: c.row.id, object }, c.at);
    }
    // What follows the charge (a billing cycle, a checkout session), in this same database transaction.
    const followed = Boolean(c.row.billing_cycle_id || c.row.checkout_session_id);
    for (const f of chargeFollowers(followed)) await f.follow(q, c.row, c.events, c.at);
  }
  return { value, row: c.row };
}
