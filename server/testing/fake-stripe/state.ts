/**
 * The fake account's memory. Objects are kept in the very shape the API returns them (the SDK's types), so reading
 * one is a copy; what the API never shows (a test card's outcome, a boleto's deadline, whether 3-D Secure was passed)
 * lives in side tables. Every change made through `emit` becomes an Event with a snapshot of the object, queued in
 * `outbox` until the server (after answering) or a control method hands it to the webhook sender.
 */
import type Stripe from 'stripe';
import type { CardOutcome } from './cards';
import { newId, nowSeconds } from './ids';

/** An Event as the API shows it (`object: 'event'`), whatever its type. */
export interface FakeEvent {
  id: string;
  object: 'event';
  api_version: string | null;
  created: number;
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
  livemode: boolean;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: Stripe.Event.Type;
}

export type StripeObject = Stripe.PaymentIntent | Stripe.Charge | Stripe.Refund | Stripe.Dispute | Stripe.PaymentMethod;

/** What the API hides about a PaymentIntent. */
export interface IntentSide {
  returnUrl?: string;
  /** The payer passed 3-D Secure for the current payment method. */
  authenticated: boolean;
  /** When the issued boleto or Pix stops being payable (unix seconds). */
  actionExpiresAt?: number;
  /** Boleto after its deadline: a late payment may still be confirmed (status processing). */
  lapsed?: boolean;
}

/** The request an event came from; control methods (the payer, the bank) have none. */
export interface RequestOrigin {
  id: string | null;
  idempotencyKey: string | null;
}

const NO_REQUEST: RequestOrigin = { id: null, idempotencyKey: null };

export class FakeState {
  readonly paymentMethods = new Map<string, Stripe.PaymentMethod>();
  readonly cardOutcomes = new Map<string, CardOutcome>();
  readonly paymentIntents = new Map<string, Stripe.PaymentIntent>();
  readonly intentSides = new Map<string, IntentSide>();
  readonly charges = new Map<string, Stripe.Charge>();
  /** Cents released when a charge was captured for less than it authorized (not refunds: no Refund object). */
  readonly released = new Map<string, number>();
  readonly refunds = new Map<string, Stripe.Refund>();
  readonly disputes = new Map<string, Stripe.Dispute>();
  /** Every event, oldest first. */
  readonly events: FakeEvent[] = [];
  readonly eventsById = new Map<string, FakeEvent>();
  /** Events made but not yet handed to the webhook sender. */
  outbox: FakeEvent[] = [];
  /** PaymentIntents created under each Idempotency-Key. */
  readonly intentsPerKey = new Map<string, number>();
  /** The request whose handler is running (events name it). */
  origin: RequestOrigin = NO_REQUEST;

  constructor(
    readonly livemode: boolean,
    readonly apiVersion: string,
  ) {}

  /** Runs `fn` with events attributed to `origin`. */
  withOrigin<T>(origin: RequestOrigin, fn: () => T): T {
    const before = this.origin;
    this.origin = origin;
    try {
      return fn();
    } finally {
      this.origin = before;
    }
  }

  side(piId: string): IntentSide {
    let side = this.intentSides.get(piId);
    if (side === undefined) {
      side = { authenticated: false };
      this.intentSides.set(piId, side);
    }
    return side;
  }

  /** Records an event of `type` about `object` (snapshotted now) and queues it for delivery. */
  emit(type: Stripe.Event.Type, object: StripeObject, previous?: Record<string, unknown>): FakeEvent {
    const event: FakeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: this.apiVersion,
      created: nowSeconds(),
      data: { object: structuredClone(object) },
      livemode: this.livemode,
      pending_webhooks: 0,
      request: { id: this.origin.id, idempotency_key: this.origin.idempotencyKey },
      type,
    };
    if (previous !== undefined && Object.keys(previous).length > 0) event.data.previous_attributes = structuredClone(previous);
    this.events.push(event);
    this.eventsById.set(event.id, event);
    this.outbox.push(event);
    return event;
  }

  /** Takes the queued events. */
  drainOutbox(): FakeEvent[] {
    const out = this.outbox;
    this.outbox = [];
    return out;
  }
}

/**
 * The top-level fields of `before` whose value `after` changed, with their old values: an event's
 * `previous_attributes`.
 */
export function changedFields(before: object, after: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  for (const key of Object.keys(a)) {
    if (JSON.stringify(b[key]) !== JSON.stringify(a[key])) out[key] = b[key] ?? null;
  }
  return out;
}
