import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeKey } from '../domain/access/key-admin';
import { createKey } from '../domain/access/keys';
import { ENGINES, startTestService, type TestService } from '../testing/harness';
import { ipAllowed } from './auth';

async function code(res: Response): Promise<[number, string | undefined]> {
  const body = (await res.json()) as { error?: { code: string } };
  return [res.status, body.error?.code];
}

describe('ipAllowed', () => {
  it('matches addresses and CIDR blocks, IPv4-mapped IPv6 included', () => {
    expect(ipAllowed(null, '203.0.113.9')).toBe(true);
    expect(ipAllowed(['203.0.113.9'], '203.0.113.9')).toBe(true);
    expect(ipAllowed(['10.0.0.0/8'], '::ffff:10.1.2.3')).toBe(true);
    expect(ipAllowed(['10.0.0.0/8'], '192.168.0.1')).toBe(false);
    expect(ipAllowed(['2001:db8::/32'], '2001:db8::1')).toBe(true);
    expect(ipAllowed(['203.0.113.9'], undefined)).toBe(false);
  });
});

describe.each(ENGINES)('authentication and authorization on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine);
  });
  afterAll(async () => svc?.close());

  const roles = '/v1/utils/roles-of-user';

  it('refuses a missing, malformed or unknown key with 401 unauthorized', async () => {
    expect(await code(await svc.call(roles, { key: null }))).toEqual([401, 'unauthorized']);
    expect(await code(await svc.call(roles, { key: 'not-a-key' }))).toEqual([401, 'unauthorized']);
    expect(await code(await svc.call(roles, { key: `sk_test_${'A'.repeat(32)}` }))).toEqual([401, 'unauthorized']);
  });

  it('accepts the header in any case and the sl_ spelling of a key', async () => {
    const res = await fetch(`${svc.url}${roles}`, { headers: { SERVICEKEY: svc.merchant.sandboxKey } });
    expect(res.status).toBe(200);
    const sl = `sl_${svc.merchant.sandboxKey.slice(3)}`;
    expect((await svc.call(roles, { key: sl })).status).toBe(200);
  });

  it('takes the mode from the key, and refuses a key whose prefix names the other mode', async () => {
    const sandbox = (await (await svc.call(roles)).json()) as { mode: string; current: string };
    expect(sandbox).toMatchObject({ mode: 'sandbox', current: 'owner' });
    const prod = (await (await svc.call(roles, { key: svc.merchant.productionKey })).json()) as { mode: string };
    expect(prod.mode).toBe('production');
    const forged = `sk_live_${svc.merchant.sandboxKey.slice('sk_test_'.length)}`;
    expect(await code(await svc.call(roles, { key: forged }))).toEqual([401, 'unauthorized']);
  });

  it('refuses a revoked key with 401', async () => {
    const k = await createKey(svc.db, { merchantId: svc.merchant.merchantId, mode: 'sandbox', role: 'developer' });
    expect((await svc.call(roles, { key: k.key })).status).toBe(200);
    await revokeKey(svc.db, k.keyId);
    expect(await code(await svc.call(roles, { key: k.key }))).toEqual([401, 'unauthorized']);
  });

  it('lets a read-only key read and refuses its writes with 403 forbidden', async () => {
    const k = await createKey(svc.db, { merchantId: svc.merchant.merchantId, mode: 'sandbox', role: 'read-only' });
    const read = await svc.call(roles, { key: k.key });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { current: string }).current).toBe('read-only');
    const write = await svc.call('/v1/customers', {
      key: k.key,
      method: 'POST',
      json: { firstName: 'Maria', lastName: 'Silva', email: 'maria@example.com' },
    });
    expect(await code(write)).toEqual([403, 'forbidden']);
  });

  it('refuses a finance key the writes its role lacks, but not refunds', async () => {
    const k = await createKey(svc.db, { merchantId: svc.merchant.merchantId, mode: 'sandbox', role: 'finance' });
    const write = await svc.call('/v1/wallets/wall_2Pq7RsT9uVw4XyZa', { key: k.key, method: 'DELETE' });
    expect(await code(write)).toEqual([403, 'forbidden']);
    // Refunds are allowed to finance: whatever the answer, it is not a 403.
    const refund = await svc.call('/v1/transactions/tra_8Hq2LmZx4RtY7vKc/refunds', { key: k.key, method: 'POST', json: {} });
    expect(refund.status).not.toBe(403);
  });

  it('refuses a key used from an address outside its IP allow-list with 403', async () => {
    const mId = svc.merchant.merchantId;
    const outside = await createKey(svc.db, { merchantId: mId, mode: 'sandbox', role: 'owner', ipAllowlist: ['203.0.113.0/24'] });
    expect(await code(await svc.call(roles, { key: outside.key }))).toEqual([403, 'forbidden']);
    const inside = await createKey(svc.db, { merchantId: mId, mode: 'sandbox', role: 'owner', ipAllowlist: ['127.0.0.0/8', '::1'] });
    expect((await svc.call(roles, { key: inside.key })).status).toBe(200);
  });

  it('answers every response with a correlation id, errors included', async () => {
    const ok = await svc.call(roles);
    const bad = await svc.call(roles, { key: null });
    expect(ok.headers.get('x-correlation-id')).toMatch(/^corr_/);
    expect(bad.headers.get('x-correlation-id')).toMatch(/^corr_/);
    expect(ok.headers.get('x-correlation-id')).not.toBe(bad.headers.get('x-correlation-id'));
  });
});
