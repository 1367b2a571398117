import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { startService, type Service } from '../service';
import { ENGINES, startTestService, type TestService } from '../testing/harness';

describe.each(ENGINES)('rate limits on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '5', RATE_LIMIT_POLL_POINTS: '3' });
  });
  afterAll(async () => svc?.close());

  it('answers 429 tooManyRequests with Retry-After and RateLimit-* once the key quota is spent', async () => {
    const other = await svc.newMerchant();
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await svc.call('/v1/utils/roles-of-user', { key: other.sandboxKey });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(last!.headers.get('ratelimit-limit')).toBe('5');
    expect(last!.headers.get('ratelimit-remaining')).toBe('0');
    const body = (await last!.json()) as { error: { code: string; category: string } };
    expect(body.error).toMatchObject({ code: 'tooManyRequests', category: 'rate_limit' });
    // The quota is per key: the same merchant's production key still has its own.
    expect((await svc.call('/v1/utils/roles-of-user', { key: other.productionKey })).status).toBe(200);
  });

  it('reports the remaining quota on successful answers', async () => {
    const m = await svc.newMerchant();
    const res = await svc.call('/v1/utils/roles-of-user', { key: m.sandboxKey });
    expect(res.headers.get('ratelimit-limit')).toBe('5');
    expect(res.headers.get('ratelimit-remaining')).toBe('4');
  });

  it('limits reading the same resource over and over (polling), not other resources', async () => {
    const m = await svc.newMerchant();
    const read = (id: string) => svc.call(`/v1/wallets/${id}`, { key: m.sandboxKey });
    const polled = [];
    for (let i = 0; i < 4; i++) polled.push((await read('wall_2Pq7RsT9uVw4XyZa')).status);
    expect(polled.slice(0, 3)).not.toContain(429);
    expect(polled[3]).toBe(429);
    expect((await read('wall_9Zz9Zz9Zz9Zz9Zz9')).status).not.toBe(429);
  });
});

// Only PostgreSQL can share a quota between processes; it runs whenever TEST_DATABASE_URL is set (CI sets it).
const sharedStores = ENGINES.filter((e) => e.name === 'postgres');

describe.each(sharedStores)('a quota shared by two instances through $name', (postgres) => {
  let svc: TestService;
  let second: Service;
  beforeAll(async () => {
    // Through .ci/pgbouncer, DATABASE_URL is a PgBouncer 1.18 in transaction mode: the store's statements go unnamed.
    const session = process.env.TEST_DATABASE_SESSION_URL;
    const env = {
      RATE_LIMIT_POINTS: '4',
      RATE_LIMIT_STORE: 'postgres',
      DATABASE_URL: process.env.TEST_DATABASE_URL!,
      ...(session ? { DATABASE_SESSION_URL: session } : {}),
    };
    svc = await startTestService(postgres, env);
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', ...env });
    second = await startService(config, createLogger('silent'), svc.db);
  });
  afterAll(async () => {
    await second?.close();
    await svc?.close();
  });

  it('counts requests to either instance against one quota', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const base = i % 2 === 0 ? svc.url : second.url;
      const res = await fetch(`${base}/v1/utils/roles-of-user`, { headers: { ServiceKey: svc.merchant.sandboxKey } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});
