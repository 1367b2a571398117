import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../client/src/index';
import type { PaymentsClient } from './support/client';
import { ENGINES } from '../server/testing/harness';
import { contractContext, errorOf, expectAuthRefusals, expectError, idem, idemKey, type Answer, type ContractContext } from './support/context';
import { contractClient } from './support/client';
import { flushCoverage } from './support/coverage';

afterAll(() => flushCoverage('products'));

const UNKNOWN = 'prd_0000000000000000';
const BODY: Schemas['ProductInput'] = { name: 'Plano Pro', description: 'Acesso completo.', metadata: { linha: 'assinaturas' } };

describe.each(ENGINES)('Products contract on $name', (engine) => {
  let c: ContractContext;
  beforeAll(async () => {
    c = await contractContext(engine);
  });
  afterAll(async () => c?.close());

  async function create(client: PaymentsClient = c.api, body: Schemas['ProductInput'] = BODY): Promise<Schemas['Product']> {
    const { data, response } = await client.POST('/v1/products', { body, params: idem() });
    expect(response.status).toBe(201);
    return data!;
  }
  const read = (productId: string, client: PaymentsClient = c.api) => client.GET('/v1/products/{productId}', { params: { path: { productId } } });
  const replace = (productId: string, body: Schemas['ProductInput'], client: PaymentsClient = c.api, key = idemKey()) =>
    client.PUT('/v1/products/{productId}', { params: { path: { productId }, ...idem(key) }, body });
  const disable = (productId: string, client: PaymentsClient = c.api, key = idemKey()) =>
    client.POST('/v1/products/{productId}/disable', { params: { path: { productId }, ...idem(key) } });
  const enable = (productId: string, client: PaymentsClient = c.api, key = idemKey()) =>
    client.POST('/v1/products/{productId}/enable', { params: { path: { productId }, ...idem(key) } });

  it('createProduct 201 (enabled, defaults) and getProduct 200 answer the same product', async () => {
    const p = await create(c.api, { name: 'Só o nome' });
    expect(p).toMatchObject({ name: 'Só o nome', description: '', metadata: {}, enabled: true });
    expect(p._links.disable?.href).toBe(`/v1/products/${p.id}/disable`);
    const { data, response } = await read(p.id);
    expect(response.status).toBe(200);
    expect(data).toEqual(p);
  });

  it('updateProduct 200 replaces the fields (omitted ones back to defaults), keeping enabled', async () => {
    const p = await create();
    const { data, response } = await replace(p.id, { name: 'Plano Pro 2' });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ id: p.id, name: 'Plano Pro 2', description: '', metadata: {}, enabled: true, createdAt: p.createdAt });
    // The same body again changes nothing: nothing is written, updatedAt is kept.
    expect((await replace(p.id, { name: 'Plano Pro 2', metadata: {} })).data).toEqual(data);
  });

  it('disableProduct and enableProduct 200: the flag moves, a repeat changes nothing and keeps updatedAt', async () => {
    const p = await create();
    const off = await disable(p.id);
    expect(off.response.status).toBe(200);
    expect(off.data).toMatchObject({ id: p.id, enabled: false });
    expect(off.data?._links.enable?.href).toBe(`/v1/products/${p.id}/enable`);
    const again = await disable(p.id);
    expect(again.data).toEqual(off.data);
    const on = await enable(p.id);
    expect(on.response.status).toBe(200);
    expect(on.data).toMatchObject({ id: p.id, enabled: true });
    expect((await enable(p.id)).data?.updatedAt).toBe(on.data?.updatedAt);
  });

  it('listProducts 200: newest first, filtered by enabled, sorted by name', async () => {
    const { sandboxKey } = await c.svc.newMerchant();
    const api = contractClient(c.svc.url, sandboxKey);
    const a = await create(api, { name: 'B produto' });
    const b = await create(api, { name: 'A produto' });
    await disable(a.id, api);
    const all = await api.GET('/v1/products');
    expect(all.response.status).toBe(200);
    expect(all.data).toMatchObject({ total: 2, hasMore: false });
    expect(all.data?.data.map((p) => p.id)).toEqual([b.id, a.id]);
    expect(all.data?._links.create?.href).toBe('/v1/products');
    const off = await api.GET('/v1/products', { params: { query: { enabled: false } } });
    expect(off.data?.data.map((p) => p.id)).toEqual([a.id]);
    const byName = await api.GET('/v1/products', { params: { query: { sort: 'name' } } });
    expect(byName.data?.data.map((p) => p.name)).toEqual(['A produto', 'B produto']);
  });

  it('createProduct replays a retry with its key (201, Idempotent-Replayed); 409 for another body with it', async () => {
    const key = idemKey();
    const first = await c.api.POST('/v1/products', { body: BODY, params: idem(key) });
    const again = await c.api.POST('/v1/products', { body: BODY, params: idem(key) });
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data?.id).toBe(first.data?.id);
    expectError(await c.api.POST('/v1/products', { body: { name: 'Outro' }, params: idem(key) }), 409, 'idempotencyMismatch');
  });

  it('updateProduct, disableProduct and enableProduct 409 idempotencyMismatch when the key was used for another request', async () => {
    const p = await create();
    const key = idemKey();
    expect((await replace(p.id, BODY, c.api, key)).response.status).toBe(200);
    expectError(await replace(p.id, { name: 'Outro' }, c.api, key), 409, 'idempotencyMismatch');
    expectError(await disable(p.id, c.api, key), 409, 'idempotencyMismatch');
    expectError(await enable(p.id, c.api, key), 409, 'idempotencyMismatch');
  });

  it('400 invalidParameters: a body without name, an unknown field, a bad id prefix, a bad enabled', async () => {
    const noName = await c.api.POST('/v1/products', { body: { description: 'x' } as unknown as Schemas['ProductInput'], params: idem() });
    expectError(noName, 400, 'invalidParameters');
    expect(errorOf(noName).params?.flatMap(Object.keys)).toContain('name');
    const extra = await replace(UNKNOWN, { ...BODY, enabled: false } as unknown as Schemas['ProductInput']);
    expectError(extra, 400, 'invalidParameters');
    for (const res of [await read('var_0000000000000000'), await disable('abc'), await enable('abc')]) {
      expectError(res, 400, 'invalidParameters');
      expect(errorOf(res).params?.flatMap(Object.keys)).toContain('productId');
    }
    const list = await c.api.GET('/v1/products', { params: { query: { enabled: 'maybe' as unknown as boolean } } });
    expectError(list, 400, 'invalidParameters');
  });

  it('createProduct and updateProduct 413 payloadTooLarge for a body over the limit', async () => {
    const big = { name: 'x', description: 'y'.repeat(1_100_000) };
    expectError(await c.api.POST('/v1/products', { body: big, params: idem() }), 413, 'payloadTooLarge');
    expectError(await replace(UNKNOWN, big), 413, 'payloadTooLarge');
  });

  it('listProducts 422 when the lower daterange bound is after the upper one', async () => {
    const res = await c.api.GET('/v1/products', { params: { query: { daterangegte: '2026-03-15', daterangelte: '2026-03-14' } } });
    expectError(res, 422, 'unprocessableEntity', 'product');
  });

  it('getProduct, updateProduct, disableProduct, enableProduct 404 productNotFound: unknown, another merchant, the other mode', async () => {
    const mine = await create();
    for (const client of [c.api, c.other, c.live]) {
      const id = client === c.api ? UNKNOWN : mine.id;
      for (const res of [await read(id, client), await replace(id, BODY, client), await disable(id, client), await enable(id, client)]) {
        expectError(res, 404, 'productNotFound', 'product');
      }
    }
  });

  const calls: Record<string, [(cl: PaymentsClient) => Promise<Answer>, boolean]> = {
    listProducts: [(cl) => cl.GET('/v1/products'), true],
    getProduct: [(cl) => read(UNKNOWN, cl), true],
    createProduct: [(cl) => cl.POST('/v1/products', { body: BODY, params: idem() }), false],
    updateProduct: [(cl) => replace(UNKNOWN, BODY, cl), false],
    disableProduct: [(cl) => disable(UNKNOWN, cl), false],
    enableProduct: [(cl) => enable(UNKNOWN, cl), false],
  };

  it.each(Object.keys(calls))('%s 401 with an unknown key, 403 with a key that may not call it', async (op) => {
    const [call, isRead] = calls[op]!;
    await expectAuthRefusals(c, call, isRead);
  });
});

describe.each(ENGINES)('Products contract under a tight quota on $name', (engine) => {
  let c: ContractContext;
  beforeAll(async () => {
    c = await contractContext(engine, { RATE_LIMIT_POINTS: '1', RATE_LIMIT_WINDOW_SECONDS: '60' });
  });
  afterAll(async () => c?.close());

  it('every operation 429 tooManyRequests once the quota is spent, with Retry-After', async () => {
    expect((await c.api.GET('/v1/products')).response.status).toBe(200);
    const path = { params: { path: { productId: UNKNOWN } } };
    const answers: Record<string, Answer> = {
      listProducts: await c.api.GET('/v1/products'),
      createProduct: await c.api.POST('/v1/products', { body: BODY, params: idem() }),
      getProduct: await c.api.GET('/v1/products/{productId}', path),
      updateProduct: await c.api.PUT('/v1/products/{productId}', { ...path, body: BODY }),
      disableProduct: await c.api.POST('/v1/products/{productId}/disable', path),
      enableProduct: await c.api.POST('/v1/products/{productId}/enable', path),
    };
    for (const [op, res] of Object.entries(answers)) {
      expect(res.response.status, op).toBe(429);
      expect(errorOf(res)).toMatchObject({ code: 'tooManyRequests', category: 'rate_limit' });
      expect(Number(res.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });
});
