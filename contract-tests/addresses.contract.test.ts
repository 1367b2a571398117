import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../client/src/index';
import type { PaymentsClient } from './support/client';
import { randomBase62 } from '../server/ids';
import { ENGINES } from '../server/testing/harness';
import { contractContext, errorOf, idem, idemKey, type ContractContext } from './support/context';
import { flushCoverage } from './support/coverage';

afterAll(() => flushCoverage('addresses'));

type Create = Schemas['CreateAddressRequest'];
type Update = Schemas['UpdateAddressRequest'];
const UNKNOWN = 'addr_0000000000000000';
const keysOf = (params: Record<string, string>[] | undefined) => (params ?? []).flatMap((p) => Object.keys(p));

const postal = {
  street: 'Avenida Paulista',
  number: '1578',
  complement: 'Apto 12',
  district: 'Bela Vista',
  city: 'São Paulo',
  state: 'sp',
  postcode: '01310200',
};

describe.each(ENGINES)('Addresses contract on $name', (engine) => {
  let c: ContractContext;
  let owner: string;
  beforeAll(async () => {
    c = await contractContext(engine);
    owner = await newCustomer(c.api);
  });
  afterAll(async () => c?.close());

  async function newCustomer(client: PaymentsClient): Promise<string> {
    const email = `dono.${randomBase62(8).toLowerCase()}@example.com`;
    const res = await client.POST('/v1/customers', { body: { firstName: 'Ana', lastName: 'Souza', email }, params: idem() });
    expect(res.response.status).toBe(201);
    return res.data!.id;
  }
  const body = (over: Partial<Create> = {}): Create => ({ ownerType: 'customer', ownerId: owner, ...postal, ...over });
  const post = (b: Create, client: PaymentsClient = c.api, key?: string) => client.POST('/v1/addresses', { body: b, params: idem(key) });
  async function create(over: Partial<Create> = {}): Promise<Schemas['Address']> {
    const res = await post(body(over));
    expect(res.response.status).toBe(201);
    return res.data!;
  }
  const read = (addressId: string, client: PaymentsClient = c.api) => client.GET('/v1/addresses/{addressId}', { params: { path: { addressId } } });
  const put = (addressId: string, b: Update, key?: string) =>
    c.api.PUT('/v1/addresses/{addressId}', { params: { path: { addressId }, ...idem(key) }, body: b });
  const remove = (addressId: string, client: PaymentsClient = c.api) =>
    client.DELETE('/v1/addresses/{addressId}', { params: { path: { addressId } } });
  const full = (over: Partial<Update> = {}): Update => ({ ...postal, country: 'BR', ...over });

  it('createAddress 201 and getAddress 200: CEP and UF normalised, display lines composed, country BR', async () => {
    const a = await create({ latitude: -23.5614, longitude: -46.6559, metadata: { portaria: '24h' } });
    expect(a).toMatchObject({
      ownerType: 'customer',
      ownerId: owner,
      state: 'SP',
      country: 'BR',
      postcode: '01310-200',
      latitude: -23.5614,
      longitude: -46.6559,
      primary: false,
      line1: 'Avenida Paulista, 1578 - Apto 12',
      line2: 'Bela Vista',
      line3: 'São Paulo - SP, 01310-200',
      line: 'Avenida Paulista, 1578 - Apto 12, Bela Vista, São Paulo - SP, 01310-200',
    });
    const got = await read(a.id);
    expect(got.response.status).toBe(200);
    expect(got.data).toEqual(a);
  });

  it('createAddress 201 abroad: no UF check, the country closes line3', async () => {
    const a = await create({ country: 'pt', state: 'li', postcode: '1000-001', complement: '' });
    expect(a).toMatchObject({ country: 'PT', state: 'LI', postcode: '1000-001', line1: 'Avenida Paulista, 1578' });
    expect(a.line3).toBe('São Paulo - LI, 1000-001, PT');
  });

  it('createAddress with primary: true takes the mark from the previous primary address', async () => {
    const customer = await newCustomer(c.api);
    const first = await create({ ownerId: customer, primary: true });
    const second = await create({ ownerId: customer, primary: true });
    expect(second.primary).toBe(true);
    expect((await read(first.id)).data?.primary).toBe(false);
  });

  it('createAddress replays a retry with its key and refuses another body with it (409 idempotencyMismatch)', async () => {
    const key = idemKey();
    const first = await post(body(), c.api, key);
    const again = await post(body(), c.api, key);
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data?.id).toBe(first.data?.id);
    const other = await post(body({ number: '1579' }), c.api, key);
    expect(other.response.status).toBe(409);
    expect(errorOf(other).code).toBe('idempotencyMismatch');
  });

  it('createAddress 404 customerNotFound for an owner that is unknown, of another merchant or of the other mode', async () => {
    const foreign = await newCustomer(c.other);
    const live = await newCustomer(c.live);
    for (const ownerId of ['cus_0000000000000000', foreign, live]) {
      const res = await post(body({ ownerId }));
      expect(res.response.status).toBe(404);
      expect(errorOf(res)).toMatchObject({ code: 'customerNotFound', resource: 'customer' });
    }
  });

  it('createAddress 422 for a state that is not a UF, 400 for a Brazilian postcode that is not a CEP', async () => {
    const uf = await post(body({ state: 'XX' }));
    expect(uf.response.status).toBe(422);
    expect(errorOf(uf).code).toBe('unprocessableEntity');
    const cep = await post(body({ postcode: '1234' }));
    expect(cep.response.status).toBe(400);
    expect(errorOf(cep).code).toBe('invalidParameters');
    expect(keysOf(errorOf(cep).params)).toContain('postcode');
  });

  it('400 invalidParameters in bracket notation: body pattern and range, path prefix', async () => {
    const res = await post(body({ ownerId: 'wall_2Pq7RsT9uVw4XyZa', latitude: 91, longitude: 0 }));
    expect(res.response.status).toBe(400);
    expect(keysOf(errorOf(res).params)).toEqual(expect.arrayContaining(['ownerId', 'latitude']));
    for (const r of [await read('cus_3Jd9QwE5rTy2UiOp'), await remove('1234'), await put('addr-1', full())]) {
      expect(r.response.status).toBe(400);
      expect(keysOf(errorOf(r).params)).toContain('addressId');
    }
  });

  it('createAddress and updateAddress 413 payloadTooLarge for a body over the limit', async () => {
    const created = await post(body({ street: 'x'.repeat(1_100_000) }));
    expect(created.response.status).toBe(413);
    expect(errorOf(created).code).toBe('payloadTooLarge');
    const updated = await put(UNKNOWN, full({ street: 'x'.repeat(1_100_000) }));
    expect(updated.response.status).toBe(413);
  });

  it('getAddress 404 addressNotFound: unknown, another merchant, the other mode', async () => {
    const a = await create();
    for (const res of [await read(UNKNOWN), await read(a.id, c.other), await read(a.id, c.live)]) {
      expect(res.response.status).toBe(404);
      expect(errorOf(res)).toMatchObject({ code: 'addressNotFound', resource: 'address' });
    }
  });

  it('updateAddress 200 replaces: coordinates and metadata reset, omitted primary keeps the mark, lines composed again', async () => {
    const customer = await newCustomer(c.api);
    const a = await create({ ownerId: customer, primary: true, latitude: 1, longitude: 2, metadata: { k: 'v' } });
    const res = await put(a.id, full({ number: '2000', complement: '' }));
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ id: a.id, ownerId: customer, number: '2000', latitude: null, longitude: null, metadata: null, primary: true });
    expect(res.data?.line1).toBe('Avenida Paulista, 2000');
    expect((await read(a.id)).data).toEqual(res.data);
  });

  it('updateAddress 404, 400 (not a CEP), 422 (not a UF), 409 idempotencyMismatch', async () => {
    const missing = await put(UNKNOWN, full());
    expect(missing.response.status).toBe(404);
    expect(errorOf(missing).code).toBe('addressNotFound');
    const a = await create();
    const cep = await put(a.id, full({ postcode: '013102' }));
    expect(cep.response.status).toBe(400);
    expect(keysOf(errorOf(cep).params)).toContain('postcode');
    const uf = await put(a.id, full({ state: 'ZZ' }));
    expect(uf.response.status).toBe(422);
    expect(errorOf(uf).code).toBe('unprocessableEntity');
    const key = idemKey();
    expect((await put(a.id, full(), key)).response.status).toBe(200);
    const mismatch = await put(a.id, full({ number: '1' }), key);
    expect(mismatch.response.status).toBe(409);
    expect(errorOf(mismatch).code).toBe('idempotencyMismatch');
  });

  it('deleteAddress 200 with the delete body; the primary mark is not promoted; then 404', async () => {
    const customer = await newCustomer(c.api);
    const kept = await create({ ownerId: customer });
    const primary = await create({ ownerId: customer, primary: true });
    const { data, response } = await remove(primary.id);
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ id: primary.id, resource: 'address', deleted: true });
    expect((await read(kept.id)).data?.primary).toBe(false);
    expect((await read(primary.id)).response.status).toBe(404);
    const again = await remove(primary.id);
    expect(again.response.status).toBe(404);
    expect(errorOf(again).code).toBe('addressNotFound');
    expect((await remove(kept.id, c.other)).response.status).toBe(404);
  });

  const calls: Record<string, (cl: PaymentsClient) => Promise<{ response: Response; error?: unknown }>> = {
    createAddress: (cl) => post(body(), cl),
    getAddress: (cl) => read(UNKNOWN, cl),
    updateAddress: (cl) => cl.PUT('/v1/addresses/{addressId}', { params: { path: { addressId: UNKNOWN }, ...idem() }, body: full() }),
    deleteAddress: (cl) => remove(UNKNOWN, cl),
  };
  const writes = new Set(['createAddress', 'updateAddress', 'deleteAddress']);

  it.each(Object.keys(calls))('%s 401 with an unknown key, 403 with a key that may not call it', async (op) => {
    const call = calls[op]!;
    const unknown = await call(c.stranger);
    expect(unknown.response.status).toBe(401);
    expect(errorOf(unknown).code).toBe('unauthorized');
    const refused = await call(writes.has(op) ? c.readOnly : c.fenced);
    expect(refused.response.status).toBe(403);
    expect(errorOf(refused).code).toBe('forbidden');
  });
});
