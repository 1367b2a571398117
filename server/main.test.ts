/**
 * The service as an operator runs it: `npm start` on an empty data folder (demo merchant, printed key), the admin
 * command against the same folder, and a restart that keeps everything.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const tsx = resolve(root, 'node_modules/.bin/tsx');
const dataDir = mkdtempSync(join(tmpdir(), 'payments-main-'));
const run = promisify(execFile);

async function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  port: number;
}

async function start(): Promise<Started> {
  const port = await freePort();
  const child = spawn(tsx, ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '', NODE_ENV: 'production' },
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const deadline = Date.now() + 60_000;
  while (!out.includes('payments service listening')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`service did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => out, port };
}

async function stop(s: Started): Promise<void> {
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  await exited;
}

async function admin(...args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await run(tsx, ['server/admin.ts', ...args, '--json'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm start and npm run admin on the embedded database', () => {
  let demoKey = '';
  let demoMerchant = '';

  it('creates a demo merchant on first start and prints a sandbox key that lists wallets', async () => {
    const s = await start();
    try {
      const printed = /Demo merchant (bus_\w+) created\.\n\s+sandbox key: (sk_test_\w+)/.exec(s.output());
      expect(printed).not.toBeNull();
      [, demoMerchant, demoKey] = printed as unknown as [string, string, string];
      const res = await fetch(`http://127.0.0.1:${s.port}/v1/wallets`, { headers: { ServiceKey: demoKey } });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ offset: 0, limit: 20, data: [] });
    } finally {
      await stop(s);
    }
    // One log line per request, with its correlation id; the key is printed once, at creation, never logged.
    const requestLines = s.output().split('\n').filter((l) => l.includes('"url":"/v1/wallets"'));
    expect(requestLines.length).toBe(1);
    expect(requestLines[0]).toMatch(/"correlationId":"corr_\w+"/);
    expect(s.output().split(demoKey).length - 1).toBe(2); // the "sandbox key:" line and the curl hint
  });

  it('creates merchants and keys from the command line, and a restart keeps all of them', async () => {
    const merchant = await admin('create-merchant', '--name', 'Acme');
    expect(merchant).toEqual({
      merchantId: expect.stringMatching(/^bus_/),
      sandboxKey: expect.stringMatching(/^sk_test_/),
      productionKey: expect.stringMatching(/^sk_live_/),
    });
    const key = await admin('create-key', '--merchant', demoMerchant, '--mode', 'sandbox', '--role', 'read-only');
    expect(key).toMatchObject({ key: expect.stringMatching(/^sk_test_/), mode: 'sandbox', role: 'read-only' });

    const s = await start();
    try {
      expect(s.output()).not.toContain('Demo merchant');
      const roles = async (k: unknown) =>
        fetch(`http://127.0.0.1:${s.port}/v1/utils/roles-of-user`, { headers: { ServiceKey: String(k) } });
      expect((await roles(demoKey)).status).toBe(200);
      expect(await (await roles(key.key)).json()).toMatchObject({ current: 'read-only', mode: 'sandbox' });
      expect(await (await roles(merchant.productionKey)).json()).toMatchObject({ current: 'owner', mode: 'production' });
    } finally {
      await stop(s);
    }
  });

  it('refuses an unknown role with a clear message and a non-zero exit', async () => {
    await expect(admin('create-key', '--merchant', demoMerchant, '--mode', 'sandbox', '--role', 'god')).rejects.toThrow(
      /--role must be one of owner, admin, developer, finance, read-only/,
    );
  });
});
