/**
 * Every handler of the API, and every recovery. The type `Handlers<Ctx>` comes from the spec: an operation added to a
 * tag that is implemented here is a type error until its handler exists; every operation of the contract has one. The
 * type `Recoveries` comes from the registry of resource kinds: a kind marked `recovered` is a type error until the
 * handler module of its operations exports its recovery and it is listed here.
 */
import type { Handlers } from '../../../generated/operations';
import type { Ctx } from '../context';
import type { Recoveries } from '../recovery';
import { addressesHandlers, addressesRecovery } from './addresses';
import { balanceHandlers } from './balance';
import { checkoutAnalyticsHandlers } from './checkout-analytics';
import { catalogRecovery, productsHandlers, variantsHandlers } from './catalog';
import { paymentLinksHandlers, paymentLinksRecovery } from './checkouts';
import { customersHandlers, customersRecovery } from './customers';
import { logsHandlers } from './logs';
import { sandboxClocksHandlers } from './sandbox-clocks';
import { sandboxEventsHandlers } from './sandbox-events';
import { simulatorsHandlers } from './simulators';
import { subscriptionSplitsHandlers, subscriptionSplitsRecovery } from './subscription-splits';
import { subscriptionsHandlers, subscriptionsRecovery } from './subscriptions';
import { sandboxHandlers, transactionsHandlers, transactionsRecovery } from './transactions';
import { utilsHandlers } from './utils';
import { walletsHandlers, walletsRecovery } from './wallets';
import { webhooksHandlers, webhooksRecovery } from './webhooks';
import { sandboxWithdrawalsHandlers, withdrawalsHandlers, withdrawalsRecovery } from './withdrawals';

export function createHandlers(): Handlers<Ctx> {
  return {
    ...transactionsHandlers,
    ...sandboxHandlers,
    ...customersHandlers,
    ...addressesHandlers,
    ...walletsHandlers,
    ...balanceHandlers,
    ...withdrawalsHandlers,
    ...sandboxWithdrawalsHandlers,
    ...productsHandlers,
    ...variantsHandlers,
    ...sandboxClocksHandlers,
    ...sandboxEventsHandlers,
    ...subscriptionSplitsHandlers,
    ...subscriptionsHandlers,
    ...paymentLinksHandlers,
    ...checkoutAnalyticsHandlers,
    ...simulatorsHandlers,
    ...webhooksHandlers,
    ...utilsHandlers,
    ...logsHandlers,
  };
}

/** How the retry of an idempotent request answers the resource it recorded, by kind (`recover.ts`). */
export const recoveries: Recoveries = {
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
