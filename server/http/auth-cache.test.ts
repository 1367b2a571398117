/**
 * Cached key lookups keep authorization fresh: a key revoked, rolled out or changed is refused within
 * KEY_CACHE_SECONDS on every instance, at once on the instance that made the change, and a rolled key's grace period
 * ends on time even while its lookup is cached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openPostgres } from '../db/postgres';
import { revokeKey, rollKey } from '../domain/access/key-admin';
import { createKey } from '../domain/access/keys';
import { createLogger } from '../logger';
import { startService, type Service } from '../service';
import { ENGINES, POSTGRES, requirePostgres } from '../testing/harness';
import { startCountedService, type CountedService } from '../testing/queries';

const ROLES = '/v1/utils/roles-of-user';

interface Seen {
  sentAt: number;
  status: number;
  role: string | undefined;
}

/** One roles-of-user read with `key` at `url`: when it was sent, its status and the role it reports. */
async function look(url: string, key: string): Promise<Seen> {
  const sentAt = Date.now();
  const res = await fetch(`${url}${ROLES}`, { headers: { ServiceKey: key } });
  const body = (await res.json()) as { current?: string };
  return { sentAt, status: res.status, role: body.current };
}

/** Reads with `key` one after the other until one was sent `until` or later; every answer, in order. */
async function pollUntil(url: string, key: string, until: number): Promise<Seen[]> {
  const seen: Seen[] = [];
  for (;;) {
    const s = await look(url, key);
    seen.push(s);
    if (s.sentAt >= until) return seen;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(ENGINES)('cached key lookups on $name', (engine) => {
  let svc: CountedService;
  // A long bound, so that only the rules under test (not the bound running out) can refuse a cached key.
  beforeAll(async () => {
    svc = await startCountedService(engine, { KEY_CACHE_SECONDS: '60' });
  });
  afterAll(async () => svc?.close());

  const developerKey = () => createKey(svc.db, { merchantId: svc.merchant.merchantId, mode: 'sandbox', role: 'developer' });

  it('reads a key once, then serves it from the cache without a round trip', async () => {
    const k = await developerKey();
    expect((await svc.statementsOf(ROLES, { key: k.key })).sent.length).toBe(1);
    const again = await svc.statementsOf(ROLES, { key: k.key });
    expect(again.res.status).toBe(200);
    expect(again.sent).toEqual([]);
  });

  it('reads an unknown key every time: a made-up key is never cached', async () => {
    const bogus = `sk_test_${'Z'.repeat(32)}`;
    for (let i = 0; i < 3; i += 1) {
      const { res, sent } = await svc.statementsOf(ROLES, { key: bogus });
      expect(res.status).toBe(401);
      expect(sent.length).toBe(1);
    }
  });

  it('refuses a cached key at once when this instance revokes it', async () => {
    const k = await developerKey();
    expect((await look(svc.url, k.key)).status).toBe(200);
    expect((await svc.statementsOf(ROLES, { key: k.key })).sent).toEqual([]); // cached
    await revokeKey(svc.db, k.keyId);
    expect((await look(svc.url, k.key)).status).toBe(401);
  });

  it('refuses a cached key at once when this instance rolls it without a grace period', async () => {
    const k = await developerKey();
    expect((await look(svc.url, k.key)).status).toBe(200);
    const { created } = await rollKey(svc.db, k.keyId, 0);
    expect((await look(svc.url, k.key)).status).toBe(401);
    expect((await look(svc.url, created.key)).status).toBe(200);
  });

  it("ends a rolled key's grace period on time while its lookup is cached", async () => {
    const k = await developerKey();
    const { old } = await rollKey(svc.db, k.keyId, 1);
    const endsAt = Date.parse(old.expiresAt!);
    expect((await look(svc.url, k.key)).status).toBe(200); // read now, with its expiry: cached for 60 s
    expect((await svc.statementsOf(ROLES, { key: k.key })).sent).toEqual([]);
    await new Promise((r) => setTimeout(r, Math.max(0, endsAt - Date.now()) + 20));
    expect((await look(svc.url, k.key)).status).toBe(401);
  });
});

describe.each(ENGINES)('the bound of a cached key on $name', (engine) => {
  let svc: CountedService;
  beforeAll(async () => {
    svc = await startCountedService(engine, { KEY_CACHE_SECONDS: '1' });
  });
  afterAll(async () => svc?.close());

  it('honours a role or allow-list change made outside this instance within KEY_CACHE_SECONDS', async () => {
    const bound = svc.config.keyCacheSeconds * 1000;
    const k = await createKey(svc.db, { merchantId: svc.merchant.merchantId, mode: 'sandbox', role: 'owner' });
    expect(await look(svc.url, k.key)).toMatchObject({ status: 200, role: 'owner' });
    // Written straight to the table, as another process would: nothing tells this instance.
    await svc.db.query(`UPDATE api_keys SET role = 'read-only' WHERE id = $1`, [k.keyId]);
    const changedAt = Date.now();
    const seen = await pollUntil(svc.url, k.key, changedAt + bound + 200);
    for (const s of seen.filter((x) => x.sentAt >= changedAt + bound)) expect(s).toMatchObject({ status: 200, role: 'read-only' });

    await svc.db.query(`UPDATE api_keys SET ip_allowlist = ARRAY['203.0.113.9'] WHERE id = $1`, [k.keyId]);
    const listedAt = Date.now();
    const after = await pollUntil(svc.url, k.key, listedAt + bound + 200);
    for (const s of after.filter((x) => x.sentAt >= listedAt + bound)) expect(s.status).toBe(403);
  });
});

describe.skipIf(!POSTGRES)('a revoked key on a second instance (PostgreSQL)', () => {
  let a: CountedService;
  let b: Service;
  beforeAll(async () => {
    a = await startCountedService(requirePostgres(), { KEY_CACHE_SECONDS: '1' });
    // A second service on the same database, with its own pool and its own key cache: another instance.
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const schema = (await a.db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s;
    url.searchParams.set('options', `-c search_path=${schema}`);
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', KEY_CACHE_SECONDS: '1' });
    b = await startService(config, createLogger('silent'), await openPostgres(url.toString()), { worker: 'off' });
  });
  afterAll(async () => {
    if (b) {
      await b.close();
      await b.db.close();
    }
    await a?.close();
  });

  it('is refused at once on the instance that revoked it and within KEY_CACHE_SECONDS on the other', async () => {
    const bound = 1000;
    const k = await createKey(a.db, { merchantId: a.merchant.merchantId, mode: 'sandbox', role: 'developer' });
    expect((await look(b.url, k.key)).status).toBe(200); // served by B before the revoke (and cached there)
    expect((await look(a.url, k.key)).status).toBe(200);
    await revokeKey(a.db, k.keyId);
    const revokedAt = Date.now();
    expect((await look(a.url, k.key)).status).toBe(401);
    const seen = await pollUntil(b.url, k.key, revokedAt + bound + 300);
    const late = seen.filter((s) => s.sentAt >= revokedAt + bound);
    expect(late.length).toBeGreaterThan(0);
    for (const s of late) expect(s.status).toBe(401);
  });

  it('honours a role change made on the other instance within KEY_CACHE_SECONDS', async () => {
    const bound = 1000;
    const k = await createKey(a.db, { merchantId: a.merchant.merchantId, mode: 'sandbox', role: 'owner' });
    expect(await look(b.url, k.key)).toMatchObject({ status: 200, role: 'owner' });
    await a.db.query(`UPDATE api_keys SET role = 'finance' WHERE id = $1`, [k.keyId]);
    const changedAt = Date.now();
    const seen = await pollUntil(b.url, k.key, changedAt + bound + 300);
    for (const s of seen.filter((x) => x.sentAt >= changedAt + bound)) expect(s.role).toBe('finance');
  });
});
