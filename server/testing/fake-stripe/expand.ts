/**
 * `expand[]`: an id field replaced by the object it names (`latest_charge`, `payment_method`, `payment_intent`,
 * `charge`), one level deep, and `data.<field>` on lists. A path the fake cannot expand gets Stripe's refusal.
 */
import { invalidParam } from './errors';
import type { FakeState, StripeObject } from './state';

type Loose = Record<string, unknown>;

function lookup(state: FakeState, field: string, id: string): StripeObject | undefined {
  switch (field) {
    case 'latest_charge':
    case 'charge':
      return state.charges.get(id);
    case 'payment_intent':
      return state.paymentIntents.get(id);
    case 'payment_method':
      return state.paymentMethods.get(id);
    default:
      return undefined;
  }
}

const EXPANDABLE: Record<string, readonly string[]> = {
  payment_intent: ['latest_charge', 'payment_method'],
  charge: ['payment_intent'],
  refund: ['charge', 'payment_intent', 'payment_method'],
  dispute: ['charge', 'payment_intent'],
};

/** `object` (a copy the caller owns) with the `paths` expanded. */
export function expandOne<T extends { object: string }>(state: FakeState, object: T, paths: readonly string[]): T {
  const loose = object as unknown as Loose;
  for (const path of paths) {
    if (!(EXPANDABLE[object.object] ?? []).includes(path)) {
      throw invalidParam(`This property cannot be expanded (${path}).`, 'expand');
    }
    const id = loose[path];
    if (typeof id !== 'string') continue;
    const found = lookup(state, path, id);
    if (found !== undefined) loose[path] = structuredClone(found);
  }
  return object;
}

/** Each item of a list page with `data.<field>` paths expanded. */
export function expandList<T extends { object: string }>(state: FakeState, items: T[], paths: readonly string[]): T[] {
  const inner = paths.map((p) => {
    if (!p.startsWith('data.')) throw invalidParam(`This property cannot be expanded (${p}).`, 'expand');
    return p.slice('data.'.length);
  });
  return items.map((i) => expandOne(state, i, inner));
}
