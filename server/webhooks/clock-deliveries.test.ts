/**
 * Events of objects on a sandbox test clock are delivered on the wall clock (issue 23, item 2): a subscription on a
 * clock standing in 2027 records its events at the clock's time, but their dispatches are due when they are made,
 * so the worker delivers them at once instead of waiting for the wall clock to reach 2027.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, createClock } from '../testing/clock';
import { ENGINES, startTestService, type TestService } from '../testing/harness';
import { startReceiver, type Receiver } from '../testing/receiver';
import { subscriptionBody } from '../testing/subscriptions';

type Dispatch = { status: string; attempts: number; nextAttemptAt: string | null; createdAt: string };
type Event = { id: string; type: string; createdAt: string; delivered: boolean; dispatches: Dispatch[] };

const T0 = '2027-01-01T03:00:00.000Z';

describe.each(ENGINES)('webhook deliveries of a sandbox clock\'s objects on $name', (engine) => {
  let svc: TestService;
  let receiver: Receiver;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' });
  });
  afterAll(async () => svc?.close());
  afterEach(async () => receiver?.close());

  async function eventsOf(key: string, resourceId: string): Promise<Event[]> {
    const res = await svc.call(`/v1/webhooks/events?resourceId=${resourceId}`, { key });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Event[] }).data;
  }

  async function subscribe(key: string, body: unknown): Promise<{ id: string; customerId: string }> {
    const res = await svc.call('/v1/subscriptions', { method: 'POST', key, json: body });
    const out = (await res.json()) as { id: string; customerId: string };
    expect(res.status, JSON.stringify(out)).toBe(201);
    return out;
  }

  it('delivers subscription.activated of a subscription on a clock in 2027 at once, with the clock\'s createdAt', async () => {
    receiver = await startReceiver();
    const { sandboxKey: key } = await svc.newMerchant();
    const hook = await svc.call('/v1/webhooks', {
      method: 'POST', key, json: { name: 'Clock receiver', endpoint: receiver.url, events: ['subscription.activated'] },
    });
    expect(hook.status, await hook.clone().text()).toBe(201);
    const clock = await createClock(svc, { now: T0 }, key);
    const sub = await subscribe(key, subscriptionBody({ clockId: clock.id }));
    await advanceClock(svc, clock.id, T0, key);
    const before = Date.now();
    await svc.drain();

    const activated = (await eventsOf(key, sub.id)).find((e) => e.type === 'subscription.activated');
    expect(activated).toBeDefined();
    // The event is dated on the clock (the subscription's story); its delivery is the real world's.
    expect(activated!.createdAt).toBe(T0);
    expect(activated!.dispatches).toHaveLength(1);
    const d = activated!.dispatches[0]!;
    expect(d).toMatchObject({ status: 'succeeded', attempts: 1, nextAttemptAt: null });
    expect(new Date(d.createdAt).getTime()).toBeLessThanOrEqual(before);
    expect(activated!.delivered).toBe(true);
    expect(receiver.received).toHaveLength(1);
    const body = JSON.parse(receiver.received[0]!.body) as { id: string; type: string; createdAt: string };
    expect(body).toMatchObject({ id: activated!.id, type: 'subscription.activated', createdAt: T0 });
  });

  it('dates the payer a clock subscription creates on the wall clock, and delivers its customer.created at once', async () => {
    receiver = await startReceiver();
    const { sandboxKey: key } = await svc.newMerchant();
    const hook = await svc.call('/v1/webhooks', { method: 'POST', key, json: { name: 'Payer receiver', endpoint: receiver.url, events: ['customer.created'] } });
    expect(hook.status, await hook.clone().text()).toBe(201);
    const clock = await createClock(svc, { now: T0 }, key);
    const sub = await subscribe(key, subscriptionBody({ clockId: clock.id }));
    await svc.drain();

    const customer = (await (await svc.call(`/v1/customers/${sub.customerId}`, { key })).json()) as { createdAt: string };
    // The customer is not on the clock: it is dated now (2026 on this machine), not at the clock's 2027.
    expect(new Date(customer.createdAt).getTime()).toBeLessThanOrEqual(Date.now());
    const created = (await eventsOf(key, sub.customerId)).find((e) => e.type === 'customer.created');
    expect(created).toMatchObject({ type: 'customer.created', delivered: true, createdAt: customer.createdAt });
    expect(receiver.received).toHaveLength(1);
  });

});
