/**
 * The data folder's socket as a channel: whatever bytes a local client sends, the service answers at most one
 * request per connection, runs a command at most once, bounds what it buffers and how long it waits, and survives;
 * the socket is private from the moment it exists; of several processes taking over a stale socket exactly one
 * wins, and a live holder is never displaced.
 */
import { spawnSync } from 'node:child_process';
import { linkSync, lstatSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { connect, createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { askOwner, DataDirInUse, lockDataDir, SOCKET_NAME, type DataDirLock } from './lock';

const root = mkdtempSync(join(tmpdir(), 'payments-channel-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const folder = () => join(root, `d${++n}`);

const held: DataDirLock[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const l of held.splice(0)) await l.release();
});
async function hold(dir: string, options?: Parameters<typeof lockDataDir>[1]): Promise<DataDirLock> {
  const lock = await lockDataDir(dir, options);
  held.push(lock);
  return lock;
}

/** Sends `pieces` with a pause between them; resolves with what came back and whether the service closed first. */
function talk(socketPath: string, pieces: (string | Buffer)[], { gapMs = 40, waitMs = 1_500 } = {}) {
  return new Promise<{ answer: string; closedByService: boolean }>((resolve) => {
    const socket = connect(socketPath);
    socket.setEncoding('utf8');
    let answer = '';
    let gaveUp = false;
    socket.on('data', (d: string) => (answer += d));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ answer, closedByService: !gaveUp }));
    socket.on('connect', async () => {
      for (const p of pieces) {
        if (socket.destroyed) return;
        socket.write(p);
        await sleep(gapMs);
      }
      await sleep(waitMs);
      gaveUp = true;
      socket.destroy();
    });
  });
}

const who = (dir: string) => askOwner(dir, { op: 'who' }, 2_000);

describe('requests over the data folder socket', () => {
  it('answers every malformed request with an error and keeps serving', async () => {
    const dir = folder();
    const lock = await hold(dir);
    lock.serve(async () => ({ code: 0, stdout: 'ran\n', stderr: '' }));
    const junk = ['null\n', '[]\n', '"who"\n', '42\n', '{}\n', '{"op":"admin"}\n', '{"op":"admin","argv":[1]}\n', '{"op":"admin","argv":"x"}\n', '{not json\n', Buffer.from([0xff, 0xfe, 0x00, 0x0a])];
    for (const bytes of junk) {
      const { answer } = await talk(lock.socketPath, [bytes], { waitMs: 300 });
      expect(JSON.parse(answer), String(bytes)).toEqual({ error: expect.any(String) });
    }
    expect(await who(dir)).toEqual({ pid: process.pid });
  });

  it('answers a command that throws or rejects with its error, and keeps serving', async () => {
    const dir = folder();
    const lock = await hold(dir);
    lock.serve((argv) => {
      if (argv[0] === 'sync') throw new Error('thrown at once');
      return Promise.reject(new TypeError('rejected later'));
    });
    expect(await askOwner(dir, { op: 'admin', argv: ['sync'] }, 2_000)).toEqual({ error: 'thrown at once' });
    expect(await askOwner(dir, { op: 'admin', argv: ['async'] }, 2_000)).toEqual({ error: 'rejected later' });
    expect(await who(dir)).toEqual({ pid: process.pid });
  });

  it('runs one command per connection, whatever arrives after the first line', async () => {
    const dir = folder();
    const lock = await hold(dir);
    const runs: string[][] = [];
    lock.serve(async (argv) => {
      runs.push(argv);
      await sleep(150);
      return { code: 0, stdout: 'once\n', stderr: '' };
    });
    const line = `${JSON.stringify({ op: 'admin', argv: ['create-merchant'] })}\n`;
    const { answer } = await talk(lock.socketPath, [line, 'more', 'and more\n', line], { waitMs: 400 });
    expect(runs).toEqual([['create-merchant']]);
    expect(answer).toBe(`${JSON.stringify({ code: 0, stdout: 'once\n', stderr: '' })}\n`);
  });

  it('decodes a character split between two chunks', async () => {
    const dir = folder();
    const lock = await hold(dir);
    const runs: string[][] = [];
    lock.serve(async (argv) => (runs.push(argv), { code: 0, stdout: '', stderr: '' }));
    const bytes = Buffer.from(`${JSON.stringify({ op: 'admin', argv: ['create-merchant', '--name', 'Café €uro'] })}\n`);
    const cut = bytes.indexOf(Buffer.from('€')) + 1;
    await talk(lock.socketPath, [bytes.subarray(0, cut), bytes.subarray(cut)], { waitMs: 200 });
    expect(runs).toEqual([['create-merchant', '--name', 'Café €uro']]);
  });

  it('drops a connection whose request line grows past 64 KiB, without running anything', async () => {
    const dir = folder();
    const lock = await hold(dir);
    const runs: string[][] = [];
    lock.serve(async (argv) => (runs.push(argv), { code: 0, stdout: '', stderr: '' }));
    const long = `{"op":"admin","argv":["${'a'.repeat(70 * 1024)}`;
    const { answer, closedByService } = await talk(lock.socketPath, [long, '"]}\n']);
    expect(closedByService).toBe(true);
    expect(answer).toBe('');
    expect(runs).toEqual([]);
    expect(await who(dir)).toEqual({ pid: process.pid });
  });

  it('drops a connection that sends no request line in time', async () => {
    const dir = folder();
    const lock = await hold(dir, { requestTimeoutMs: 200 });
    // The client would wait a minute: a close by the service is its 200 ms time limit at work (no clock read here,
    // which a loaded machine would outrun).
    const { closedByService } = await talk(lock.socketPath, ['{"op":'], { waitMs: 60_000 });
    expect(closedByService).toBe(true);
    expect(await who(dir)).toEqual({ pid: process.pid });
  });
});

describe('the socket file', () => {
  it('is created readable and writable by this user only, even under umask 000', async () => {
    const dir = folder();
    // The mode at the instant the socket is bound (listen binds synchronously), before anything can chmod it.
    const modes: number[] = [];
    const listen = Server.prototype.listen;
    vi.spyOn(Server.prototype, 'listen').mockImplementation(function (this: Server, ...args: unknown[]) {
      const out = (listen as (...a: unknown[]) => Server).apply(this, args);
      if (typeof args[0] === 'string') modes.push(lstatSync(args[0]).mode & 0o777);
      return out;
    });
    const before = process.umask(0o000);
    try {
      const lock = await hold(dir);
      expect(modes).toEqual([0o600]);
      expect(lstatSync(lock.socketPath).mode & 0o777).toBe(0o600);
    } finally {
      // lockDataDir put the umask back.
      expect(process.umask(before)).toBe(0o000);
    }
  });
});

describe('taking over a stale socket', () => {
  function staleSocket(dir: string): void {
    mkdirSync(dir, { recursive: true });
    const script = `require('node:net').createServer().listen(${JSON.stringify(join(dir, SOCKET_NAME))}, () => process.kill(process.pid, 'SIGKILL'))`;
    expect(spawnSync(process.execPath, ['-e', script]).signal).toBe('SIGKILL');
  }

  it('of several takers started close together, exactly one wins, every round', async () => {
    for (let round = 0; round < 12; round++) {
      const dir = folder();
      staleSocket(dir);
      const takers = [0, 1, 2, 3, 4, 6].map(async (delay) => {
        await sleep(delay * (round % 4));
        return lockDataDir(dir);
      });
      const taken = await Promise.allSettled(takers);
      const won = taken.flatMap((t) => (t.status === 'fulfilled' ? [t.value] : []));
      try {
        expect(won, `round ${round}`).toHaveLength(1);
        for (const t of taken) if (t.status === 'rejected') expect(t.reason).toBeInstanceOf(DataDirInUse);
        expect(await who(dir)).toEqual({ pid: process.pid });
      } finally {
        for (const l of won) await l.release();
      }
    }
  });

  it('a taker that found the socket dead never moves the live one that replaced it meanwhile', async () => {
    // B probes the dead socket; before B acts on the answer, another process F has removed it and listens there
    // (slow to answer); C starts a little later. Exactly one of them may hold the folder, and it owns the file.
    // The moments F acts at: after B's first steps, counted in event-loop ticks (nextTick, then promise jobs).
    for (let turns = 0; turns < 8; turns++) {
      const dir = folder();
      staleSocket(dir);
      const path = join(dir, SOCKET_NAME);
      linkSync(path, `${path}.pin`); // keeps the dead socket's inode number from being reused by a new socket
      const dead = lstatSync(path).ino;
      const b = lockDataDir(dir);
      await new Promise((r) => process.nextTick(r));
      for (let i = 0; i < turns; i++) await Promise.resolve();
      const f = createServer({ allowHalfOpen: true }, (s) => {
        s.on('error', () => undefined);
        s.once('data', () => setTimeout(() => s.end(`${JSON.stringify({ pid: 999_999 })}\n`), 150));
      });
      let fHolds = false;
      // F too removes only the dead socket (in one synchronous step: nothing of B runs in between).
      if (lstatSync(path, { throwIfNoEntry: false })?.ino === dead) {
        renameSync(path, `${path}.gone`);
        fHolds = await new Promise<boolean>((r) => f.once('error', () => r(false)).listen(path, () => r(true)));
      }
      await sleep(50);
      const taken = await Promise.allSettled([b, lockDataDir(dir)]);
      const won = taken.flatMap((t) => (t.status === 'fulfilled' ? [t.value] : []));
      try {
        expect(won.length + (fHolds ? 1 : 0), `after ${turns} turns`).toBe(1);
        expect(await askOwner(dir, { op: 'who' }, 2_000)).toEqual({ pid: fHolds ? 999_999 : process.pid });
      } finally {
        for (const l of won) await l.release();
        f.close();
      }
    }
  });

  it('never displaces a live holder', async () => {
    const dir = folder();
    const lock = await hold(dir);
    const inode = lstatSync(lock.socketPath).ino;
    const taken = await Promise.allSettled(Array.from({ length: 8 }, () => lockDataDir(dir)));
    expect(taken.every((t) => t.status === 'rejected' && t.reason instanceof DataDirInUse)).toBe(true);
    expect(lstatSync(lock.socketPath).ino).toBe(inode);
    expect(await who(dir)).toEqual({ pid: process.pid });
  });
});
