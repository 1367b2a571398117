/**
 * What follows a charge's change in the same database transaction, registered by the modules above the engine that
 * own it (subscriptions: a billing cycle's charge decides its cycle; checkout: an approval completes the session), so
 * that transactions/ imports neither. The composition of the service registers them (`domain/charge-followers.ts`,
 * called by `startService`); they run in registration order, after the change's events are recorded.
 */
import { Followers } from '../../core/registry';
import type { Queryable } from '../../db/types';
import type { EventType } from '../../webhooks/outbox';
import type { TransactionRow } from './repo';

export interface ChargeFollower {
  /** A name for the registry: registering the same name again replaces nothing and adds nothing. */
  name: string;
  /** Called for every change of a charge that recorded events, inside its database transaction. */
  follow(q: Queryable, row: TransactionRow, events: readonly EventType[], at: Date): Promise<void>;
}

const followers = new Followers<ChargeFollower>('charge followers');

/** Registers `follower` once (by name); later registrations of the same name are ignored. */
export function followCharges(follower: ChargeFollower): void {
  followers.register(follower);
}

/**
 * The registered followers, in registration order. A charge that has a follower to tell (`needed`: it belongs to a
 * billing cycle or a checkout session) in a process where none was registered is an error, never a silent skip: the
 * cycle or session would be left behind its charge.
 */
export function chargeFollowers(needed = false): readonly ChargeFollower[] {
  return followers.all(needed);
}
