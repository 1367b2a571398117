/** Rows of the catalogue as the API answers them (without `merchant` and `_links`, which the HTTP edge adds). */
import type { components } from '../../../generated/schema';
import { cyclesOf, daysTrialOf } from './pricing';
import type { ProductRow, VariantRow } from './repo';

export type ProductRecord = components['schemas']['ProductListItem'];
export type VariantRecord = components['schemas']['VariantListItem'];

export function productRecord(row: ProductRow): ProductRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    enabled: row.enabled,
    metadata: row.metadata,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function variantRecord(row: VariantRow): VariantRecord {
  const trial = { trialInterval: row.trial_interval, trialIntervalCount: row.trial_interval_count };
  return {
    id: row.id,
    productId: row.product_id,
    name: row.name,
    description: row.description,
    sku: row.sku,
    enabled: row.enabled,
    pricing: {
      oldPrice: row.old_price,
      unitPrice: row.unit_price,
      costPerItem: row.cost_per_item,
      currency: 'BRL',
      schema: 'unit',
      type: row.price_type,
      daysTrial: daysTrialOf(trial),
      billingType: row.billing_type,
      billingFrequency: row.billing_frequency,
      billingFrequencyCount: row.billing_frequency_count,
      billingExactDay: row.billing_exact_day,
      cycles: cyclesOf(row.cycles),
      ...trial,
    },
    images: row.images,
    metadata: row.metadata,
    externalReference: row.external_reference === '' ? null : row.external_reference,
    attributes: row.attributes,
    updatedAt: row.updated_at.toISOString(),
    createdAt: row.created_at.toISOString(),
  };
}
