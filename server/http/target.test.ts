import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../testing/harness';
import { httpMessage, rawHttp } from '../testing/raw-http';
import { canonicalQuery, originForm } from './target';

describe('the canonical request target', () => {
  it('serves an absolute-form target as its path, for any host', () => {
    expect(originForm('http://127.0.0.1:3000/v1/customers')).toBe('/v1/customers');
    expect(originForm('HTTPS://api.example:443/v1/transactions?limit=5')).toBe('/v1/transactions?limit=5');
    expect(originForm('http://user@host')).toBe('/');
  });

  it('leaves no target that is not a path', () => {
    expect(originForm('*')).toBeNull();
    expect(originForm('ftp://host/v1/customers')).toBeNull();
    expect(originForm('host:443')).toBeNull();
  });

  it('decodes a query as a form does and encodes it again, strictly', () => {
    expect(canonicalQuery('name=Order+updates')).toBe('name=Order%20updates');
    expect(canonicalQuery(new URLSearchParams({ name: 'a*b (c)', at: '2026-03-14T12:30:00Z' }).toString())).toBe(
      'name=a%2Ab%20%28c%29&at=2026-03-14T12%3A30%3A00Z',
    );
    expect(canonicalQuery('a=%2B&&b&c=%ZZ')).toBe('a=%2B&b&c=%25ZZ');
  });
});

describe.each(ENGINES)('request targets on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine);
  });
  afterAll(async () => svc?.close());

  const send = (method: string, target: string, body?: string, host: string | null = 'localhost') =>
    rawHttp(svc.url, httpMessage(method, target, { host, headers: { ServiceKey: svc.merchant.sandboxKey }, body }));

  it('validates an absolute-form request exactly as an origin-form one', async () => {
    const body = JSON.stringify({ firstName: '', email: 'not-an-email', unknownField: 1 });
    const created = await send('POST', `${svc.url}/v1/customers`, body);
    expect(created.status).toBe(400);
    const names = (JSON.parse(created.body) as { error: { params: Record<string, string>[] } }).error.params.flatMap(Object.keys);
    expect(names).toEqual(expect.arrayContaining(['firstName', 'email', 'unknownField']));
    const list = await svc.call('/v1/customers');
    expect(((await list.json()) as { total: number }).total).toBe(0);

    const limit = await send('GET', 'http://other.example/v1/transactions?limit=100000');
    expect(limit.status).toBe(400);
    expect(JSON.parse(limit.body)).toMatchObject({ error: { code: 'invalidParameters', params: [{ limit: expect.any(String) }] } });
    const amount = await send('POST', `${svc.url}/v1/transactions`, JSON.stringify({ amount: '1000', payment: { method: 'pix' } }));
    expect(amount.status).toBe(400);
  });

  it('answers a request without Host, and a target that is no path, in the envelope', async () => {
    const noHost = await send('GET', '/v1/wallets', undefined, null);
    expect(noHost.status).toBe(400);
    expect(noHost.headers['x-correlation-id']).toMatch(/^corr_/);
    expect(JSON.parse(noHost.body)).toMatchObject({ error: { code: 'malformedRequest', statusCode: 400 } });
    const star = await send('OPTIONS', '*');
    expect(star.status).toBe(404);
    expect(JSON.parse(star.body)).toMatchObject({ error: { code: 'notFound' } });
  });

  it('accepts form encoding (`+` for a space, bare `*` and `:`) on every query parameter', async () => {
    const created = await svc.call('/v1/webhooks', {
      method: 'POST',
      json: { name: 'Order updates*', endpoint: 'http://127.0.0.1:9/orders', events: ['transaction.approved'] },
    });
    expect(created.status).toBe(201);
    const query = new URLSearchParams({ name: 'Order updates*', daterangelte: '2099-01-01T00:00:00Z' }).toString();
    expect(query).toContain('Order+updates*');
    const res = await svc.call(`/v1/webhooks?${query}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { name: string }[] }).data.map((w) => w.name)).toEqual(['Order updates*']);
  });
});
