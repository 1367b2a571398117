/**
 * The dashboard's API keys page over HTTP: create (a role no stronger than one's own, an allow-list), roll with a
 * grace period, revoke; each form acts once; the secret is shown once; what it did is in the audit trail; people who
 * may not manage keys are shown no form and refused the forged one; another merchant's key is not found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../testing/harness';
import { startPagesService, type PagesService } from '../../testing/browser';
import { field, signedInAs } from '../../testing/dashboard';
import { grantableRoles, KEYS_PATH } from './keys';

const newKey = (page: string) => /<code id="new-key">(sk_test_\w+)<\/code>/.exec(page)?.[1];

describe('the roles a person may give a key', () => {
  it('are never stronger than their own', () => {
    expect(grantableRoles('owner')).toEqual(['owner', 'admin', 'developer', 'finance', 'read-only']);
    expect(grantableRoles('admin')).toEqual(['admin', 'developer', 'finance', 'read-only']);
    expect(grantableRoles('finance')).toEqual(['finance', 'read-only']);
  });
});

describe.each(ENGINES)('the API keys page, on $name', (engine) => {
  let svc: PagesService;
  beforeAll(async () => {
    svc = await startPagesService(engine);
  });
  afterAll(async () => svc?.close());

  const signedIn = (role: string) => signedInAs(svc, role);
  const wallets = (key: string) => svc.call('/v1/wallets', { key }).then((r) => r.status);

  it('creates a key once, shows its secret once, and the key works from its allowed addresses', async () => {
    const c = await signedIn('admin');
    const page = await c.get(KEYS_PATH);
    expect(page.status).toBe(200);
    const form = { csrf: field(page.text, 'csrf'), idem: field(page.text, 'idem'), role: 'finance', ips: '127.0.0.1\n::1' };
    const made = await c.post(KEYS_PATH, form);
    expect(made.status).toBe(201);
    expect(made.headers.get('cache-control')).toBe('no-store');
    const secret = newKey(made.text)!;
    expect(secret).toMatch(/^sk_test_/);
    expect(await wallets(secret)).toBe(200);
    // The same form again: nothing more is made, and the secret is not shown again.
    const again = await c.post(KEYS_PATH, form);
    expect(again.status).toBe(409);
    expect(again.text).not.toContain(secret);
    expect((await c.get(KEYS_PATH)).text).not.toContain(secret);
    const keys = await svc.db.query<{ id: string; role: string; ip_allowlist: string[] }>(
      `SELECT id, role, ip_allowlist FROM api_keys WHERE merchant_id = $1 AND role = 'finance'`,
      [svc.merchant.merchantId],
    );
    expect(keys.rows).toHaveLength(1);
    expect(keys.rows[0]!.ip_allowlist).toEqual(['127.0.0.1', '::1']);
    const audit = await svc.db.query<{ target: string }>(`SELECT target FROM audit_events WHERE action = 'key.create' AND merchant_id = $1`, [svc.merchant.merchantId]);
    expect(audit.rows.map((r) => r.target)).toEqual([keys.rows[0]!.id]);
    // An address outside the list is refused by the API.
    const elsewhere = await c.post(KEYS_PATH, { ...form, idem: field((await c.get(KEYS_PATH)).text, 'idem'), ips: '203.0.113.0/24' });
    expect(await wallets(newKey(elsewhere.text)!)).toBe(403);
  });

  it('refuses a role stronger than the person\'s own, and a malformed allow-list, making nothing', async () => {
    const c = await signedIn('admin');
    const page = await c.get(KEYS_PATH);
    expect(page.text).not.toContain('<option value="owner"');
    const before = (await svc.db.query('SELECT id FROM api_keys')).rows.length;
    expect((await c.post(KEYS_PATH, { csrf: field(page.text, 'csrf'), idem: field(page.text, 'idem'), role: 'owner', ips: '' })).status).toBe(422);
    const bad = await c.post(KEYS_PATH, { csrf: field(page.text, 'csrf'), idem: field(page.text, 'idem'), role: 'developer', ips: 'not-an-address' });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('not-an-address');
    expect((await svc.db.query('SELECT id FROM api_keys')).rows.length).toBe(before);
  });

  it('rolls a key: the old one works through its grace, and one rolled with none is refused at once', async () => {
    const c = await signedIn('owner');
    let page = await c.get(KEYS_PATH);
    const first = newKey((await c.post(KEYS_PATH, { csrf: field(page.text, 'csrf'), idem: field(page.text, 'idem'), role: 'developer', ips: '' })).text)!;
    const firstId = (await svc.db.query<{ id: string }>('SELECT id FROM api_keys WHERE display_last4 = $1', [first.slice(-4)])).rows[0]!.id;
    page = await c.get(KEYS_PATH);
    const rolled = await c.post(`${KEYS_PATH}/${firstId}/roll`, { csrf: field(page.text, 'csrf'), idem: field(page.text, 'idem'), grace: '86400' });
    expect(rolled.status).toBe(201);
    const second = newKey(rolled.text)!;
    expect([await wallets(first), await wallets(second)]).toEqual([200, 200]);
    const secondId = (await svc.db.query<{ id: string }>('SELECT id FROM api_keys WHERE display_last4 = $1', [second.slice(-4)])).rows[0]!.id;
    page = await c.get(KEYS_PATH);
    const now = await c.post(`${KEYS_PATH}/${secondId}/roll`, { csrf: field(page.text, 'csrf'), idem: field(page.text, 'idem'), grace: '0' });
    const third = newKey(now.text)!;
    expect([await wallets(second), await wallets(third)]).toEqual([401, 200]);
    // A key already rolled cannot be rolled again; a grace that is not offered is refused.
    page = await c.get(KEYS_PATH);
    expect((await c.post(`${KEYS_PATH}/${firstId}/roll`, { csrf: field(page.text, 'csrf'), idem: field(page.text, 'idem'), grace: '0' })).status).toBe(422);
    expect((await c.post(`${KEYS_PATH}/${secondId}/roll`, { csrf: field(page.text, 'csrf'), idem: field(page.text, 'idem'), grace: '5' })).status).toBe(422);
  });

  it('revokes a key once confirmed, and the API refuses it at once', async () => {
    const c = await signedIn('owner');
    let page = await c.get(KEYS_PATH);
    const secret = newKey((await c.post(KEYS_PATH, { csrf: field(page.text, 'csrf'), idem: field(page.text, 'idem'), role: 'read-only', ips: '' })).text)!;
    const id = (await svc.db.query<{ id: string }>('SELECT id FROM api_keys WHERE display_last4 = $1', [secret.slice(-4)])).rows[0]!.id;
    page = await c.get(KEYS_PATH);
    expect((await c.post(`${KEYS_PATH}/${id}/revoke`, { csrf: field(page.text, 'csrf') })).status).toBe(422);
    expect(await wallets(secret)).toBe(200);
    expect((await c.post(`${KEYS_PATH}/${id}/revoke`, { csrf: field(page.text, 'csrf'), confirm: 'yes' })).status).toBe(303);
    expect(await wallets(secret)).toBe(401);
    expect((await c.post(`${KEYS_PATH}/${id}/revoke`, { csrf: field(page.text, 'csrf'), confirm: 'yes' })).status).toBe(303);
    const audit = await svc.db.query(`SELECT 1 FROM audit_events WHERE action = 'key.revoke' AND target = $1`, [id]);
    expect(audit.rows).toHaveLength(1);
  });

  it('shows a person who may not manage keys no form, and refuses the forged ones; another merchant\'s key is not found', async () => {
    const dev = await signedIn('developer');
    const page = await dev.get(KEYS_PATH);
    expect(page.status).toBe(200);
    expect(page.text).toContain(svc.merchant.sandboxKey.slice(0, 12));
    expect(page.text).not.toContain(svc.merchant.sandboxKey);
    expect(page.text).not.toContain('/roll"');
    expect(page.text).not.toContain(`action="${KEYS_PATH}"`);
    const csrf = field(page.text, 'csrf');
    const ownerKeyId = (await svc.db.query<{ id: string }>(`SELECT id FROM api_keys WHERE merchant_id = $1 AND mode = 'sandbox' ORDER BY created_at LIMIT 1`, [svc.merchant.merchantId])).rows[0]!.id;
    expect((await dev.post(KEYS_PATH, { csrf, idem: 'dsh_AAAAAAAAAAAAAAAAAAAAAAAA', role: 'read-only', ips: '' })).status).toBe(403);
    expect((await dev.post(`${KEYS_PATH}/${ownerKeyId}/revoke`, { csrf, confirm: 'yes' })).status).toBe(403);
    expect(await wallets(svc.merchant.sandboxKey)).toBe(200);
    // Without the form's token nothing is done either, whoever asks.
    const owner = await signedIn('owner');
    expect((await owner.post(`${KEYS_PATH}/${ownerKeyId}/revoke`, { confirm: 'yes' })).status).toBe(403);
    expect(await wallets(svc.merchant.sandboxKey)).toBe(200);
    // An admin neither rolls nor revokes the owner's key (a role stronger than their own): not found, untouched.
    const admin = await signedIn('admin');
    const adminPage = await admin.get(KEYS_PATH);
    expect(adminPage.text).not.toContain(`${KEYS_PATH}/${ownerKeyId}/roll`);
    expect((await admin.post(`${KEYS_PATH}/${ownerKeyId}/roll`, { csrf: field(adminPage.text, 'csrf'), idem: field(adminPage.text, 'idem'), grace: '0' })).status).toBe(404);
    expect((await admin.post(`${KEYS_PATH}/${ownerKeyId}/revoke`, { csrf: field(adminPage.text, 'csrf'), confirm: 'yes' })).status).toBe(404);
    expect(await wallets(svc.merchant.sandboxKey)).toBe(200);
    const other = await svc.newMerchant('Outra Loja Ltda');
    const otherKeyId = (await svc.db.query<{ id: string }>(`SELECT id FROM api_keys WHERE merchant_id = $1 LIMIT 1`, [other.merchantId])).rows[0]!.id;
    const ownerPage = await owner.get(KEYS_PATH);
    expect((await owner.post(`${KEYS_PATH}/${otherKeyId}/revoke`, { csrf: field(ownerPage.text, 'csrf'), confirm: 'yes' })).status).toBe(404);
    expect(await wallets(other.sandboxKey)).toBe(200);
  });
});
