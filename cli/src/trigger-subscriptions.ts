/**
 * The flows of `payments trigger` for `subscription.*` and `cycle.*` events. Each subscription but the plain
 * `subscription.created` lives on a test clock of its own, so its billing happens during the clock's `advance`
 * (the same jobs the workers run, see the Sandbox chapter): no waiting on the background, and renewals, retries and
 * the end of a fixed-term plan months ahead take one call.
 */
import type { Schemas } from '@payments-service/client';
import { CliFailure, type Context } from './context.js';
import { AMOUNT, brl, card, CARDS, METADATA, must, PAYER, type Flow, type Made } from './trigger-support.js';

type Subscription = Schemas['Subscription'];
type CreateSubscription = Schemas['CreateSubscriptionRequest'];

const DAY_MS = 86_400_000;

export const SUBSCRIPTION_FLOWS = {
  created: {
    does: 'a monthly card subscription; its first cycle is charged in the background',
    async run(ctx) {
      const s = await subscribe(ctx, {});
      return made(s, `monthly card subscription ${s.id} of ${brl(AMOUNT)} created`);
    },
  },
  activated: { does: 'a monthly card subscription on a test clock, its first cycle paid', run: (ctx) => activeOnClock(ctx, 'its first cycle paid') },
  pastDue: {
    does: `a subscription on a test clock, paid once, its card changed to ${CARDS.declined}, the clock advanced to the renewal`,
    async run(ctx) {
      const { s, clockId } = await renewalFails(ctx, {});
      return made(s, `subscription ${s.id} paid once, then its renewal declined`, clockId);
    },
  },
  paused: {
    does: 'a subscription on a test clock, paid once, then paused',
    async run(ctx) {
      const { s, clockId } = await active(ctx);
      return made(await act(ctx, s.id, 'pause'), `subscription ${s.id} paid once, then paused`, clockId);
    },
  },
  resumed: {
    does: 'a subscription on a test clock, paid once, paused, then resumed',
    async run(ctx) {
      const { s, clockId } = await active(ctx);
      await act(ctx, s.id, 'pause');
      return made(await act(ctx, s.id, 'resume'), `subscription ${s.id} paused, then resumed`, clockId);
    },
  },
  unpaid: {
    does: 'a subscription on a test clock (dunning endAs unpaid, one retry) whose renewal and retry are declined',
    async run(ctx) {
      const { s, clockId } = await renewalFails(ctx, { dunning: { retryDays: [1], endAs: 'unpaid' } }, 2);
      return made(s, `subscription ${s.id} paid once, then its renewal and its retry declined`, clockId);
    },
  },
  canceled: {
    does: 'a subscription on a test clock, paid once, then canceled by the merchant',
    async run(ctx) {
      const { s, clockId } = await active(ctx);
      const canceled = must(ctx, await ctx.client.POST('/v1/subscriptions/{subscriptionId}/cancel', { params: { path: { subscriptionId: s.id } }, body: {}, signal: ctx.signal }));
      return made(canceled, `subscription ${s.id} paid once, then canceled`, clockId);
    },
  },
  expired: {
    does: 'a one-cycle plan on a test clock, advanced past the end of its period',
    async run(ctx) {
      const { s, clockId, now } = await active(ctx, { plan: { amount: AMOUNT, billingFrequency: 'monthly', cycles: 1 } });
      // A monthly period is at most 31 days, whatever the calendar.
      await advance(ctx, clockId, now + 32 * DAY_MS);
      return made(await read(ctx, s.id), `one-cycle subscription ${s.id} paid, then its period ended`, clockId);
    },
  },
  cycleBilled: { does: 'a monthly card subscription on a test clock, its first cycle charged (and paid)', run: (ctx) => firstCycle(ctx, CARDS.approved, 'charged and paid') },
  cyclePaid: { does: 'a monthly card subscription on a test clock, its first cycle paid', run: (ctx) => firstCycle(ctx, CARDS.approved, 'paid') },
  cycleFailed: {
    does: `a subscription on a test clock whose first charge is declined (${CARDS.declined}; the subscription is canceled)`,
    run: (ctx) => firstCycle(ctx, CARDS.declined, 'declined (the subscription is canceled)'),
  },
} satisfies Record<string, Flow>;

/** What trigger prints of a subscription: its id, its latest cycle's, its clock's. */
function made(s: Subscription, what: string, clockId?: string): Made {
  return { what, ids: { subscriptionId: s.id, customerId: s.customerId, ...(clockId ? { clockId } : {}) }, status: s.status };
}

async function subscribe(ctx: Context, over: Partial<CreateSubscription>): Promise<Subscription> {
  const body = { customer: PAYER, plan: { amount: AMOUNT, billingFrequency: 'monthly' as const }, payment: { method: 'credit' as const, card: card(ctx, CARDS.approved) }, metadata: METADATA, ...over };
  return must(ctx, await ctx.client.POST('/v1/subscriptions', { body: body as CreateSubscription, signal: ctx.signal }));
}

async function read(ctx: Context, subscriptionId: string): Promise<Subscription> {
  return must(ctx, await ctx.client.GET('/v1/subscriptions/{subscriptionId}', { params: { path: { subscriptionId } }, signal: ctx.signal }));
}

async function act(ctx: Context, subscriptionId: string, action: 'pause' | 'resume'): Promise<Subscription> {
  const path = action === 'pause' ? '/v1/subscriptions/{subscriptionId}/pause' : '/v1/subscriptions/{subscriptionId}/resume';
  return must(ctx, await ctx.client.POST(path, { params: { path: { subscriptionId } }, signal: ctx.signal }));
}

/** Moves a clock to `to` (ms); the answer comes once everything due until then has run. */
async function advance(ctx: Context, clockId: string, to: number): Promise<void> {
  must(ctx, await ctx.client.POST('/v1/sandbox/clocks/{clockId}/advance', { params: { path: { clockId } }, body: { to: new Date(to).toISOString() }, signal: ctx.signal }));
}

/** A new clock standing now, a subscription on it, and the clock advanced to its own time: the first cycle is billed. */
async function onClock(ctx: Context, over: Partial<CreateSubscription>): Promise<{ s: Subscription; clockId: string; now: number }> {
  const clock = must(ctx, await ctx.client.POST('/v1/sandbox/clocks', { body: { name: 'payments trigger' }, signal: ctx.signal }));
  const s = await subscribe(ctx, { ...over, clockId: clock.id });
  const now = Date.parse(clock.now);
  await advance(ctx, clock.id, now);
  return { s: await read(ctx, s.id), clockId: clock.id, now };
}

/** A subscription on a clock whose first cycle was paid (`active`, with the approved card). */
const active = (ctx: Context, over: Partial<CreateSubscription> = {}) => onClock(ctx, over);

async function activeOnClock(ctx: Context, how: string): Promise<Made> {
  const { s, clockId } = await active(ctx);
  return made(s, `monthly card subscription ${s.id} on test clock ${clockId}, ${how}`, clockId);
}

/** A subscription on a clock, billed once with `number`: what trigger prints names the cycle. */
async function firstCycle(ctx: Context, number: string, how: string): Promise<Made> {
  const { s, clockId } = await onClock(ctx, { payment: { method: 'credit', card: card(ctx, number) } });
  const cycles = must(ctx, await ctx.client.GET('/v1/subscriptions/{subscriptionId}/cycles', { params: { path: { subscriptionId: s.id } }, signal: ctx.signal }));
  const first = cycles.data.find((c) => c.cycle === 1);
  if (!first) throw new CliFailure(`error: subscription ${s.id} has no billing cycle after its clock was advanced (status ${s.status})`);
  const result = made(s, `billing cycle ${first.id} of subscription ${s.id} ${how}`, clockId);
  return { ...result, ids: { ...result.ids, cycleId: first.id }, status: first.status };
}

/**
 * An active subscription whose card is then changed to the declining one, its clock advanced to the renewal and
 * `extraDays` after it (the retries of its dunning schedule).
 */
async function renewalFails(ctx: Context, over: Partial<CreateSubscription>, extraDays = 0): Promise<{ s: Subscription; clockId: string }> {
  const { s, clockId } = await active(ctx, over);
  must(ctx, await ctx.client.PUT('/v1/subscriptions/{subscriptionId}/payment-method', { params: { path: { subscriptionId: s.id } }, body: { payment: { method: 'credit', card: card(ctx, CARDS.declined) } }, signal: ctx.signal }));
  if (!s.nextBillingAt) throw new CliFailure(`error: subscription ${s.id} is ${s.status} with no next billing date; its first cycle was not paid`);
  await advance(ctx, clockId, Date.parse(s.nextBillingAt) + extraDays * DAY_MS);
  return { s: await read(ctx, s.id), clockId };
}
