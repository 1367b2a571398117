import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../generated/schema';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';

type Customer = components['schemas']['Customer'];
type CustomerList = components['schemas']['CustomerList'];
type ErrorBody = components['schemas']['Error']['error'];

/** Valid CPFs (check digits computed), one per test that needs a document of its own. */
const CPFS = ['52998224725', '11144477735', '39053344705', '86288366757', '71428793860', '25634428777'];
const CNPJ = '11.222.333/0001-81';

const FULL = {
  firstName: 'Maria',
  lastName: 'Silva',
  email: 'Maria.Silva@Example.com',
  document: { type: 'cpf', number: '529.982.247-25' },
  telephone: { countryCode: '55', areaCode: '11', number: '987654321' },
  birthdate: '1990-05-17',
  gender: 'female',
  externalReference: 'CLI-000123',
  additionalEmails: ['Financeiro@Example.com'],
  metadata: { segment: 'varejo' },
};
const MINIMAL = { firstName: 'João', lastName: 'Pereira', email: 'joao.pereira@example.com' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(ENGINES)('customers on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine);
  });
  afterAll(async () => svc?.close());

  const post = (json: unknown, key?: string) => svc.call('/v1/customers', { method: 'POST', json, ...(key ? { key } : {}) });
  const put = (id: string, json: unknown, key?: string) =>
    svc.call(`/v1/customers/${id}`, { method: 'PUT', json, ...(key ? { key } : {}) });
  const get = (path: string, key?: string) => svc.call(path, key ? { key } : {});

  async function create(body: Record<string, unknown>, key?: string): Promise<Customer> {
    const res = await post(body, key);
    expect(res.status).toBe(201);
    return (await res.json()) as Customer;
  }
  async function error(res: Response, status: number, code: string): Promise<ErrorBody> {
    expect(res.status).toBe(status);
    const body = (await res.json()) as { error: ErrorBody };
    expect(body.error.code).toBe(code);
    return body.error;
  }
  async function list(query: string, key: string): Promise<CustomerList> {
    const res = await get(`/v1/customers?${query}`, key);
    expect(res.status).toBe(200);
    return (await res.json()) as CustomerList;
  }

  it('creates a customer with every field: document as digits, e-mails in lower case, telephone line', async () => {
    const { sandboxKey } = await svc.newMerchant();
    const c = await create(FULL, sandboxKey);
    expect(c).toMatchObject({
      firstName: 'Maria',
      email: 'maria.silva@example.com',
      document: { type: 'cpf', number: '52998224725' },
      telephone: { countryCode: '55', areaCode: '11', number: '987654321', line: '+5511987654321' },
      birthdate: '1990-05-17',
      gender: 'female',
      available: true,
      delinquent: false,
      externalReference: 'CLI-000123',
      additionalEmails: ['financeiro@example.com'],
      metadata: { segment: 'varejo' },
    });
    expect(c.id).toMatch(/^cus_[0-9A-Za-z]{16}$/);
    expect(c.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(c.updatedAt).toBe(c.createdAt);
    expect(c._links.self).toEqual({ href: `/v1/customers/${c.id}`, method: 'GET', description: 'Read this customer' });
    expect(await (await get(`/v1/customers/${c.id}`, sandboxKey)).json()).toEqual(c);
  });

  it('creates a customer from the required fields only, the rest null, metadata {} and no empty e-mail list', async () => {
    const c = await create({ ...MINIMAL, additionalEmails: [], telephone: null });
    expect(c).toMatchObject({
      document: null, telephone: null, birthdate: null, gender: null, externalReference: null,
      additionalEmails: null, metadata: {}, available: true, delinquent: false,
    });
  });

  it('refuses wrong check digits, a future or impossible birthdate and malformed bodies', async () => {
    const cpf = await error(await post({ ...MINIMAL, document: { type: 'cpf', number: '529.982.247-26' } }), 422, 'invalidDocument');
    expect(cpf).toMatchObject({ resource: 'customer', params: [{ 'document[number]': 'is not a valid CPF' }] });
    await error(await post({ ...MINIMAL, document: { type: 'cpf', number: CNPJ } }), 422, 'invalidDocument');
    const future = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const birth = await error(await post({ ...MINIMAL, birthdate: future }), 422, 'unprocessableEntity');
    expect(birth.params).toEqual([{ birthdate: 'must not be in the future' }]);
    await error(await post({ ...MINIMAL, birthdate: '2023-02-30' }), 400, 'invalidParameters');
    const missing = await error(await post({ firstName: 'A', lastName: 'B' }), 400, 'invalidParameters');
    expect(missing.params?.flatMap((p) => Object.keys(p))).toContain('email');
    const extra = await error(await post({ ...MINIMAL, nickname: 'Jo' }), 400, 'invalidParameters');
    expect(extra.params?.length).toBeGreaterThan(0);
    const phone = await error(await post({ ...MINIMAL, telephone: { countryCode: '55', areaCode: '11', number: '12' } }), 400, 'invalidParameters');
    expect(JSON.stringify(phone.params)).toContain('telephone[number]');
  });

  it('keeps a document on one customer per merchant and mode (409 naming the holder)', async () => {
    const { sandboxKey, productionKey } = await svc.newMerchant();
    const doc = { type: 'cnpj', number: CNPJ };
    const first = await create({ ...MINIMAL, document: doc }, sandboxKey);
    const dup = await error(await post({ ...MINIMAL, document: { type: 'cnpj', number: '11222333000181' } }, sandboxKey), 409, 'customerAlreadyExists');
    expect(dup).toMatchObject({ resource: 'customer', details: `Existing customer: ${first.id}.` });
    // The same document is free in the other mode and for another merchant.
    await create({ ...MINIMAL, document: doc }, productionKey);
    await create({ ...MINIMAL, document: doc }, (await svc.newMerchant()).sandboxKey);
  });

  it('lets exactly one of 10 concurrent creates with the same document win', async () => {
    const { sandboxKey } = await svc.newMerchant();
    const body = { ...MINIMAL, document: { type: 'cpf', number: CPFS[1] } };
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(body, sandboxKey)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
    const winner = (await answers.find((r) => r.status === 201)!.json()) as Customer;
    for (const r of answers.filter((a) => a.status === 409)) {
      expect((await r.json()) as { error: ErrorBody }).toMatchObject({
        error: { code: 'customerAlreadyExists', details: `Existing customer: ${winner.id}.` },
      });
    }
    expect((await list(`document=${CPFS[1]}`, sandboxKey)).total).toBe(1);
  });

  it('hides customers of another merchant and of the other mode (404 customerNotFound)', async () => {
    const other = await svc.newMerchant();
    const theirs = await create(MINIMAL, other.sandboxKey);
    const production = await create(MINIMAL, svc.merchant.productionKey);
    for (const id of [theirs.id, production.id, 'cus_0000000000000000']) {
      const e = await error(await get(`/v1/customers/${id}`), 404, 'customerNotFound');
      expect(e).toMatchObject({ resource: 'customer', message: `Customer ${id} was not found.` });
      await error(await put(id, MINIMAL), 404, 'customerNotFound');
    }
    expect((await list(`id=${theirs.id}`, svc.merchant.sandboxKey)).total).toBe(0);
    expect((await get(`/v1/customers/${production.id}`, svc.merchant.productionKey)).status).toBe(200);
    await error(await get('/v1/customers/tra_123'), 400, 'invalidParameters');
  });

  it('replaces a customer: omitted fields reset, updatedAt moves only when something changes', async () => {
    const c = await create({ ...FULL, document: { type: 'cpf', number: CPFS[2] } });
    await sleep(5);
    const same = { ...FULL, email: 'maria.silva@example.com', document: { type: 'cpf', number: CPFS[2] }, available: true };
    const unchanged = (await (await put(c.id, same)).json()) as Customer;
    expect(unchanged).toEqual(c);
    const renamed = (await (await put(c.id, { ...same, lastName: 'Silva Santos' })).json()) as Customer;
    expect(renamed.lastName).toBe('Silva Santos');
    expect(renamed.updatedAt > c.updatedAt).toBe(true);
    expect(renamed.createdAt).toBe(c.createdAt);
    const res = await put(c.id, { ...MINIMAL, available: false, additionalEmails: [] });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: c.id, firstName: 'João', document: null, telephone: null, birthdate: null, gender: null,
      externalReference: null, additionalEmails: null, metadata: {}, available: false,
    });
    const back = (await (await put(c.id, MINIMAL)).json()) as Customer;
    expect(back.available).toBe(true);
  });

  it('applies the creation rules to a replacement (409, 422)', async () => {
    const a = await create({ ...MINIMAL, document: { type: 'cpf', number: CPFS[3] } });
    const b = await create({ ...MINIMAL, document: { type: 'cpf', number: CPFS[4] } });
    const taken = await error(await put(b.id, { ...MINIMAL, document: { type: 'cpf', number: CPFS[3] } }), 409, 'customerAlreadyExists');
    expect(taken.details).toBe(`Existing customer: ${a.id}.`);
    expect((await put(a.id, { ...MINIMAL, document: { type: 'cpf', number: CPFS[3] } })).status).toBe(200);
    await error(await put(a.id, { ...MINIMAL, document: { type: 'cpf', number: '11111111111' } }), 422, 'invalidDocument');
    await error(await put(a.id, { ...MINIMAL, birthdate: '2999-01-01' }), 422, 'unprocessableEntity');
    await error(await put(a.id, { firstName: 'A', lastName: 'B' }), 400, 'invalidParameters');
  });

  it('lists customers with every filter, combined, as light projections', async () => {
    const { sandboxKey, productionKey } = await svc.newMerchant();
    const maria = await create(FULL, sandboxKey);
    const joao = await create({ ...MINIMAL, externalReference: 'CLI-9', document: { type: 'cnpj', number: CNPJ } }, sandboxKey);
    const conceicao = await create({ firstName: 'Conceição', lastName: 'Araújo', email: 'c@example.com', externalReference: 'CLI-9' }, sandboxKey);
    await create(FULL, productionKey);
    const ids = async (q: string) => (await list(q, sandboxKey)).data.map((c) => c.id);

    const all = await list('', sandboxKey);
    expect(all.total).toBe(3);
    expect(all.data.map((c) => c.id)).toEqual([conceicao.id, joao.id, maria.id]);
    expect(Object.keys(all.data[2]!).sort()).toEqual([
      'available', 'createdAt', 'delinquent', 'document', 'email', 'externalReference', 'firstName', 'id',
      'lastName', 'telephone', 'updatedAt',
    ]);
    expect(all._links.create).toEqual({ href: '/v1/customers', method: 'POST', description: 'Create a customer' });
    expect(await ids(`id=${joao.id}`)).toEqual([joao.id]);
    expect(await ids('email=MARIA.SILVA%40example.COM')).toEqual([maria.id]);
    expect(await ids('name=conceicao%20ARAUJO')).toEqual([conceicao.id]);
    expect(await ids('name=ia%20sil')).toEqual([maria.id]);
    expect(await ids('telephoneline=%2B55%2011%2098765-4321')).toEqual([maria.id]);
    expect(await ids('telephoneline=5511987654321')).toEqual([maria.id]);
    expect(await ids(`document=${encodeURIComponent(CNPJ)}`)).toEqual([joao.id]);
    expect(await ids('externalreference=CLI-9')).toEqual([conceicao.id, joao.id]);
    expect(await ids('externalreference=CLI-9&name=pere')).toEqual([joao.id]);
    expect(await ids('externalreference=cli-9')).toEqual([]);
    expect(await ids('name=%25')).toEqual([]);
    expect(await ids('sort=firstName')).toEqual([conceicao.id, joao.id, maria.id]);
    expect(await ids('sort=-email')).toEqual([maria.id, joao.id, conceicao.id]);
  });

  it('pages, filters on dates and refuses bad list parameters', async () => {
    const { sandboxKey } = await svc.newMerchant();
    const made: Customer[] = [];
    for (let i = 0; i < 3; i += 1) made.push(await create({ ...MINIMAL, firstName: `C${i}` }, sandboxKey));
    const page = await list('limit=2&offset=2&sort=createdAt', sandboxKey);
    expect(page).toMatchObject({ offset: 2, limit: 2, total: 3, hasMore: false, page: { current: 2, total: 2 } });
    expect(page.data.map((c) => c.id)).toEqual([made[2]!.id]);
    const since = encodeURIComponent(made[1]!.createdAt);
    expect((await list(`daterangegte=${since}&sort=createdAt`, sandboxKey)).data.map((c) => c.id)).toEqual([made[1]!.id, made[2]!.id]);
    const today = made[0]!.createdAt.slice(0, 10);
    expect((await list(`daterange=${today}`, sandboxKey)).total).toBe(3);
    const inverted = await error(await get('/v1/customers?daterangegt=2026-03-14&daterangelt=2026-03-01', sandboxKey), 422, 'unprocessableEntity');
    expect(inverted.params).toEqual([{ daterange: 'lower bound is later than upper bound' }]);
    await error(await get('/v1/customers?sort=birthdate', sandboxKey), 400, 'invalidParameters');
    await error(await get('/v1/customers?id=addr_1', sandboxKey), 400, 'invalidParameters');
    await error(await get('/v1/customers?document=123', sandboxKey), 400, 'invalidParameters');
  });
});
