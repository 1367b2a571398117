/** Listing, revoking and rolling keys, checked through the API the keys open (401 once revoked or expired). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { getKey, listKeys, revokeKey, rollKey } from './key-admin';
import { createKey, KeyError } from './keys';

describe.each(ENGINES)('key management on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine);
  });
  afterAll(async () => svc?.close());

  const status = async (key: string) => (await svc.call('/v1/utils/roles-of-user', { key })).status;

  it('lists keys by id with a hint of their first and last characters, never the secret, and when last used', async () => {
    const m = await svc.newMerchant();
    expect(await status(m.sandboxKey)).toBe(200);
    const keys = await listKeys(svc.db, { merchantId: m.merchantId });
    expect(keys).toHaveLength(2);
    const sandbox = keys.find((k) => k.mode === 'sandbox')!;
    expect(sandbox).toMatchObject({ merchantId: m.merchantId, role: 'owner', status: 'active', expiresAt: null, revokedAt: null });
    expect(sandbox.keyId).toMatch(/^key_/);
    expect(sandbox.hint).toBe(`${m.sandboxKey.slice(0, 12)}…${m.sandboxKey.slice(-4)}`);
    expect(JSON.stringify(keys)).not.toContain(m.sandboxKey);
    expect(JSON.stringify(keys)).not.toContain(m.productionKey.slice(12, -4));
    expect(sandbox.lastUsedAt).not.toBeNull();
    expect(keys.find((k) => k.mode === 'production')!.lastUsedAt).toBeNull();
  });

  it('revokes a key by id (401 after), says so when it was already revoked, and refuses an unknown id', async () => {
    const m = await svc.newMerchant();
    const [k] = (await listKeys(svc.db, { merchantId: m.merchantId })).filter((x) => x.mode === 'sandbox');
    expect(await revokeKey(svc.db, k!.keyId)).toMatchObject({ alreadyRevoked: false, key: { status: 'revoked' } });
    expect(await status(m.sandboxKey)).toBe(401);
    expect(await revokeKey(svc.db, k!.keyId)).toMatchObject({ alreadyRevoked: true });
    await expect(revokeKey(svc.db, 'key_doesNotExist0000')).rejects.toBeInstanceOf(KeyError);
    await expect(revokeKey(svc.db, 'key_doesNotExist0000')).rejects.toThrow('no key key_doesNotExist0000');
  });

  it('rolls a key: a new key with the same merchant, mode, role and IPs; the old one works during the grace period', async () => {
    const m = await svc.newMerchant();
    const old = await createKey(svc.db, { merchantId: m.merchantId, mode: 'sandbox', role: 'finance', ipAllowlist: ['127.0.0.1', '::1'] });
    const { created, old: after } = await rollKey(svc.db, old.keyId, 3600);
    expect(created).toMatchObject({ merchantId: m.merchantId, mode: 'sandbox', role: 'finance', ipAllowlist: ['127.0.0.1', '::1'] });
    expect(created.keyId).not.toBe(old.keyId);
    expect(after).toMatchObject({ status: 'expiring', rolledTo: created.keyId });
    const left = Date.parse(after.expiresAt!) - Date.now();
    expect(left).toBeGreaterThan(3500_000);
    expect(left).toBeLessThanOrEqual(3600_000);
    expect(await status(old.key)).toBe(200);
    expect(await status(created.key)).toBe(200);
    // A rolled key is rolled once: its successor is the one to roll next.
    await expect(rollKey(svc.db, old.keyId, 60)).rejects.toThrow(`already rolled to ${created.keyId}`);
  });

  it('a roll with no grace period ends the old key at once (401), and an expired key cannot be rolled', async () => {
    const m = await svc.newMerchant();
    const old = await createKey(svc.db, { merchantId: m.merchantId, mode: 'production', role: 'owner' });
    const { created } = await rollKey(svc.db, old.keyId, 0);
    expect(await status(old.key)).toBe(401);
    expect(await status(created.key)).toBe(200);
    expect((await getKey(svc.db, old.keyId)).status).toBe('expired');
    await expect(rollKey(svc.db, 'key_doesNotExist0000', 0)).rejects.toThrow('no key key_doesNotExist0000');
    await expect(rollKey(svc.db, created.keyId, 8 * 86_400)).rejects.toThrow('0 to 604800 seconds');
  });

  it('a malformed allow-list entry stored in the database is a 403, never a 500', async () => {
    const m = await svc.newMerchant();
    const k = await createKey(svc.db, { merchantId: m.merchantId, mode: 'sandbox', role: 'owner', ipAllowlist: ['127.0.0.1'] });
    await svc.db.query(`UPDATE api_keys SET ip_allowlist = ARRAY['127.0.0.1/abc', '::1/999'] WHERE id = $1`, [k.keyId]);
    expect(await status(k.key)).toBe(403);
  });

  it('refuses to create a key with an allow-list entry that is not an address or CIDR block', async () => {
    const m = await svc.newMerchant();
    await expect(createKey(svc.db, { merchantId: m.merchantId, mode: 'sandbox', role: 'owner', ipAllowlist: ['10.0.0.0/33'] })).rejects.toThrow(
      'not an IP address or CIDR block: 10.0.0.0/33',
    );
  });
});
