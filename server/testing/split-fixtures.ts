/**
 * Fixtures of the split tests: subscription rows written directly with SQL (the API that creates subscriptions is
 * another part of the recurring capability), sub-accounts, and a charge given a subscription's split as a cycle's
 * charge gets it.
 */
import type { Db, Queryable } from '../db/types';
import { createSubAccount } from '../domain/access/sub-accounts';
import { splitTemplateOf } from '../domain/splits/template';
import { newId } from '../ids';

export interface SubscriptionFixture {
  merchantId: string;
  mode?: 'sandbox' | 'production';
  amount?: number;
  method?: 'pix' | 'credit' | 'billet';
  status?: string;
  /** The card's brand, as the subscription keeps its card's display fields. */
  brand?: string;
}

/** A customer and a monthly subscription of the merchant; returns the subscription's id. */
export async function insertSubscription(q: Queryable, f: SubscriptionFixture): Promise<string> {
  const mode = f.mode ?? 'sandbox';
  const customerId = newId('cus');
  const at = new Date();
  await q.query(
    `INSERT INTO customers (id, merchant_id, mode, first_name, last_name, email, created_at, updated_at)
     VALUES ($1, $2, $3, 'Maria', 'Silva', 'maria.silva@example.com', $4, $4)`,
    [customerId, f.merchantId, mode, at],
  );
  const id = newId('subs');
  await q.query(
    `INSERT INTO subscriptions (id, merchant_id, mode, customer_id, status, amount, payment_method, card,
       billing_frequency, billing_frequency_count, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, 'monthly', 1, $9, $9)`,
    [
      id, f.merchantId, mode, customerId, f.status ?? 'active', f.amount ?? 5000, f.method ?? 'pix',
      f.brand ? JSON.stringify({ brand: f.brand, lastDigits: '1111' }) : null, at,
    ],
  );
  return id;
}

/** A sub-account of `parentId` with its keys. */
export function subAccount(db: Db, parentId: string, name = 'Parceiro Ltda') {
  return createSubAccount(db, parentId, name);
}

/** Makes a charge one of the subscription's cycles: it gets the subscription's split as it stands (the template's copy). */
export async function chargeOfSubscription(q: Queryable, transactionId: string, subscriptionId: string): Promise<void> {
  const splits = await splitTemplateOf(q, subscriptionId);
  await q.query('UPDATE transactions SET subscription_id = $2, splits = $3::jsonb WHERE id = $1', [
    transactionId, subscriptionId, splits === null ? null : JSON.stringify(splits),
  ]);
}

let lastCreated = 0;

/** Writes a split row directly (a rule the API would refuse, to test what billing does with one). */
export async function insertSplitRow(
  q: Queryable,
  s: { subscriptionId: string; merchantId: string; recipient: string; type: 'percentage' | 'fixed'; value: number; liable?: boolean; chargeProcessingFee?: boolean },
): Promise<string> {
  const id = newId('ssp');
  // Splits divide a charge in the order they were created: each row strictly after the one before, whatever the
  // clock's resolution.
  lastCreated = Math.max(Date.now(), lastCreated + 1);
  await q.query(
    `INSERT INTO subscription_splits (id, subscription_id, merchant_id, mode, recipient_id, type, value, liable,
       charge_processing_fee, created_at, updated_at)
     VALUES ($1, $2, $3, 'sandbox', $4, $5, $6, $7, $8, $9, $9)`,
    [id, s.subscriptionId, s.merchantId, s.recipient, s.type, s.value, s.liable ?? false, s.chargeProcessingFee ?? false, new Date(lastCreated)],
  );
  return id;
}
