import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../testing/harness';
import { ApiError, envelope, MAX_PARAMS } from './errors';
import { inspect, MAX_DEPTH } from './inspect';
import { LIMIT_MAX, OFFSET_MAX, parseList } from '../core/lists';

const spec = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../generated/openapi.json'), 'utf8')) as {
  components: { parameters: Record<string, { schema: { maximum: number } }> };
};

type ErrorBody = { error: { code: string; params: Record<string, string>[]; details?: string } };

describe('bounds on what a request may hold', () => {
  it('finds a NUL or a too deep nesting without recursion, in a body nested 100,000 deep', () => {
    const deep = JSON.parse(`{"metadata":${'['.repeat(100_000)}${']'.repeat(100_000)}}`) as unknown;
    expect(inspect(deep)).toEqual({ metadata: `must not nest deeper than ${MAX_DEPTH} levels` });
    expect(inspect({ items: [{ name: 'ok' }, { name: 'a\u0000b' }] })).toEqual({ 'items[1][name]': 'must not contain the NUL character' });
    expect(inspect({ a: [1, 'x', { b: null }] })).toBeNull();
    expect(inspect({ items: [{ amount: Infinity }] })).toEqual({ 'items[0][amount]': 'must be a finite number' });
  });

  it('lists at most MAX_PARAMS params and counts the rest in details', () => {
    const params = Array.from({ length: 500 }, (_, i) => ({ [`additionalEmails[${i}]`]: 'must be string' }));
    const body = envelope(new ApiError('invalidParameters', { params }));
    expect(body.error.params).toHaveLength(MAX_PARAMS);
    expect(body.error.details).toBe(`${500 - MAX_PARAMS} more invalid parameters not listed.`);
  });

  it('checks limit and offset against the spec’s own bounds, and sorts only on listed fields', () => {
    expect(LIMIT_MAX).toBe(spec.components.parameters.Limit!.schema.maximum);
    expect(OFFSET_MAX).toBe(spec.components.parameters.Offset!.schema.maximum);
    const window = (q: Record<string, unknown>) => () => parseList(q, [], { resource: 'wallet' });
    for (const offset of [Infinity, 1e20, '99999999999999999999', -1, 1.5]) expect(window({ offset })).toThrow(ApiError);
    for (const sort of ['constructor', '-toString', 'hasOwnProperty', '__proto__']) expect(window({ sort })).toThrow(ApiError);
    expect(window({ limit: 100, offset: OFFSET_MAX })()).toMatchObject({ limit: 100, offset: OFFSET_MAX });
  });
});

describe.each(ENGINES)('hostile requests on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' });
  });
  afterAll(async () => svc?.close());

  async function refused(res: Response, param: string): Promise<ErrorBody['error']> {
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('invalidParameters');
    expect(body.error.params.flatMap(Object.keys)).toContain(param);
    return body.error;
  }

  it('answers a 1 MB body of 500,000 wrong items quickly, briefly, without stalling other requests', { timeout: 120_000 }, async () => {
    await svc.call('/v1/wallets'); // warm: the first request of a route compiles its validators
    await svc.call('/v1/customers', { method: 'POST', json: {} });
    // and the validator of large bodies (over FULL_REPORT_BYTES), made on the first one a process sees
    await svc.call('/v1/customers', { method: 'POST', json: { additionalEmails: Array(10_000).fill(0) } });
    const body = JSON.stringify({ firstName: 'A', lastName: 'B', email: 'a@b.co', additionalEmails: Array(500_000).fill(0) });
    expect(body.length).toBeGreaterThan(1_000_000);
    // The yardstick, timed in the same moment of the same machine (an absolute bound fails a loaded machine): the same
    // megabyte refused as malformed JSON, so read and parsed but never validated.
    const t0 = performance.now();
    const malformed = await svc.call('/v1/customers', { method: 'POST', headers: { 'content-type': 'application/json' }, body: `${body.slice(0, -1)},` });
    expect(malformed.status).toBe(400);
    await malformed.text();
    const yardstick = performance.now() - t0;

    const started = performance.now();
    const hostile = svc.call('/v1/customers', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    let otherAnswered = false;
    const other = (async () => {
      await new Promise((r) => setTimeout(r, 20));
      const res = await svc.call('/v1/wallets');
      otherAnswered = true;
      return res.status;
    })();
    const res = await hostile;
    const elapsed = performance.now() - started;
    const text = await res.text();
    expect(res.status).toBe(400);
    // Before the bound: a 23 MB answer after seconds (some 100 times the yardstick), every other request waiting.
    expect(text.length).toBeLessThan(10_000);
    expect((JSON.parse(text) as ErrorBody).error.params.length).toBeLessThanOrEqual(MAX_PARAMS);
    expect(elapsed).toBeLessThan(Math.max(20 * yardstick, 250));
    expect(await other).toBe(200);
    expect(otherAnswered).toBe(true);
  });

  it('caps the params of a small body with many errors and counts the rest', async () => {
    const res = await svc.call('/v1/customers', { method: 'POST', json: { firstName: 'A', lastName: 'B', email: 'a@b.co', additionalEmails: Array(300).fill(0) } });
    const error = await refused(res, 'additionalEmails');
    expect(error.params).toHaveLength(MAX_PARAMS);
    expect(error.details).toMatch(/^\d+ more invalid parameters not listed\.$/);
  });

  it('refuses numeric extremes of limit and offset, naming them', async () => {
    for (const q of ['limit=1e309', 'limit=-1e309', 'offset=1e309', 'offset=1e20', 'offset=99999999999999999999', 'offset=1000000001']) {
      await refused(await svc.call(`/v1/transactions?${q}`), q.split('=')[0]!);
    }
  });

  it('refuses a query number the validator turns into Infinity, on any operation', async () => {
    for (const amount of ['1e309', '-1e309', 'Infinity']) {
      await refused(await svc.call(`/v1/simulators/payment-methods?amount=${amount}&method=pix`), 'amount');
    }
    const body = '{"firstName":"A","lastName":"B","email":"a@b.co","externalReference":1e309}';
    await refused(await svc.call('/v1/customers', { method: 'POST', headers: { 'content-type': 'application/json' }, body }), 'externalReference');
  });

  it('refuses object-method names as sort values, naming sort', async () => {
    for (const sort of ['constructor', 'toString', '-valueOf', 'hasOwnProperty']) {
      await refused(await svc.call(`/v1/transactions?sort=${sort}`), 'sort');
      await refused(await svc.call(`/v1/customers?sort=${sort}`), 'sort');
    }
  });

  it('refuses a body nested 10,000 deep, naming its field', async () => {
    const body = `{"firstName":"A","lastName":"B","email":"a@b.co","metadata":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    await refused(await svc.call('/v1/customers', { method: 'POST', headers: { 'content-type': 'application/json' }, body }), 'metadata');
  });
});
