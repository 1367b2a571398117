import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../client/src/index';
import type { PaymentsClient } from './support/client';
import { ENGINES } from '../server/testing/harness';
import { contractClient } from './support/client';
import { contractContext, errorOf, expectAuthRefusals, expectError, idem, idemKey, type Answer, type ContractContext } from './support/context';
import { flushCoverage } from './support/coverage';

afterAll(() => flushCoverage('checkouts'));

const UNKNOWN = 'link_0000000000000000';
const PATH = '/v1/checkouts/payment-links';
type Create = Schemas['CreatePaymentLinkRequest'];
type Update = Schemas['UpdatePaymentLinkRequest'];
type Link = Schemas['PaymentLink'];

const DAY = 86_400_000;
const future = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const FIXED: Create = { name: 'Consultoria — sessão avulsa', amount: 25000, methods: ['pix'] };

describe.each(ENGINES)('Checkouts (payment links) contract on $name', (engine) => {
  let c: ContractContext;
  let shirt: string;
  let cap: string;
  let plan: string;
  beforeAll(async () => {
    c = await contractContext(engine);
    const product = await c.api.POST('/v1/products', { body: { name: 'Camiseta Acme' }, params: idem() });
    const variant = async (name: string, pricing: Schemas['VariantInput']['pricing']) => {
      const { data, response } = await c.api.POST('/v1/variants', { body: { productId: product.data!.id, name, pricing }, params: idem() });
      expect(response.status).toBe(201);
      return data!.id;
    };
    shirt = await variant('Camiseta Acme (M)', { type: 'one-time', unitPrice: 7990 });
    cap = await variant('Boné Acme', { type: 'one-time', unitPrice: 3000 });
    plan = await variant('Plano Pro mensal', { type: 'recurring', unitPrice: 4990, billingFrequency: 'monthly' });
  });
  afterAll(async () => c?.close());

  const post = (body: Create, client: PaymentsClient = c.api, key = idemKey()) => client.POST(PATH, { body, params: idem(key) });
  async function create(body: Create, client: PaymentsClient = c.api): Promise<Link> {
    const { data, response, error } = await post(body, client);
    expect(response.status, JSON.stringify(error)).toBe(201);
    return data!;
  }
  const read = (linkId: string, client: PaymentsClient = c.api) => client.GET(`${PATH}/{linkId}`, { params: { path: { linkId } } });
  const patch = (linkId: string, body: Update, client: PaymentsClient = c.api, key = idemKey()) =>
    client.PATCH(`${PATH}/{linkId}`, { params: { path: { linkId }, ...idem(key) }, body });
  const disable = (linkId: string, client: PaymentsClient = c.api, key = idemKey()) =>
    client.POST(`${PATH}/{linkId}/disable`, { params: { path: { linkId }, ...idem(key) } });
  const enable = (linkId: string, client: PaymentsClient = c.api, key = idemKey()) =>
    client.POST(`${PATH}/{linkId}/enable`, { params: { path: { linkId }, ...idem(key) } });
  const availability = async (linkId: string) => (await read(linkId)).data?.availability;

  it('createPaymentLink 201 with items: current prices and total, defaults, a public access; getPaymentLink 200 the same', async () => {
    const link = await create({ name: 'Camiseta', items: [{ variantId: shirt, quantity: 2 }, { variantId: cap, quantity: 1 }], metadata: { campanha: 'bf' } });
    expect(link).toMatchObject({
      name: 'Camiseta', description: '', enabled: true, availability: 'open', amount: 2 * 7990 + 3000, currency: 'BRL',
      methods: ['pix', 'credit', 'billet'], maxInstallments: 1, availableAt: null, expiresAt: null, maxPayments: null,
      completedPayments: 0, successUrl: null, cancelUrl: null, recurring: false, templateId: null, metadata: { campanha: 'bf' },
    });
    expect(link.items).toEqual([
      { variantId: shirt, quantity: 2, name: 'Camiseta Acme (M)', unitPrice: 7990 },
      { variantId: cap, quantity: 1, name: 'Boné Acme', unitPrice: 3000 },
    ]);
    expect(link.accessId).toMatch(/^acc_[0-9A-Za-z]{24}$/);
    expect(link.accessFullUrl.endsWith(`/c/${link.accessId}`)).toBe(true);
    expect(link._links).toMatchObject({
      self: { href: `${PATH}/${link.id}`, method: 'GET' },
      update: { href: `${PATH}/${link.id}`, method: 'PATCH' },
      disable: { href: `${PATH}/${link.id}/disable`, method: 'POST' },
      list: { href: PATH, method: 'GET' },
    });
    const { data, response } = await read(link.id);
    expect(response.status).toBe(200);
    expect(data).toEqual(link);
  });

  it('createPaymentLink 201 with a fixed amount (items null) and with every option; a recurring link sells one plan', async () => {
    const fixed = await create(FIXED);
    expect(fixed).toMatchObject({ items: null, amount: 25000, methods: ['pix'] });
    const full = await create({
      name: 'Tudo', description: 'Com tudo', amount: 10000, methods: ['credit', 'pix'], maxInstallments: 6, availableAt: future(-1),
      expiresAt: future(30), maxPayments: 10, successUrl: 'https://loja.example/ok', cancelUrl: 'https://loja.example/volta',
      templateId: 'tpl_3Ed5Rf7Tg9Yh1Uj2',
    });
    expect(full).toMatchObject({ methods: ['credit', 'pix'], maxInstallments: 6, maxPayments: 10, templateId: 'tpl_3Ed5Rf7Tg9Yh1Uj2', availability: 'open' });
    const recurring = await create({ name: 'Plano Pro', items: [{ variantId: plan, quantity: 1 }], recurring: true });
    expect(recurring).toMatchObject({ recurring: true, amount: 4990, maxInstallments: 1 });
  });

  it('createPaymentLink 400 invalidParameters: neither or both of items and amount, an unknown field, a bad URL', async () => {
    const neither = await post({ name: 'x' });
    expectError(neither, 400, 'invalidParameters');
    expect(errorOf(neither).params?.flatMap(Object.keys)).toEqual(['items', 'amount']);
    expectError(await post({ name: 'x', amount: 1000, items: [{ variantId: shirt, quantity: 1 }] }), 400, 'invalidParameters');
    expectError(await post({ ...FIXED, enabled: false } as unknown as Create), 400, 'invalidParameters');
    expectError(await post({ ...FIXED, successUrl: 'javascript:alert(1)' }), 400, 'invalidParameters');
    expectError(await post({ ...FIXED, amount: 99 }), 400, 'invalidParameters');
    // The link's metadata is copied onto its charges: a key the transaction would refuse is refused here already.
    const longKey = { ['k'.repeat(41)]: 'v' };
    const refused = await post({ ...FIXED, metadata: longKey });
    expectError(refused, 400, 'invalidParameters');
    expect(JSON.stringify(errorOf(refused).params)).toContain('metadata');
    expectError(await patch((await create(FIXED)).id, { metadata: longKey }), 400, 'invalidParameters');
    expect((await create({ ...FIXED, metadata: { ['k'.repeat(40)]: 'v' } })).metadata).toEqual({ ['k'.repeat(40)]: 'v' });
  });

  it('createPaymentLink 422: unknown, disabled, twice-listed or recurring variants, a recurring link of another shape, a bad window', async () => {
    const param = async (res: Answer, code: string) => {
      expectError(res, 422, code);
      return errorOf(res).params?.flatMap(Object.keys);
    };
    expect(await param(await post({ name: 'x', items: [{ variantId: 'var_0000000000000000', quantity: 1 }] }), 'unprocessableEntity')).toEqual(['items[0][variantId]']);
    const { data: off } = await c.api.POST('/v1/variants', {
      body: { productId: (await c.api.GET('/v1/variants/{variantId}', { params: { path: { variantId: shirt } } })).data!.productId, name: 'Off', pricing: { type: 'one-time', unitPrice: 500 } },
      params: idem(),
    });
    await c.api.POST('/v1/variants/{variantId}/disable', { params: { path: { variantId: off!.id }, ...idem() } });
    expect(await param(await post({ name: 'x', items: [{ variantId: off!.id, quantity: 1 }] }), 'variantDisabled')).toEqual(['items[0][variantId]']);
    const twice = await post({ name: 'x', items: [{ variantId: shirt, quantity: 1 }, { variantId: shirt, quantity: 2 }] });
    expect(await param(twice, 'unprocessableEntity')).toEqual(['items[1][variantId]']);
    expect(await param(await post({ name: 'x', items: [{ variantId: plan, quantity: 1 }] }), 'unprocessableEntity')).toEqual(['items[0][variantId]']);
    expectError(await post({ name: 'x', items: [{ variantId: shirt, quantity: 1 }], recurring: true }), 422, 'variantNotRecurring');
    expect(await param(await post({ name: 'x', amount: 1000, recurring: true }), 'unprocessableEntity')).toEqual(['amount']);
    const two = await post({ name: 'x', items: [{ variantId: plan, quantity: 1 }, { variantId: shirt, quantity: 1 }], recurring: true });
    expect(await param(two, 'unprocessableEntity')).toEqual(['items']);
    expect(await param(await post({ name: 'x', items: [{ variantId: plan, quantity: 2 }], recurring: true }), 'unprocessableEntity')).toEqual(['items[0][quantity]']);
    const installments = await post({ name: 'x', items: [{ variantId: plan, quantity: 1 }], recurring: true, maxInstallments: 3 });
    expect(await param(installments, 'unprocessableEntity')).toEqual(['maxInstallments']);
    expect(await param(await post({ ...FIXED, expiresAt: future(-1) }), 'unprocessableEntity')).toEqual(['expiresAt']);
    expect(await param(await post({ ...FIXED, availableAt: future(5), expiresAt: future(2) }), 'unprocessableEntity')).toEqual(['expiresAt']);
    // Items must add up to what one charge can carry (R$ 1,00 at least).
    const { data: candy } = await c.api.POST('/v1/variants', { body: { productId: off!.productId, name: 'Bala', pricing: { type: 'one-time', unitPrice: 50 } }, params: idem() });
    expect(await param(await post({ name: 'x', items: [{ variantId: candy!.id, quantity: 1 }] }), 'unprocessableEntity')).toEqual(['items']);
    expect((await post({ name: 'x', items: [{ variantId: candy!.id, quantity: 2 }] })).response.status).toBe(201);
  });

  it('createPaymentLink replays a retry with its key (201, Idempotent-Replayed); 409 for another body with it', async () => {
    const key = idemKey();
    const first = await post(FIXED, c.api, key);
    const again = await post(FIXED, c.api, key);
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data?.id).toBe(first.data?.id);
    expectError(await post({ ...FIXED, amount: 30000 }, c.api, key), 409, 'idempotencyMismatch');
  });

  it('updatePaymentLink 200: sent fields change, null clears, items and amount replace each other', async () => {
    const link = await create({ ...FIXED, maxPayments: 5, successUrl: 'https://loja.example/ok', metadata: { a: '1' } });
    const { data, response } = await patch(link.id, { name: 'Novo nome', maxPayments: null, successUrl: null, metadata: { b: '2' } });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ id: link.id, name: 'Novo nome', maxPayments: null, successUrl: null, metadata: { b: '2' }, amount: 25000, methods: ['pix'] });
    expect(data?.accessId).toBe(link.accessId);
    const items = await patch(link.id, { items: [{ variantId: cap, quantity: 3 }] });
    expect(items.data).toMatchObject({ items: [{ variantId: cap, quantity: 3, unitPrice: 3000 }], amount: 9000 });
    const back = await patch(link.id, { amount: 1500 });
    expect(back.data).toMatchObject({ items: null, amount: 1500 });
  });

  it('updatePaymentLink: an empty body, no body, or one that changes nothing, keeps updatedAt', async () => {
    const link = await create(FIXED);
    const empty = await patch(link.id, {});
    expect(empty.response.status).toBe(200);
    expect(empty.data).toEqual(link);
    expect((await patch(link.id, { name: FIXED.name, amount: 25000 })).data?.updatedAt).toBe(link.updatedAt);
    const noBody = await c.api.PATCH(`${PATH}/{linkId}`, { params: { path: { linkId: link.id }, ...idem() } });
    expect(noBody.response.status).toBe(200);
    expect(noBody.data).toEqual(link);
  });

  it('updatePaymentLink 400 and 422: both items and amount, a body field the request cannot change, the rules of creation', async () => {
    const link = await create(FIXED);
    expectError(await patch(link.id, { amount: 1000, items: [{ variantId: shirt, quantity: 1 }] }), 400, 'invalidParameters');
    expectError(await patch(link.id, { recurring: true } as unknown as Update), 400, 'invalidParameters');
    expectError(await patch(link.id, { items: [{ variantId: plan, quantity: 1 }] }), 422, 'unprocessableEntity');
    expectError(await patch(link.id, { expiresAt: future(-1) }), 422, 'unprocessableEntity');
    expectError(await patch(link.id, { availableAt: future(10), expiresAt: future(3) }), 422, 'unprocessableEntity');
    const recurring = await create({ name: 'Plano', items: [{ variantId: plan, quantity: 1 }], recurring: true });
    expectError(await patch(recurring.id, { amount: 1000 }), 422, 'unprocessableEntity');
    expectError(await patch(recurring.id, { maxInstallments: 2 }), 422, 'unprocessableEntity');
  });

  it('an expired link can still be changed: only an expiresAt changed now must be in the future', async () => {
    const link = await create({ ...FIXED, expiresAt: future(1) });
    await c.svc.db.query(`UPDATE payment_links SET expires_at = now() - interval '1 hour' WHERE id = $1`, [link.id]);
    const renamed = await patch(link.id, { name: 'Renomeado' });
    expect(renamed.data).toMatchObject({ name: 'Renomeado', availability: 'expired' });
    // A client sending the whole link back with its own past expiresAt changes nothing of it: not refused.
    const past = (await read(link.id)).data!.expiresAt!;
    const resent = await patch(link.id, { name: 'Renomeado de novo', expiresAt: past });
    expect(resent.response.status, JSON.stringify(resent.error)).toBe(200);
    expect(resent.data).toMatchObject({ name: 'Renomeado de novo', expiresAt: past, availability: 'expired' });
    expectError(await patch(link.id, { expiresAt: new Date(Date.parse(past) - 1000).toISOString() }), 422, 'unprocessableEntity');
    expect((await patch(link.id, { expiresAt: null })).data?.availability).toBe('open');
  });

  it('disablePaymentLink and enablePaymentLink 200: the switch moves, a repeat changes nothing and keeps updatedAt', async () => {
    const link = await create(FIXED);
    const off = await disable(link.id);
    expect(off.response.status).toBe(200);
    expect(off.data).toMatchObject({ enabled: false, availability: 'disabled' });
    expect(off.data?._links.enable?.href).toBe(`${PATH}/${link.id}/enable`);
    expect(off.data?._links.disable).toBeUndefined();
    expect((await disable(link.id)).data).toEqual(off.data);
    const on = await enable(link.id);
    expect(on.response.status).toBe(200);
    expect(on.data).toMatchObject({ enabled: true, availability: 'open' });
    expect((await enable(link.id)).data?.updatedAt).toBe(on.data?.updatedAt);
  });

  it('availability: scheduled, expired, soldOut, fullyReserved, unavailable after a variant is disabled, open again once enabled', async () => {
    expect((await create({ ...FIXED, availableAt: future(2) })).availability).toBe('scheduled');
    const expiring = await create({ ...FIXED, expiresAt: future(1) });
    await c.svc.db.query(`UPDATE payment_links SET expires_at = now() - interval '1 second' WHERE id = $1`, [expiring.id]);
    expect(await availability(expiring.id)).toBe('expired');
    const capped = await create({ ...FIXED, maxPayments: 2 });
    await c.svc.db.query('UPDATE payment_links SET completed_payments = 2 WHERE id = $1', [capped.id]);
    expect(await availability(capped.id)).toBe('soldOut');
    expect((await patch(capped.id, { maxPayments: 3 })).data?.availability).toBe('open');
    // The place left held by a payment under way: not sold out, but no new payment starts until it ends.
    await c.svc.db.query('UPDATE payment_links SET reserved_payments = 1 WHERE id = $1', [capped.id]);
    const held = await read(capped.id);
    expect(held.data).toMatchObject({ availability: 'fullyReserved', completedPayments: 2, reservedPayments: 1, maxPayments: 3 });
    const { data: v } = await c.api.POST('/v1/variants', {
      body: { productId: (await c.api.GET('/v1/variants/{variantId}', { params: { path: { variantId: cap } } })).data!.productId, name: 'Meia', pricing: { type: 'one-time', unitPrice: 1200 } },
      params: idem(),
    });
    const socks = await create({ name: 'Meias', items: [{ variantId: v!.id, quantity: 1 }] });
    await c.api.POST('/v1/variants/{variantId}/disable', { params: { path: { variantId: v!.id }, ...idem() } });
    expect(await availability(socks.id)).toBe('unavailable');
    await c.api.POST('/v1/variants/{variantId}/enable', { params: { path: { variantId: v!.id }, ...idem() } });
    expect(await availability(socks.id)).toBe('open');
  });

  it('listPaymentLinks 200: newest first, filtered by status and templateid, sorted by name, availableAt and expiresAt', async () => {
    const { sandboxKey } = await c.svc.newMerchant();
    const api = contractClient(c.svc.url, sandboxKey);
    const a = await create({ ...FIXED, name: 'B link', templateId: 'tpl_A1', expiresAt: future(10) }, api);
    const b = await create({ ...FIXED, name: 'A link', availableAt: future(3) }, api);
    const d = await create({ ...FIXED, name: 'C link', expiresAt: future(5), availableAt: future(1) }, api);
    await disable(a.id, api);
    const all = await api.GET(PATH);
    expect(all.response.status).toBe(200);
    expect(all.data).toMatchObject({ total: 3, hasMore: false });
    expect(all.data?.data.map((l) => l.id)).toEqual([d.id, b.id, a.id]);
    expect(Object.keys(all.data!.data[0]!).sort()).toEqual(['accessFullUrl', 'accessId', 'availableAt', 'createdAt', 'expiresAt', 'id', 'name', 'updatedAt']);
    expect(all.data?._links.create?.href).toBe(PATH);
    const ids = async (query: Record<string, unknown>) => (await api.GET(PATH, { params: { query } })).data?.data.map((l) => l.id);
    expect(await ids({ status: 'disabled' })).toEqual([a.id]);
    expect(await ids({ status: 'enabled' })).toEqual([d.id, b.id]);
    expect(await ids({ templateid: 'tpl_A1' })).toEqual([a.id]);
    expect(await ids({ templateid: 'tpl_none' })).toEqual([]);
    expect(await ids({ sort: 'name' })).toEqual([b.id, a.id, d.id]);
    // No availableAt counts from creation (a, the oldest, first); no expiresAt is never (b, last ascending).
    expect(await ids({ sort: 'availableAt' })).toEqual([a.id, d.id, b.id]);
    expect(await ids({ sort: 'expiresAt' })).toEqual([d.id, a.id, b.id]);
    expect(await ids({ sort: '-expiresAt' })).toEqual([b.id, a.id, d.id]);
    expect(await ids({ limit: 1, offset: 1 })).toEqual([b.id]);
  });

  it('listPaymentLinks 400 for a bad sort or status, 422 when the lower daterange bound is after the upper one', async () => {
    expectError(await c.api.GET(PATH, { params: { query: { sort: 'amount' } } }), 400, 'invalidParameters');
    expectError(await c.api.GET(PATH, { params: { query: { status: 'open' as 'enabled' } } }), 400, 'invalidParameters');
    const res = await c.api.GET(PATH, { params: { query: { daterangegte: '2026-03-15', daterangelte: '2026-03-14' } } });
    expectError(res, 422, 'unprocessableEntity', 'paymentLink');
  });

  it('getPaymentLink, updatePaymentLink, disablePaymentLink, enablePaymentLink 400 for a malformed id', async () => {
    for (const res of [await read('var_0000000000000000'), await patch('abc', {}), await disable('abc'), await enable('abc')]) {
      expectError(res, 400, 'invalidParameters');
      expect(errorOf(res).params?.flatMap(Object.keys)).toContain('linkId');
    }
  });

  it('404 paymentLinkNotFound: unknown, another merchant, the other mode', async () => {
    const mine = await create(FIXED);
    for (const client of [c.api, c.other, c.live]) {
      const id = client === c.api ? UNKNOWN : mine.id;
      for (const res of [await read(id, client), await patch(id, { name: 'x' }, client), await disable(id, client), await enable(id, client)]) {
        expectError(res, 404, 'paymentLinkNotFound', 'paymentLink');
      }
    }
    expect((await read(mine.id)).data).toEqual(mine);
  });

  it('updatePaymentLink, disablePaymentLink and enablePaymentLink 409 idempotencyMismatch when the key was used for another request', async () => {
    const link = await create(FIXED);
    const key = idemKey();
    expect((await patch(link.id, { name: 'Um' }, c.api, key)).response.status).toBe(200);
    expectError(await patch(link.id, { name: 'Outro' }, c.api, key), 409, 'idempotencyMismatch');
    expectError(await disable(link.id, c.api, key), 409, 'idempotencyMismatch');
    expectError(await enable(link.id, c.api, key), 409, 'idempotencyMismatch');
  });

  it('createPaymentLink and updatePaymentLink 413 payloadTooLarge for a body over the limit', async () => {
    const big = { ...FIXED, description: 'y'.repeat(1_100_000) };
    expectError(await post(big), 413, 'payloadTooLarge');
    expectError(await patch(UNKNOWN, { description: big.description }), 413, 'payloadTooLarge');
  });

  const calls: Record<string, [(cl: PaymentsClient) => Promise<Answer>, boolean]> = {
    listPaymentLinks: [(cl) => cl.GET(PATH), true],
    getPaymentLink: [(cl) => read(UNKNOWN, cl), true],
    createPaymentLink: [(cl) => post(FIXED, cl), false],
    updatePaymentLink: [(cl) => patch(UNKNOWN, { name: 'x' }, cl), false],
    disablePaymentLink: [(cl) => disable(UNKNOWN, cl), false],
    enablePaymentLink: [(cl) => enable(UNKNOWN, cl), false],
  };

  it.each(Object.keys(calls))('%s 401 with an unknown key, 403 with a key that may not call it', async (op) => {
    const [call, isRead] = calls[op]!;
    await expectAuthRefusals(c, call, isRead);
  });
});

describe.each(ENGINES)('Checkouts (payment links) contract under a tight quota on $name', (engine) => {
  let c: ContractContext;
  beforeAll(async () => {
    c = await contractContext(engine, { RATE_LIMIT_POINTS: '1', RATE_LIMIT_WINDOW_SECONDS: '60' });
  });
  afterAll(async () => c?.close());

  it('every payment link operation 429 tooManyRequests once the quota is spent, with Retry-After', async () => {
    expect((await c.api.GET(PATH)).response.status).toBe(200);
    const path = { params: { path: { linkId: UNKNOWN } } };
    const answers: Record<string, Answer> = {
      listPaymentLinks: await c.api.GET(PATH),
      createPaymentLink: await c.api.POST(PATH, { body: FIXED, params: idem() }),
      getPaymentLink: await c.api.GET(`${PATH}/{linkId}`, path),
      updatePaymentLink: await c.api.PATCH(`${PATH}/{linkId}`, { ...path, body: {} }),
      disablePaymentLink: await c.api.POST(`${PATH}/{linkId}/disable`, path),
      enablePaymentLink: await c.api.POST(`${PATH}/{linkId}/enable`, path),
    };
    for (const [op, res] of Object.entries(answers)) {
      expect(res.response.status, op).toBe(429);
      expect(errorOf(res)).toMatchObject({ code: 'tooManyRequests', category: 'rate_limit' });
      expect(Number(res.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });
});
