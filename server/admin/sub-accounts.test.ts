/** `create-sub-account` and `list-sub-accounts` as the admin runner runs them, on every engine. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { createMerchantWithKeys, findKey } from '../domain/access/keys';
import { ENGINES } from '../testing/harness';
import { runAdmin } from './run';

describe.each(ENGINES)('the sub-account admin commands on $name', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  let parent: string;
  beforeAll(async () => {
    ({ db, drop } = await engine.open());
    parent = (await createMerchantWithKeys(db, 'Escola Ltda')).merchantId;
  });
  afterAll(async () => drop());

  it('creates a sub-account under its parent with an owner key per mode, and lists it', async () => {
    const out = await runAdmin(['create-sub-account', '--parent', parent, '--name', 'Professor Parceiro', '--json'], db);
    expect(out).toMatchObject({ code: 0, stderr: '' });
    const created = JSON.parse(out.stdout) as { merchantId: string; parentId: string; sandboxKey: string; productionKey: string };
    expect(created.parentId).toBe(parent);
    const key = await findKey(db, created.sandboxKey);
    expect(key).toMatchObject({ merchantId: created.merchantId, isSubAccount: true, mode: 'sandbox', role: 'owner' });
    expect(await findKey(db, created.productionKey)).toMatchObject({ merchantId: created.merchantId, mode: 'production' });

    const text = await runAdmin(['create-sub-account', '--parent', parent, '--name', 'Outro Parceiro'], db);
    expect(text.stdout).toMatch(new RegExp(`^sub-account bus_\\w+ of ${parent}\\n  sandbox key:    sk_test_\\w+  \\(id key_\\w+\\)`));

    const listed = JSON.parse((await runAdmin(['list-sub-accounts', '--parent', parent, '--json'], db)).stdout) as { merchantId: string; name: string }[];
    expect(listed.map((s) => s.name)).toEqual(['Professor Parceiro', 'Outro Parceiro']);
    expect(listed[0]!.merchantId).toBe(created.merchantId);
    expect((await runAdmin(['list-sub-accounts'], db)).stdout).toMatch(/^ID\s+NAME\s+PARENT\s+CREATED\n/);
  });

  it('refuses an unknown parent and a sub-account as parent (exit 1), and missing flags (exit 2)', async () => {
    const unknown = await runAdmin(['create-sub-account', '--parent', 'bus_0000000000000000', '--name', 'X'], db);
    expect(unknown).toMatchObject({ code: 1, stderr: 'admin: no merchant bus_0000000000000000\n' });
    const sub = JSON.parse((await runAdmin(['create-sub-account', '--parent', parent, '--name', 'Filho', '--json'], db)).stdout) as { merchantId: string };
    const nested = await runAdmin(['create-sub-account', '--parent', sub.merchantId, '--name', 'Neto'], db);
    expect(nested.code).toBe(1);
    expect(nested.stderr).toContain('sub-accounts have no sub-accounts');
    expect((await runAdmin(['create-sub-account', '--name', 'X'], db)).code).toBe(2);
    expect((await runAdmin(['list-sub-accounts', '--parent', sub.merchantId, '--json'], db)).stdout).toBe('[]\n');
  });
});
