/**
 * The method table: every payment method the engine can charge, keyed by its name. Code outside the method modules
 * asks it (`methodOf(t.method).lapse`, `.pricing`, `.page`, …) instead of branching on `'pix'`, `'credit'` or
 * `'billet'`; what a module must provide is `PaymentMethodModule` (module.ts).
 *
 * Decisions:
 * - One table that every floor reads by name, rather than a table threaded through the engine: the method is read
 *   where only a stored row (or a posted form) is at hand, far from any composition (a receivable's description in
 *   the ledger, the sandbox's refund, the fee simulator, the checkout page's form, a checkout session's expiry job).
 *   Threading it would reshape a dozen signatures for a value that is the same in every process.
 * - The table holds the contract's three methods, always. A method beyond them (a test's) is added with
 *   `addPaymentMethod`, which hands back its removal: test files share their worker processes, so a test takes its
 *   method out when it ends. The contract (`PaymentMethod`) still lists three; the table does not change it.
 */
import type { PaymentMethod } from '../provider';
import { billet } from './billet';
import { card } from './card';
import type { PaymentMethodModule } from './module';
import { pix } from './pix';

/** The contract's methods, in its order. */
const BUILT_IN: readonly PaymentMethodModule[] = [pix, card, billet];

const table = new Map<string, PaymentMethodModule>(BUILT_IN.map((m) => [m.name, m]));

/** The names of the contract's methods, in its order (`pix`, `credit`, `billet`): a payment link's default offer. */
export const CONTRACT_METHODS: readonly PaymentMethod[] = BUILT_IN.map((m) => m.name);

/** The module of `name`, or null when the table has none (a name read from a form or a query). */
export function findMethod(name: string): PaymentMethodModule | null {
  return table.get(name) ?? null;
}

/** The module of a charge's method; a method the table lacks is a bug (the contract and the database hold three). */
export function methodOf(name: PaymentMethod): PaymentMethodModule {
  const m = table.get(name);
  if (!m) throw new Error(`no payment method ${name} in the method table`);
  return m;
}

/** Every method of the table, the contract's first, in their order. */
export function paymentMethods(): readonly PaymentMethodModule[] {
  return [...table.values()];
}

/**
 * Adds a method beside the contract's (a test's fourth method); returns the function that takes it out again. A name
 * already in the table is refused: a module never replaces another.
 */
export function addPaymentMethod(m: PaymentMethodModule): () => void {
  if (table.has(m.name)) throw new Error(`payment method ${m.name} is already in the method table`);
  table.set(m.name, m);
  return () => {
    table.delete(m.name);
  };
}
