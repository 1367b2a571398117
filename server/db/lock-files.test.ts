/**
 * The data folder lock's socket file: a socket caught between bind() and listen() is not taken for dead; release
 * never removes a socket that replaced ours; on a file system without hard links the folder still opens after a
 * crash; an error on the listening socket does not stop the service.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs, { lstatSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { askOwner, DataDirInUse, lockDataDir, SOCKET_NAME } from './lock';
import { track } from '../testing/children';

const root = mkdtempSync(join(tmpdir(), 'payments-lockfiles-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());
let n = 0;
const folder = () => {
  const dir = join(root, `d${++n}`);
  mkdirSync(dir, { recursive: true });
  return dir;
};
const who = (dir: string) => askOwner(dir, { op: 'who' }, 2_000);

function staleSocket(dir: string): void {
  const script = `require('node:net').createServer().listen(${JSON.stringify(join(dir, SOCKET_NAME))}, () => process.kill(process.pid, 'SIGKILL'))`;
  expect(spawnSync(process.execPath, ['-e', script]).signal).toBe('SIGKILL');
}

/** Makes every hard link fail as on a file system without them (FAT, some network mounts). */
function withoutHardLinks() {
  return vi.spyOn(fs, 'linkSync').mockImplementation(() => {
    throw Object.assign(new Error('operation not permitted, link'), { code: 'EPERM' });
  });
}

/**
 * A process that binds the folder's socket, stays bound but not listening for `gapMs` (connects are refused), then
 * listens and answers every connection as process 4242: a holder caught between bind() and listen().
 */
async function slowBinder(dir: string, gapMs: number) {
  const script = [
    'import socket, sys, time',
    's = socket.socket(socket.AF_UNIX)',
    's.bind(sys.argv[1])',
    "print('bound', flush=True)",
    `time.sleep(${gapMs / 1000})`,
    's.listen(8)',
    'while True:',
    '    c, _ = s.accept()',
    '    c.recv(65536)',
    '    c.sendall(b\'{"pid": 4242}\\n\')',
    '    c.close()',
  ].join('\n');
  const child = track(spawn('python3', ['-c', script, join(dir, SOCKET_NAME)], { stdio: ['ignore', 'pipe', 'inherit'] }));
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', () => reject(new Error('the binder exited')));
  });
  return child;
}

describe.each([
  ['with hard links', () => undefined],
  ['without hard links', withoutHardLinks],
])('a socket refused at first, %s', (_, setUp) => {
  it('is not taken for dead while its holder is between bind and listen', async () => {
    const dir = folder();
    const binder = await slowBinder(dir, 200);
    try {
      setUp();
      const inode = lstatSync(join(dir, SOCKET_NAME)).ino;
      const taking = lockDataDir(dir);
      await expect(taking).rejects.toBeInstanceOf(DataDirInUse);
      await expect(taking).rejects.toThrow('in use by process 4242');
      expect(lstatSync(join(dir, SOCKET_NAME)).ino).toBe(inode);
    } finally {
      binder.kill('SIGKILL');
    }
  });
});

describe('releasing the folder', () => {
  it('does not remove a socket that replaced ours at the path', async () => {
    const dir = folder();
    const lock = await lockDataDir(dir);
    renameSync(lock.socketPath, join(dir, 'moved.sock'));
    const other = createServer((s) => s.resume().end(`${JSON.stringify({ pid: 777 })}\n`));
    await new Promise<void>((resolve) => other.listen(lock.socketPath, resolve));
    try {
      const inode = lstatSync(lock.socketPath).ino;
      await lock.release();
      expect(lstatSync(lock.socketPath).ino).toBe(inode);
      expect(await who(dir)).toEqual({ pid: 777 });
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('removes our own socket and nothing else from the folder', async () => {
    const dir = folder();
    const lock = await lockDataDir(dir);
    expect(fs.readdirSync(dir)).toEqual([SOCKET_NAME]);
    await lock.release();
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('on a file system without hard links', () => {
  it('takes over the socket of a crashed process, and refuses a second holder while it lives', async () => {
    const dir = folder();
    staleSocket(dir);
    const link = withoutHardLinks();
    const lock = await lockDataDir(dir);
    try {
      expect(link).toHaveBeenCalled(); // the lock tried a hard link, and went on without one
      expect(await who(dir)).toEqual({ pid: process.pid });
      await expect(lockDataDir(dir)).rejects.toThrow(`in use by process ${process.pid}`);
      expect(await who(dir)).toEqual({ pid: process.pid });
    } finally {
      await lock.release();
    }
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('the listening socket', () => {
  it('reports an error (EMFILE on accept) and keeps serving', async () => {
    const dir = folder();
    const servers: Server[] = [];
    const listen = Server.prototype.listen;
    vi.spyOn(Server.prototype, 'listen').mockImplementation(function (this: Server, ...args: unknown[]) {
      servers.push(this);
      return (listen as (...a: unknown[]) => Server).apply(this, args);
    });
    const errors: Error[] = [];
    const lock = await lockDataDir(dir, { onError: (err) => errors.push(err) });
    try {
      const emfile = Object.assign(new Error('accept EMFILE'), { code: 'EMFILE' });
      servers[0]!.emit('error', emfile);
      expect(errors).toEqual([emfile]);
      expect(await who(dir)).toEqual({ pid: process.pid });
    } finally {
      await lock.release();
    }
  });
});
