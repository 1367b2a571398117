/**
 * Whether a payer can pay a payment link now, and if not why: the order of the checks is the spec's
 * (`PaymentLinkAvailability`), so the API and the checkout page always say the same thing.
 */
import type { components } from '../../../generated/schema';
import type { LinkRow } from './links-repo';

export type Availability = components['schemas']['PaymentLinkAvailability'];

type Counted = Pick<LinkRow, 'enabled' | 'available_at' | 'expires_at' | 'max_payments' | 'completed_payments' | 'reserved_payments'>;

/**
 * `sellable`: every variant the link sells is enabled, and so is its product, and the total can be charged
 * (`linesOf`). `ownPlace`: the payer asking already holds one of the places counted in `reserved_payments`.
 */
export function availabilityOf(link: Counted, now: Date, sellable: boolean, ownPlace = false): Availability {
  if (!link.enabled) return 'disabled';
  if (link.available_at && now < link.available_at) return 'scheduled';
  if (link.expires_at && now >= link.expires_at) return 'expired';
  if (link.max_payments !== null && link.completed_payments >= link.max_payments) return 'soldOut';
  const held = link.reserved_payments - (ownPlace ? 1 : 0);
  if (link.max_payments !== null && link.completed_payments + held >= link.max_payments) return 'fullyReserved';
  if (!sellable) return 'unavailable';
  return 'open';
}
