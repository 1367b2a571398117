/**
 * The split rule of a subscription (a template copied onto each cycle's charge): list, add, change, remove. Every
 * write runs under the subscription's row lock and checks the whole rule as it would stand, so a rule that cannot be
 * applied to the subscription's charge is refused when it is written, never discovered at billing time.
 */
import type { components } from '../../../generated/schema';
import { ApiError } from '../../core/errors';
import type { Scope } from '../../core/tenancy';
import type { Db, Queryable } from '../../db/types';
import { newId } from '../../ids';
import { NO_RECOVERY, type Recovery } from '../recovery';
import { feeFor } from '../fees/plan';
import { planFor } from '../fees/service';
import { checkSplits, divideInstallment, WHOLE } from './allocate';
import * as repo from './repo';
import type { AppliedSplit } from './template';
import { storedValue } from './values';

type CreateSplit = components['schemas']['CreateSubscriptionSplitRequest'];
type UpdateSplit = components['schemas']['UpdateSubscriptionSplitRequest'];

/** A subscription's splits and their totals (the split collection wrapper, without what the HTTP layer adds). */
export interface SplitState {
  subscription: string;
  splits: repo.SplitRow[];
  /** Hundredths of a percent. */
  totalPercentage: number;
  remainingAmount: number;
}

/**
 * Statuses whose split rule is frozen: nothing will be billed any more. `unpaid` is one of them: its only way out is
 * `canceled` (the merchant settles the debt outside the subscription), so a change of its rule could never apply.
 */
const FROZEN: ReadonlySet<string> = new Set<components['schemas']['SubscriptionStatus']>(['unpaid', 'canceled', 'expired']);

function subscriptionNotFound(id: string): ApiError {
  return new ApiError('subscriptionNotFound', { message: `No subscription ${id}.` });
}

function splitNotFound(subscriptionId: string, splitId: string): ApiError {
  return new ApiError('subscriptionSplitNotFound', { message: `${splitId} is not a split of ${subscriptionId}.` });
}

function invalidValue(type: AppliedSplit['type']): ApiError {
  const rule = type === 'percentage' ? 'a percentage greater than 0 and at most 100, with at most two decimals' : 'a whole number of cents, at least 1';
  return new ApiError('invalidParameters', { resource: 'subscription', message: `value must be ${rule}.`, params: [{ value: `must be ${rule}` }] });
}

function stored(type: AppliedSplit['type'], value: number): number {
  const v = storedValue(type, value);
  if (v === null) throw invalidValue(type);
  return v;
}

/** The subscription, locked, that the key's merchant may change the splits of; 404 or 422 otherwise. */
async function writable(q: Queryable, scope: Scope, subscriptionId: string): Promise<repo.SubscriptionForSplits> {
  const sub = await repo.lockSubscription(q, scope, subscriptionId);
  if (!sub) throw subscriptionNotFound(subscriptionId);
  if (FROZEN.has(sub.status)) {
    throw new ApiError('unprocessableEntity', { resource: 'subscription', message: `${subscriptionId} is ${sub.status}: its splits are frozen.` });
  }
  return sub;
}

/**
 * Refuses a rule that cannot be applied to the subscription's charge: percentages above 100 %, or shares that with
 * the part of the processing fee the merchant bears do not fit in the amount. The fee is the one the merchant's
 * fee plan takes for the subscription's method (and card brand, when known) on one installment.
 */
async function checkRule(q: Queryable, sub: repo.SubscriptionForSplits, rule: readonly AppliedSplit[]): Promise<void> {
  const plan = await planFor(q, sub.merchantId);
  const fee = feeFor(plan, { method: sub.method, installments: 1, brand: sub.brand, amount: sub.amount });
  const problem = checkSplits(rule, sub.merchantId, sub.amount, fee.kind === 'fee' ? fee.total : 0);
  if (!problem) return;
  const message =
    problem.kind === 'percentage'
      ? `The percentage splits of ${sub.id} would add up to ${problem.total / 100} %; at most 100 % can be split.`
      : `The splits of ${sub.id} would need ${problem.short} cents more than its amount of ${sub.amount} cents leaves after the processing fee the merchant bears.`;
  throw new ApiError('splitPercentageExceeded', { resource: 'subscription', message, params: [{ value: 'the splits would not fit in the subscription amount' }] });
}

/**
 * Checks the subscription's current split rule against its charge as it now stands: for a change of the
 * subscription's amount, payment method or card, in the database transaction that makes it (a change after which
 * the rule could not be applied is refused with the same `422 splitPercentageExceeded`).
 */
export async function checkSplitsStillFit(q: Queryable, subscription: repo.SubscriptionForSplits): Promise<void> {
  const rule = await repo.listSplits(q, subscription.id);
  if (rule.length > 0) await checkRule(q, subscription, rule);
}

function stateOf(subscription: repo.SubscriptionForSplits, splits: repo.SplitRow[]): SplitState {
  const totalPercentage = splits.filter((s) => s.type === 'percentage').reduce((n, s) => n + s.value, 0);
  // What stays with the merchant of each cycle before fees: the rule applied to the amount as billing applies it.
  const mine = divideInstallment(splits, subscription.merchantId, { gross: subscription.amount, fee: 0, number: 1, of: 1 }).shares[0]!;
  return { subscription: subscription.id, splits, totalPercentage: Math.min(totalPercentage, WHOLE), remainingAmount: mine.gross };
}

export async function listSplits(db: Db, scope: Scope, subscriptionId: string): Promise<SplitState> {
  return db.transaction(async (q) => {
    const sub = await repo.lockSubscription(q, scope, subscriptionId, false);
    if (!sub) throw subscriptionNotFound(subscriptionId);
    return stateOf(sub, await repo.listSplits(q, sub.id));
  });
}

/**
 * Checks a new split against the subscription and the splits it already has (recipient, duplicates, value, the
 * whole rule's limits) and inserts it, in the caller's database transaction (which holds the subscription's lock).
 */
async function addSplit(q: Queryable, scope: Scope, sub: repo.SubscriptionForSplits, existing: readonly AppliedSplit[], input: CreateSplit): Promise<repo.SplitRow> {
  const split: AppliedSplit = {
    splitId: newId('ssp'),
    recipient: input.recipient,
    type: input.type,
    value: stored(input.type, input.value),
    liable: input.liable ?? false,
    chargeProcessingFee: input.chargeProcessingFee ?? false,
  };
  // A recipient is one of the merchant's own sub-accounts (`npm run admin -- create-sub-account`): money only
  // moves between accounts of one business, never to an account the merchant does not control.
  if ((await repo.parentOf(q, split.recipient)) !== scope.merchantId) {
    throw new ApiError('unprocessableEntity', {
      resource: 'subscription',
      message: `${split.recipient} is not a sub-account of this merchant; splits go to the merchant's own sub-accounts.`,
      params: [{ recipient: 'must be a sub-account of this merchant' }],
    });
  }
  if (existing.some((s) => s.recipient === split.recipient)) {
    throw new ApiError('unprocessableEntity', {
      resource: 'subscription',
      message: `${split.recipient} already has a split on ${sub.id}; change that one instead.`,
      params: [{ recipient: 'already has a split on this subscription' }],
    });
  }
  await checkRule(q, sub, [...existing, split]);
  return repo.insertSplit(q, scope, sub.id, split, new Date());
}

export async function createSplit(db: Db, scope: Scope, subscriptionId: string, input: CreateSplit, recovery: Recovery = NO_RECOVERY): Promise<repo.SplitRow> {
  return db.transaction(async (q) => {
    const sub = await writable(q, scope, subscriptionId);
    const row = await addSplit(q, scope, sub, await repo.listSplits(q, sub.id), input);
    await recovery.mark(q, { resource: 'subscriptionSplit', id: row.splitId, parentId: sub.id, status: 201 });
    return row;
  });
}

/**
 * The splits given with a new subscription (`POST /v1/subscriptions`), checked one after the other exactly as
 * `createSplit` checks them and inserted in the caller's database transaction, the one that inserts the subscription
 * row: a subscription whose split rule cannot be applied is refused with it. `subscription.brand` is the card's
 * brand when known (it prices the fee).
 */
export async function writeInitialSplits(q: Queryable, scope: Scope, subscription: repo.SubscriptionForSplits, inputs: readonly CreateSplit[]): Promise<repo.SplitRow[]> {
  const rows: repo.SplitRow[] = [];
  for (const input of inputs) rows.push(await addSplit(q, scope, subscription, rows, input));
  return rows;
}

export async function updateSplit(
  db: Db,
  scope: Scope,
  subscriptionId: string,
  splitId: string,
  input: UpdateSplit,
  recovery: Recovery = NO_RECOVERY,
): Promise<repo.SplitRow> {
  return db.transaction(async (q) => {
    const sub = await writable(q, scope, subscriptionId);
    const existing = await repo.listSplits(q, sub.id);
    const current = existing.find((s) => s.splitId === splitId);
    if (!current) throw splitNotFound(sub.id, splitId);
    const changed = { type: input.type, value: stored(input.type, input.value) };
    await checkRule(q, sub, existing.map((s) => (s.splitId === splitId ? { ...s, ...changed } : s)));
    const row = await repo.updateSplit(q, splitId, changed, new Date());
    await recovery.mark(q, { resource: 'subscriptionSplit', id: splitId, parentId: sub.id, status: 200 });
    return row;
  });
}

/** One split of the subscription as it stands (the recovered answer of a create or a change). */
export async function getSplit(db: Db, scope: Scope, subscriptionId: string, splitId: string): Promise<repo.SplitRow> {
  const sub = await repo.lockSubscription(db, scope, subscriptionId, false);
  if (!sub) throw subscriptionNotFound(subscriptionId);
  const split = (await repo.listSplits(db, sub.id)).find((s) => s.splitId === splitId);
  if (!split) throw splitNotFound(sub.id, splitId);
  return split;
}

export async function deleteSplit(db: Db, scope: Scope, subscriptionId: string, splitId: string): Promise<SplitState> {
  return db.transaction(async (q) => {
    const sub = await writable(q, scope, subscriptionId);
    const existing = await repo.listSplits(q, sub.id);
    if (!existing.some((s) => s.splitId === splitId)) throw splitNotFound(sub.id, splitId);
    await repo.deleteSplit(q, splitId);
    return stateOf(sub, existing.filter((s) => s.splitId !== splitId));
  });
}
