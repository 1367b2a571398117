/** The operator's probes (`/health`, `/health/ready`) and HTTP_TRUST_PROXY as IP allow-lists see it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../domain/access/keys';
import { ENGINES, startTestService, type TestService } from '../testing/harness';

describe.each(ENGINES)('health probes on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '1' });
  });
  afterAll(async () => svc?.close());

  it('answer without a key, outside /v1, and are never rate limited', async () => {
    for (let i = 0; i < 3; i++) {
      const live = await fetch(`${svc.url}/health`);
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${svc.url}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready' });
    }
  });

  it('/health/ready is 503 with the reason when a migration of this build is not applied', async () => {
    const { rows } = await svc.db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version DESC LIMIT 1');
    const last = rows[0]!;
    await svc.db.query('DELETE FROM schema_migrations WHERE version = $1', [last.version]);
    try {
      const res = await fetch(`${svc.url}/health/ready`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable', reason: `migrations not applied: ${last.version}` });
      expect((await fetch(`${svc.url}/health`)).status).toBe(200);
    } finally {
      await svc.db.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [last.version, last.name]);
    }
  });
});

describe.each(ENGINES)('HTTP_TRUST_PROXY and IP allow-lists on $name', (engine) => {
  const services: TestService[] = [];
  afterAll(async () => {
    for (const s of services) await s.close();
  });

  /** The status of a request through a (pretend) balancer on loopback for a client at 203.0.113.7. */
  async function viaProxy(env: Record<string, string>): Promise<number> {
    const svc = await startTestService(engine, env);
    services.push(svc);
    const k = await createKey(svc.db, { merchantId: svc.merchant.merchantId, mode: 'sandbox', role: 'owner', ipAllowlist: ['203.0.113.0/24'] });
    const res = await svc.call('/v1/utils/roles-of-user', { key: k.key, headers: { 'X-Forwarded-For': '203.0.113.7' } });
    return res.status;
  }

  it('by default X-Forwarded-For is ignored: the allow-list sees the peer (403)', async () => {
    expect(await viaProxy({})).toBe(403);
  });

  it('with HTTP_TRUST_PROXY=loopback the allow-list sees the client behind the proxy (200)', async () => {
    expect(await viaProxy({ HTTP_TRUST_PROXY: 'loopback' })).toBe(200);
  });

  it('a proxy not trusted is not believed (403)', async () => {
    expect(await viaProxy({ HTTP_TRUST_PROXY: '10.0.0.0/8' })).toBe(403);
  });
});
