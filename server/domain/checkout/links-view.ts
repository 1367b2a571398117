/** Payment links as the API answers them (without `merchant` and `_links`, which the HTTP edge adds). */
import type { components } from '../../../generated/schema';
import type { PublicUrls } from '../../core/public-urls';
import { availabilityOf } from './availability';
import type { LinkLines } from './lines';
import type { LinkRow } from './links-repo';

export type LinkRecord = Omit<components['schemas']['PaymentLink'], 'merchant' | '_links'>;
export type LinkListRecord = components['schemas']['PaymentLinkListItem'];

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

/** The link with its lines and total as the catalogue has them now (`linesOf`), and its availability at `now`. */
export function linkRecord(row: LinkRow, sold: LinkLines, urls: PublicUrls, now: Date): LinkRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    enabled: row.enabled,
    availability: availabilityOf(row, now, sold.sellable),
    accessId: row.access_id,
    accessFullUrl: urls.checkout(row.access_id),
    items: row.items === null ? null : sold.lines.map((l) => ({ variantId: l.variantId!, quantity: l.quantity, name: l.name, unitPrice: l.unitPrice })),
    amount: sold.amount,
    currency: 'BRL',
    methods: row.methods,
    maxInstallments: row.max_installments,
    availableAt: iso(row.available_at),
    expiresAt: iso(row.expires_at),
    maxPayments: row.max_payments,
    completedPayments: row.completed_payments,
    reservedPayments: row.reserved_payments,
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    recurring: row.recurring,
    templateId: row.template_id,
    metadata: row.metadata,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function linkListRecord(row: LinkRow, urls: PublicUrls): LinkListRecord {
  return {
    id: row.id,
    name: row.name,
    accessId: row.access_id,
    accessFullUrl: urls.checkout(row.access_id),
    expiresAt: iso(row.expires_at),
    availableAt: iso(row.available_at),
    updatedAt: row.updated_at.toISOString(),
    createdAt: row.created_at.toISOString(),
  };
}
