/**
 * The request log (Logs tag: `listRequestLogs`, `streamRequestLogs`) against the contract, on every engine: the `200`
 * page and stream (each entry against the RequestLog schema) and each documented error the service can produce.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PaymentsClient } from './support/client';
import { ENGINES } from '../server/testing/harness';
import { sseReader, type SseReader } from '../server/testing/sse';
import { contractContext, expectAuthRefusals, expectError, type ContractContext } from './support/context';
import { flushCoverage } from './support/coverage';
import { errorsOf, validatorAt } from './support/spec';

afterAll(() => flushCoverage('logs'));

const openStream = (client: PaymentsClient, signal: AbortSignal, status?: string[], lastEventId?: string) =>
  client.GET('/v1/logs/requests/stream', {
    params: { ...(status ? { query: { status } } : {}), ...(lastEventId ? { header: { 'Last-Event-ID': lastEventId } } : {}) },
    parseAs: 'stream',
    signal,
  });

describe.each(ENGINES)('Logs contract on $name', (engine) => {
  let c: ContractContext;
  const open: SseReader[] = [];
  beforeAll(async () => {
    c = await contractContext(engine, {}, { requestLog: { flushMs: 50 } });
  });
  afterAll(async () => c?.close());
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });

  it('listRequestLogs 200: the key\'s requests, newest first, each a RequestLog; status filters', async () => {
    const missing = await c.api.GET('/v1/customers/{customerId}', { params: { path: { customerId: 'cus_0000000000000000' } } });
    expect(missing.response.status).toBe(404);
    const listed = await c.api.GET('/v1/customers', {});
    expect(listed.response.status).toBe(200);
    const validate = validatorAt('/components/schemas/RequestLog');
    await vi.waitFor(async () => {
      const page = await c.api.GET('/v1/logs/requests', { params: { query: { limit: 2 } } });
      expect(page.response.status).toBe(200);
      expect(page.data!.data.map((e) => e.correlationId)).toEqual([listed.response.headers.get('x-correlation-id'), missing.response.headers.get('x-correlation-id')]);
      for (const e of page.data!.data) expect(validate(e), errorsOf(validate).join('; ')).toBe(true);
    }, { timeout: 15_000, interval: 100 });
    const errors = await c.api.GET('/v1/logs/requests', { params: { query: { status: ['4xx'] } } });
    expect(errors.data!.data.every((e) => e.status >= 400 && e.status < 500)).toBe(true);
    expect(errors.data!.data.map((e) => e.errorCode)).toContain('customerNotFound');
  });

  it('listRequestLogs 400: a status that is neither a class nor a status', async () => {
    expectError(await c.api.GET('/v1/logs/requests', { params: { query: { status: ['4x'] } } }), 400, 'invalidParameters');
  });

  it('listRequestLogs 401 and 403: an unknown key, a key refused by its IP allow-list', async () => {
    await expectAuthRefusals(c, (client) => client.GET('/v1/logs/requests', {}), true);
  });

  it('streamRequestLogs 200: ready with the mode, then each request as a RequestLog', async () => {
    const abort = new AbortController();
    const res = await openStream(c.live, abort.signal);
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    const s = sseReader(res.data!, () => abort.abort());
    open.push(s);
    const ready = await s.next();
    expect([ready.event, JSON.parse(ready.data)]).toEqual(['ready', { mode: 'production' }]);
    const made = await c.live.GET('/v1/customers', {});
    const m = await s.next();
    expect(m.event).toBe('request');
    const entry = JSON.parse(m.data) as { id: string; correlationId: string };
    const validate = validatorAt('/components/schemas/RequestLog');
    expect(validate(entry), errorsOf(validate).join('; ')).toBe(true);
    expect(entry).toMatchObject({ id: m.id, correlationId: made.response.headers.get('x-correlation-id') });
  });

  it('streamRequestLogs 404 resourceNotFound: a Last-Event-ID the merchant has not', async () => {
    expectError(await openStream(c.api, new AbortController().signal, undefined, 'req_0000000000000000'), 404, 'resourceNotFound', 'requestLog');
  });

  it('streamRequestLogs 400, 401 and 403', async () => {
    expectError(await openStream(c.api, new AbortController().signal, ['600']), 400, 'invalidParameters');
    await expectAuthRefusals(c, (client) => openStream(client, new AbortController().signal), true);
  });

  it('streamRequestLogs 429: a sixth stream of one merchant', async () => {
    for (let i = 0; i < 5; i++) {
      const abort = new AbortController();
      const res = await openStream(c.other, abort.signal);
      expect(res.response.status).toBe(200);
      open.push(sseReader(res.data!, () => abort.abort()));
    }
    const res = await openStream(c.other, new AbortController().signal);
    expectError(res, 429, 'tooManyRequests');
    expect(Number(res.response.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
