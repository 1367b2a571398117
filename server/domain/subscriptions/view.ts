/** A subscription and a billing cycle as the API and their events show them. */
import type { components } from '../../../generated/schema';
import type { Queryable } from '../../db/types';
import type { Merchant } from '../../core/tenancy';
import { cycleLinks, subscriptionLinks } from '../../core/links';
import { splitItemsOf } from '../splits/view';
import type { CycleRow, SubscriptionRow } from './repo';

type Subscription = components['schemas']['Subscription'];
type BillingCycle = components['schemas']['BillingCycle'];
type SubscriptionSplit = components['schemas']['SubscriptionSplit'];

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The subscription as reading it returns it; `splits` when the caller loaded them (a list, in one query). */
export async function subscriptionView(q: Queryable, s: SubscriptionRow, merchant: Merchant, splits?: SubscriptionSplit[]): Promise<Subscription> {
  return {
    id: s.id,
    status: s.status,
    customerId: s.customer_id,
    variantId: s.variant_id,
    amount: s.amount,
    currency: 'BRL',
    paymentMethod: s.payment_method,
    card: s.card ? { brand: s.card.brand, firstDigits: s.card.firstDigits, lastDigits: s.card.lastDigits } : null,
    billingFrequency: s.billing_frequency,
    billingFrequencyCount: s.billing_frequency_count,
    billingExactDay: s.billing_exact_day,
    currentCycle: s.current_cycle,
    totalCycles: s.total_cycles,
    nextBillingAt: iso(s.next_billing_at),
    trialEndsAt: iso(s.trial_ends_at),
    cancelAtPeriodEnd: s.cancel_at_period_end,
    pausedAt: iso(s.paused_at),
    canceledAt: iso(s.canceled_at),
    dunning: s.dunning,
    clockId: s.clock_id,
    splits: splits ?? (await splitItemsOf(q, [s.id])).get(s.id) ?? [],
    metadata: s.metadata,
    createdAt: s.created_at.toISOString(),
    updatedAt: s.updated_at.toISOString(),
    merchant,
    _links: subscriptionLinks(s),
  };
}

export function cycleView(c: CycleRow, merchant: Merchant): BillingCycle {
  return {
    id: c.id,
    subscriptionId: c.subscription_id,
    cycle: c.cycle,
    status: c.status,
    amount: c.amount,
    transactionId: c.transaction_id,
    attempts: c.attempts,
    nextRetryAt: iso(c.next_retry_at),
    startDate: c.start_date,
    endDate: c.end_date,
    dueDate: c.due_date,
    billedAt: iso(c.billed_at),
    updatedAt: c.updated_at.toISOString(),
    createdAt: c.created_at.toISOString(),
    merchant,
    _links: cycleLinks({ subscriptionId: c.subscription_id, transactionId: c.transaction_id }),
  };
}
