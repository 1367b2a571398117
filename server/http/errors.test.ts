import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../testing/harness';

describe.each(ENGINES)('errors and routing on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { BODY_LIMIT_BYTES: '2048' });
  });
  afterAll(async () => svc?.close());

  async function expectEnvelope(res: Response, status: number, code: string) {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('x-correlation-id')).toMatch(/^corr_[0-9A-Za-z]{16}$/);
    const body = (await res.json()) as { error: Record<string, unknown> };
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toMatchObject({ statusCode: status, code });
    return body.error;
  }

  it('answers an unknown path with the 404 envelope, key or no key', async () => {
    await expectEnvelope(await svc.call('/v1/nothing-here'), 404, 'notFound');
    await expectEnvelope(await svc.call('/v2/transactions', { key: null }), 404, 'notFound');
  });

  it('answers a known path with a wrong method with 405 and Allow', async () => {
    const res = await svc.call('/v1/wallets', { method: 'PATCH' });
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST');
    await expectEnvelope(res, 405, 'methodNotAllowed');
    const one = await svc.call('/v1/utils/roles-of-user', { method: 'DELETE' });
    expect(one.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers malformed JSON with 400 validationError', async () => {
    const res = await svc.call('/v1/wallets', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    await expectEnvelope(res, 400, 'validationError');
  });

  it('answers a body over the documented size with the 413 envelope', async () => {
    const res = await svc.call('/v1/customers', { method: 'POST', json: { firstName: 'x'.repeat(4096) } });
    await expectEnvelope(res, 413, 'payloadTooLarge');
  });

  it('names invalid fields in bracket notation', async () => {
    const res = await svc.call('/v1/transactions', {
      method: 'POST',
      json: { amount: 'ten', currency: 'BRL', payment: { method: 'pix' } },
    });
    const error = await expectEnvelope(res, 400, 'invalidParameters');
    const names = (error.params as Record<string, string>[]).flatMap((p) => Object.keys(p));
    expect(names).toContain('amount');
  });

  it('refuses an unknown query parameter and an out-of-range limit', async () => {
    const error = await expectEnvelope(await svc.call('/v1/wallets?limit=500&bogus=1'), 400, 'invalidParameters');
    const names = (error.params as Record<string, string>[]).flatMap((p) => Object.keys(p));
    expect(names).toEqual(expect.arrayContaining(['bogus']));
  });

});
