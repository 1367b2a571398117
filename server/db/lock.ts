/**
 * One process per embedded data folder. PGlite is a database inside one process: a second process writing the same
 * folder loses acknowledged data. The process that opens the folder listens on a Unix socket in it
 * (`service.sock`, mode 0600) for its whole life; that socket is both the lock and the way in:
 *   - a second process that finds the socket answering is refused at once, naming the owner's pid;
 *   - the admin command sends its command line over it and the owner runs it on its own database;
 *   - a socket file nobody answers on belongs to a process that died (kill -9 included): it is removed and taken.
 */
import { chmodSync, mkdirSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { join, relative } from 'node:path';

export const SOCKET_NAME = 'service.sock';

/** What a client asks the owner of a data folder. */
export type ChannelRequest = { op: 'who' } | { op: 'admin'; argv: string[] };

/** The folder is held by another live process. */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | null,
  ) {
    super(
      `the embedded database in ${dataDir} is in use by ${pid ? `process ${pid}` : 'another process'}: stop it, ` +
        'or set DATABASE_URL to share a PostgreSQL database between processes',
    );
  }
}

export interface DataDirLock {
  readonly socketPath: string;
  /** From now on, admin command lines are run by `handler` (until then they are answered "starting"). */
  serve(handler: (argv: string[]) => Promise<unknown>): void;
  /** Stops listening and removes the socket file: the folder is free. */
  release(): Promise<void>;
}

/** The socket's path, relative to the working directory when the absolute one is too long for a socket (~107 bytes). */
function socketPathOf(dataDir: string): string {
  const absolute = join(dataDir, SOCKET_NAME);
  const rel = relative(process.cwd(), absolute) || SOCKET_NAME;
  return Buffer.byteLength(absolute) <= 100 ? absolute : rel;
}

/** Sends one request and reads one JSON answer; rejects with the socket's error (ECONNREFUSED, ENOENT, …). */
function exchange(socketPath: string, request: ChannelRequest, timeoutMs: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let data = '';
    socket.setTimeout(timeoutMs, () => socket.destroy(Object.assign(new Error('no answer'), { code: 'ETIMEDOUT' })));
    socket.on('connect', () => socket.end(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk) => (data += String(chunk)));
    socket.on('error', reject);
    socket.on('close', () => {
      try {
        resolve(JSON.parse(data));
      } catch {
        reject(Object.assign(new Error('the data folder socket gave no answer'), { code: 'EBADANSWER' }));
      }
    });
  });
}

/** True for the errors that mean nobody listens on the socket (no file, or a file left by a dead process). */
function nobodyListens(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ECONNREFUSED' || code === 'ENOENT';
}

/**
 * Asks the process holding `dataDir`; null when none does. Admin commands wait `timeoutMs` for their answer.
 */
export async function askOwner(dataDir: string, request: ChannelRequest, timeoutMs = 120_000): Promise<unknown> {
  try {
    return await exchange(socketPathOf(dataDir), request, timeoutMs);
  } catch (err) {
    if (nobodyListens(err)) return null;
    throw err;
  }
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Takes the data folder for this process (creating the folder when needed); `DataDirInUse` when it is taken. */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  if (!statSync(dataDir).isDirectory()) throw Object.assign(new Error(`${dataDir} is not a directory`), { code: 'ENOTDIR' });
  const socketPath = socketPathOf(dataDir);
  let handler: ((argv: string[]) => Promise<unknown>) | null = null;

  const server = createServer((socket) => {
    let data = '';
    socket.on('data', (chunk) => {
      data += String(chunk);
      const end = data.indexOf('\n');
      if (end < 0) return;
      void answer(data.slice(0, end)).then((out) => socket.end(`${JSON.stringify(out)}\n`));
    });
    socket.on('error', () => undefined);
  });

  async function answer(line: string): Promise<unknown> {
    let request: ChannelRequest;
    try {
      request = JSON.parse(line) as ChannelRequest;
    } catch {
      return { error: 'not a request' };
    }
    if (request.op === 'who') return { pid: process.pid };
    if (request.op === 'admin' && Array.isArray(request.argv) && request.argv.every((a) => typeof a === 'string')) {
      if (!handler) return { code: 1, stdout: '', stderr: 'admin: the service is starting; try again in a moment\n' };
      return handler(request.argv);
    }
    return { error: 'unknown request' };
  }

  try {
    await listen(server, socketPath);
  } catch (err) {
    if ((err as { code?: unknown }).code !== 'EADDRINUSE') throw err;
    let owner: unknown;
    try {
      owner = await exchange(socketPath, { op: 'who' }, 5_000);
    } catch (probe) {
      if (!nobodyListens(probe)) throw new DataDirInUse(dataDir, null);
      owner = undefined;
    }
    if (owner !== undefined) throw new DataDirInUse(dataDir, (owner as { pid?: number } | null)?.pid ?? null);
    // A socket file without a listener: its process died. Take it away under a name of our own first, so that
    // of two processes starting at once only one removes it, and neither removes the other's fresh socket.
    const grave = `${socketPath}.${process.pid}.stale`;
    try {
      renameSync(socketPath, grave);
    } catch {
      throw new DataDirInUse(dataDir, null);
    }
    // What was moved may be another starter's fresh socket (bound since the probe): a live one answers.
    const moved = await exchange(grave, { op: 'who' }, 5_000).catch((err: unknown) => (nobodyListens(err) ? undefined : null));
    if (moved !== undefined) {
      renameSync(grave, socketPath);
      throw new DataDirInUse(dataDir, (moved as { pid?: number } | null)?.pid ?? null);
    }
    unlinkSync(grave);
    try {
      await listen(server, socketPath);
    } catch (again) {
      if ((again as { code?: unknown }).code === 'EADDRINUSE') throw new DataDirInUse(dataDir, null);
      throw again;
    }
  }
  // Only this user may talk to the service through its socket (the admin commands need no key).
  chmodSync(socketPath, 0o600);
  server.unref();

  return {
    socketPath,
    serve(h) {
      handler = h;
    },
    release: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
