/**
 * The split operations of the Subscriptions tag on every engine: a subscription's split rule, listed with its
 * totals, added to, changed and removed, and every refusal the operations document; and the rule where the other
 * subscription operations meet it (splits given on creation, a change of payment method re-checking them). Most
 * subscriptions are written with SQL fixtures (server/testing/split-fixtures.ts); recipients are the merchant's
 * sub-accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../client/src/index';
import type { PaymentsClient } from './support/client';
import { ENGINES } from '../server/testing/harness';
import { insertSubscription, subAccount } from '../server/testing/split-fixtures';
import { card } from '../server/testing/subscriptions';
import { contractContext, errorOf, expectAuthRefusals, expectError, idem, idemKey, newCpf, type ContractContext } from './support/context';
import { flushCoverage } from './support/coverage';

afterAll(() => flushCoverage('subscription-splits'));

const UNKNOWN_SUB = 'subs_0000000000000000';
const UNKNOWN_SPLIT = 'ssp_0000000000000000';

describe.each(ENGINES)('Subscription splits contract on $name', (engine) => {
  let c: ContractContext;
  let partners: string[];
  beforeAll(async () => {
    c = await contractContext(engine, { RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' });
    partners = [];
    for (const name of ['Parceiro A', 'Parceiro B', 'Parceiro C', 'Parceiro D', 'Parceiro E', 'Parceiro F']) partners.push((await subAccount(c.svc.db, c.svc.merchant.merchantId, name)).merchantId);
  });
  afterAll(async () => c?.close());

  const subscription = (over: Parameters<typeof insertSubscription>[1] extends infer F ? Partial<F> : never = {}) =>
    insertSubscription(c.svc.db, { merchantId: c.svc.merchant.merchantId, amount: 5000, method: 'pix', ...over });
  const path = (subscriptionId: string) => ({ params: { path: { subscriptionId } } });
  const list = (subscriptionId: string, client: PaymentsClient = c.api) => client.GET('/v1/subscriptions/{subscriptionId}/splits', path(subscriptionId));
  const add = (subscriptionId: string, body: Schemas['CreateSubscriptionSplitRequest'], client: PaymentsClient = c.api, key = idemKey()) =>
    client.POST('/v1/subscriptions/{subscriptionId}/splits', { params: { path: { subscriptionId }, ...idem(key) }, body });
  const change = (subscriptionId: string, splitId: string, body: Schemas['UpdateSubscriptionSplitRequest'], client: PaymentsClient = c.api) =>
    client.PUT('/v1/subscriptions/{subscriptionId}/splits/{splitId}', { params: { path: { subscriptionId, splitId }, ...idem() }, body });
  const remove = (subscriptionId: string, splitId: string, client: PaymentsClient = c.api) =>
    client.DELETE('/v1/subscriptions/{subscriptionId}/splits', { params: { path: { subscriptionId }, query: { splitId } } });

  it('createSubscriptionSplit 201, listSubscriptionSplits 200 with the totals, updateSubscriptionSplit 200, deleteSubscriptionSplit 200', async () => {
    const sub = await subscription();
    const empty = await list(sub);
    expect(empty.response.status).toBe(200);
    expect(empty.data).toMatchObject({ subscription: sub, splits: [], totalPercentage: 0, remainingPercentage: 100, remainingAmount: '5000' });

    const pct = await add(sub, { recipient: partners[0]!, type: 'percentage', value: 30, liable: true });
    expect(pct.response.status).toBe(201);
    expect(pct.data).toMatchObject({ recipient: partners[0], type: 'percentage', value: 30, liable: true, chargeProcessingFee: false });
    expect(pct.data!.id).toMatch(/^ssp_/);
    expect(pct.data!._links?.update?.href).toBe(`/v1/subscriptions/${sub}/splits/${pct.data!.id}`);
    const fixed = await add(sub, { recipient: partners[1]!, type: 'fixed', value: 1000 });
    expect(fixed.response.status).toBe(201);

    // 30 % of 5000 = 1500 and 1000 fixed: 2500 stays with the merchant.
    const both = await list(sub);
    expect(both.data).toMatchObject({ totalPercentage: 30, remainingPercentage: 70, remainingAmount: '2500' });
    expect(both.data!.splits.map((s) => s.id)).toEqual([pct.data!.id, fixed.data!.id]);

    const changed = await change(sub, pct.data!.id, { type: 'percentage', value: 25.51 });
    expect(changed.response.status).toBe(200);
    expect(changed.data).toMatchObject({ id: pct.data!.id, value: 25.51, liable: true, recipient: partners[0] });
    // 25.51 % of 5000 = 1275.5 → 1275.
    expect((await list(sub)).data).toMatchObject({ totalPercentage: 25.51, remainingPercentage: 74.49, remainingAmount: '2725' });

    const removed = await remove(sub, pct.data!.id);
    expect(removed.response.status).toBe(200);
    expect(removed.data).toMatchObject({ subscription: sub, totalPercentage: 0, remainingPercentage: 100, remainingAmount: '4000' });
    expect(removed.data!.splits.map((s) => s.id)).toEqual([fixed.data!.id]);
    const last = await remove(sub, fixed.data!.id);
    expect(last.data).toMatchObject({ splits: [], remainingAmount: '5000' });
  });

  it('createSubscriptionSplit replays a retry with its key (201, Idempotent-Replayed)', async () => {
    const sub = await subscription();
    const key = idemKey();
    const body = { recipient: partners[0]!, type: 'fixed' as const, value: 700 };
    const first = await add(sub, body, c.api, key);
    const again = await add(sub, body, c.api, key);
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data?.id).toBe(first.data?.id);
  });

  it('422 splitPercentageExceeded: percentages above 100, fixed amounts beyond the net of the processing fee', async () => {
    const sub = await subscription({ amount: 5000, method: 'billet' });
    expect((await add(sub, { recipient: partners[0]!, type: 'percentage', value: 60 })).response.status).toBe(201);
    expectError(await add(sub, { recipient: partners[1]!, type: 'percentage', value: 40.01 }), 422, 'splitPercentageExceeded', 'subscription');
    // The billet fee (349, borne by the merchant) must fit in what the merchant keeps: 2000 left, at most 1651 fixed.
    expectError(await add(sub, { recipient: partners[1]!, type: 'fixed', value: 1652 }), 422, 'splitPercentageExceeded', 'subscription');
    const fits = await add(sub, { recipient: partners[1]!, type: 'fixed', value: 1651 });
    expect(fits.response.status).toBe(201);
    // A change is checked the same way, and refused changes leave the split as it was.
    expectError(await change(sub, fits.data!.id, { type: 'fixed', value: 1700 }), 422, 'splitPercentageExceeded');
    expect((await list(sub)).data!.remainingAmount).toBe('349');
  });

  it('422 unprocessableEntity: a recipient that is not a sub-account of the merchant, one already split with, an unpaid, canceled or expired subscription', async () => {
    const sub = await subscription();
    const stranger = (await c.svc.newMerchant('Estranho Ltda')).merchantId;
    const foreignSub = (await subAccount(c.svc.db, stranger, 'Sub de outro')).merchantId;
    for (const recipient of [stranger, foreignSub, c.svc.merchant.merchantId]) {
      const res = await add(sub, { recipient, type: 'percentage', value: 10 });
      expectError(res, 422, 'unprocessableEntity', 'subscription');
      expect(errorOf(res).params?.flatMap(Object.keys)).toContain('recipient');
    }
    expect((await add(sub, { recipient: partners[2]!, type: 'percentage', value: 10 })).response.status).toBe(201);
    expectError(await add(sub, { recipient: partners[2]!, type: 'fixed', value: 100 }), 422, 'unprocessableEntity');

    // `unpaid` bills nothing more (its only way out is `canceled`): its rule is frozen like an ended one's.
    for (const status of ['unpaid', 'canceled', 'expired']) {
      const ended = await subscription();
      const split = await add(ended, { recipient: partners[0]!, type: 'fixed', value: 100 });
      await c.svc.db.query(`UPDATE subscriptions SET status = $2 WHERE id = $1`, [ended, status]);
      expectError(await add(ended, { recipient: partners[1]!, type: 'fixed', value: 100 }), 422, 'unprocessableEntity');
      expectError(await change(ended, split.data!.id, { type: 'fixed', value: 200 }), 422, 'unprocessableEntity');
      expectError(await remove(ended, split.data!.id), 422, 'unprocessableEntity');
      const still = await list(ended);
      expect(still.response.status).toBe(200);
      expect(still.data!.splits.map((x) => [x.id, x.value])).toEqual([[split.data!.id, 100]]);
    }
  });

  it('400 invalidParameters naming value: more than two decimals, above 100, below a hundredth, fractional cents; the schema refuses the rest', async () => {
    const sub = await subscription();
    for (const body of [
      { recipient: partners[0]!, type: 'percentage' as const, value: 10.555 },
      { recipient: partners[0]!, type: 'percentage' as const, value: 100.5 },
      { recipient: partners[0]!, type: 'percentage' as const, value: 0.000000001 },
      { recipient: partners[0]!, type: 'fixed' as const, value: 10.5 },
    ]) {
      const res = await add(sub, body);
      expectError(res, 400, 'invalidParameters');
      expect(errorOf(res).params?.flatMap(Object.keys)).toContain('value');
    }
    const zero = await add(sub, { recipient: partners[0]!, type: 'fixed', value: 0 });
    expect(zero.response.status).toBe(400);
    const badId = await list('sub-1');
    expect(badId.response.status).toBe(400);
  });

  it('404: subscriptionNotFound (unknown, another merchant, the other mode) and subscriptionSplitNotFound', async () => {
    const sub = await subscription();
    const split = await add(sub, { recipient: partners[0]!, type: 'fixed', value: 100 });
    for (const res of [await list(UNKNOWN_SUB), await list(sub, c.other), await list(sub, c.live)]) {
      expectError(res, 404, 'subscriptionNotFound', 'subscription');
    }
    expectError(await add(UNKNOWN_SUB, { recipient: partners[0]!, type: 'fixed', value: 100 }), 404, 'subscriptionNotFound');
    expectError(await change(sub, UNKNOWN_SPLIT, { type: 'fixed', value: 100 }), 404, 'subscriptionSplitNotFound', 'subscriptionSplit');
    expectError(await remove(sub, UNKNOWN_SPLIT), 404, 'subscriptionSplitNotFound');
    // A split of another subscription is not this one's.
    const other = await subscription();
    expectError(await remove(other, split.data!.id), 404, 'subscriptionSplitNotFound');
  });

  type NewSubscription = Schemas['CreateSubscriptionRequest'];
  const subscribe = (splits: NewSubscription['splits'], payment: NewSubscription['payment'] = { method: 'pix' }, email = `${idemKey()}@example.com`) =>
    c.api.POST('/v1/subscriptions', {
      params: idem(),
      body: {
        customer: { firstName: 'Maria', lastName: 'Silva', email, document: { type: 'cpf', number: newCpf() } },
        plan: { amount: 5000, billingFrequency: 'monthly' },
        payment,
        splits,
      },
    });
  const changeMethod = (subscriptionId: string, payment: NewSubscription['payment']) =>
    c.api.PUT('/v1/subscriptions/{subscriptionId}/payment-method', { params: { path: { subscriptionId }, ...idem() }, body: { payment } });
  async function written(email: string) {
    const res = await c.svc.db.query<{ customers: number; subscriptions: number }>(
      `SELECT (SELECT count(*)::int FROM customers WHERE email = $1) AS customers,
              (SELECT count(*)::int FROM subscriptions s JOIN customers u ON u.id = s.customer_id WHERE u.email = $1) AS subscriptions`,
      [email],
    );
    return res.rows[0]!;
  }

  it('createSubscription with splits: 201, the rule written with the subscription and listed with its totals', async () => {
    const res = await subscribe([
      { recipient: partners[0]!, type: 'percentage', value: 30, liable: true },
      { recipient: partners[1]!, type: 'fixed', value: 1000, chargeProcessingFee: true },
    ]);
    expect(res.response.status, JSON.stringify(res.error)).toBe(201);
    expect(res.data!.splits.map((x) => [x.recipient, x.type, x.value, x.liable, x.chargeProcessingFee])).toEqual([
      [partners[0], 'percentage', 30, true, false],
      [partners[1], 'fixed', 1000, false, true],
    ]);
    const state = await list(res.data!.id);
    expect(state.data).toMatchObject({ totalPercentage: 30, remainingAmount: '2500' });
    expect(state.data!.splits.map((x) => x.id)).toEqual(res.data!.splits.map((x) => x.id));
    // Written in one database transaction, the rule keeps the order it was given in (the order shares are taken in):
    // six splits, listed back in the request's order by the read, the list and each charge's template.
    const six = partners.map((recipient, i) => ({ recipient, type: 'fixed' as const, value: 100 + i }));
    const many = await subscribe(six);
    expect(many.response.status, JSON.stringify(many.error)).toBe(201);
    expect(many.data!.splits.map((x) => x.recipient)).toEqual(partners);
    expect((await list(many.data!.id)).data!.splits.map((x) => x.recipient)).toEqual(partners);
    // No splits, or an empty list: a subscription without a rule.
    expect((await subscribe([])).data!.splits).toEqual([]);
  });

  it('createSubscription refuses a rule that cannot be applied, and writes nothing: no subscription, no payer, no split', async () => {
    const cases: [NewSubscription['splits'], number, string][] = [
      [[{ recipient: partners[0]!, type: 'percentage', value: 60 }, { recipient: partners[1]!, type: 'percentage', value: 40.5 }], 422, 'splitPercentageExceeded'],
      // PIX fee on 5000 is 0.99 % = 50: a fixed 4951 leaves the merchant 49, less than the fee it bears.
      [[{ recipient: partners[0]!, type: 'fixed', value: 4951 }], 422, 'splitPercentageExceeded'],
      [[{ recipient: partners[0]!, type: 'fixed', value: 100 }, { recipient: partners[0]!, type: 'fixed', value: 200 }], 422, 'unprocessableEntity'],
      [[{ recipient: c.svc.merchant.merchantId, type: 'percentage', value: 10 }], 422, 'unprocessableEntity'],
      [[{ recipient: partners[0]!, type: 'percentage', value: 10.555 }], 400, 'invalidParameters'],
    ];
    for (const [splits, status, code] of cases) {
      const email = `${idemKey()}@example.com`;
      expectError(await subscribe(splits, { method: 'pix' }, email), status, code);
      expect(await written(email)).toEqual({ customers: 0, subscriptions: 0 });
    }
    // The limit itself fits: 4950 fixed leaves exactly the fee.
    expect((await subscribe([{ recipient: partners[0]!, type: 'fixed', value: 4950 }])).response.status).toBe(201);
  });

  it('updateSubscriptionPaymentMethod re-checks the rule: a method whose fee no longer fits is 422 and nothing changes', async () => {
    // PIX (fee 50) with 4900 fixed: the merchant keeps 100. A card (3.99 % = 200) or a billet (349) would not fit.
    const created = await subscribe([{ recipient: partners[0]!, type: 'fixed', value: 4900 }]);
    expect(created.response.status).toBe(201);
    const sub = created.data!.id;
    expectError(await changeMethod(sub, { method: 'credit', card: card() }), 422, 'splitPercentageExceeded', 'subscription');
    expectError(await changeMethod(sub, { method: 'billet' }), 422, 'splitPercentageExceeded');
    const read = await c.api.GET('/v1/subscriptions/{subscriptionId}', { params: { path: { subscriptionId: sub } } });
    expect(read.data).toMatchObject({ paymentMethod: 'pix', card: null, updatedAt: created.data!.updatedAt });

    // Once the rule fits the new method's fee, the change goes through.
    const split = created.data!.splits[0]!;
    expect((await change(sub, split.id, { type: 'fixed', value: 4500 })).response.status).toBe(200);
    const ok = await changeMethod(sub, { method: 'billet' });
    expect(ok.response.status, JSON.stringify(ok.error)).toBe(200);
    expect(ok.data).toMatchObject({ paymentMethod: 'billet' });
  });

  it('401 and 403 for every split operation', async () => {
    const sub = await subscription();
    const split = await add(sub, { recipient: partners[0]!, type: 'fixed', value: 100 });
    await expectAuthRefusals(c, (client) => list(sub, client), true);
    await expectAuthRefusals(c, (client) => add(sub, { recipient: partners[1]!, type: 'fixed', value: 100 }, client), false);
    await expectAuthRefusals(c, (client) => change(sub, split.data!.id, { type: 'fixed', value: 200 }, client), false);
    await expectAuthRefusals(c, (client) => remove(sub, split.data!.id, client), false);
  });
});
