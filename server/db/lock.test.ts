/**
 * One process per embedded data folder: a second service is refused at once, the admin command runs through the
 * service that holds the folder (and what it creates survives a restart), and a folder whose process was killed
 * with SIGKILL opens again.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
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

  it('takes over the socket of a process killed with SIGKILL, and only one of two takers at once gets it', () => {
    const dir = join(root, 'stale');
    mkdirSync(dir, { recursive: true });
    // A process that listens on the folder's socket and dies without removing it.
    const died = spawnSync(process.execPath, ['-e', `require('node:net').createServer().listen(${JSON.stringify(join(dir, SOCKET_NAME))}, () => process.kill(process.pid, 'SIGKILL'))`]);
    expect(died.signal).toBe('SIGKILL');
    expect(existsSync(join(dir, SOCKET_NAME))).toBe(true);
    return Promise.allSettled([lockDataDir(dir), lockDataDir(dir)]).then(async (taken) => {
      expect(taken.filter((t) => t.status === 'fulfilled')).toHaveLength(1);
      expect(taken.find((t) => t.status === 'rejected')).toMatchObject({ reason: expect.any(DataDirInUse) });
      for (const t of taken) if (t.status === 'fulfilled') await t.value.release();
    });
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
      // At once: it exits while the first still serves (checked below), instead of waiting for the folder.
      expect(await second.exited).toBe(1);
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
