/**
 * The round-trip budget of the hot reads, counted statement by statement: `GET /v1/transactions/{id}` and a page of
 * `GET /v1/customers` are one statement each once the key's lookup is cached, and one more when it is not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../testing/harness';
import { pixBody } from '../testing/payments';
import { startCountedService, type CountedService } from '../testing/queries';

describe.each(ENGINES)('round trips of the hot reads on $name', (engine) => {
  let svc: CountedService;
  beforeAll(async () => {
    svc = await startCountedService(engine, { RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000', KEY_CACHE_SECONDS: '60' });
  });
  afterAll(async () => svc?.close());

  it('GET /v1/transactions/{id}: one statement with the key cached, two without', async () => {
    const created = await svc.call('/v1/transactions', { method: 'POST', json: pixBody() });
    const { id } = (await created.json()) as { id: string };
    const warm = await svc.statementsOf(`/v1/transactions/${id}`);
    expect(warm.res.status).toBe(200);
    expect(warm.sent.length).toBe(1);
    const cold = await svc.statementsOf(`/v1/transactions/${id}`, { key: svc.merchant.productionKey });
    expect(cold.res.status).toBe(404); // the production key's first lookup, then the read that finds nothing
    expect(cold.sent.length).toBe(2);
  });

  it('GET /v1/customers: the page and its total in one statement', async () => {
    for (let i = 0; i < 5; i += 1) {
      const res = await svc.call('/v1/customers', { method: 'POST', json: { firstName: 'Ana', lastName: `N${i}`, email: `ana${i}@example.com` } });
      expect(res.status).toBe(201);
    }
    const page = await svc.statementsOf('/v1/customers?limit=2&offset=1');
    expect(page.res.status).toBe(200);
    const body = JSON.parse(page.body) as { data: unknown[]; total: number };
    expect(body).toMatchObject({ total: 6, offset: 1, limit: 2 }); // the charge's payer and these five
    expect(body.data).toHaveLength(2);
    expect(page.sent.length).toBe(1);
  });
});
