/** A subscription and a billing cycle as the API and their events show them. */
import type { components } from '../../../generated/schema';
import type { Queryable } from '../../db/types';
import type { Merchant } from '../../core/tenancy';
import { cycleLinks, subscriptionLinks } from '../../core/links';
import type { CycleRow, SubscriptionRow } from './repo';

type Subscription = components['schemas']['Subscription'];
type BillingCycle = components['schemas']['BillingCycle'];
type SubscriptionSplit = components['schemas']['SubscriptionSplit'];

const iso = (d: Date | null) => d?.toISOString() ?? null;

type SplitRow = {
  subscription_id: string; id: string; recipient_id: string; type: 'percentage' | 'fixed'; value: string | number;
  charge_processing_fee: boolean; liable: boolean; created_at: Date; updated_at: Date;
};

/** The splits of the subscriptions `ids` as they show them (percentages stored in hundredths of a percent), in one query. */
export async function splitsOf(q: Queryable, ids: string[]): Promise<Map<string, SubscriptionSplit[]>> {
  const out = new Map<string, SubscriptionSplit[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const res = await q.query<SplitRow>(
    `SELECT subscription_id, id, recipient_id, type, value, charge_processing_fee, liable, created_at, updated_at
       FROM subscription_splits WHERE subscription_id = ANY ($1::text[]) ORDER BY seq`,
    [ids],
  );
  for (const r of res.rows) {
    out.get(r.subscription_id)?.push({
      id: r.id, recipient: r.recipient_id, type: r.type, value: r.type === 'percentage' ? Number(r.value) / 100 : Number(r.value),
      chargeProcessingFee: r.charge_processing_fee, liable: r.liable, updatedAt: r.updated_at.toISOString(), createdAt: r.created_at.toISOString(),
    });
  }
  return out;
}

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
    splits: splits ?? (await splitsOf(q, [s.id])).get(s.id) ?? [],
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
