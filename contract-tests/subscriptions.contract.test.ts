/**
 * The Subscriptions tag's operations (splits aside: theirs is the splits part) and every subscription status,
 * through the typed client, each answer checked against the spec. Jobs are run in-process (`drain`,
 * `runNextBilling`), never waited for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../client/src/index';
import { ENGINES } from '../server/testing/harness';
import { TEST_CARDS } from '../server/testing/payments';
import { card, runNextBilling, subscriptionBody } from '../server/testing/subscriptions';
import { contractContext, expectAuthRefusals, expectError, idem, idemKey, newCpf, type ContractContext } from './support/context';
import { flushCoverage } from './support/coverage';

afterAll(() => flushCoverage('subscriptions'));

const UNKNOWN = 'subs_0000000000000000';
// The shape most tests start from: a new payer on an explicit plan.
type Body = Schemas['CreateSubscriptionForCustomerAndPlan'];

describe.each(ENGINES)('Subscriptions contract on $name', (engine) => {
  let c: ContractContext;
  beforeAll(async () => {
    c = await contractContext(engine, { RATE_LIMIT_POLL_POINTS: '100000' });
  });
  afterAll(async () => c?.close());

  const body = (over: Partial<Body> = {}, payment: Body['payment'] = { method: 'credit', card: card() }): Body => {
    const b = subscriptionBody({}, payment) as Body;
    return { ...b, customer: { ...b.customer!, email: `${idemKey()}@example.com`, document: { type: 'cpf', number: newCpf() } }, ...over };
  };
  async function create(b: Body = body()): Promise<Schemas['Subscription']> {
    const res = await c.api.POST('/v1/subscriptions', { body: b, params: idem() });
    expect(res.response.status, JSON.stringify(res.error)).toBe(201);
    return res.data!;
  }
  const read = async (subscriptionId: string) => {
    const res = await c.api.GET('/v1/subscriptions/{subscriptionId}', { params: { path: { subscriptionId } } });
    expect(res.response.status).toBe(200);
    return res.data!;
  };
  const path = (subscriptionId: string) => ({ params: { path: { subscriptionId } } });
  const active = async () => {
    const s = await create();
    await c.svc.drain();
    return s;
  };

  it('createSubscription 201 pending, replayed under its key; getSubscription 200 active once its first cycle is paid', async () => {
    const key = idemKey();
    const b = body({ metadata: { plan: 'pro' } });
    const first = await c.api.POST('/v1/subscriptions', { body: b, params: idem(key) });
    expect(first.response.status).toBe(201);
    expect(first.data).toMatchObject({ status: 'pending', paymentMethod: 'credit', amount: 5000, metadata: { plan: 'pro' } });
    const again = await c.api.POST('/v1/subscriptions', { body: b, params: idem(key) });
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data?.id).toBe(first.data?.id);
    await c.svc.drain();
    expect(await read(first.data!.id)).toMatchObject({ status: 'active', currentCycle: 1 });
    // Its events are in the delivery history, about the subscription and its cycle.
    const events = await c.api.GET('/v1/webhooks/events', { params: { query: { resourceId: first.data!.id } } });
    expect(events.response.status).toBe(200);
    expect(events.data?.data.map((e) => [e.type, e.resource]).sort()).toEqual([
      ['subscription.activated', 'subscription'], ['subscription.created', 'subscription'],
    ]);
    const cycles = await c.api.GET('/v1/webhooks/events', { params: { query: { resource: 'cycle', type: 'cycle.paid' } } });
    expect(cycles.data?.data.length).toBeGreaterThan(0);
  });

  it('createSubscription refusals: 400 card missing or out of place, 422 invalidCard, unknown customer or variant, exact day on a weekly plan, dunning out of limits; 403 clockId in production', async () => {
    expectError(await c.api.POST('/v1/subscriptions', { body: body({}, { method: 'credit' }), params: idem() }), 400, 'invalidParameters');
    expectError(await c.api.POST('/v1/subscriptions', { body: body({}, { method: 'pix', card: card() }), params: idem() }), 400, 'invalidParameters');
    expectError(await c.api.POST('/v1/subscriptions', { body: body({}, { method: 'credit', card: card('4111111111111112') }), params: idem() }), 422, 'invalidCard');
    const { customer: _c, ...rest } = body();
    expectError(await c.api.POST('/v1/subscriptions', { body: { ...rest, customerId: 'cus_0000000000000000' }, params: idem() }), 422, 'unprocessableEntity');
    const { plan: _p, ...noPlan } = body();
    expectError(await c.api.POST('/v1/subscriptions', { body: { ...noPlan, variantId: 'var_0000000000000000' }, params: idem() }), 422, 'unprocessableEntity');
    expectError(await c.api.POST('/v1/subscriptions', { body: body({ plan: { amount: 5000, billingFrequency: 'weekly', billingExactDay: 10 } }), params: idem() }), 422, 'unprocessableEntity');
    expectError(await c.api.POST('/v1/subscriptions', { body: body({ dunning: { retryDays: [1, 2, 3, 4] } }, { method: 'pix' }), params: idem() }), 422, 'unprocessableEntity');
    const { document: _d, ...undocumented } = body().customer!;
    const billet = { ...body({}, { method: 'billet' }), customer: { ...undocumented, email: `${idemKey()}@example.com` } };
    expectError(await c.api.POST('/v1/subscriptions', { body: billet, params: idem() }), 422, 'unprocessableEntity');
    expectError(await c.live.POST('/v1/subscriptions', { body: body({ clockId: 'clk_0000000000000000' }), params: idem() }), 403, 'sandboxOnly');
    expectError(await c.live.POST('/v1/subscriptions', { body: body(), params: idem() }), 422, 'providerNotConfigured', 'payorch');
    expectError(await c.api.POST('/v1/subscriptions', { body: body({ clockId: 'clk_0000000000000000' }), params: idem() }), 422, 'unprocessableEntity');
    await expectAuthRefusals(c, (client) => client.POST('/v1/subscriptions', { body: body(), params: idem() }), false);
  });

  it('getSubscription 404 for an unknown id or another merchant\'s', async () => {
    const s = await create();
    expectError(await c.api.GET('/v1/subscriptions/{subscriptionId}', path(UNKNOWN)), 404, 'subscriptionNotFound');
    expectError(await c.other.GET('/v1/subscriptions/{subscriptionId}', path(s.id)), 404, 'subscriptionNotFound');
    await expectAuthRefusals(c, (client) => client.GET('/v1/subscriptions/{subscriptionId}', path(s.id)), true);
  });

  it('listSubscriptions 200 filtered by status and customer; 422 for an empty date range', async () => {
    const s = await active();
    // A split written as the splits part writes it (30 %, in hundredths), shown the same by the list and the read.
    const recipient = await c.svc.newMerchant('Parceiro Ltda');
    await c.svc.db.query(
      `INSERT INTO subscription_splits (id, subscription_id, merchant_id, mode, recipient_id, type, value, created_at, updated_at)
       VALUES ('ssp_1Az9Sx8Dc7Fv6Gb5', $1, $2, 'sandbox', $3, 'percentage', 3000, now(), now())`,
      [s.id, c.svc.merchant.merchantId, recipient.merchantId],
    );
    const page = await c.api.GET('/v1/subscriptions', { params: { query: { status: 'active', customerid: s.customerId } } });
    expect(page.response.status).toBe(200);
    expect(page.data?.data.map((x) => x.id)).toEqual([s.id]);
    expect(page.data?.data[0]?.splits).toEqual([expect.objectContaining({ recipient: recipient.merchantId, type: 'percentage', value: 30 })]);
    expect((await read(s.id)).splits).toEqual(page.data?.data[0]?.splits);
    const none = await c.api.GET('/v1/subscriptions', { params: { query: { status: 'expired', customerid: s.customerId } } });
    expect(none.data?.total).toBe(0);
    expectError(await c.api.GET('/v1/subscriptions', { params: { query: { daterangegte: '2026-03-15', daterangelte: '2026-03-14' } } }), 422, 'unprocessableEntity');
  });

  it('listSubscriptionCycles 200 with the status filter; 404 for another merchant\'s subscription', async () => {
    const s = await active();
    const all = await c.api.GET('/v1/subscriptions/{subscriptionId}/cycles', { params: { path: { subscriptionId: s.id }, query: { sort: 'cycle' } } });
    expect(all.response.status).toBe(200);
    expect(all.data?.data.map((x) => [x.cycle, x.status])).toEqual([[1, 'paid'], [2, 'scheduled']]);
    const paid = await c.api.GET('/v1/subscriptions/{subscriptionId}/cycles', { params: { path: { subscriptionId: s.id }, query: { status: 'paid' } } });
    expect(paid.data?.data.map((x) => x.cycle)).toEqual([1]);
    expectError(await c.other.GET('/v1/subscriptions/{subscriptionId}/cycles', path(s.id)), 404, 'subscriptionNotFound');
  });

  it('pauseSubscription and resumeSubscription 200 (paused, active), 422 from any other status', async () => {
    const s = await active();
    expectError(await c.api.POST('/v1/subscriptions/{subscriptionId}/resume', { ...path(s.id), ...idem() }), 422, 'invalidTransition');
    const paused = await c.api.POST('/v1/subscriptions/{subscriptionId}/pause', { ...path(s.id), ...idem() });
    expect(paused.response.status).toBe(200);
    expect(paused.data).toMatchObject({ status: 'paused', nextBillingAt: null });
    expectError(await c.api.POST('/v1/subscriptions/{subscriptionId}/pause', { ...path(s.id), ...idem() }), 422, 'invalidTransition');
    // The job of the next cycle bills nothing while paused.
    expect(await runNextBilling(c.svc, s.id)).toBe(true);
    expect((await read(s.id)).currentCycle).toBe(1);
    const resumed = await c.api.POST('/v1/subscriptions/{subscriptionId}/resume', { ...path(s.id), ...idem() });
    expect(resumed.response.status).toBe(200);
    expect(resumed.data?.status).toBe('active');
    expect(resumed.data?.nextBillingAt).not.toBeNull();
    expect(await runNextBilling(c.svc, s.id)).toBe(true);
    expect(await read(s.id)).toMatchObject({ status: 'active', currentCycle: 2 });
  });

  it('cancelSubscription 200 now (canceled) or at period end (canceled on the next due date); 422 once canceled', async () => {
    const now = await active();
    const canceled = await c.api.POST('/v1/subscriptions/{subscriptionId}/cancel', { ...path(now.id), body: {}, ...idem() });
    expect(canceled.response.status).toBe(200);
    expect(canceled.data).toMatchObject({ status: 'canceled', nextBillingAt: null });
    expect(canceled.data?.canceledAt).not.toBeNull();
    expectError(await c.api.POST('/v1/subscriptions/{subscriptionId}/cancel', { ...path(now.id), body: {}, ...idem() }), 422, 'invalidTransition');
    expectError(
      await c.api.PUT('/v1/subscriptions/{subscriptionId}/payment-method', { ...path(now.id), body: { payment: { method: 'pix' } }, ...idem() }),
      422, 'invalidTransition',
    );
    const later = await active();
    const atEnd = await c.api.POST('/v1/subscriptions/{subscriptionId}/cancel', { ...path(later.id), body: { atPeriodEnd: true }, ...idem() });
    expect(atEnd.data).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(await runNextBilling(c.svc, later.id)).toBe(true);
    expect(await read(later.id)).toMatchObject({ status: 'canceled', currentCycle: 1 });
  });

  it('updateSubscriptionPaymentMethod 200; a declined card makes the next cycle past-due; the statuses trialing, unpaid and expired', async () => {
    const s = await active();
    const changed = await c.api.PUT('/v1/subscriptions/{subscriptionId}/payment-method', {
      ...path(s.id), body: { payment: { method: 'credit', card: card(TEST_CARDS.declined) } }, ...idem(),
    });
    expect(changed.response.status, JSON.stringify(changed.error)).toBe(200);
    expect(changed.data?.card).toMatchObject({ lastDigits: '0002' });
    expect(await runNextBilling(c.svc, s.id)).toBe(true);
    expect((await read(s.id)).status).toBe('past-due');

    const trial = await create(body({ plan: { amount: 5000, billingFrequency: 'weekly', trialInterval: 'week', trialIntervalCount: 1 } }));
    await c.svc.drain();
    expect((await read(trial.id)).status).toBe('trialing');

    const unpaid = await create(body({ dunning: { retryDays: [], endAs: 'unpaid' } }));
    await c.svc.drain();
    await c.api.PUT('/v1/subscriptions/{subscriptionId}/payment-method', { ...path(unpaid.id), body: { payment: { method: 'credit', card: card(TEST_CARDS.declined) } }, ...idem() });
    expect(await runNextBilling(c.svc, unpaid.id)).toBe(true);
    expect((await read(unpaid.id)).status).toBe('unpaid');

    const fixed = await create(body({ plan: { amount: 5000, billingFrequency: 'daily', cycles: 1 } }));
    await c.svc.drain();
    expect(await runNextBilling(c.svc, fixed.id)).toBe(true);
    expect(await read(fixed.id)).toMatchObject({ status: 'expired', currentCycle: 1, nextBillingAt: null });
  });
});
