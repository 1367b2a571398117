/**
 * `routes add|list|test|disable|enable|received|reconcile` as the admin runner runs them, against a fake PSP: the
 * secrets go in from files and never come back out (list shows hints), `test` says in one line what works or what
 * failed, and a running service takes a change up without a restart.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { startFakePsp, type FakePsp } from '../testing/fake-psp';
import { ENGINES } from '../testing/harness';
import { randomBytes } from 'node:crypto';
import { SettingError } from '../config';
import { loadConfigured } from '../payments/configured-routes';
import { sealerOf } from '../webhooks/sealer';
import { runAdmin } from './run';

describe.each(ENGINES)('the routes admin commands on $name', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  let fake: FakePsp;
  let dir: string;
  beforeAll(async () => {
    ({ db, drop } = await engine.open());
    fake = await startFakePsp();
    dir = await mkdtemp(join(tmpdir(), 'routes-admin-'));
    await writeFile(join(dir, 'cert.pem'), fake.clientCert);
    await writeFile(join(dir, 'key.pem'), fake.clientKey);
    await writeFile(join(dir, 'ca.pem'), fake.ca);
    await writeFile(join(dir, 'secret.txt'), fake.clientSecret);
    await writeFile(join(dir, 'wrong.txt'), 'not-the-secret-at-all');
  });
  afterAll(async () => {
    await drop();
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });

  const add = (id: string, secretFile: string, extra: string[] = []) =>
    runAdmin(['routes', 'add', '--id', id, '--mode', 'production', '--base-url', fake.baseUrl, '--oauth-url', fake.oauthUrl, '--client-id', fake.clientId,
      '--client-secret-file', join(dir, secretFile), '--cert', join(dir, 'cert.pem'), '--key', join(dir, 'key.pem'), '--ca', join(dir, 'ca.pem'),
      '--pix-key', fake.pixKey, ...extra], db);

  it('adds a route with its secrets sealed, lists it with hints only, and refuses a second of the same id', async () => {
    const added = await add('pix-main', 'secret.txt');
    expect(added).toMatchObject({ code: 0, stdout: expect.stringContaining('route pix-main added: api-pix, production, position 1') });
    const list = await runAdmin(['routes', 'list'], db);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^pix-main\s+api-pix\s+production\s+1\s+enabled\s/m);
    const pemLine = (pem: string) => pem.split('\n')[2]!;
    const stored = JSON.stringify((await db.query('SELECT * FROM payment_routes')).rows);
    for (const secret of [fake.clientSecret, pemLine(fake.clientKey), pemLine(fake.clientCert)]) {
      expect(list.stdout).not.toContain(secret);
      expect(stored).not.toContain(secret);
    }
    expect(list.stdout).toContain(`****${fake.clientSecret.slice(-4)}`);
    expect(await add('pix-main', 'secret.txt')).toMatchObject({ code: 1, stderr: expect.stringContaining('route pix-main exists (--replace') });
    expect(await add('pix-main', 'secret.txt', ['--replace'])).toMatchObject({ code: 0 });
  });

  it('tests a route: a token and the webhook registration, or one line naming what failed', async () => {
    const ok = await runAdmin(['routes', 'test', '--id', 'pix-main'], db);
    expect(ok).toMatchObject({ code: 0, stdout: 'route pix-main: ok: token issued; no webhook registered yet (the service registers it at its first sweep)\n' });
    await add('pix-wrong', 'wrong.txt');
    const refused = await runAdmin(['routes', 'test', '--id', 'pix-wrong'], db);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe("admin: route pix-wrong: token: the PSP's token endpoint answered 401 (invalid_client)\n");
    expect(refused.stderr).not.toContain('not-the-secret-at-all');
    expect(await runAdmin(['routes', 'test', '--id', 'pix-none'], db)).toMatchObject({ code: 1, stderr: 'admin: no route pix-none (routes list shows them)\n' });
  });

  it('refuses bad settings with one line each, and disables and enables a route', async () => {
    const bad = await runAdmin(['routes', 'add', '--id', 'pix-bad', '--mode', 'production', '--base-url', 'http://psp.example', '--oauth-url', fake.oauthUrl,
      '--client-id', 'x', '--client-secret-file', join(dir, 'secret.txt'), '--cert', join(dir, 'key.pem'), '--key', join(dir, 'key.pem'), '--pix-key', 'k'], db);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--base-url must be https');
    expect(bad.stderr).toContain('--cert is not a PEM certificate');
    expect(await runAdmin(['routes', 'add', '--id', 'pix-x', '--mode', 'live'], db)).toMatchObject({ code: 2 });
    expect(await runAdmin(['routes', 'disable', '--id', 'pix-wrong'], db)).toMatchObject({ code: 0 });
    expect((await runAdmin(['routes', 'list'], db)).stdout).toMatch(/^pix-wrong\s+api-pix\s+production\s+2\s+disabled\s/m);
    expect(await runAdmin(['routes', 'enable', '--id', 'pix-wrong'], db)).toMatchObject({ code: 0 });
    expect((await runAdmin(['routes', 'list'], db)).stdout).toMatch(/^pix-wrong\s+api-pix\s+production\s+2\s+enabled\s/m);
  });

  it("reconciles a day: a Pix at the PSP that we never recorded is reported", async () => {
    const received = await runAdmin(['routes', 'received'], db);
    expect(received).toMatchObject({ code: 0, stdout: 'no Pix received needs attention\n' });
    await fake.payUnknown('NotOursTxid00000000000000000000001', 1234);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const report = await runAdmin(['routes', 'reconcile', '--id', 'pix-main', '--day', today, '--dry-run'], db);
    expect(report.code).toBe(1);
    expect(report.stdout).toContain(`route pix-main, ${today}: 1 Pix at the PSP, 0 recorded here, 1 differences`);
    expect(report.stdout).toMatch(/^missing\s+E\w{31}\s+NotOursTxid0+1\s+1234\s/m);
  });

  it('refuses to start with another SECRETS_KEY than the routes were sealed with, in one line naming the setting', async () => {
    const other = sealerOf(randomBytes(32));
    const refused = await loadConfigured(db, other).then(() => null, (err: unknown) => err);
    expect(refused).toBeInstanceOf(SettingError);
    expect((refused as SettingError).message).toMatch(/^the secrets of payment route pix-\w+ cannot be opened: SECRETS_KEY is not the key they were sealed with/);
  });
});
