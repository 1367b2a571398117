/**
 * The answer to a retry whose first request committed its work and then died (or failed) before answering: the
 * resource of its recovery point as it stands now, rendered as the operation's success renders it.
 */
import type { RecoveryRef } from '../domain/recovery';
import type { Ctx } from './context';
import { addressesRecovery } from './handlers/addresses';
import { catalogRecovery } from './handlers/catalog';
import { paymentLinksRecovery } from './handlers/checkouts';
import { customersRecovery } from './handlers/customers';
import { subscriptionSplitsRecovery } from './handlers/subscription-splits';
import { subscriptionsRecovery } from './handlers/subscriptions';
import { transactionsRecovery } from './handlers/transactions';
import { walletsRecovery } from './handlers/wallets';
import { webhooksRecovery } from './handlers/webhooks';
import { withdrawalsRecovery } from './handlers/withdrawals';
import type { Recoveries } from './recovery';

export interface Answer {
  status: number;
  body: unknown;
}

/** Each kind's recovery, from the handler module of its operations; a kind without one does not compile. */
const RECOVERIES: Recoveries = {
  ...transactionsRecovery,
  ...customersRecovery,
  ...addressesRecovery,
  ...walletsRecovery,
  ...withdrawalsRecovery,
  ...catalogRecovery,
  ...subscriptionSplitsRecovery,
  ...subscriptionsRecovery,
  ...paymentLinksRecovery,
  ...webhooksRecovery,
};

export async function recoveredAnswer(ctx: Ctx, ref: RecoveryRef): Promise<Answer> {
  return { status: ref.status, body: await RECOVERIES[ref.resource](ctx, ref) };
}
