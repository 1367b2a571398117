/**
 * The client's retries against a fault-injecting stub: which failures are retried and how often, the idempotency key
 * kept across the attempts of one write, `Retry-After`, the backoff, the time limit of an attempt and the caller's
 * abort. Time is asserted only from below (a retry no sooner than asked), never from above.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { backoffDelay, createPaymentsClient, retryAfterMs, type PaymentsClientOptions } from '../src/index';
import { sleep } from '../src/retry';
import { correlationOf, startFaultStub, type Fault, type FaultStub } from './fault-stub';

/** Timers and `performance.now()` may disagree by a rounding: a wait of N ms is asserted as at least N − this. */
const CLOCK_SLACK_MS = 5;
const KEY = 'x-idempotency-key';
const customer = { firstName: 'Maria', lastName: 'Silva', email: 'maria@example.com' };

let stub: FaultStub;
afterEach(async () => stub?.close());

async function clientOf(script: Fault[], over: Partial<PaymentsClientOptions> = {}) {
  stub = await startFaultStub(script);
  return createPaymentsClient({ baseUrl: stub.url, apiKey: 'sk_test_stub', retryBaseDelayMs: 10, retryMaxDelayMs: 40, random: () => 0, ...over });
}

const e503: Fault = { kind: 'error', status: 503, code: 'providerUnavailable' };

describe('the idempotency key of a write', () => {
  it('is the same on every attempt of one POST, PUT and PATCH, and different for two calls', async () => {
    const client = await clientOf([e503, { kind: 'reset' }, { kind: 'ok' }, e503, { kind: 'ok' }, e503, { kind: 'ok' }, { kind: 'ok' }]);
    const post = await client.POST('/v1/customers', { body: customer });
    const put = await client.PUT('/v1/customers/{customerId}', { params: { path: { customerId: 'cus_1' } }, body: customer });
    const patch = await client.PATCH('/v1/checkouts/payment-links/{linkId}', { params: { path: { linkId: 'lnk_1' } }, body: { name: 'Renamed' } });
    const again = await client.POST('/v1/customers', { body: customer });

    expect([post.attempts, put.attempts, patch.attempts, again.attempts]).toEqual([3, 2, 2, 1]);
    const keys = stub.requests.map((r) => r.headers[KEY]);
    expect(keys.slice(0, 3)).toEqual([post.idempotencyKey, post.idempotencyKey, post.idempotencyKey]);
    expect(keys.slice(3, 5)).toEqual([put.idempotencyKey, put.idempotencyKey]);
    expect(keys.slice(5, 7)).toEqual([patch.idempotencyKey, patch.idempotencyKey]);
    expect(keys[7]).toBe(again.idempotencyKey);
    expect(new Set([post.idempotencyKey, put.idempotencyKey, patch.idempotencyKey, again.idempotencyKey]).size).toBe(4);
    expect(post.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("keeps the caller's key, given as the option, a header or the typed header parameter, on every attempt", async () => {
    const client = await clientOf([e503, { kind: 'ok' }, e503, { kind: 'ok' }, e503, { kind: 'ok' }]);
    const byOption = await client.POST('/v1/customers', { body: customer, idempotencyKey: 'order-0001-option' });
    const byHeader = await client.POST('/v1/customers', { body: customer, headers: { 'x-idempotency-key': 'order-0001-header' }, idempotencyKey: 'loses-to-header' });
    const byParam = await client.POST('/v1/customers', { body: customer, params: { header: { 'X-Idempotency-Key': 'order-0001-param' } } });

    expect(stub.requests.map((r) => r.headers[KEY])).toEqual([
      'order-0001-option', 'order-0001-option', 'order-0001-header', 'order-0001-header', 'order-0001-param', 'order-0001-param',
    ]);
    expect([byOption.idempotencyKey, byHeader.idempotencyKey, byParam.idempotencyKey]).toEqual(['order-0001-option', 'order-0001-header', 'order-0001-param']);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['empty', ''],
  ])('is one key, the same on every attempt, when the caller gives a header of %s value', async (_, value) => {
    // A JavaScript caller can pass what the types refuse: openapi-fetch deletes a header whose value is null.
    const loose = value as unknown as string;
    const places: object[] = [
      { params: { header: { 'X-Idempotency-Key': loose } } },
      { params: { header: { 'x-idempotency-key': loose } } },
      { headers: { 'X-Idempotency-Key': loose } },
      { headers: { 'x-IDEMPOTENCY-key': loose }, params: { header: { 'X-Idempotency-Key': loose } } },
    ];
    const client = await clientOf([]);
    for (const place of places) {
      const before = stub.requests.length;
      stub.play(e503, e503, { kind: 'ok', status: 201 });
      const result = await client.POST('/v1/customers', { body: customer, ...place });
      const sent = stub.requests.slice(before).map((r) => r.headers[KEY]);
      expect(result.attempts).toBe(3);
      expect(result.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
      expect(sent).toEqual([result.idempotencyKey, result.idempotencyKey, result.idempotencyKey]);
    }
  });

  it('sends exactly one key when the caller gives it in both places, in any case', async () => {
    const client = await clientOf([e503, { kind: 'ok' }]);
    await client.POST('/v1/customers', {
      body: customer,
      // Lower case, as a JavaScript caller may write it.
      params: { header: { 'x-idempotency-key': 'order-0002-param' } as unknown as { 'X-Idempotency-Key': string } },
      headers: { 'X-IDEMPOTENCY-KEY': 'order-0002-header' },
    });
    expect(stub.requests.map((r) => r.headers[KEY])).toEqual(['order-0002-param', 'order-0002-param']);
  });

  it('is not sent on GET and DELETE, retried or not', async () => {
    const client = await clientOf([e503, { kind: 'ok' }, e503, { kind: 'ok' }]);
    const got = await client.GET('/v1/customers');
    const deleted = await client.DELETE('/v1/wallets/{walletId}', { params: { path: { walletId: 'wall_1' } } });
    expect([got.attempts, deleted.attempts]).toEqual([2, 2]);
    expect(stub.requests.map((r) => [r.method, r.headers[KEY]])).toEqual([['GET', undefined], ['GET', undefined], ['DELETE', undefined], ['DELETE', undefined]]);
    expect([got.idempotencyKey, deleted.idempotencyKey]).toEqual([undefined, undefined]);
  });

  it('is a UUID v4 where crypto.randomUUID is missing (a browser page served over plain HTTP)', async () => {
    const client = await clientOf([]);
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    let pending: Promise<unknown>;
    try {
      // The key is made before the call's first wait: the property is restored before anything else runs.
      pending = client.POST('/v1/customers', { body: customer });
    } finally {
      delete (globalThis.crypto as { randomUUID?: unknown }).randomUUID;
    }
    await pending;
    expect(typeof globalThis.crypto.randomUUID).toBe('function');
    expect(stub.requests[0]!.headers[KEY]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('does not send the header a caller left undefined as the string "undefined"', async () => {
    const client = await clientOf([]);
    await client.POST('/v1/customers', { body: customer, headers: { 'X-Idempotency-Key': undefined, 'X-Trace': undefined } });
    expect(stub.requests[0]!.headers[KEY]).toMatch(/^[0-9a-f-]{36}$/);
    expect(stub.requests[0]!.headers['x-trace']).toBeUndefined();
  });
});

describe('what is retried, and how often', () => {
  it('stops at maxRetries + 1 attempts and returns the last error as a value', async () => {
    const client = await clientOf([
      { kind: 'error', status: 500, code: 'serverError' },
      { kind: 'raw', status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html' },
      { kind: 'error', status: 503, code: 'providerUnavailable' },
      { kind: 'ok' },
    ]);
    const result = await client.POST('/v1/customers', { body: customer });
    expect(stub.requests).toHaveLength(3);
    expect(result.data).toBeUndefined();
    expect(result.error).toMatchObject({ code: 'providerUnavailable', statusCode: 503, attempts: 3, correlationId: correlationOf(3) });
    expect(result.attempts).toBe(3);
  });

  it('retries connection resets, then answers the first success', async () => {
    const client = await clientOf([{ kind: 'reset' }, { kind: 'reset' }, { kind: 'ok', status: 201, body: { id: 'cus_1' } }]);
    const result = await client.POST('/v1/customers', { body: customer });
    expect(result.data).toEqual({ id: 'cus_1' });
    expect(result.response?.status).toBe(201);
    expect(result.attempts).toBe(3);
  });

  it('gives connectionFailed, with no answer, when every attempt is reset', async () => {
    const client = await clientOf([{ kind: 'reset' }, { kind: 'reset' }], { maxRetries: 1 });
    const result = await client.GET('/v1/customers');
    expect(result.error).toMatchObject({ code: 'connectionFailed', statusCode: 0, category: 'network', attempts: 2, correlationId: undefined });
    expect(result.response).toBeUndefined();
    expect(stub.requests).toHaveLength(2);
  });

  it('retries 409 idempotencyInProgress and 429, under the same key', async () => {
    const client = await clientOf([
      { kind: 'error', status: 409, code: 'idempotencyInProgress' },
      { kind: 'error', status: 429, code: 'tooManyRequests' },
      { kind: 'ok', status: 201 },
    ]);
    const result = await client.POST('/v1/customers', { body: customer });
    expect(result.error).toBeUndefined();
    expect(result.attempts).toBe(3);
    expect(new Set(stub.requests.map((r) => r.headers[KEY])).size).toBe(1);
  });

  it.each([
    [400, 'invalidParameters'],
    [404, 'customerNotFound'],
    [422, 'unprocessableEntity'],
    [409, 'idempotencyMismatch'],
    [409, 'customerAlreadyExists'],
    [501, 'notImplemented'],
  ])('never retries %i %s', async (status, code) => {
    const client = await clientOf([{ kind: 'error', status, code }]);
    const result = await client.POST('/v1/customers', { body: customer });
    expect(result.error).toMatchObject({ code, statusCode: status, attempts: 1 });
    expect(stub.requests).toHaveLength(1);
  });

  it('makes one attempt only with maxRetries 0, per client or per call', async () => {
    const client = await clientOf([e503, e503, e503], { maxRetries: 0 });
    expect((await client.GET('/v1/customers')).attempts).toBe(1);
    expect((await client.GET('/v1/customers', { maxRetries: 1 })).attempts).toBe(2);
    expect(stub.requests).toHaveLength(3);
  });

  it('sends the same body, content type and ServiceKey on every attempt', async () => {
    const client = await clientOf([{ kind: 'reset' }, e503, { kind: 'ok' }]);
    const body = { ...customer, metadata: { order: 'A-1', lines: '3' } };
    await client.POST('/v1/customers', { body });
    expect(stub.requests).toHaveLength(3);
    for (const r of stub.requests) {
      expect(JSON.parse(r.body)).toEqual(body);
      expect(r.body).toBe(stub.requests[0]!.body);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers.servicekey).toBe('sk_test_stub');
    }
  });
});

describe('409 idempotencyInProgress', () => {
  const inProgress: Fault = { kind: 'error', status: 409, code: 'idempotencyInProgress' };

  it('is retried beyond maxRetries while the first request may still hold the key, then succeeds', async () => {
    const client = await clientOf([inProgress, inProgress, inProgress, inProgress, inProgress, { kind: 'ok', status: 201, body: { id: 'cus_1' } }], { maxRetries: 1 });
    const result = await client.POST('/v1/customers', { body: customer });
    expect(result.data).toEqual({ id: 'cus_1' });
    expect(result.attempts).toBe(6);
    expect(new Set(stub.requests.map((r) => r.headers[KEY]))).toEqual(new Set([result.idempotencyKey]));
  });

  it('is retried until inProgressTimeoutMs has passed since the first one, then returned', async () => {
    const budget = 300;
    stub = await startFaultStub([], inProgress);
    const client = createPaymentsClient({ baseUrl: stub.url, apiKey: 'sk_test_stub', retryBaseDelayMs: 10, retryMaxDelayMs: 40, random: () => 0, maxRetries: 1, inProgressTimeoutMs: budget });
    const result = await client.POST('/v1/customers', { body: customer });
    expect(result.error).toMatchObject({ code: 'idempotencyInProgress', statusCode: 409 });
    const first = stub.requests[0]!;
    const last = stub.requests.at(-1)!;
    expect(result.attempts).toBe(stub.requests.length);
    expect(result.attempts).toBeGreaterThan(3);
    expect(last.at - first.answeredAt!).toBeGreaterThanOrEqual(budget - CLOCK_SLACK_MS);
    expect(result.error?.correlationId).toBe(correlationOf(last.n));
  });

  it('waits longer between its retries, up to retryMaxDelayMs', async () => {
    const client = await clientOf([inProgress, inProgress, inProgress, inProgress, { kind: 'ok' }], { retryBaseDelayMs: 20, retryMaxDelayMs: 80 });
    await client.POST('/v1/customers', { body: customer });
    const gaps = stub.requests.slice(1).map((r, i) => r.at - stub.requests[i]!.answeredAt!);
    [10, 20, 40, 40].forEach((least, i) => expect(gaps[i]).toBeGreaterThanOrEqual(least - CLOCK_SLACK_MS));
  });

  it('does not use up the retries of the failures after it', async () => {
    const client = await clientOf([inProgress, inProgress, inProgress, e503, e503, { kind: 'ok' }], { maxRetries: 2 });
    const result = await client.POST('/v1/customers', { body: customer });
    expect(result.error).toBeUndefined();
    expect(result.attempts).toBe(6);
  });

  it('is returned at once with inProgressTimeoutMs 0, or maxRetries 0', async () => {
    const client = await clientOf([inProgress, inProgress, { kind: 'ok' }], { inProgressTimeoutMs: 0 });
    expect((await client.POST('/v1/customers', { body: customer })).error).toMatchObject({ code: 'idempotencyInProgress', attempts: 1 });
    expect((await client.POST('/v1/customers', { body: customer, maxRetries: 0 })).error).toMatchObject({ code: 'idempotencyInProgress', attempts: 1 });
    expect(stub.requests).toHaveLength(2);
  });
});

describe('paginate', () => {
  const page = (ids: string[], hasMore: boolean): Fault => ({ kind: 'ok', body: { data: ids.map((id) => ({ id })), hasMore } });

  it('retries a failing page like any call, then goes on from where it was', async () => {
    const client = await clientOf([page(['cus_1', 'cus_2'], true), e503, { kind: 'reset' }, page(['cus_3'], false)]);
    const seen: string[] = [];
    for await (const c of client.paginate('/v1/customers', { query: { limit: 2 } })) seen.push(c.id);
    expect(seen).toEqual(['cus_1', 'cus_2', 'cus_3']);
    expect(stub.requests.map((r) => new URL(r.url, stub.url).searchParams.get('offset'))).toEqual(['0', '2', '2', '2']);
    expect(stub.requests.map((r) => r.headers[KEY])).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('stops on an empty page even if it says there is more', async () => {
    const client = await clientOf([page(['cus_1'], true), page([], true), page(['cus_9'], false)]);
    const seen: string[] = [];
    for await (const c of client.paginate('/v1/customers')) seen.push(c.id);
    expect(seen).toEqual(['cus_1']);
    expect(stub.requests).toHaveLength(2);
  });

  it('throws invalidResponse when the service answers another offset than the one asked (it ignores offset)', async () => {
    const at = (offset: number, ids: string[]): Fault => ({ kind: 'ok', body: { offset, data: ids.map((id) => ({ id })), hasMore: true } });
    const client = await clientOf([at(0, ['cus_1', 'cus_2']), at(0, ['cus_1', 'cus_2'])]);
    const seen: string[] = [];
    const walk = async () => {
      for await (const c of client.paginate('/v1/customers', { query: { limit: 2 } })) seen.push(c.id);
    };
    await expect(walk()).rejects.toMatchObject({
      name: 'PaymentsApiError',
      code: 'invalidResponse',
      error: { statusCode: 200, correlationId: correlationOf(2), message: 'The service answered the page at offset 0 when asked for offset 2; the walk stops rather than repeat items.' },
    });
    expect(seen).toEqual(['cus_1', 'cus_2']);
    expect(stub.requests).toHaveLength(2);
  });

  it('throws invalidResponse when a page starts with the previous page\'s first item (an offset ignored, not echoed)', async () => {
    const client = await clientOf([page(['cus_1', 'cus_2'], true), page(['cus_1', 'cus_2'], true)]);
    const seen: string[] = [];
    const walk = async () => {
      for await (const c of client.paginate('/v1/customers', { query: { limit: 2 } })) seen.push(c.id);
    };
    await expect(walk()).rejects.toMatchObject({
      code: 'invalidResponse',
      error: { correlationId: correlationOf(2), message: 'The service answered the page at offset 2 with the first item of the page before it (cus_1); the walk stops rather than repeat items.' },
    });
    expect(seen).toEqual(['cus_1', 'cus_2']);
    expect(stub.requests).toHaveLength(2);
  });

  it.each([
    ['no data array', { hasMore: false, items: [] }],
    ['no hasMore flag', { data: [{ id: 'cus_1' }] }],
    ['a body that is not an object', [{ id: 'cus_1' }]],
  ])('throws invalidResponse on a page with %s', async (_, body) => {
    const client = await clientOf([{ kind: 'ok', body }]);
    await expect(client.paginate('/v1/customers').next()).rejects.toMatchObject({
      name: 'PaymentsApiError',
      code: 'invalidResponse',
      error: { statusCode: 200, attempts: 1, correlationId: correlationOf(1), message: 'The service answered 200 with a body that is not a page of a list (a data array and a hasMore flag).' },
    });
  });

  it('throws the last error as a PaymentsApiError once the retries of a page run out', async () => {
    const client = await clientOf([page(['cus_1'], true), e503, e503], { maxRetries: 1 });
    const iterator = client.paginate('/v1/customers');
    expect((await iterator.next()).value).toEqual({ id: 'cus_1' });
    await expect(iterator.next()).rejects.toMatchObject({ name: 'PaymentsApiError', code: 'providerUnavailable', error: { attempts: 2, correlationId: correlationOf(3) } });
  });
});

describe('the wait before a retry', () => {
  it('honours Retry-After in seconds', async () => {
    const client = await clientOf([{ kind: 'error', status: 503, code: 'providerUnavailable', retryAfter: '1' }]);
    const result = await client.GET('/v1/customers');
    expect(result.attempts).toBe(2);
    const [first, second] = stub.requests;
    expect(second!.at - first!.answeredAt!).toBeGreaterThanOrEqual(1000 - CLOCK_SLACK_MS);
  });

  it('honours Retry-After as an HTTP date on a 429', async () => {
    // HTTP dates have whole seconds: the next whole second after the next one, between 1 and 2 s away.
    const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 1000);
    const client = await clientOf([{ kind: 'error', status: 429, code: 'tooManyRequests', retryAfter: at.toUTCString() }]);
    const result = await client.GET('/v1/customers');
    expect(result.attempts).toBe(2);
    expect(stub.requests[1]!.receivedAt).toBeGreaterThanOrEqual(at.getTime() - CLOCK_SLACK_MS);
  });

  it('returns at once a Retry-After longer than maxRetryAfterMs', async () => {
    const client = await clientOf([{ kind: 'error', status: 429, code: 'tooManyRequests', retryAfter: '3600' }], { maxRetryAfterMs: 10_000 });
    const result = await client.GET('/v1/customers');
    expect(result.error).toMatchObject({ code: 'tooManyRequests', statusCode: 429, attempts: 1 });
    expect(result.response?.headers.get('Retry-After')).toBe('3600');
    expect(stub.requests).toHaveLength(1);
  });

  it('backs off exponentially, with jitter between half and all of the step, never above retryMaxDelayMs', () => {
    const settings = { retryBaseDelayMs: 500, retryMaxDelayMs: 8000 };
    const low = [1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(n, settings, () => 0));
    const high = [1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(n, settings, () => 0.999999));
    expect(low).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000]);
    high.forEach((d, i) => expect(d).toBeCloseTo([500, 1000, 2000, 4000, 8000, 8000, 8000][i]!, 0));
    for (let n = 1; n <= 40; n++) {
      const d = backoffDelay(n, settings);
      expect(d).toBeGreaterThanOrEqual(Math.min(8000, 500 * 2 ** (n - 1)) / 2);
      expect(d).toBeLessThanOrEqual(8000);
    }
  });

  it('reads Retry-After as whole seconds or an HTTP date, and nothing else', () => {
    const now = Date.parse('2026-10-21T07:28:00Z');
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Wed, 21 Oct 2026 07:28:03 GMT', now)).toBe(3000);
    expect(retryAfterMs('Wed, 21 Oct 2026 07:27:00 GMT', now)).toBe(0);
    // Date.parse would read these as years: a wait of zero, or of centuries.
    for (const unreadable of ['1.5', '-1', '+3', 'soon', '', null, undefined]) expect(retryAfterMs(unreadable, now)).toBeUndefined();
  });

  it('waits the backoff between attempts', async () => {
    const client = await clientOf([e503, e503, { kind: 'ok' }], { retryBaseDelayMs: 200, retryMaxDelayMs: 10_000, random: () => 0 });
    await client.GET('/v1/customers');
    const [a, b, c] = stub.requests;
    expect(b!.at - a!.answeredAt!).toBeGreaterThanOrEqual(100 - CLOCK_SLACK_MS);
    expect(c!.at - b!.answeredAt!).toBeGreaterThanOrEqual(200 - CLOCK_SLACK_MS);
  });
});

describe('the time limit of an attempt, and the caller abort', () => {
  it('gives timeout when an attempt hangs, and retries it', async () => {
    const client = await clientOf([{ kind: 'hang' }, { kind: 'ok', body: { id: 'cus_2' } }], { timeoutMs: 200 });
    const result = await client.POST('/v1/customers', { body: customer });
    expect(result.data).toEqual({ id: 'cus_2' });
    expect(result.attempts).toBe(2);
    expect(stub.requests[0]!.headers[KEY]).toBe(stub.requests[1]!.headers[KEY]);
  });

  it('returns timeout as a value when every attempt hangs', async () => {
    const client = await clientOf([{ kind: 'hang' }, { kind: 'hang' }], { timeoutMs: 150, maxRetries: 1 });
    const result = await client.GET('/v1/customers');
    expect(result.error).toMatchObject({ code: 'timeout', statusCode: 0, category: 'network', attempts: 2, message: 'No answer within 150 ms.' });
    expect(stub.requests).toHaveLength(2);
  });

  it('has no time limit with timeoutMs Infinity (a timer cannot hold it: it would fire at once)', async () => {
    const client = await clientOf([{ kind: 'ok', body: { id: 'cus_3' } }], { timeoutMs: Infinity, maxRetries: 0 });
    expect((await client.GET('/v1/customers')).data).toEqual({ id: 'cus_3' });
  });

  it('gives aborted, without a retry, when the caller aborts an attempt', async () => {
    const client = await clientOf([{ kind: 'hang' }]);
    const controller = new AbortController();
    const pending = client.POST('/v1/customers', { body: customer, signal: controller.signal });
    await stub.received(1);
    controller.abort();
    const result = await pending;
    expect(result.error).toMatchObject({ code: 'aborted', statusCode: 0, attempts: 1 });
    expect(stub.requests).toHaveLength(1);
  });

  it('gives aborted when the caller aborts during the wait before a retry', async () => {
    // A wait of an hour: only the abort can end this call within the test's time.
    const client = await clientOf([{ kind: 'error', status: 503, code: 'providerUnavailable', retryAfter: '3600' }], { maxRetryAfterMs: 7_200_000 });
    const controller = new AbortController();
    const pending = client.GET('/v1/customers', { signal: controller.signal });
    await stub.received(1);
    setTimeout(() => controller.abort(), 50);
    const result = await pending;
    expect(result.error).toMatchObject({ code: 'aborted', attempts: 1, correlationId: correlationOf(1) });
    expect(result.correlationId).toBe(correlationOf(1));
    expect(stub.requests).toHaveLength(1);
  }, 10_000);

  it('warns of no listener leak when many calls share one signal, and still aborts them all', async () => {
    stub = await startFaultStub([], { kind: 'hang' });
    const client = createPaymentsClient({ baseUrl: stub.url, apiKey: 'sk_test_stub' });
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    try {
      const controller = new AbortController();
      const calls = Array.from({ length: 25 }, () => client.GET('/v1/customers', { signal: controller.signal }));
      await stub.received(25);
      controller.abort();
      const results = await Promise.all(calls);
      expect(results.map((r) => r.error?.code)).toEqual(Array(25).fill('aborted'));
      // process.emitWarning reports on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((w) => w.name)).not.toContain('MaxListenersExceededWarning');
  });

  it('aborts the attempts and the waits of calls sharing a signal where AbortSignal.any is missing (Node before 20.3)', async () => {
    const any = Object.getOwnPropertyDescriptor(AbortSignal, 'any');
    const client = await clientOf([{ kind: 'hang' }, { kind: 'hang' }]);
    const controller = new AbortController();
    delete (AbortSignal as { any?: unknown }).any;
    try {
      const calls = [client.GET('/v1/customers', { signal: controller.signal }), client.GET('/v1/customers', { signal: controller.signal })];
      // A wait of an hour: only the abort ends it.
      const waits = [sleep(3_600_000, controller.signal), sleep(3_600_000, controller.signal)];
      await stub.received(2);
      controller.abort();
      expect((await Promise.all(calls)).map((r) => r.error?.code)).toEqual(['aborted', 'aborted']);
      await Promise.all(waits);
    } finally {
      Object.defineProperty(AbortSignal, 'any', any!);
    }
    expect(stub.requests).toHaveLength(2);
  });

  it('sends nothing with a signal aborted before the call', async () => {
    const client = await clientOf([]);
    const result = await client.GET('/v1/customers', { signal: AbortSignal.abort() });
    expect(result.error?.code).toBe('aborted');
    expect(stub.requests).toHaveLength(0);
  });
});
