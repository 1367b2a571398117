/**
 * The answer to a retry whose first request committed its work and then died (or failed) before answering: the
 * resource of its recovery point as it stands now, rendered as the operation's success renders it.
 */
import { ApiError } from '../core/errors';
import type { RecoveryRef } from '../domain/recovery';
import { operationUncertain } from '../domain/transactions/settle';
import { findOperation } from '../payments/operations';
import { getAddress } from '../domain/addresses/service';
import { getProduct } from '../domain/catalog/products';
import { getVariant } from '../domain/catalog/variants';
import { getCustomer } from '../domain/customers/service';
import { findRefund } from '../domain/transactions/ledger-repo';
import { findTransaction } from '../domain/transactions/repo';
import { transactionNotFound } from '../domain/transactions/service';
import { summaryView } from '../domain/transactions/view';
import { getSplit } from '../domain/splits/service';
import { getWallet } from '../domain/wallets/service';
import { getWithdrawal } from '../domain/withdrawals/service';
import { withdrawalView } from '../domain/withdrawals/view';
import { getEndpoint, getRegistration } from '../domain/webhooks/endpoints';
import type { Ctx } from './context';
import { addressBody } from './handlers/addresses';
import { productBody, variantBody } from './handlers/catalog';
import { customerBody } from './handlers/customers';
import { splitBody } from './handlers/subscription-splits';
import { read, refundBody } from './handlers/transactions';
import { walletBody } from './handlers/wallets';
import { subscriptionBody } from './handlers/subscriptions';
import { getSubscription } from '../domain/subscriptions/service';
import { endpointBody } from './handlers/webhooks';
import { getLink } from '../domain/checkout/links';
import { paymentLinkBody } from './handlers/checkouts';

export interface Answer {
  status: number;
  body: unknown;
}

/**
 * A capture or cancel answers success only once its provider operation succeeded: while it is being confirmed the
 * retry gets the 503 the request got (and the key stays open), and a capture the provider refused its 402.
 */
async function operationSucceeded(ctx: Ctx, key: string): Promise<void> {
  const op = await findOperation(ctx.db, key);
  if (!op) throw new Error(`provider operation ${key} of a recovery point is missing`);
  if (op.state === 'started' || op.state === 'uncertain') throw operationUncertain(op.kind === 'capture' ? 'capture' : 'cancel');
  if (op.state === 'failed') {
    throw new ApiError('paymentDeclined', {
      resource: 'transaction',
      message: `The acquirer refused the ${op.kind}; the transaction is as it was.`,
    });
  }
}

export async function recoveredAnswer(ctx: Ctx, ref: RecoveryRef): Promise<Answer> {
  const scope = ctx.scope;
  const { status, id } = ref;
  switch (ref.resource) {
    case 'transaction': {
      const row = await findTransaction(ctx.db, scope, id);
      if (!row) throw transactionNotFound(id);
      if (ref.operation) await operationSucceeded(ctx, ref.operation);
      // A creation answers the summary (always `pending`, as its replay does); capture and cancel the transaction.
      return { status, body: status === 201 ? summaryView(row, ctx.merchant) : await read(ctx, row) };
    }
    case 'refund': {
      const refund = await findRefund(ctx.db, id);
      // Only a refund that was undone has no row; its undo cleared the point, so this is a broken invariant.
      if (!refund) throw new Error(`refund ${id} of a recovery point is missing`);
      return { status, body: refundBody(ctx, refund) };
    }
    case 'customer':
      return { status, body: customerBody(ctx, await getCustomer(ctx.db, scope, id)) };
    case 'address':
      return { status, body: addressBody(ctx, await getAddress(ctx.db, scope, id)) };
    case 'wallet':
      return { status, body: walletBody(ctx, await getWallet(ctx.db, scope, id)) };
    case 'webhookEndpoint':
      // The registration shows the signing secret; its recovered answer must too, or the caller never learns it.
      return {
        status,
        body: endpointBody(ctx, status === 201 ? await getRegistration(ctx.db, ctx.webhooks, scope, id) : await getEndpoint(ctx.db, scope, id)),
      };
    case 'product':
      return { status, body: productBody(ctx, await getProduct(ctx.db, scope, id)) };
    case 'variant':
      return { status, body: variantBody(ctx, await getVariant(ctx.db, scope, id)) };
    case 'withdrawal':
      return { status, body: withdrawalView(await getWithdrawal(ctx.db, scope, id), ctx.merchant) };
    case 'subscriptionSplit': {
      if (!ref.parentId) throw new Error(`split ${id} of a recovery point has no subscription`);
      return { status, body: splitBody(ctx, ref.parentId, await getSplit(ctx.db, scope, ref.parentId, id)) };
    }
    case 'subscription':
      return { status, body: await subscriptionBody(ctx, await getSubscription(ctx.db, scope, id)) };
    case 'paymentLink':
      return { status, body: paymentLinkBody(ctx, await getLink(ctx.db, ctx.payments.urls, scope, id)) };
  }
}
