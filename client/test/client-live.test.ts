/**
 * The client against the real service, on every engine: a write retried after its connection broke once the service
 * had committed it is done once (the retry is the replay), `409 idempotencyInProgress` and `429` are waited out, and
 * the service's errors come back as values whose `code` is the contract's.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../../server/testing/harness';
import type { IdempotencyFaults } from '../../server/http/idempotent';
import { createPaymentsClient, type PaymentsClientOptions, type PaymentsErrorCode } from '../src/index';

/** Timers and `performance.now()` may disagree by a rounding: a wait of N ms is asserted as at least N − this. */
const CLOCK_SLACK_MS = 5;

interface Exchange {
  method: string;
  idempotencyKey: string | null;
  status: number;
  /** The service's `Idempotent-Replayed` header. */
  replayed: string | null;
  /** The fetch threw this answer away, as a broken connection. */
  broken: boolean;
  code?: string;
  sentAt: number;
  answeredAt: number;
  retryAfter?: string | null;
}

/**
 * A fetch that forwards to the service and records each exchange; `breakAfter` lists the exchanges (1-based) whose
 * answer it reads and then throws away, throwing as a connection broken after the service answered would.
 */
function recordingFetch(breakAfter: number[] = [], onAnswer?: (e: Exchange) => void) {
  const exchanges: Exchange[] = [];
  const fetcher: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const sentAt = performance.now();
    const response = await fetch(request);
    const exchange: Exchange = {
      method: request.method,
      idempotencyKey: request.headers.get('x-idempotency-key'),
      status: response.status,
      replayed: response.headers.get('idempotent-replayed'),
      broken: false,
      sentAt,
      answeredAt: performance.now(),
      retryAfter: response.headers.get('retry-after'),
    };
    if (!response.ok) exchange.code = ((await response.clone().json()) as { error?: { code?: string } }).error?.code;
    exchanges.push(exchange);
    onAnswer?.(exchange);
    if (breakAfter.includes(exchanges.length)) {
      await response.arrayBuffer();
      exchange.broken = true;
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) });
    }
    return response;
  };
  return { fetch: fetcher, exchanges };
}

let n = 0;
const uniqueEmail = (what: string) => `client-${what}-${Date.now()}-${++n}@example.com`;

describe.each(ENGINES)('the client against the service, on $name', (engine) => {
  let svc: TestService;
  const play: IdempotencyFaults = {};
  beforeAll(async () => {
    svc = await startTestService(engine, {}, { idempotency: { faults: { afterHandler: async (op) => play.afterHandler?.(op) } } });
  });
  afterAll(async () => svc?.close());

  const clientOf = (over: Partial<PaymentsClientOptions> = {}) =>
    createPaymentsClient({ baseUrl: svc.url, apiKey: svc.merchant.sandboxKey, retryBaseDelayMs: 50, ...over });
  const customersWith = async (email: string) =>
    (await svc.db.query<{ n: number }>('SELECT count(*)::int AS n FROM customers WHERE email = $1', [email])).rows[0]!.n;

  it('creates a customer once when the connection broke after the service committed it: the retry is the replay', async () => {
    const wire = recordingFetch([1]);
    const email = uniqueEmail('reset');
    const result = await clientOf({ fetch: wire.fetch }).POST('/v1/customers', { body: { firstName: 'Maria', lastName: 'Silva', email } });

    expect(result.error).toBeUndefined();
    // The first answer (a creation, 201) was lost on the way; the retry under its key is the replay of it.
    expect(wire.exchanges.map((e) => [e.status, e.replayed, e.broken])).toEqual([[201, null, true], [201, 'true', false]]);
    expect(wire.exchanges[0]!.idempotencyKey).toBe(result.idempotencyKey);
    expect(wire.exchanges[1]!.idempotencyKey).toBe(result.idempotencyKey);
    expect(result.attempts).toBe(2);
    expect(result.response?.headers.get('idempotent-replayed')).toBe('true');
    expect(result.data?.email).toBe(email);
    expect(await customersWith(email)).toBe(1);
  });

  it('waits out 409 idempotencyInProgress while the first request under the key runs, then gets its replay', async () => {
    const email = uniqueEmail('in-progress');
    const body = { firstName: 'Maria', lastName: 'Silva', email };
    const key = `client-live-${Date.now()}-${++n}`;
    let release: () => void = () => undefined;
    const holding = new Promise<void>((reached) => {
      play.afterHandler = async (op) => {
        if (op !== 'createCustomer') return;
        delete play.afterHandler;
        reached();
        await new Promise<void>((r) => (release = r));
      };
    });
    const first = svc.call('/v1/customers', { method: 'POST', json: body, headers: { 'X-Idempotency-Key': key } });
    await holding;
    // The first request's work is done and it holds the key: let it finish once the client has been refused.
    const wire = recordingFetch([], (e) => e.status === 409 && release());
    const result = await clientOf({ fetch: wire.fetch, maxRetries: 5 }).POST('/v1/customers', { body, idempotencyKey: key });

    const firstAnswer = await first;
    expect(firstAnswer.status).toBe(201);
    expect(wire.exchanges[0]).toMatchObject({ status: 409, code: 'idempotencyInProgress', idempotencyKey: key });
    expect(wire.exchanges.at(-1)).toMatchObject({ status: 201, idempotencyKey: key });
    expect(result.error).toBeUndefined();
    expect(result.response?.headers.get('idempotent-replayed')).toBe('true');
    expect(result.data?.id).toBe(((await firstAnswer.json()) as { id: string }).id);
    expect(await customersWith(email)).toBe(1);
  });

  it("returns the service's errors as values: a code of the closed catalogue, and the answer's correlation id", async () => {
    const client = clientOf();
    const { data, error, response, correlationId } = await client.GET('/v1/customers/{customerId}', {
      params: { path: { customerId: 'cus_Nobody0000000000' } },
    });
    expect(data).toBeUndefined();
    expect(error).toMatchObject({ code: 'customerNotFound', statusCode: 404, category: 'client', attempts: 1 });
    expect(error?.correlationId).toBe(response?.headers.get('x-correlation-id'));
    expect(correlationId).toMatch(/^corr_/);

    expectTypeOf(error?.code).toEqualTypeOf<PaymentsErrorCode | undefined>();
    const explain = (code: PaymentsErrorCode): string => {
      switch (code) {
        case 'customerNotFound':
          return 'no such customer';
        case 'timeout':
          return 'no answer in time';
        // @ts-expect-error: a code the catalogue does not have is not a case
        case 'customerMissing':
          return 'never';
        default:
          return code;
      }
    };
    expect(explain(error!.code)).toBe('no such customer');

    const invalid = await client.POST('/v1/customers', { body: { firstName: 'Maria', lastName: 'Silva', email: 'not an email' } });
    expect(invalid.error).toMatchObject({ code: 'invalidParameters', statusCode: 400, attempts: 1 });
    expect(invalid.error?.params?.length).toBeGreaterThan(0);
    expect(invalid.correlationId).toBe(invalid.response?.headers.get('x-correlation-id'));

    const ok = await client.GET('/v1/customers', { params: { query: { limit: 1 } } });
    expect(ok.correlationId).toBe(ok.response?.headers.get('x-correlation-id'));
    expect(ok.correlationId).toMatch(/^corr_/);
  });

  it('answers a bad key with 401 unauthorized, as a value, not retried', async () => {
    const result = await createPaymentsClient({ baseUrl: svc.url, apiKey: 'sk_test_NotAKey000000000000' }).GET('/v1/customers');
    expect(result.error).toMatchObject({ code: 'unauthorized', statusCode: 401, attempts: 1 });
  });
});

describe.each(ENGINES)('the client against a rate-limited service, on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '2', RATE_LIMIT_WINDOW_SECONDS: '1' });
  });
  afterAll(async () => svc?.close());

  it('waits the Retry-After of a 429, then succeeds', async () => {
    // Five calls at once for two points a second: some are refused, and every one ends answered.
    const calls = Array.from({ length: 5 }, () => recordingFetch());
    const results = await Promise.all(
      calls.map((wire) => createPaymentsClient({ baseUrl: svc.url, apiKey: svc.merchant.sandboxKey, fetch: wire.fetch, maxRetries: 6 }).GET('/v1/customers')),
    );

    for (const r of results) expect(r.error).toBeUndefined();
    const refused = calls.flatMap((wire) => wire.exchanges.filter((e) => e.status === 429));
    expect(refused.length).toBeGreaterThan(0);
    for (const wire of calls) {
      wire.exchanges.forEach((e, i) => {
        if (e.status !== 429) return;
        expect(e).toMatchObject({ code: 'tooManyRequests', retryAfter: '1' });
        const next = wire.exchanges[i + 1]!;
        expect(next.sentAt - e.answeredAt).toBeGreaterThanOrEqual(1000 - CLOCK_SLACK_MS);
      });
    }
  });
});
