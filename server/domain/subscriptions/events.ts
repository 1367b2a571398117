/** The `subscription.*` and `cycle.*` events, written to the outbox in the caller's database transaction. */
import type { Queryable } from '../../db/types';
import { recordEvent, type EventType } from '../../webhooks/outbox';
import { merchantOf } from '../access/merchants';
import type { CycleRow, SubscriptionRow } from './repo';
import { cycleView, subscriptionView } from './view';

type Of<P extends string> = Extract<EventType, `${P}.${string}`>;

export async function emitSubscription(q: Queryable, s: SubscriptionRow, type: Of<'subscription'>, at: Date): Promise<void> {
  const object = await subscriptionView(q, s, await merchantOf(q, s.merchant_id));
  await recordEvent(q, { merchantId: s.merchant_id, mode: s.mode }, { type, resource: 'subscription', resourceId: s.id, object }, at);
}

export async function emitCycle(q: Queryable, c: CycleRow, type: Of<'cycle'>, at: Date): Promise<void> {
  const object = cycleView(c, await merchantOf(q, c.merchant_id));
  await recordEvent(q, { merchantId: c.merchant_id, mode: c.mode }, { type, resource: 'cycle', resourceId: c.id, object }, at);
}
