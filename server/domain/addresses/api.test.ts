import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../generated/schema';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';

type Address = components['schemas']['Address'];
type Customer = components['schemas']['Customer'];
type DeletedResource = components['schemas']['DeletedResource'];
type ErrorBody = components['schemas']['Error']['error'];

const POSTAL = {
  street: 'Av. Paulista',
  number: '1578',
  complement: 'Conjunto 42',
  district: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  country: 'BR',
  postcode: '01310-200',
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(ENGINES)('addresses on $name', (engine) => {
  let svc: TestService;
  let owner: string;
  beforeAll(async () => {
    svc = await startTestService(engine);
    owner = await newCustomer();
  });
  afterAll(async () => svc?.close());

  const opt = (key?: string) => (key ? { key } : {});
  const post = (json: unknown, key?: string) => svc.call('/v1/addresses', { method: 'POST', json, ...opt(key) });
  const put = (id: string, json: unknown, key?: string) => svc.call(`/v1/addresses/${id}`, { method: 'PUT', json, ...opt(key) });
  const get = (id: string, key?: string) => svc.call(`/v1/addresses/${id}`, opt(key));
  const del = (id: string, key?: string) => svc.call(`/v1/addresses/${id}`, { method: 'DELETE', ...opt(key) });

  async function newCustomer(key?: string): Promise<string> {
    const json = { firstName: 'Maria', lastName: 'Silva', email: 'maria@example.com' };
    const res = await svc.call('/v1/customers', { method: 'POST', json, ...opt(key) });
    expect(res.status).toBe(201);
    return ((await res.json()) as Customer).id;
  }
  async function create(over: Record<string, unknown> = {}, key?: string): Promise<Address> {
    const res = await post({ ownerType: 'customer', ownerId: owner, ...POSTAL, ...over }, key);
    expect(res.status).toBe(201);
    return (await res.json()) as Address;
  }
  async function read(id: string): Promise<Address> {
    const res = await get(id);
    expect(res.status).toBe(200);
    return (await res.json()) as Address;
  }
  async function error(res: Response, status: number, code: string): Promise<ErrorBody> {
    expect(res.status).toBe(status);
    const body = (await res.json()) as { error: ErrorBody };
    expect(body.error.code).toBe(code);
    return body.error;
  }

  it('creates an address: CEP formatted, state in upper case, display lines composed', async () => {
    const a = await create({
      postcode: '01310200', state: 'sp', latitude: -23.561414, longitude: -46.655881, metadata: { deliveryHours: '9h-18h' },
    });
    expect(a).toMatchObject({
      ownerType: 'customer', ownerId: owner, postcode: '01310-200', state: 'SP', country: 'BR', primary: false,
      latitude: -23.561414, longitude: -46.655881, metadata: { deliveryHours: '9h-18h' },
      line: 'Av. Paulista, 1578 - Conjunto 42, Bela Vista, São Paulo - SP, 01310-200',
      line1: 'Av. Paulista, 1578 - Conjunto 42',
      line2: 'Bela Vista',
      line3: 'São Paulo - SP, 01310-200',
    });
    expect(a.id).toMatch(/^addr_[0-9A-Za-z]{16}$/);
    expect(a.updatedAt).toBe(a.createdAt);
    expect(a._links.owner).toMatchObject({ href: `/v1/customers/${owner}`, method: 'GET' });
    expect(a._links.self).toEqual({ href: `/v1/addresses/${a.id}`, method: 'GET', description: 'Read this address' });
    expect(await read(a.id)).toEqual(a);
  });

  it('fills the defaults of a minimal address (country BR, empty complement, null coordinates and metadata)', async () => {
    const { complement: _c, country: _k, ...required } = POSTAL;
    const res = await post({ ownerType: 'customer', ownerId: owner, ...required, street: 'Rua da Assembleia', number: '10', postcode: '20011-000', state: 'RJ' });
    expect(res.status).toBe(201);
    const a = (await res.json()) as Address;
    expect(a).toMatchObject({ country: 'BR', complement: '', latitude: null, longitude: null, metadata: null, primary: false });
    expect(a.line1).toBe('Rua da Assembleia, 10');
    expect(a.line).toBe('Rua da Assembleia, 10, Bela Vista, São Paulo - RJ, 20011-000');
  });

  it('keeps a foreign address as sent: postcode trimmed in upper case, any state, country in line3', async () => {
    const a = await create({ country: 'gb', state: 'ld', postcode: 'sw1a 1aa ', city: 'London', complement: '' });
    expect(a).toMatchObject({ country: 'GB', state: 'LD', postcode: 'SW1A 1AA', line3: 'London - LD, SW1A 1AA, GB' });
  });

  it('refuses a CEP of another shape (400), a state that is no UF (422) and a coordinate alone (400)', async () => {
    for (const postcode of ['0131020', '01310-2000', 'ABCDEFGH']) {
      const e = await error(await post({ ownerType: 'customer', ownerId: owner, ...POSTAL, postcode }), 400, 'invalidParameters');
      expect(Object.keys(e.params?.[0] ?? {})).toEqual(['postcode']);
    }
    const uf = await error(await post({ ownerType: 'customer', ownerId: owner, ...POSTAL, state: 'XX' }), 422, 'unprocessableEntity');
    expect(uf).toMatchObject({ resource: 'address', message: 'XX is not a Brazilian state (UF).', params: [{ state: 'must be one of the 27 UFs' }] });
    await error(await post({ ownerType: 'customer', ownerId: owner, ...POSTAL, latitude: 1 }), 400, 'invalidParameters');
    const alone = await error(await post({ ownerType: 'customer', ownerId: owner, ...POSTAL, latitude: null, longitude: 2 }), 400, 'invalidParameters');
    expect(alone.params).toEqual([{ latitude: 'is required when the other coordinate is given' }]);
    const missing = await error(await post({ ownerType: 'customer', ownerId: owner, street: 'x' }), 400, 'invalidParameters');
    expect(missing.params?.flatMap((p) => Object.keys(p))).toEqual(expect.arrayContaining(['number', 'district', 'postcode']));
    await error(await post({ ownerType: 'wallet', ownerId: owner, ...POSTAL }), 400, 'invalidParameters');
  });

  it('refuses an owner that is no customer of this merchant and mode (404 customerNotFound)', async () => {
    const theirs = await newCustomer((await svc.newMerchant()).sandboxKey);
    const production = await newCustomer(svc.merchant.productionKey);
    for (const ownerId of [theirs, production, 'cus_0000000000000000']) {
      const e = await error(await post({ ownerType: 'customer', ownerId, ...POSTAL }), 404, 'customerNotFound');
      expect(e).toMatchObject({ resource: 'customer', message: `Customer ${ownerId} was not found.` });
    }
    expect((await post({ ownerType: 'customer', ownerId: production, ...POSTAL }, svc.merchant.productionKey)).status).toBe(201);
  });

  it('moves the primary mark: at most one per customer, kept when omitted, never promoted on delete', async () => {
    owner = await newCustomer();
    const a = await create({ primary: true });
    await sleep(5);
    const b = await create({ primary: true });
    const c = await create();
    expect([(await read(a.id)).primary, (await read(b.id)).primary, c.primary]).toEqual([false, true, false]);
    expect((await read(a.id)).updatedAt > a.updatedAt).toBe(true);
    const again = (await (await put(a.id, { ...POSTAL, primary: true })).json()) as Address;
    expect(again.primary).toBe(true);
    expect((await read(b.id)).primary).toBe(false);
    expect(((await (await put(a.id, { ...POSTAL, complement: 'Sala 1' })).json()) as Address).primary).toBe(true);
    // Another customer's primary address is untouched.
    const otherOwner = await newCustomer();
    const d = await create({ ownerId: otherOwner, primary: true });
    expect((await read(a.id)).primary).toBe(true);
    expect((await read(d.id)).primary).toBe(true);
    expect((await del(a.id)).status).toBe(200);
    expect([(await read(b.id)).primary, (await read(c.id)).primary]).toEqual([false, false]);
    expect(((await (await put(d.id, { ...POSTAL, primary: false })).json()) as Address).primary).toBe(false);
  });

  it('keeps one primary address when concurrent creates all ask for it', async () => {
    owner = await newCustomer();
    const made = await Promise.all(Array.from({ length: 6 }, () => post({ ownerType: 'customer', ownerId: owner, ...POSTAL, primary: true })));
    expect(made.map((r) => r.status)).toEqual(Array<number>(6).fill(201));
    const ids = await Promise.all(made.map(async (r) => ((await r.json()) as Address).id));
    const marks = await Promise.all(ids.map(async (id) => (await read(id)).primary));
    expect(marks.filter(Boolean)).toHaveLength(1);
  });

  it('replaces an address: required postal fields, coordinates and metadata reset, lines recomposed', async () => {
    owner = await newCustomer();
    const a = await create({ latitude: -23.5, longitude: -46.6, metadata: { k: 'v' } });
    const { complement: _c, ...noComplement } = POSTAL;
    const missing = await error(await put(a.id, noComplement), 400, 'invalidParameters');
    expect(missing.params).toEqual([{ complement: expect.any(String) }]);
    await error(await put(a.id, { ...POSTAL, ownerId: 'cus_0000000000000000' }), 400, 'invalidParameters');
    await sleep(5);
    const same = (await (await put(a.id, { ...POSTAL, latitude: -23.5, longitude: -46.6, metadata: { k: 'v' } })).json()) as Address;
    expect(same).toEqual(a);
    const res = await put(a.id, { ...POSTAL, complement: '', state: 'rj', postcode: '20011000', city: 'Rio de Janeiro' });
    expect(res.status).toBe(200);
    const b = (await res.json()) as Address;
    expect(b).toMatchObject({
      id: a.id, ownerId: owner, latitude: null, longitude: null, metadata: null, state: 'RJ', postcode: '20011-000',
      line: 'Av. Paulista, 1578, Bela Vista, Rio de Janeiro - RJ, 20011-000', createdAt: a.createdAt,
    });
    expect(b.updatedAt > a.updatedAt).toBe(true);
    await error(await put(a.id, { ...POSTAL, postcode: '2001100' }), 400, 'invalidParameters');
    await error(await put(a.id, { ...POSTAL, state: 'ZZ' }), 422, 'unprocessableEntity');
    expect((await read(a.id)).postcode).toBe('20011-000');
  });

  it('deletes an address: 200 with the delete body, then 404 for every operation', async () => {
    owner = await newCustomer();
    const a = await create({ primary: true });
    const res = await del(a.id);
    expect(res.status).toBe(200);
    const body = (await res.json()) as DeletedResource;
    expect(body).toMatchObject({ id: a.id, resource: 'address', deleted: true, merchant: { merchantId: svc.merchant.merchantId } });
    expect(body._links.owner?.href).toBe(`/v1/customers/${owner}`);
    for (const r of [await get(a.id), await put(a.id, POSTAL), await del(a.id)]) {
      expect(await error(r, 404, 'addressNotFound')).toMatchObject({ resource: 'address', message: `Address ${a.id} was not found.` });
    }
    expect((await create({ primary: true })).primary).toBe(true);
  });

  it('hides addresses of another merchant and of the other mode (404 addressNotFound)', async () => {
    const other = await svc.newMerchant();
    const theirs = await create({ ownerId: await newCustomer(other.sandboxKey) }, other.sandboxKey);
    const production = await create({ ownerId: await newCustomer(svc.merchant.productionKey) }, svc.merchant.productionKey);
    for (const id of [theirs.id, production.id]) {
      await error(await get(id), 404, 'addressNotFound');
      await error(await put(id, POSTAL), 404, 'addressNotFound');
      await error(await del(id), 404, 'addressNotFound');
    }
    expect((await get(theirs.id, other.sandboxKey)).status).toBe(200);
    expect((await get(production.id, svc.merchant.productionKey)).status).toBe(200);
    await error(await get('cus_123'), 400, 'invalidParameters');
  });
});
