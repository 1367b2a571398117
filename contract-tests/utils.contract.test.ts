import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../server/testing/harness';
import { contractContext, errorOf, type ContractContext } from './support/context';
import { flushCoverage } from './support/coverage';

afterAll(() => flushCoverage('utils'));

const ROLES = '/v1/utils/roles-of-user';

describe.each(ENGINES)('Utils contract on $name', (engine) => {
  let c: ContractContext;
  beforeAll(async () => {
    c = await contractContext(engine);
  });
  afterAll(async () => c?.close());

  it('listRolesOfUser 200: the five roles, the caller role, its mode and merchant', async () => {
    const { data, response } = await c.api.GET(ROLES);
    expect(response.status).toBe(200);
    expect(data?.roles.map((r) => r.id)).toEqual(['owner', 'admin', 'developer', 'finance', 'read-only']);
    expect(data).toMatchObject({ current: 'owner', mode: 'sandbox', merchant: { merchantId: c.svc.merchant.merchantId } });
    expect(data?.roles.find((r) => r.id === 'read-only')?.readOnly).toBe(true);
  });

  it('listRolesOfUser 200 for every role and mode: a production key, a read-only key', async () => {
    expect((await c.live.GET(ROLES)).data).toMatchObject({ current: 'owner', mode: 'production' });
    expect((await c.readOnly.GET(ROLES)).data).toMatchObject({ current: 'read-only', mode: 'sandbox' });
  });

  it('echoes a valid X-Correlation-Id sent by the caller and makes its own for an invalid one', async () => {
    const mine = 'trace-2026_0314abcd';
    const echoed = await c.api.GET(ROLES, { headers: { 'X-Correlation-Id': mine } });
    expect(echoed.response.headers.get('x-correlation-id')).toBe(mine);
    const invalid = await c.api.GET(ROLES, { headers: { 'X-Correlation-Id': 'not valid!' } });
    expect(invalid.response.headers.get('x-correlation-id')).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('listRolesOfUser 401 for a key the service never issued', async () => {
    const res = await c.stranger.GET(ROLES);
    expect(res.response.status).toBe(401);
    expect(errorOf(res)).toMatchObject({ code: 'unauthorized', statusCode: 401, category: 'authentication' });
  });

  it('listRolesOfUser 403 for a key called from outside its IP allow-list', async () => {
    const res = await c.fenced.GET(ROLES);
    expect(res.response.status).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: 'forbidden', category: 'authorization' });
  });
});

describe.each(ENGINES)('Utils contract under a tight quota on $name', (engine) => {
  let c: ContractContext;
  beforeAll(async () => {
    c = await contractContext(engine, { RATE_LIMIT_POINTS: '2', RATE_LIMIT_WINDOW_SECONDS: '60' });
  });
  afterAll(async () => c?.close());

  it('listRolesOfUser 429 once the quota is spent, with Retry-After and the RateLimit headers', async () => {
    expect((await c.api.GET(ROLES)).response.status).toBe(200);
    expect((await c.api.GET(ROLES)).response.status).toBe(200);
    const res = await c.api.GET(ROLES);
    expect(res.response.status).toBe(429);
    expect(errorOf(res)).toMatchObject({ code: 'tooManyRequests', category: 'rate_limit' });
    expect(Number(res.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
