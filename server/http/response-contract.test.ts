/**
 * The development/test check of answers against the contract: what it lets through and what it refuses, on the
 * real bundled spec, and that a refused answer reaches the client as a 500 from a running app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../testing/harness';
import { ResponseContract, ResponseOutsideContract, checkResponses } from './response-contract';
import { readSpec } from './spec';

const contract = new ResponseContract();
const balance = { method: 'get', openapiPath: '/v1/balance' } as const;
const links = { self: { href: '/v1/balance', method: 'GET', description: 'This balance' } };
const answer = (available: number) => ({ mode: 'sandbox', balances: [{ currency: 'BRL', available, reserved: 0, pending: 0 }], _links: links });
const envelope = {
  error: { status: 'Unauthorized', statusCode: 401, category: 'authentication', code: 'unauthorized', message: 'A valid API key is required.', resource: 'client' },
};

describe('ResponseContract', () => {
  it("lets through an answer that matches its status's schema, and names what is wrong with one that does not", () => {
    expect(contract.check(balance, 200, answer(19802))).toEqual([]);
    const { mode: _mode, ...withoutMode } = answer(1);
    expect(contract.check(balance, 200, withoutMode)).toEqual([{ path: '/response', message: "must have required property 'mode'" }]);
    expect(contract.check(balance, 200, { ...answer(1), mode: 'live' })).toEqual([
      { path: '/response/mode', message: 'must be equal to one of the allowed values' },
    ]);
  });

  it('checks integers by their format: int64 money past 2^31 passes, a fraction or past 2^63 does not', () => {
    expect(contract.check(balance, 200, answer(2 ** 31 + 5))).toEqual([]);
    expect(contract.check(balance, 200, answer(10.5)).map((e) => e.path)).toContain('/response/balances/0/available');
    expect(contract.check(balance, 200, answer(2 ** 64)).map((e) => e.message)).toContain('must match format "int64"');
  });

  it('checks an error envelope against the response the status refers to (a $ref to a shared response)', () => {
    expect(contract.check(balance, 401, envelope)).toEqual([]);
    expect(contract.check(balance, 401, { error: { ...envelope.error, statusCode: '401' } }).length).toBeGreaterThan(0);
  });

  it('refuses a status the operation does not declare', () => {
    expect(() => contract.check(balance, 418, {})).toThrow(ResponseOutsideContract);
    expect(() => contract.check(balance, 418, {})).toThrow("no schema defined for status code '418'");
  });

  it('compiles each (operation, status) once and reuses it', () => {
    const fresh = new ResponseContract();
    const compiled = (fresh as unknown as { cache: Map<string, unknown> }).cache;
    fresh.check(balance, 200, answer(1));
    fresh.check(balance, 200, answer(2));
    fresh.check(balance, 401, envelope);
    expect([...compiled.keys()]).toEqual(['get /v1/balance 200', 'get /v1/balance 401']);
  });

  it('refuses a missing body where content is declared, NaN and Infinity, and a writeOnly property in an answer', () => {
    expect(contract.check(balance, 200, undefined)).toEqual([{ path: '/response', message: 'response body required.' }]);
    expect(contract.check(balance, 200, null)).toEqual([{ path: '/response', message: 'response body required.' }]);
    expect(contract.check(balance, 200, answer(Number.NaN)).length).toBeGreaterThan(0);
    const card = new ResponseContract({
      paths: { '/v1/cards': { get: { responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Card' } } } } } } } },
      components: {
        schemas: { Card: { type: 'object', properties: { last4: { type: 'string' }, number: { type: ['string', 'null'], writeOnly: true }, ratio: { type: 'number' } } } },
      },
    });
    const cards = { method: 'get', openapiPath: '/v1/cards' } as const;
    expect(card.check(cards, 200, { last4: '4242' })).toEqual([]);
    expect(card.check(cards, 200, { last4: '4242', number: null })).toEqual([]);
    expect(card.check(cards, 200, { last4: '4242', number: '4242424242424242' })).toEqual([{ path: '/response/number', message: 'must pass "writeOnly" keyword validation' }]);
    expect(card.check(cards, 200, { ratio: Number.POSITIVE_INFINITY }).length).toBeGreaterThan(0);
  });

  it('checks formats as the request validator does (fast mode): what a request may carry, an answer may echo', () => {
    const customer = { method: 'get', openapiPath: '/v1/customers/{customerId}' } as const;
    const example = (readSpec() as any).paths['/v1/customers/{customerId}'].get.responses['200'].content['application/json'].examples;
    const body = (Object.values(example)[0] as { value: Record<string, unknown> }).value;
    expect(contract.check(customer, 200, body)).toEqual([]);
    expect(contract.check(customer, 200, { ...body, email: 'ana@localhost' })).toEqual([]);
    expect(contract.check(customer, 200, { ...body, email: 'not an address' }).map((e) => e.path)).toEqual(['/response/email']);
  });

  it('refuses from res.json, before anything is sent, on the route the request matched', () => {
    const respond = () => {
      const sent: unknown[] = [];
      const res = { locals: { route: balance }, statusCode: 200, json: (body: unknown) => (sent.push(body), res) };
      checkResponses(() => contract)({} as never, res as never, () => undefined);
      return { res, sent };
    };
    const refused = respond();
    expect(() => refused.res.json({ mode: 'sandbox' })).toThrow(ResponseOutsideContract);
    expect(refused.sent).toEqual([]);
    const accepted = respond();
    accepted.res.json(answer(3));
    expect(accepted.sent).toEqual([answer(3)]);
  });
});

describe.each(ENGINES)('an answer outside the contract on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine);
  });
  afterAll(async () => svc?.close());

  it('is a 500 envelope to the client in the test environment, never the invalid body', async () => {
    // A customer whose stored name the contract does not allow (empty): the read answers what the row holds.
    const created = await svc.call('/v1/customers', { method: 'POST', json: { firstName: 'Ana', lastName: 'Lima', email: 'ana@example.com' } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await svc.call(`/v1/customers/${id}`)).status).toBe(200);
    await svc.db.query(`UPDATE customers SET first_name = '' WHERE id = $1`, [id]);
    const read = await svc.call(`/v1/customers/${id}`);
    expect(read.status).toBe(500);
    expect(((await read.json()) as { error: { code: string } }).error.code).toBe('serverError');
  });
});
