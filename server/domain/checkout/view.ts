/** The `CheckoutSession` object: the payload of `checkout.*` events. */
import type { components } from '../../../generated/schema';
import { checkoutSessionLinks } from '../../core/links';
import type { Merchant } from '../../core/tenancy';
import type { SessionRow } from './sessions-repo';

export type CheckoutSession = components['schemas']['CheckoutSession'];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function sessionView(s: SessionRow, merchant: Merchant): CheckoutSession {
  return {
    id: s.id,
    paymentLinkId: s.payment_link_id,
    status: s.status,
    method: s.method,
    amount: s.amount,
    approvedAmount: s.approved_amount,
    currency: 'BRL',
    transactionId: s.transaction_id,
    subscriptionId: s.subscription_id,
    startedAt: s.started_at.toISOString(),
    expiresAt: s.expires_at.toISOString(),
    completedAt: iso(s.completed_at),
    abandonedAt: iso(s.abandoned_at),
    updatedAt: s.updated_at.toISOString(),
    merchant,
    _links: checkoutSessionLinks({ paymentLinkId: s.payment_link_id, transactionId: s.transaction_id, subscriptionId: s.subscription_id }),
  };
}
