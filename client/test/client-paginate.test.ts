/**
 * `paginate()` against the real service, on every engine: every item of a long list once, page after page; the
 * list's filters and path parameters passed on every page; a failing page thrown as a `PaymentsApiError`.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { ENGINES, startTestService, type TestMerchant, type TestService } from '../../server/testing/harness';
import { createSubscription, subscriptionBody } from '../../server/testing/subscriptions';
import { createPaymentsClient, PaymentsApiError, type PaymentsClient, type Schemas } from '../src/index';

const TOTAL = 250;
/** Every tenth customer is a "Filtrado": 25 of them. */
const isFiltered = (i: number) => i % 10 === 0;

/** A fetch that records the address of each request; the `failing`th request (1-based) goes with a key that is not one. */
function pageFetch(failing?: number) {
  const urls: URL[] = [];
  const fetcher: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    urls.push(new URL(request.url));
    if (urls.length === failing) request.headers.set('ServiceKey', 'sk_test_Revoked00000000000000');
    return fetch(request);
  };
  return { fetch: fetcher, urls };
}

describe.each(ENGINES)('paginate, on $name', (engine) => {
  let svc: TestService;
  let merchant: TestMerchant;
  let created: string[];
  const clientOf = (fetcher?: typeof fetch): PaymentsClient =>
    createPaymentsClient({ baseUrl: svc.url, apiKey: merchant.sandboxKey, ...(fetcher ? { fetch: fetcher } : {}) });

  beforeAll(async () => {
    svc = await startTestService(engine);
    // A merchant of its own: its list holds exactly the customers made here.
    merchant = await svc.newMerchant('Paginated Ltda');
    const client = clientOf();
    created = [];
    for (let start = 0; start < TOTAL; start += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, TOTAL - start) }, (_, k) => {
          const i = start + k;
          return client.POST('/v1/customers', {
            body: { firstName: 'Cliente', lastName: isFiltered(i) ? 'Filtrado' : 'Comum', email: `page-${i}@example.com` },
          });
        }),
      );
      for (const r of batch) {
        if (r.error) throw new Error(`creating a customer failed: ${r.error.code}`);
        created.push(r.data.id);
      }
    }
  });
  afterAll(async () => svc?.close());

  it(`walks ${TOTAL} customers in pages of 100 and yields each once`, async () => {
    const wire = pageFetch();
    const seen: string[] = [];
    for await (const customer of clientOf(wire.fetch).paginate('/v1/customers', { query: { sort: 'createdAt' } })) {
      expectTypeOf(customer).toExtend<Schemas['CustomerListItem']>();
      seen.push(customer.id);
    }
    expect(seen).toHaveLength(TOTAL);
    expect(new Set(seen)).toEqual(new Set(created));
    expect(wire.urls.map((u) => [u.searchParams.get('limit'), u.searchParams.get('offset'), u.searchParams.get('sort')])).toEqual([
      ['100', '0', 'createdAt'],
      ['100', '100', 'createdAt'],
      ['100', '200', 'createdAt'],
    ]);
  });

  it('passes the filters on every page, with the page size asked for', async () => {
    const wire = pageFetch();
    const seen: string[] = [];
    for await (const c of clientOf(wire.fetch).paginate('/v1/customers', { query: { name: 'Filtrado', limit: 10, sort: 'createdAt' } })) {
      expect(c.lastName).toBe('Filtrado');
      seen.push(c.id);
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen)).toEqual(new Set(created.filter((_, i) => isFiltered(i))));
    expect(wire.urls.map((u) => u.searchParams.get('offset'))).toEqual(['0', '10', '20']);
    for (const u of wire.urls) expect(u.searchParams.get('name')).toBe('Filtrado');
  });

  it('starts at the offset given, and stops when the caller breaks', async () => {
    const seen: string[] = [];
    for await (const c of clientOf().paginate('/v1/customers', { query: { sort: 'createdAt' }, offset: 240 })) seen.push(c.id);
    expect(seen).toHaveLength(10);
    const wire = pageFetch();
    let count = 0;
    for await (const _ of clientOf(wire.fetch).paginate('/v1/customers', { query: { limit: 5 } })) if (++count === 7) break;
    expect(wire.urls).toHaveLength(2);
  });

  it("walks a list under a path parameter: a subscription's billing cycles", async () => {
    const subscription = await createSubscription(svc, subscriptionBody());
    await svc.drain();
    const direct = await createPaymentsClient({ baseUrl: svc.url, apiKey: svc.merchant.sandboxKey }).GET('/v1/subscriptions/{subscriptionId}/cycles', {
      params: { path: { subscriptionId: subscription.id }, query: { limit: 100, sort: 'cycle' } },
    });
    const expected = direct.data!.data.map((c) => c.id);
    expect(expected.length).toBeGreaterThanOrEqual(2);

    const wire = pageFetch();
    const client = createPaymentsClient({ baseUrl: svc.url, apiKey: svc.merchant.sandboxKey, fetch: wire.fetch });
    const seen: string[] = [];
    for await (const cycle of client.paginate('/v1/subscriptions/{subscriptionId}/cycles', { path: { subscriptionId: subscription.id }, query: { limit: 1, sort: 'cycle' } })) {
      expect(cycle.subscriptionId).toBe(subscription.id);
      seen.push(cycle.id);
    }
    expect(seen).toEqual(expected);
    expect(wire.urls).toHaveLength(expected.length);
    for (const u of wire.urls) expect(u.pathname).toBe(`/v1/subscriptions/${subscription.id}/cycles`);
  });

  it('throws a PaymentsApiError with the code when a page fails, after the pages before it', async () => {
    const seen: string[] = [];
    let thrown: unknown;
    try {
      for await (const c of clientOf(pageFetch(2).fetch).paginate('/v1/customers')) seen.push(c.id);
    } catch (err) {
      thrown = err;
    }
    expect(seen).toHaveLength(100);
    expect(thrown).toBeInstanceOf(PaymentsApiError);
    const error = (thrown as PaymentsApiError).error;
    expect(error).toMatchObject({ code: 'unauthorized', statusCode: 401, attempts: 1 });
    expect(error.correlationId).toMatch(/^corr_/);
    expect((thrown as PaymentsApiError).message).toContain(`(correlation id ${error.correlationId})`);
  });

  it('throws on the first page with a bad key', async () => {
    const bad = createPaymentsClient({ baseUrl: svc.url, apiKey: 'sk_test_NotAKey000000000000' });
    await expect(bad.paginate('/v1/customers').next()).rejects.toMatchObject({ name: 'PaymentsApiError', code: 'unauthorized' });
  });
});
