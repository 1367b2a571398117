/**
 * Type-level guarantees of `WebhookEvent`, checked by `tsc --noEmit` (`npm run typecheck`; an `@ts-expect-error` whose
 * line compiles is itself an error): the union covers every delivery the spec declares, and `switch (event.type)`
 * narrows `payload.object` to the resource of that event.
 */
import type { components, webhooks } from '../src/schema';
import type { WebhookDelivery, WebhookEvent, WebhookEventType } from '../src/webhooks';

type Schemas = components['schemas'];
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectTrue<T extends true>(): T | undefined {
  return undefined;
}

export const checks: unknown[] = [
  // Every event of the spec's `webhooks` is a member, and nothing else is.
  expectTrue<Equal<WebhookEvent['type'], keyof webhooks>>(),
  expectTrue<Equal<WebhookEventType, keyof webhooks>>(),
  // The spec's closed list of event types (registrations, event lists) is the same set.
  expectTrue<Equal<WebhookEventType, Schemas['WebhookEventType']>>(),
  // One member per event: its `type` is that event alone.
  expectTrue<Equal<WebhookDelivery<'cycle.paid'>['type'], 'cycle.paid'>>(),
];

/** What a receiver reads of each resource: compiles only when `type` narrowed `payload.object`. */
export function describeEvent(event: WebhookEvent): string {
  switch (event.type) {
    case 'transaction.approved':
      return `${event.payload.object.id} ${event.payload.object.status} ${event.payload.object.amount}`;
    case 'customer.updated':
      return event.payload.object.email;
    case 'subscription.activated': {
      const subscription: Schemas['Subscription'] = event.payload.object;
      return `${subscription.id} ${subscription.billingFrequency}`;
    }
    case 'cycle.failed': {
      const cycle: Schemas['BillingCycle'] = event.payload.object;
      return `${cycle.id} ${String(cycle.nextRetryAt)}`;
    }
    case 'withdrawal.paid': {
      const withdrawal: Schemas['Withdrawal'] = event.payload.object;
      return `${withdrawal.id} ${withdrawal.amount}`;
    }
    case 'checkout.completed': {
      const session: Schemas['CheckoutSession'] = event.payload.object;
      // @ts-expect-error: a checkout session is not a subscription; narrowing kept the other resources out.
      const wrong: Schemas['Subscription'] = event.payload.object;
      return `${session.id} ${String(wrong)}`;
    }
    default:
      return event.type;
  }
}

// @ts-expect-error: a subscription event does not carry a transaction.
export const mismatched: WebhookDelivery<'subscription.created'> = { type: 'subscription.created', payload: { object: {} as Schemas['Transaction'] } } as WebhookDelivery<'transaction.created'>;

// @ts-expect-error: not an event type of the spec.
export const unknown: WebhookEventType = 'subscription.renewed';
