/**
 * What every PaymentIntent module reads: the lookup with Stripe's 404, the copy the API shows, and the installment
 * plans offered once a card is attached.
 */
import type Stripe from 'stripe';
import { missing } from './errors';
import { brazilPlans } from './intent-options';
import type { FakeState } from './state';

export function findIntent(state: FakeState, id: string): Stripe.PaymentIntent {
  const pi = state.paymentIntents.get(id);
  if (pi === undefined) throw missing('payment_intent', id);
  return pi;
}

/** A copy of the PaymentIntent as the API shows it. */
export function intentView(pi: Stripe.PaymentIntent): Stripe.PaymentIntent {
  return structuredClone(pi);
}

/**
 * Offers installment plans once a card is attached and installments are enabled: Brazil's fixed counts for a card
 * issued in Brazil, none for a foreign card (installments are a domestic feature of Brazilian cards).
 */
export function refreshPlans(state: FakeState, pi: Stripe.PaymentIntent): void {
  const inst = pi.payment_method_options?.card?.installments;
  if (!inst) return;
  const pm = typeof pi.payment_method === 'string' ? state.paymentMethods.get(pi.payment_method) : undefined;
  inst.available_plans = inst.enabled && pm?.card ? (pm.card.country === 'BR' ? brazilPlans() : []) : null;
}
