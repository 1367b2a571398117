/**
 * What a change of payment method re-derives, as creation does: the fee plan must price the new method (every
 * later cycle is charged by it; 422 otherwise) and the dunning schedule follows the new method's limits.
 */
import type { Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import { ApiError } from '../../core/errors';
import type { CardRef, PaymentMethod } from '../../payments/provider';
import { feeFor, noRateMessage } from '../fees/plan';
import { planFor } from '../fees/service';
import { dunningOnChange } from './dunning';
import type { Dunning, SubscriptionRow } from './repo';

export async function checkMethodChange(q: Queryable, scope: Scope, s: SubscriptionRow, method: PaymentMethod, card: CardRef | null): Promise<Dunning> {
  const fee = feeFor(await planFor(q, scope.merchantId), { method, installments: 1, brand: card?.brand ?? null, amount: s.amount });
  if (fee.kind === 'noRate') {
    throw new ApiError('unprocessableEntity', { resource: 'subscription', message: noRateMessage(fee), params: [{ 'payment[method]': 'has no rate in the fee plan' }] });
  }
  return dunningOnChange(s.payment_method, method, s.dunning);
}
