/**
 * The transaction state machine: one transition table, read by the code that moves a transaction and checked by a
 * test against the table in the spec's `TransactionStatus` description, so the two cannot drift apart.
 */
import type { components } from '../../../generated/schema';
import { ApiError } from '../../core/errors';
import type { Transitions } from '../../core/state-machine';

export type TransactionStatus = components['schemas']['TransactionStatus'];
export type RefundStatus = components['schemas']['Refund']['status'];
export type EventType = components['schemas']['WebhookEventType'];

/** Every legal move; a status absent from a list cannot be reached from the key status. */
export const TRANSITIONS = {
  pending: ['approved', 'pre-authorized', 'failed', 'analyzing', 'awaiting', 'canceled'],
  analyzing: ['approved', 'pre-authorized', 'failed', 'refused', 'fraud-review'],
  'fraud-review': ['approved', 'pre-authorized', 'failed', 'refused'],
  awaiting: ['approved', 'pre-authorized', 'failed', 'analyzing', 'canceled'],
  'pre-authorized': ['approved', 'canceled'],
  approved: ['refunded', 'dispute'],
  dispute: ['approved', 'chargeback'],
  failed: [],
  refused: [],
  canceled: [],
  refunded: [],
  chargeback: [],
} as const satisfies Record<TransactionStatus, readonly TransactionStatus[]>;

export const STATUSES = Object.keys(TRANSITIONS) as TransactionStatus[];

/**
 * The statuses each merchant operation applies from, the table of "Capture, refund, cancel" in the spec (a test
 * compares them). Not derivable from TRANSITIONS: `pending → approved` is legal, yet a pending charge is not captured.
 */
export const OPERATIONS = {
  capture: ['pre-authorized'],
  refunds: ['approved'],
  cancel: ['pending', 'awaiting', 'pre-authorized'],
} as const satisfies Record<string, readonly TransactionStatus[]>;

export type Operation = keyof typeof OPERATIONS;

/** True when `operation` applies to a transaction in `status`. */
export function allows(operation: Operation, status: TransactionStatus): boolean {
  return (OPERATIONS[operation] as readonly TransactionStatus[]).includes(status);
}

export const TERMINAL: readonly TransactionStatus[] = STATUSES.filter((s) => TRANSITIONS[s].length === 0);

/**
 * A charge in one of these was never paid and never will be: whatever follows a charge (a checkout session, a
 * subscription's cycle) treats it as over, and its payer may pay again. The one list: checkout, subscriptions and
 * the SQL that asks the same question all read it (a test checks it against the table).
 */
export const ENDED_UNPAID = ['failed', 'refused', 'canceled'] as const satisfies readonly TransactionStatus[];

/** True when a charge in `status` ended unpaid for good (`ENDED_UNPAID`). */
export function endedUnpaid(status: TransactionStatus): boolean {
  return (ENDED_UNPAID as readonly TransactionStatus[]).includes(status);
}

export function canTransition(from: TransactionStatus, to: TransactionStatus): boolean {
  return (TRANSITIONS[from] as readonly TransactionStatus[]).includes(to);
}

/** The 422 of an operation the current status does not allow; `action` names it for people. */
export function invalidTransition(id: string, from: TransactionStatus, action: string): ApiError {
  return new ApiError('invalidTransition', {
    resource: 'transaction',
    message: `Transaction ${id} is ${from}: it cannot be ${action}.`,
    details: `Allowed from ${from}: ${TRANSITIONS[from].join(', ') || 'nothing (terminal status)'}.`,
  });
}

export function assertTransition(id: string, from: TransactionStatus, to: TransactionStatus, action = `moved to ${to}`): void {
  if (!canTransition(from, to)) throw invalidTransition(id, from, action);
}

/** The event a status change records: the webhook named after the status entered. */
export function eventOf(to: TransactionStatus): EventType {
  return to === 'pending' ? 'transaction.created' : `transaction.${to}`;
}

/** The events a charge records as it ends unpaid (`ENDED_UNPAID`): what a follower of the charge reacts to. */
export const ENDED_UNPAID_EVENTS: readonly EventType[] = ENDED_UNPAID.map(eventOf);

/** People's text of a status entry of the timeline. */
export const STATUS_MESSAGE: Record<TransactionStatus, string> = {
  pending: 'Transaction created',
  'pre-authorized': 'Amount authorized, waiting for capture',
  approved: 'Transaction approved',
  failed: 'Charge refused by the issuer or acquirer',
  refused: 'Charge refused by the anti-fraud analysis',
  canceled: 'Transaction canceled',
  refunded: 'Transaction refunded',
  chargeback: 'Dispute lost: chargeback',
  dispute: 'Dispute opened by the payer',
  'fraud-review': 'Sent to manual anti-fraud review',
  analyzing: 'Sent to the anti-fraud analysis',
  awaiting: 'Every route unavailable: retrying in the background',
};

/**
 * The life of a refund (the table of the spec's `Refund.status`, compared by a test): reserved `pending`, final once
 * the provider answers. A refund the provider could not take at all is removed in the same database transaction that
 * made it (its amount refundable again), so it never shows.
 */
export const REFUND_TRANSITIONS = {
  pending: ['succeeded', 'failed'],
  succeeded: [],
  failed: [],
} as const satisfies Transitions<RefundStatus>;
