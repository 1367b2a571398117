/**
 * Every handler of the API. The type `Handlers<Ctx>` comes from the spec: an operation added to a tag that is
 * implemented here is a type error until its handler exists; every operation of the contract has one.
 */
import type { Handlers } from '../../../generated/operations';
import type { Ctx } from '../context';
import { addressesHandlers } from './addresses';
import { balanceHandlers } from './balance';
import { checkoutAnalyticsHandlers } from './checkout-analytics';
import { productsHandlers, variantsHandlers } from './catalog';
import { paymentLinksHandlers } from './checkouts';
import { customersHandlers } from './customers';
import { logsHandlers } from './logs';
import { sandboxClocksHandlers } from './sandbox-clocks';
import { sandboxEventsHandlers } from './sandbox-events';
import { simulatorsHandlers } from './simulators';
import { subscriptionSplitsHandlers } from './subscription-splits';
import { subscriptionsHandlers } from './subscriptions';
import { sandboxHandlers, transactionsHandlers } from './transactions';
import { utilsHandlers } from './utils';
import { walletsHandlers } from './wallets';
import { webhooksHandlers } from './webhooks';
import { sandboxWithdrawalsHandlers, withdrawalsHandlers } from './withdrawals';

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
