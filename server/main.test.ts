/**
 * The service as an operator runs it: `npm start` on an empty data folder (demo merchant, printed key and ids), the
 * admin command against the same folder, a restart that keeps everything, and the start-up failures an operator
 * fixes (one line naming the setting, no stack trace, nothing consumed).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dashboardClient } from './testing/dashboard';
import { admin, adminJson, freePort, spawnService, startProcess, stopProcess } from './testing/processes';

const root = mkdtempSync(join(tmpdir(), 'payments-main-'));
const dataDir = join(root, 'data');

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs the service until it exits on its own (a start-up failure); returns its code and output. */
async function failedStart(dir: string, env: Record<string, string> = {}, port?: number): Promise<{ code: number | null; output: string }> {
  const s = spawnService(dir, port ?? (await freePort()), env);
  const timer = setTimeout(() => s.child.kill('SIGKILL'), 100_000);
  const code = await s.exited;
  clearTimeout(timer);
  return { code, output: s.output() };
}

/** One line, naming the setting, and no stack trace. */
function expectOneLine(output: string, pattern: RegExp): void {
  const lines = output.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(output).not.toMatch(/\n\s+at /);
}

// A first start on an empty folder creates the database: well over vitest's default time on a busy machine.
describe('npm start and npm run admin on the embedded database', { timeout: 120_000 }, () => {
  let demoKey = '';
  let demoMerchant = '';

  it('a start whose port is taken fails with one line, and does not consume the demo key', async () => {
    const blocker: Server = createServer();
    const port = await freePort();
    await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', () => r()));
    try {
      const { code, output } = await failedStart(dataDir, {}, port);
      expect(code).toBe(1);
      expectOneLine(output, new RegExp(`^payments: PORT ${port} is already in use .*set PORT`));
    } finally {
      blocker.close();
    }
  });

  it('creates a demo merchant on first start and prints a sandbox key, with the key ids, that lists wallets', async () => {
    const s = await startProcess(dataDir);
    try {
      const printed = /Demo merchant (bus_\w+) created\.\n\s+sandbox key: (sk_test_\w+)\s+\(id (key_\w+)\)\n\s+production key id: (key_\w+)/.exec(s.output());
      expect(printed).not.toBeNull();
      [, demoMerchant, demoKey] = printed as unknown as [string, string, string];
      const res = await fetch(`http://127.0.0.1:${s.port}/v1/wallets`, { headers: { ServiceKey: demoKey } });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ offset: 0, limit: 20, data: [] });
      const keys = await adminJson<{ keyId: string }[]>(dataDir, ['list-keys', '--merchant', demoMerchant]);
      expect(keys.map((k) => k.keyId).sort()).toEqual([printed![3], printed![4]].sort());
      // The demo's dashboard login, printed beside the key, signs in at /dashboard.
      const login = /dashboard: (http:\/\/\S+)\/dashboard\s+e-mail (\S+)\s+password (\S+)/.exec(s.output());
      expect(login).not.toBeNull();
      const dash = dashboardClient(login![1]!);
      expect(await dash.signIn(login![2]!, login![3]!)).toMatchObject({ status: 303, location: '/dashboard' });
      expect((await dash.get('/dashboard')).text).toContain('Demo Merchant');
    } finally {
      await stopProcess(s);
    }
    // One log line per request, with its correlation id; the key is printed once, at creation, never logged.
    const requestLines = s.output().split('\n').filter((l) => l.includes('"url":"/v1/wallets"'));
    expect(requestLines.length).toBe(1);
    expect(requestLines[0]).toMatch(/"correlationId":"corr_\w+"/);
    expect(s.output().split(demoKey).length - 1).toBe(2); // the "sandbox key:" line and the curl hint
  });

  it('creates merchants and keys from the command line, and a restart keeps all of them', async () => {
    const merchant = await adminJson(dataDir, ['create-merchant', '--name', 'Acme']);
    expect(merchant).toEqual({
      merchantId: expect.stringMatching(/^bus_/),
      sandboxKey: expect.stringMatching(/^sk_test_/),
      sandboxKeyId: expect.stringMatching(/^key_/),
      productionKey: expect.stringMatching(/^sk_live_/),
      productionKeyId: expect.stringMatching(/^key_/),
    });
    const key = await adminJson(dataDir, ['create-key', '--merchant', demoMerchant, '--mode', 'sandbox', '--role', 'read-only']);
    expect(key).toMatchObject({ key: expect.stringMatching(/^sk_test_/), keyId: expect.stringMatching(/^key_/), mode: 'sandbox', role: 'read-only' });

    const s = await startProcess(dataDir, { LOG_FORMAT: 'pretty' });
    try {
      expect(s.output()).not.toContain('Demo merchant');
      // LOG_FORMAT=pretty: a line for a person, not JSON.
      expect(s.output()).toMatch(/INFO.*payments service listening/);
      expect(s.output()).not.toContain('{"level"');
      const roles = async (k: unknown) =>
        fetch(`http://127.0.0.1:${s.port}/v1/utils/roles-of-user`, { headers: { ServiceKey: String(k) } });
      expect((await roles(demoKey)).status).toBe(200);
      expect(await (await roles(key.key)).json()).toMatchObject({ current: 'read-only', mode: 'sandbox' });
      expect(await (await roles(merchant.productionKey)).json()).toMatchObject({ current: 'owner', mode: 'production' });
    } finally {
      await stopProcess(s);
    }
  });

  it('refuses an unknown role with a clear message and a non-zero exit', async () => {
    const ran = await admin(dataDir, ['create-key', '--merchant', demoMerchant, '--mode', 'sandbox', '--role', 'god']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/--role must be one of owner, admin, developer, finance, read-only/);
  });
});

describe('start-up settings an operator must fix: one line naming the setting', { timeout: 120_000 }, () => {
  it('DATA_DIR that is a file', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, 'not a folder');
    const { code, output } = await failedStart(file);
    expect(code).toBe(1);
    expectOneLine(output, /^payments: DATA_DIR .*a-file is not a directory$/);
  });

  it('DATA_DIR that cannot be created (under a file)', async () => {
    // A folder under a file cannot be created by anyone, root included.
    const { code, output } = await failedStart(join(root, 'a-file', 'data'));
    expect(code).toBe(1);
    expectOneLine(output, /^payments: DATA_DIR .*a-file\/data is not a directory$/);
  });

  it('DATABASE_URL that is malformed', async () => {
    const { code, output } = await failedStart(join(root, 'unused'), { DATABASE_URL: 'postgres://user:secret@[bad/db' });
    expect(code).toBe(1);
    expectOneLine(output, /^payments: DATABASE_URL must be a URL like postgres:\/\//);
    expect(output).not.toContain('secret');
  });

  it('DATABASE_URL that nobody answers', async () => {
    const port = await freePort();
    const { code, output } = await failedStart(join(root, 'unused'), { DATABASE_URL: `postgres://user:secret@127.0.0.1:${port}/db` });
    expect(code).toBe(1);
    expectOneLine(output, new RegExp(`^payments: DATABASE_URL postgres://127.0.0.1:${port}/db: cannot connect \\(ECONNREFUSED\\)$`));
    expect(output).not.toContain('secret');
  });

  it('a setting with a bad value (HTTP_TRUST_PROXY)', async () => {
    const { code, output } = await failedStart(join(root, 'unused'), { HTTP_TRUST_PROXY: '10.0.0.0/99' });
    expect(code).toBe(1);
    expectOneLine(output, /^payments: HTTP_TRUST_PROXY must be/);
  });
});
