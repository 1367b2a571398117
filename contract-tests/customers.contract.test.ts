import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { operations, Schemas } from '../client/src/index';
import type { PaymentsClient } from './support/client';
import { randomBase62 } from '../server/ids';
import { ENGINES } from '../server/testing/harness';
import { badCpf, contractContext, errorOf, idem, idemKey, newCpf, type ContractContext } from './support/context';
import { flushCoverage } from './support/coverage';

afterAll(() => flushCoverage('customers'));

type Create = Schemas['CreateCustomerRequest'];
const UNKNOWN = 'cus_0000000000000000';
const punctuated = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
const keysOf = (params: Record<string, string>[] | undefined) => (params ?? []).flatMap((p) => Object.keys(p));

describe.each(ENGINES)('Customers contract on $name', (engine) => {
  let c: ContractContext;
  beforeAll(async () => {
    c = await contractContext(engine);
  });
  afterAll(async () => c?.close());

  async function create(body: Create, client: PaymentsClient = c.api): Promise<Schemas['Customer']> {
    const res = await client.POST('/v1/customers', { body, params: idem() });
    expect(res.response.status).toBe(201);
    return res.data!;
  }
  const minimal = (over: Partial<Create> = {}): Create => ({
    firstName: 'João',
    lastName: 'Pereira',
    email: `joao.${randomBase62(8).toLowerCase()}@example.com`,
    ...over,
  });
  const read = (customerId: string, client: PaymentsClient = c.api) =>
    client.GET('/v1/customers/{customerId}', { params: { path: { customerId } } });
  const update = (customerId: string, body: Schemas['UpdateCustomerRequest'], key?: string) =>
    c.api.PUT('/v1/customers/{customerId}', { params: { path: { customerId }, ...idem(key) }, body });

  it('createCustomer 201 with every field: document as digits, telephone line, e-mail in lower case', async () => {
    const cpf = newCpf();
    const customer = await create({
      firstName: 'Maria',
      lastName: 'Silva',
      email: 'Maria.Silva@Example.com',
      document: { type: 'cpf', number: punctuated(cpf) },
      telephone: { countryCode: '55', areaCode: '11', number: '987654321' },
      birthdate: '1990-05-17',
      gender: 'female',
      externalReference: 'CLI-000123',
      additionalEmails: ['financeiro@example.com'],
      metadata: { segment: 'varejo' },
    });
    expect(customer).toMatchObject({
      email: 'maria.silva@example.com',
      document: { type: 'cpf', number: cpf },
      telephone: { line: '+5511987654321' },
      available: true,
      delinquent: false,
      metadata: { segment: 'varejo' },
    });
    const got = await read(customer.id);
    expect(got.response.status).toBe(200);
    expect(got.data).toEqual(customer);
  });

  it('createCustomer 201 minimal: the omitted fields are null and metadata {}', async () => {
    const customer = await create(minimal());
    expect(customer).toMatchObject({ document: null, telephone: null, birthdate: null, gender: null, additionalEmails: null, metadata: {} });
  });

  it('listCustomers 200 with the filters: id, e-mail ignoring case, document ignoring punctuation, name ignoring accents', async () => {
    const cpf = newCpf();
    const token = randomBase62(6).replace(/\d/g, 'x').toLowerCase();
    const customer = await create(minimal({ lastName: `Ávila ${token}`, document: { type: 'cpf', number: cpf } }));
    const list = (query: NonNullable<operations['listCustomers']['parameters']['query']>) => c.api.GET('/v1/customers', { params: { query } });
    for (const query of [{ id: customer.id }, { email: customer.email.toUpperCase() }, { document: punctuated(cpf) }, { name: `joao avila ${token}` }]) {
      const res = await list(query);
      expect(res.response.status).toBe(200);
      expect(res.data?.data.map((x) => x.id), JSON.stringify(query)).toEqual([customer.id]);
    }
    const none = await list({ id: UNKNOWN });
    expect(none.data).toMatchObject({ total: 0, data: [] });
  });

  it('createCustomer replays a retry with its key and refuses another body with it (409 idempotencyMismatch)', async () => {
    const key = idemKey();
    const body = minimal();
    const first = await c.api.POST('/v1/customers', { body, params: idem(key) });
    const again = await c.api.POST('/v1/customers', { body, params: idem(key) });
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data?.id).toBe(first.data?.id);
    const other = await c.api.POST('/v1/customers', { body: { ...body, firstName: 'Outro' }, params: idem(key) });
    expect(other.response.status).toBe(409);
    expect(errorOf(other).code).toBe('idempotencyMismatch');
  });

  it('createCustomer 409 customerAlreadyExists for a document in use, naming the customer', async () => {
    const cpf = newCpf();
    const first = await create(minimal({ document: { type: 'cpf', number: cpf } }));
    const dup = await c.api.POST('/v1/customers', { body: minimal({ document: { type: 'cpf', number: punctuated(cpf) } }), params: idem() });
    expect(dup.response.status).toBe(409);
    expect(errorOf(dup)).toMatchObject({ code: 'customerAlreadyExists', resource: 'customer' });
    expect(errorOf(dup).details).toContain(first.id);
  });

  it('createCustomer 422: wrong check digits (invalidDocument), a birthdate in the future (unprocessableEntity)', async () => {
    const doc = await c.api.POST('/v1/customers', { body: minimal({ document: { type: 'cpf', number: badCpf(newCpf()) } }), params: idem() });
    expect(doc.response.status).toBe(422);
    expect(errorOf(doc)).toMatchObject({ code: 'invalidDocument', resource: 'customer' });
    const born = await c.api.POST('/v1/customers', { body: minimal({ birthdate: '2999-01-01' }), params: idem() });
    expect(born.response.status).toBe(422);
    expect(errorOf(born).code).toBe('unprocessableEntity');
  });

  it('400 invalidParameters in bracket notation: body format and range, query range, path prefix', async () => {
    const email = await c.api.POST('/v1/customers', { body: minimal({ email: 'not-an-email', firstName: '' }), params: idem() });
    expect(email.response.status).toBe(400);
    expect(keysOf(errorOf(email).params)).toEqual(expect.arrayContaining(['email', 'firstName']));
    const phone = await c.api.POST('/v1/customers', { body: minimal({ telephone: { countryCode: '55', areaCode: '1', number: '9' } }), params: idem() });
    expect(keysOf(errorOf(phone).params).some((k) => k.startsWith('telephone'))).toBe(true);
    const list = await c.api.GET('/v1/customers', { params: { query: { limit: 0 } } });
    expect(list.response.status).toBe(400);
    expect(keysOf(errorOf(list).params)).toContain('limit');
    const get = await read('wall_2Pq7RsT9uVw4XyZa');
    expect(get.response.status).toBe(400);
    expect(keysOf(errorOf(get).params)).toContain('customerId');
    const put = await update('123', minimal());
    expect(put.response.status).toBe(400);
  });

  it('createCustomer and updateCustomer 413 payloadTooLarge for a body over the limit', async () => {
    const body = minimal({ metadata: { notes: 'x'.repeat(1_100_000) } });
    const created = await c.api.POST('/v1/customers', { body, params: idem() });
    expect(created.response.status).toBe(413);
    expect(errorOf(created).code).toBe('payloadTooLarge');
    const updated = await update(UNKNOWN, body);
    expect(updated.response.status).toBe(413);
  });

  it('listCustomers 422 when the lower daterange bound is after the upper one', async () => {
    const res = await c.api.GET('/v1/customers', { params: { query: { daterangegt: '2026-03-15T00:00:00.000Z', daterangelt: '2026-03-14T00:00:00.000Z' } } });
    expect(res.response.status).toBe(422);
    expect(errorOf(res).code).toBe('unprocessableEntity');
  });

  it('getCustomer 404 customerNotFound: unknown, another merchant, the other mode', async () => {
    const mine = await create(minimal());
    for (const res of [await read(UNKNOWN), await read(mine.id, c.other), await read(mine.id, c.live)]) {
      expect(res.response.status).toBe(404);
      expect(errorOf(res)).toMatchObject({ code: 'customerNotFound', resource: 'customer' });
    }
  });

  it('updateCustomer 200 replaces: omitted fields reset, available false retires, an equal body changes nothing', async () => {
    const cpf = newCpf();
    const before = await create(minimal({ document: { type: 'cpf', number: cpf }, gender: 'male', metadata: { a: 'b' } }));
    const body = { firstName: 'Joana', lastName: before.lastName, email: before.email, available: false };
    const res = await update(before.id, body);
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ id: before.id, firstName: 'Joana', document: null, gender: null, metadata: {}, available: false });
    const same = await update(before.id, body);
    expect(same.data?.updatedAt).toBe(res.data?.updatedAt);
    expect((await read(before.id)).data).toEqual(same.data);
  });

  it('updateCustomer 404, 409 (document in use, idempotency), 422 invalidDocument', async () => {
    const missing = await update(UNKNOWN, minimal());
    expect(missing.response.status).toBe(404);
    expect(errorOf(missing).code).toBe('customerNotFound');

    const cpf = newCpf();
    const holder = await create(minimal({ document: { type: 'cpf', number: cpf } }));
    const other = await create(minimal());
    const taken = await update(other.id, minimal({ email: other.email, document: { type: 'cpf', number: cpf } }));
    expect(taken.response.status).toBe(409);
    expect(errorOf(taken)).toMatchObject({ code: 'customerAlreadyExists', resource: 'customer' });
    expect(errorOf(taken).details).toContain(holder.id);

    const key = idemKey();
    expect((await update(other.id, minimal({ email: other.email }), key)).response.status).toBe(200);
    const mismatch = await update(other.id, minimal({ email: other.email, firstName: 'Outra' }), key);
    expect(mismatch.response.status).toBe(409);
    expect(errorOf(mismatch).code).toBe('idempotencyMismatch');

    const bad = await update(other.id, minimal({ document: { type: 'cpf', number: badCpf(newCpf()) } }));
    expect(bad.response.status).toBe(422);
    expect(errorOf(bad).code).toBe('invalidDocument');
  });

  const calls: Record<string, (cl: PaymentsClient) => Promise<{ response: Response; error?: unknown }>> = {
    listCustomers: (cl) => cl.GET('/v1/customers'),
    createCustomer: (cl) => cl.POST('/v1/customers', { body: minimal(), params: idem() }),
    getCustomer: (cl) => read(UNKNOWN, cl),
    updateCustomer: (cl) => cl.PUT('/v1/customers/{customerId}', { params: { path: { customerId: UNKNOWN }, ...idem() }, body: minimal() }),
  };
  const writes = new Set(['createCustomer', 'updateCustomer']);

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
