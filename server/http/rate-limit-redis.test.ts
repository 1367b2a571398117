import { createServer, Socket, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, SettingError } from '../config';
import { createLogger } from '../logger';
import { startService, type Service } from '../service';
import { ENGINES, startTestService, type TestService } from '../testing/harness';

// The Redis store runs whenever TEST_REDIS_URL names a server (CI sets it to the machine's Redis).
const REDIS = process.env.TEST_REDIS_URL;
const withRedis = REDIS ? [{ name: 'redis', url: REDIS }] : [];

/** A TCP relay to `target` that the test can cut, as a network failure between the service and Redis would. */
async function relay(target: URL): Promise<{ url: string; cut(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((inbound) => {
    const outbound = new Socket();
    outbound.connect(Number(target.port || 6379), target.hostname);
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
}

const roles = (svc: { url: string }, key: string) => fetch(`${svc.url}/v1/utils/roles-of-user`, { headers: { ServiceKey: key } });

describe.each(withRedis)('a quota shared by two instances through $name', ({ url }) => {
  describe.each(ENGINES)('on $name', (engine) => {
    let svc: TestService;
    let second: Service;
    beforeAll(async () => {
      const env = { RATE_LIMIT_POINTS: '4', RATE_LIMIT_POLL_POINTS: '2', RATE_LIMIT_STORE: 'redis', REDIS_URL: url };
      svc = await startTestService(engine, env);
      const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', ...env });
      second = await startService(config, createLogger('silent'), svc.db, { worker: 'off' });
    });
    afterAll(async () => {
      await second?.close();
      await svc?.close();
    });

    it('counts requests to either instance against one quota, with the quota headers of the shared count', async () => {
      const answers: Response[] = [];
      for (let i = 0; i < 5; i++) answers.push(await roles(i % 2 === 0 ? svc : second, svc.merchant.sandboxKey));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 429]);
      expect(answers.map((r) => r.headers.get('ratelimit-remaining'))).toEqual(['3', '2', '1', '0', '0']);
      expect(Number(answers[4]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // Another key of the same merchant has its own quota.
      const other = await svc.newMerchant();
      expect((await roles(second, other.sandboxKey)).status).toBe(200);
    });

    it('shares the polling rule too: one resource read too often through either instance', async () => {
      const other = await svc.newMerchant();
      const read = (base: string) => fetch(`${base}/v1/wallets/wall_9Zz9Zz9Zz9Zz9Zz9`, { headers: { ServiceKey: other.sandboxKey } });
      const statuses = [(await read(svc.url)).status, (await read(second.url)).status, (await read(svc.url)).status];
      expect(statuses.slice(0, 2)).not.toContain(429);
      expect(statuses[2]).toBe(429);
    });
  });
});

describe.each(withRedis)('the $name store when Redis fails', ({ url }) => {
  const engine = ENGINES[0]!;

  it('refuses to start when Redis cannot be reached, naming REDIS_URL', async () => {
    const closed = await relay(new URL(url));
    await closed.cut();
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_STORE: 'redis', REDIS_URL: closed.url });
    const { db, drop } = await engine.open();
    try {
      const started = startService(config, createLogger('silent'), db, { worker: 'off' });
      await expect(started).rejects.toBeInstanceOf(SettingError);
      await expect(started).rejects.toThrow(/REDIS_URL redis:\/\/127\.0\.0\.1:\d+\/? could not be reached/);
    } finally {
      await drop();
    }
  });

  it('keeps serving, with a quota per instance, when Redis goes away while running', async () => {
    const link = await relay(new URL(url));
    const svc = await startTestService(engine, { RATE_LIMIT_POINTS: '3', RATE_LIMIT_STORE: 'redis', REDIS_URL: link.url });
    try {
      expect((await roles(svc, svc.merchant.sandboxKey)).status).toBe(200);
      await link.cut();
      // No 5xx and no wait for a reconnection: the in-memory insurance limiter counts from here on.
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await roles(svc, svc.merchant.sandboxKey)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await svc.close();
    }
  });
});

describe('the rate-limit store settings', () => {
  it('names the missing or malformed setting', () => {
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow(/RATE_LIMIT_STORE=redis needs REDIS_URL/);
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis', REDIS_URL: 'localhost:6379' })).toThrow(SettingError);
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis', REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL must be a URL like redis:/);
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'postgres' })).toThrow(/RATE_LIMIT_STORE=postgres needs DATABASE_URL/);
    expect(loadConfig({ RATE_LIMIT_STORE: 'redis', REDIS_URL: 'rediss://user:pw@cache.internal:6380/2' }).rateLimit.redisUrl).toBe(
      'rediss://user:pw@cache.internal:6380/2',
    );
  });
});
