/** A withdrawal as the API shows it: the list item, and the resource with its merchant and links. */
import type { components } from '../../../generated/schema';
import { withdrawalLinks } from '../../core/links';
import type { Merchant } from '../../core/tenancy';
import type { WithdrawalRow } from './repo';

export type Withdrawal = components['schemas']['Withdrawal'];
export type WithdrawalListItem = components['schemas']['WithdrawalListItem'];


export function withdrawalItem(row: WithdrawalRow): WithdrawalListItem {
  return {
    id: row.id,
    walletId: row.wallet_id,
    amount: row.amount,
    currency: 'BRL',
    status: row.status,
    description: row.description,
    metadata: row.metadata,
    failureReason: row.failure_reason,
    paidAt: row.paid_at?.toISOString() ?? null,
    updatedAt: row.updated_at.toISOString(),
    createdAt: row.created_at.toISOString(),
  };
}

/** What reading the withdrawal returns, and what its events carry. */
export function withdrawalView(row: WithdrawalRow, merchant: Merchant): Withdrawal {
  return {
    ...withdrawalItem(row),
    merchant,
    _links: withdrawalLinks({ id: row.id, walletId: row.wallet_id }),
  };
}
