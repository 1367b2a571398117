import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../client/src/index';
import type { PaymentsClient } from './support/client';
import { ENGINES } from '../server/testing/harness';
import { contractClient } from './support/client';
import { contractContext, errorOf, expectAuthRefusals, expectError, idem, idemKey, type Answer, type ContractContext } from './support/context';
import { flushCoverage } from './support/coverage';

afterAll(() => flushCoverage('variants'));

const UNKNOWN = 'var_0000000000000000';
const UNKNOWN_PRODUCT = 'prd_0000000000000000';
type Input = Schemas['VariantInput'];

const MONTHLY: Input['pricing'] = {
  type: 'recurring',
  unitPrice: 5000,
  oldPrice: 5990,
  costPerItem: 1200,
  billingFrequency: 'monthly',
  billingExactDay: 31,
  cycles: 0,
  trialInterval: 'week',
  trialIntervalCount: 1,
};

describe.each(ENGINES)('Variants contract on $name', (engine) => {
  let c: ContractContext;
  let productId: string;
  beforeAll(async () => {
    c = await contractContext(engine);
    productId = (await newProduct(c.api)).id;
  });
  afterAll(async () => c?.close());

  async function newProduct(client: PaymentsClient): Promise<Schemas['Product']> {
    const { data, response } = await client.POST('/v1/products', { body: { name: 'Plano Pro' }, params: idem() });
    expect(response.status).toBe(201);
    return data!;
  }
  const body = (over: Partial<Input> = {}): Input => ({ productId, name: 'Plano Pro mensal', sku: 'PRO-M', pricing: MONTHLY, ...over });
  async function create(over: Partial<Input> = {}, client: PaymentsClient = c.api): Promise<Schemas['Variant']> {
    const { data, response, error } = await client.POST('/v1/variants', { body: body(over), params: idem() });
    expect(response.status, JSON.stringify(error)).toBe(201);
    return data!;
  }
  const read = (variantId: string, client: PaymentsClient = c.api) => client.GET('/v1/variants/{variantId}', { params: { path: { variantId } } });
  const replace = (variantId: string, input: Input, client: PaymentsClient = c.api, key = idemKey()) =>
    client.PUT('/v1/variants/{variantId}', { params: { path: { variantId }, ...idem(key) }, body: input });
  const disable = (variantId: string, client: PaymentsClient = c.api, key = idemKey()) =>
    client.POST('/v1/variants/{variantId}/disable', { params: { path: { variantId }, ...idem(key) } });
  const enable = (variantId: string, client: PaymentsClient = c.api, key = idemKey()) =>
    client.POST('/v1/variants/{variantId}/enable', { params: { path: { variantId }, ...idem(key) } });

  it('createVariant 201 with a recurring price: defaults filled, until canceled shown as null; getVariant 200 the same', async () => {
    const v = await create();
    expect(v).toMatchObject({ productId, enabled: true, description: '', images: [], metadata: {}, externalReference: null, attributes: null });
    expect(v.pricing).toEqual({
      oldPrice: 5990, unitPrice: 5000, costPerItem: 1200, currency: 'BRL', schema: 'unit', type: 'recurring', daysTrial: 7,
      billingType: 'prepaid', billingFrequency: 'monthly', billingFrequencyCount: 1, billingExactDay: 31, cycles: null,
      trialInterval: 'week', trialIntervalCount: 1,
    });
    expect(v._links.product?.href).toBe(`/v1/products/${productId}`);
    const { data, response } = await read(v.id);
    expect(response.status).toBe(200);
    expect(data).toEqual(v);
  });

  it('createVariant 201 with a one-time price: billing and trial fields null or 0', async () => {
    const v = await create({ name: 'Camiseta M', attributes: { tamanho: 'M' }, externalReference: 'ERP-1', pricing: { type: 'one-time', unitPrice: 7990 } });
    expect(v.pricing).toMatchObject({ type: 'one-time', unitPrice: 7990, billingType: null, billingFrequency: null, cycles: null, daysTrial: 0, trialIntervalCount: 0 });
    expect(v).toMatchObject({ attributes: { tamanho: 'M' }, externalReference: 'ERP-1' });
  });

  it('updateVariant 200 replaces fields and pricing (a fixed term of 12 cycles, a trial in days), keeping enabled', async () => {
    const v = await create({ description: 'Texto' });
    const res = await replace(v.id, body({ name: 'Plano anual', pricing: { type: 'recurring', unitPrice: 50000, billingFrequency: 'yearly', cycles: 12, daysTrial: 10 } }));
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ id: v.id, name: 'Plano anual', description: '', enabled: true, createdAt: v.createdAt });
    expect(res.data?.pricing).toMatchObject({ unitPrice: 50000, billingFrequency: 'yearly', cycles: 12, trialInterval: 'day', trialIntervalCount: 10, daysTrial: 10, billingExactDay: null });
    // The same variant written the other way (the trial as interval and count) changes nothing: updatedAt is kept.
    const same = await replace(v.id, body({ name: 'Plano anual', pricing: { type: 'recurring', unitPrice: 50000, billingFrequency: 'yearly', cycles: 12, trialInterval: 'day', trialIntervalCount: 10 } }));
    expect(same.data).toEqual(res.data);
  });

  it('updateVariant moves a variant to another enabled product', async () => {
    const v = await create();
    const other = await newProduct(c.api);
    const res = await replace(v.id, body({ productId: other.id }));
    expect(res.response.status).toBe(200);
    expect(res.data?.productId).toBe(other.id);
  });

  it('disableVariant and enableVariant 200: the flag moves, a repeat keeps updatedAt', async () => {
    const v = await create();
    const off = await disable(v.id);
    expect(off.response.status).toBe(200);
    expect(off.data).toMatchObject({ id: v.id, enabled: false });
    expect(off.data?._links.enable?.href).toBe(`/v1/variants/${v.id}/enable`);
    expect((await disable(v.id)).data?.updatedAt).toBe(off.data?.updatedAt);
    const on = await enable(v.id);
    expect(on.response.status).toBe(200);
    expect(on.data).toMatchObject({ id: v.id, enabled: true });
  });

  it('listVariants 200 filtered by productId, enabled and type, sorted by unitPrice', async () => {
    const { sandboxKey } = await c.svc.newMerchant();
    const api = contractClient(c.svc.url, sandboxKey);
    const p = await newProduct(api);
    const q = await newProduct(api);
    const monthly = await create({ productId: p.id }, api);
    const shirt = await create({ productId: p.id, pricing: { type: 'one-time', unitPrice: 100 } }, api);
    const elsewhere = await create({ productId: q.id, pricing: { type: 'one-time', unitPrice: 9000 } }, api);
    await disable(shirt.id, api);
    const ids = async (query: { productId?: string; enabled?: boolean; type?: 'one-time' | 'recurring'; sort?: string }) => {
      const res = await api.GET('/v1/variants', { params: { query } });
      expect(res.response.status).toBe(200);
      return res.data!.data.map((v) => v.id);
    };
    expect(await ids({})).toEqual([elsewhere.id, shirt.id, monthly.id]);
    expect(await ids({ productId: p.id })).toEqual([shirt.id, monthly.id]);
    expect(await ids({ enabled: false })).toEqual([shirt.id]);
    expect(await ids({ type: 'recurring' })).toEqual([monthly.id]);
    expect(await ids({ productId: p.id, enabled: true, type: 'one-time' })).toEqual([]);
    expect(await ids({ sort: 'unitPrice' })).toEqual([shirt.id, monthly.id, elsewhere.id]);
  });

  it('createVariant and updateVariant 422 invalidPricing, params naming the field', async () => {
    const v = await create();
    const cases: [Input['pricing'], string][] = [
      [{ type: 'recurring', unitPrice: 5000 }, 'pricing[billingFrequency]'],
      [{ type: 'recurring', unitPrice: 0, billingFrequency: 'monthly' }, 'pricing[unitPrice]'],
      [{ type: 'recurring', unitPrice: 5000, billingFrequency: 'weekly', billingExactDay: 5 }, 'pricing[billingExactDay]'],
      [{ type: 'recurring', unitPrice: 5000, billingFrequency: 'monthly', trialInterval: 'day' }, 'pricing[trialIntervalCount]'],
      [{ type: 'recurring', unitPrice: 5000, billingFrequency: 'monthly', trialIntervalCount: 3 }, 'pricing[trialInterval]'],
      [{ type: 'recurring', unitPrice: 5000, billingFrequency: 'monthly', trialInterval: 'week', trialIntervalCount: 1, daysTrial: 5 }, 'pricing[daysTrial]'],
      [{ type: 'one-time', unitPrice: 5000, billingFrequency: 'monthly' }, 'pricing[billingFrequency]'],
      [{ type: 'one-time', unitPrice: 5000, cycles: 3 }, 'pricing[cycles]'],
      [{ type: 'one-time', unitPrice: 5000, daysTrial: 7 }, 'pricing[daysTrial]'],
    ];
    for (const [pricing, field] of cases) {
      for (const res of [await c.api.POST('/v1/variants', { body: body({ pricing }), params: idem() }), await replace(v.id, body({ pricing }))]) {
        expectError(res, 422, 'invalidPricing', 'variant');
        expect(errorOf(res).params?.flatMap(Object.keys), JSON.stringify(pricing)).toEqual([field]);
      }
    }
  });

  it('createVariant and updateVariant 422 productDisabled under (or moving to) a disabled product', async () => {
    const v = await create();
    const closed = await newProduct(c.api);
    expect((await c.api.POST('/v1/products/{productId}/disable', { params: { path: { productId: closed.id } } })).response.status).toBe(200);
    expectError(await c.api.POST('/v1/variants', { body: body({ productId: closed.id }), params: idem() }), 422, 'productDisabled', 'product');
    expectError(await replace(v.id, body({ productId: closed.id })), 422, 'productDisabled', 'product');
  });

  it('listVariants 422 when the lower daterange bound is after the upper one', async () => {
    const res = await c.api.GET('/v1/variants', { params: { query: { daterangegte: '2026-03-15', daterangelte: '2026-03-14' } } });
    expectError(res, 422, 'unprocessableEntity', 'variant');
  });

  it('400 invalidParameters: billingExactDay 32, a missing pricing, an unknown field, a bad id prefix, a bad type filter', async () => {
    const day = await c.api.POST('/v1/variants', { body: body({ pricing: { ...MONTHLY, billingExactDay: 32 } }), params: idem() });
    expectError(day, 400, 'invalidParameters');
    expect(errorOf(day).params?.flatMap(Object.keys)).toContain('pricing[billingExactDay]');
    const { pricing: _p, ...noPricing } = body();
    expectError(await c.api.POST('/v1/variants', { body: noPricing as Input, params: idem() }), 400, 'invalidParameters');
    expectError(await replace(UNKNOWN, { ...body(), enabled: true } as Input), 400, 'invalidParameters');
    for (const res of [await read('prd_0000000000000000'), await disable('abc'), await enable('abc')]) {
      expectError(res, 400, 'invalidParameters');
      expect(errorOf(res).params?.flatMap(Object.keys)).toContain('variantId');
    }
    const list = await c.api.GET('/v1/variants', { params: { query: { type: 'weekly' as 'recurring' } } });
    expectError(list, 400, 'invalidParameters');
  });

  it('createVariant and updateVariant 413 payloadTooLarge for a body over the limit', async () => {
    const big = body({ description: 'y'.repeat(1_100_000) });
    expectError(await c.api.POST('/v1/variants', { body: big, params: idem() }), 413, 'payloadTooLarge');
    expectError(await replace(UNKNOWN, big), 413, 'payloadTooLarge');
  });

  it('createVariant replays a retry with its key; 409 idempotencyMismatch on every write when the key was used for another request', async () => {
    const key = idemKey();
    const first = await c.api.POST('/v1/variants', { body: body(), params: idem(key) });
    const again = await c.api.POST('/v1/variants', { body: body(), params: idem(key) });
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data?.id).toBe(first.data?.id);
    const id = first.data!.id;
    expectError(await c.api.POST('/v1/variants', { body: body({ name: 'Outro' }), params: idem(key) }), 409, 'idempotencyMismatch');
    expectError(await replace(id, body(), c.api, key), 409, 'idempotencyMismatch');
    expectError(await disable(id, c.api, key), 409, 'idempotencyMismatch');
    expectError(await enable(id, c.api, key), 409, 'idempotencyMismatch');
  });

  it('404: variantNotFound for an unknown, another merchant\'s or the other mode\'s variant; productNotFound for an unknown product', async () => {
    const mine = await create();
    for (const client of [c.api, c.other, c.live]) {
      const id = client === c.api ? UNKNOWN : mine.id;
      for (const res of [await read(id, client), await replace(id, body(), client), await disable(id, client), await enable(id, client)]) {
        expectError(res, 404, 'variantNotFound', 'variant');
      }
    }
    expectError(await c.api.POST('/v1/variants', { body: body({ productId: UNKNOWN_PRODUCT }), params: idem() }), 404, 'productNotFound', 'product');
    expectError(await replace(mine.id, body({ productId: UNKNOWN_PRODUCT })), 404, 'productNotFound', 'product');
    expectError(await c.other.POST('/v1/variants', { body: body(), params: idem() }), 404, 'productNotFound', 'product');
  });

  const calls: Record<string, [(cl: PaymentsClient) => Promise<Answer>, boolean]> = {
    listVariants: [(cl) => cl.GET('/v1/variants'), true],
    getVariant: [(cl) => read(UNKNOWN, cl), true],
    createVariant: [(cl) => cl.POST('/v1/variants', { body: body(), params: idem() }), false],
    updateVariant: [(cl) => replace(UNKNOWN, body(), cl), false],
    disableVariant: [(cl) => disable(UNKNOWN, cl), false],
    enableVariant: [(cl) => enable(UNKNOWN, cl), false],
  };

  it.each(Object.keys(calls))('%s 401 with an unknown key, 403 with a key that may not call it', async (op) => {
    const [call, isRead] = calls[op]!;
    await expectAuthRefusals(c, call, isRead);
  });
});

describe.each(ENGINES)('Variants contract under a tight quota on $name', (engine) => {
  let c: ContractContext;
  beforeAll(async () => {
    c = await contractContext(engine, { RATE_LIMIT_POINTS: '1', RATE_LIMIT_WINDOW_SECONDS: '60' });
  });
  afterAll(async () => c?.close());

  it('every operation 429 tooManyRequests once the quota is spent, with Retry-After', async () => {
    expect((await c.api.GET('/v1/variants')).response.status).toBe(200);
    const path = { params: { path: { variantId: UNKNOWN } } };
    const input: Input = { productId: UNKNOWN_PRODUCT, name: 'x', pricing: { type: 'one-time', unitPrice: 1 } };
    const answers: Record<string, Answer> = {
      listVariants: await c.api.GET('/v1/variants'),
      createVariant: await c.api.POST('/v1/variants', { body: input, params: idem() }),
      getVariant: await c.api.GET('/v1/variants/{variantId}', path),
      updateVariant: await c.api.PUT('/v1/variants/{variantId}', { ...path, body: input }),
      disableVariant: await c.api.POST('/v1/variants/{variantId}/disable', path),
      enableVariant: await c.api.POST('/v1/variants/{variantId}/enable', path),
    };
    for (const [op, res] of Object.entries(answers)) {
      expect(res.response.status, op).toBe(429);
      expect(errorOf(res)).toMatchObject({ code: 'tooManyRequests', category: 'rate_limit' });
      expect(Number(res.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });
});
