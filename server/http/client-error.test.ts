import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../testing/harness';
import { httpMessage, rawHttp, type RawAnswer } from '../testing/raw-http';
import { clientErrorCode } from './client-error';

describe('parser errors', () => {
  it('map to catalogue codes', () => {
    expect(clientErrorCode('HPE_HEADER_OVERFLOW')).toBe('headersTooLarge');
    expect(clientErrorCode('HPE_INVALID_HEADER_TOKEN')).toBe('malformedRequest');
    expect(clientErrorCode(undefined)).toBe('malformedRequest');
  });
});

describe.each(ENGINES)('requests the HTTP parser refuses, on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine);
  });
  afterAll(async () => svc?.close());

  function expectEnvelope(res: RawAnswer, status: number, code: string) {
    expect(res.status, res.raw.slice(0, 300)).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers.connection).toBe('close');
    const id = res.headers['x-correlation-id'];
    expect(id).toMatch(/^corr_[0-9A-Za-z]{16}$/);
    const body = JSON.parse(res.body) as { error: { code: string; statusCode: number; details: string } };
    expect(body.error).toMatchObject({ code, statusCode: status });
    expect(body.error.details).toContain(id);
  }

  it('answers headers over 16 KiB with the 431 envelope', async () => {
    const res = await rawHttp(svc.url, httpMessage('GET', '/v1/wallets', { headers: { 'X-Padding': 'x'.repeat(20_000) } }));
    expectEnvelope(res, 431, 'headersTooLarge');
  });

  it('answers a NUL or a bare CR in a header with the 400 envelope', async () => {
    expectEnvelope(await rawHttp(svc.url, httpMessage('GET', '/v1/wallets', { headers: { 'X-Bad': 'a\u0000b' } })), 400, 'malformedRequest');
    expectEnvelope(await rawHttp(svc.url, httpMessage('GET', '/v1/wallets', { headers: { 'X-Bad': 'a\rb' } })), 400, 'malformedRequest');
  });

  it('answers a broken request line with the 400 envelope', async () => {
    expectEnvelope(await rawHttp(svc.url, 'GET /v1/wallets HTTP/9.9.9\r\n\r\n'), 400, 'malformedRequest');
  });
});
