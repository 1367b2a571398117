/**
 * The one registry of resource kinds: every kind of thing the API creates, reads or reports, under the one name it has
 * everywhere (an error's `resource`, a recovery point, an event). The registry says, for each kind, where else it
 * appears, and the other lists are derived from it: the resources an error may name (`core/errors.ts`), the kinds a
 * retry of an idempotent request recovers (`domain/recovery.ts`, answered by `http/recover.ts`) and the kinds events
 * are about (`webhooks/events-repo.ts`). A new kind is one entry here; the compiler then asks for what it says.
 */

/** Where a kind appears besides its own operations. */
interface Appearances {
  /**
   * An idempotent request records it as its recovery point: its retry after a crash answers it as it stands, so its
   * handler module must export how to reload and answer it (`http/recover.ts` does not compile without).
   */
  recovered?: true;
  /** Webhook events report its changes; the spec's `WebhookEvent.resource` lists the same kinds (a test compares). */
  evented?: true;
  /** False for a kind whose errors name the resource it belongs to (a refund's name its transaction). */
  namedByErrors?: false;
}

export const RESOURCES = {
  transaction: { recovered: true, evented: true },
  refund: { recovered: true, namedByErrors: false },
  customer: { recovered: true, evented: true },
  address: { recovered: true },
  wallet: { recovered: true },
  withdrawal: { recovered: true, evented: true },
  product: { recovered: true },
  variant: { recovered: true },
  subscription: { recovered: true, evented: true },
  subscriptionSplit: { recovered: true },
  /** A billing cycle of a subscription. */
  cycle: { evented: true },
  paymentLink: { recovered: true },
  /** A checkout session, opened from a payment link by a payer. */
  checkout: { evented: true },
  webhookEndpoint: { recovered: true },
  webhookEvent: {},
  /** A sandbox test clock. */
  clock: {},
  /** The fee simulation. */
  simulator: {},
  /** The request log (`/v1/logs/requests`). */
  requestLog: {},
} as const satisfies Record<string, Appearances>;

/** Every kind of resource: closed, so a new spelling of one (`webhook` for `webhookEndpoint`) is a type error. */
export type ResourceKind = keyof typeof RESOURCES;

/** The kinds of the registry, in its order. */
export const RESOURCE_KINDS = Object.keys(RESOURCES) as readonly ResourceKind[];

/** The kinds whose entry says `appearance` is `value`. */
type KindsWhere<A extends keyof Appearances, V extends Appearances[A]> = {
  [K in ResourceKind]: (typeof RESOURCES)[K] extends Record<A, V> ? K : never;
}[ResourceKind];

function kindsWhere<A extends keyof Appearances, V extends NonNullable<Appearances[A]>>(appearance: A, value: V): KindsWhere<A, V>[] {
  return RESOURCE_KINDS.filter((k) => (RESOURCES[k] as Appearances)[appearance] === value) as KindsWhere<A, V>[];
}

/** The kinds an idempotent request may record as its recovery point. */
export type RecoverableKind = KindsWhere<'recovered', true>;

/** The kinds webhook events are about (`WebhookEvent.resource`). */
export type EventResource = KindsWhere<'evented', true>;
export const EVENT_RESOURCES = kindsWhere('evented', true);

/** The kinds an error may name as its `resource`: all but those whose errors name the resource they belong to. */
export type ErrorNamedKind = Exclude<ResourceKind, KindsWhere<'namedByErrors', false>>;
const UNNAMED: readonly ResourceKind[] = kindsWhere('namedByErrors', false);
export const ERROR_NAMED_KINDS = RESOURCE_KINDS.filter((k): k is ErrorNamedKind => !UNNAMED.includes(k));
