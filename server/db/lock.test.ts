/**
 * One process per embedded data folder: a second service is refused at once, the admin command runs through the
 * service that holds the folder (and what it creates survives a restart), and a folder whose process was killed
 * with SIGKILL opens again.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminJson, spawnService, startProcess, stopProcess, freePort, type Started } from '../testing/processes';
import { DataDirInUse, lockDataDir, SOCKET_NAME } from './lock';

const root = mkdtempSync(join(tmpdir(), 'payments-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the data folder lock in one process', () => {
  it('refuses a second holder, and frees the folder on release', async () => {
    const dir = join(root, 'unit');
    const first = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirInUse);
    await expect(lockDataDir(dir)).rejects.toThrow(`in use by process ${process.pid}`);
    await first.release();
    expect(existsSync(join(dir, SOCKET_NAME))).toBe(false);
    const again = await lockDataDir(dir);
    await again.release();
  });
});

describe('npm start and npm run admin on one data folder', { timeout: 180_000 }, () => {
  const dataDir = join(root, 'data');
  const running: Started[] = [];
  afterAll(() => {
    for (const s of running) s.child.kill('SIGKILL');
  });

  async function start(): Promise<Started> {
    const s = await startProcess(dataDir);
    running.push(s);
    return s;
  }

  const roles = (s: Started, key: string) =>
    fetch(`http://127.0.0.1:${s.port}/v1/utils/roles-of-user`, { headers: { ServiceKey: key } });

  it('refuses a second service on the folder at once, naming the process that holds it', async () => {
    const s = await start();
    try {
      const second = spawnService(dataDir, await freePort());
      const began = Date.now();
      expect(await second.exited).toBe(1);
      expect(Date.now() - began).toBeLessThan(20_000);
      expect(second.output().trim()).toBe(
        `payments: the embedded database in ${dataDir} is in use by process ${s.child.pid}: stop it, or set DATABASE_URL to share a PostgreSQL database between processes`,
      );
      // The first one still serves.
      expect((await fetch(`http://127.0.0.1:${s.port}/health`)).status).toBe(200);
    } finally {
      await stopProcess(s);
    }
  });

  it('runs create-merchant through the running service; the merchant and its key survive a restart', async () => {
    let s = await start();
    let merchant: { merchantId: string; sandboxKey: string };
    try {
      merchant = await adminJson(dataDir, ['create-merchant', '--name', 'Typed with the server up']);
      expect((await roles(s, merchant.sandboxKey)).status).toBe(200);
    } finally {
      await stopProcess(s);
    }
    s = await start();
    try {
      expect(await (await roles(s, merchant.sandboxKey)).json()).toMatchObject({ current: 'owner', mode: 'sandbox' });
      const keys = await adminJson<{ merchantId: string }[]>(dataDir, ['list-keys', '--merchant', merchant.merchantId]);
      expect(keys).toHaveLength(2);
    } finally {
      await stopProcess(s);
    }
  });

  it('opens a folder whose service was killed with SIGKILL (the stale socket is taken over)', async () => {
    const s = await start();
    const merchant = await adminJson<{ sandboxKey: string }>(dataDir, ['create-merchant', '--name', 'Before the crash']);
    s.child.kill('SIGKILL');
    await s.exited;
    expect(existsSync(join(dataDir, SOCKET_NAME))).toBe(true);
    // The admin command opens the folder itself, then a new service does.
    expect(await adminJson<unknown[]>(dataDir, ['list-keys'])).not.toHaveLength(0);
    const again = await start();
    try {
      expect((await roles(again, merchant.sandboxKey)).status).toBe(200);
    } finally {
      await stopProcess(again);
    }
  });
});
