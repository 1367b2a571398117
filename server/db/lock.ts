/**
 * One process per embedded data folder. PGlite is a database inside one process: a second process writing the same
 * folder loses acknowledged data. The process that opens the folder listens on a Unix socket in it
 * (`service.sock`, mode 0600 from the moment it exists) for its whole life; that socket is both the lock and the
 * way in:
 *   - a second process that finds the socket answering is refused at once, naming the owner's pid;
 *   - the admin command sends its command line over it and the owner runs it on its own database;
 *   - a socket file that refuses every probe belongs to a process that died (kill -9 included): it is removed and
 *     taken (the takeover protocol is at `acquireLinked`, the file operations in lock-files.ts).
 *
 * Anything local this user runs may connect, so the channel trusts no byte: one request line per connection (at most
 * 64 KiB, within a timeout), checked for its shape, every failure answered as `{ error }`; nothing a client sends
 * can stop the service or run a command twice.
 */
import fs from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join, relative } from 'node:path';
import { errorCode, exchange, inodeOf, noHardLinks, ownName, pin, probeUntilSure, removeIfStill } from './lock-files';

export const SOCKET_NAME = 'service.sock';
/** The longest request line the service reads; a client sending more is disconnected. */
export const MAX_REQUEST_BYTES = 64 * 1024;
/** How long a client has to send its request line (running the command may take longer). */
const REQUEST_TIMEOUT_MS = 10_000;
/** Takeover rounds before giving up (each one ends with a socket that answered, or one this process removed). */
const TAKEOVER_ATTEMPTS = 5;

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

/** Knobs for tests. */
export interface LockOptions {
  /** How long a client has to send its request line; 10 s unless set. */
  requestTimeoutMs?: number;
  /** Where errors of the listening socket go (e.g. EMFILE on accept); stderr unless set. They never stop it. */
  onError?: (err: Error) => void;
}

/** The socket's path, relative to the working directory when the absolute one is too long for a socket (~107 bytes). */
function socketPathOf(dataDir: string): string {
  const absolute = join(dataDir, SOCKET_NAME);
  const rel = relative(process.cwd(), absolute) || SOCKET_NAME;
  return Buffer.byteLength(absolute) <= 100 ? absolute : rel;
}

/** True for the errors that mean nobody listens on the socket (no file, or a file left by a dead process). */
function nobodyListens(err: unknown): boolean {
  return errorCode(err) === 'ECONNREFUSED' || errorCode(err) === 'ENOENT';
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

/** The request a line holds, or null: a JSON object `{op:'who'}` or `{op:'admin', argv: string[]}`, nothing else. */
export function parseRequest(line: string): ChannelRequest | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { op, argv } = value as { op?: unknown; argv?: unknown };
  if (op === 'who') return { op };
  if (op === 'admin' && Array.isArray(argv) && argv.every((a) => typeof a === 'string')) return { op, argv: argv as string[] };
  return null;
}

/**
 * Reads one request line from `socket`, answers it with `respond`'s line and ends the connection. What follows the
 * first newline is ignored (a command never runs twice for one request); a line past MAX_REQUEST_BYTES or not
 * complete within `timeoutMs` drops the connection. `setEncoding` decodes a character split between chunks whole.
 */
function serveConnection(socket: Socket, respond: (line: string) => Promise<string>, timeoutMs: number): void {
  let line = '';
  let bytes = 0;
  let asked = false;
  socket.setEncoding('utf8');
  socket.setTimeout(timeoutMs, () => socket.destroy());
  socket.on('error', () => undefined);
  socket.on('end', () => {
    if (!asked) socket.destroy();
  });
  socket.on('data', (chunk: string) => {
    if (asked) return;
    const end = chunk.indexOf('\n');
    const piece = end < 0 ? chunk : chunk.slice(0, end);
    bytes += Buffer.byteLength(piece);
    if (bytes > MAX_REQUEST_BYTES) return void socket.destroy();
    line += piece;
    if (end < 0) return;
    asked = true;
    socket.setTimeout(0);
    void respond(line)
      .then((answer) => {
        // The answer is written; a client that never reads it or hangs up is dropped after the same timeout.
        socket.setTimeout(timeoutMs, () => socket.destroy());
        socket.end(`${answer}\n`);
      })
      .catch(() => socket.destroy());
  });
}

/**
 * Binds and listens on `path` with the socket file created 0600: the umask is narrowed around `server.listen`,
 * which binds synchronously, so no moment exists where the file has wider permissions (a chmod afterwards would
 * leave one). The umask is process-wide; nothing else of this process runs during that synchronous call.
 */
function listenPrivately(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    const umask = process.umask(0o177);
    try {
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    } finally {
      process.umask(umask);
    }
  });
}

/** Asks the socket pinned or found at `path`; throws DataDirInUse unless it refused every probe (it is dead). */
async function expectDead(dataDir: string, path: string, attempt: number): Promise<void> {
  const found = await probeUntilSure(path);
  if (found.live) throw new DataDirInUse(dataDir, found.pid);
  if (attempt >= TAKEOVER_ATTEMPTS) throw new DataDirInUse(dataDir, null);
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * The takeover protocol, which never moves a socket that answers:
 *   1. listen on a name of our own in the folder, then hard-link it to DATA_DIR/service.sock. `link` fails (EEXIST)
 *      whenever any file is there, so of several processes exactly one succeeds; success is the lock. The socket
 *      appears at the path already listening: no taker can find it in the bind→listen gap (see probeUntilSure).
 *   2. Otherwise pin the file there (a hard link of our own), ask `who` through the pin. An answer (or no answer in
 *      time) is a live holder: refused, naming its pid. Refused on every probe means its process is dead, for good.
 *   3. Remove exactly that dead file (removeIfStill), unpin, and go back to 1.
 * Our own name is unlinked once linked; libuv unlinks the name it bound at close, which is then already gone: the
 * path is removed by `release` only while it is still our socket, never a socket that replaced it.
 * Resolves with the socket's inode.
 */
async function acquireLinked(server: Server, socketPath: string, dataDir: string): Promise<bigint> {
  const own = ownName(socketPath);
  fs.rmSync(own, { force: true }); // left by a dead process that had our pid
  await listenPrivately(server, own);
  try {
    const inode = inodeOf(own)!;
    for (let attempt = 1; ; attempt++) {
      try {
        fs.linkSync(own, socketPath);
        return inode;
      } catch (err) {
        if (errorCode(err) !== 'EEXIST') throw err;
      }
      const ref = pin(socketPath);
      if (!ref) continue; // removed since: link again
      try {
        await expectDead(dataDir, ref, attempt);
        removeIfStill(socketPath, inodeOf(ref)!);
      } finally {
        fs.rmSync(ref, { force: true });
      }
    }
  } catch (err) {
    await close(server);
    throw err;
  } finally {
    fs.rmSync(own, { force: true });
  }
}

/**
 * The fallback for file systems without hard links, LESS SAFE: bind at the path itself (EADDRINUSE when any file is
 * there); a file refusing every probe is renamed aside, checked by its inode number. Without a pin that number may
 * have been reused by a socket bound in between, and libuv's close unlinks the path whatever file it holds.
 */
async function acquireDirect(server: Server, socketPath: string, dataDir: string): Promise<bigint> {
  for (let attempt = 1; ; attempt++) {
    try {
      await listenPrivately(server, socketPath);
      return inodeOf(socketPath)!;
    } catch (err) {
      if (errorCode(err) !== 'EADDRINUSE') throw err;
    }
    const seen = inodeOf(socketPath);
    if (seen === undefined) continue;
    await expectDead(dataDir, socketPath, attempt);
    removeIfStill(socketPath, seen);
  }
}

/** Takes the data folder for this process (creating the folder when needed); `DataDirInUse` when it is taken. */
export async function lockDataDir(dataDir: string, options: LockOptions = {}): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.statSync(dataDir).isDirectory()) throw Object.assign(new Error(`${dataDir} is not a directory`), { code: 'ENOTDIR' });
  const socketPath = socketPathOf(dataDir);
  let handler: ((argv: string[]) => Promise<unknown>) | null = null;

  /** The answer to one request line, as JSON; never throws: a failure is `{ error }`. */
  async function respond(line: string): Promise<string> {
    try {
      const request = parseRequest(line);
      if (!request) return JSON.stringify({ error: 'not a request' });
      if (request.op === 'who') return JSON.stringify({ pid: process.pid });
      if (!handler) return JSON.stringify({ code: 1, stdout: '', stderr: 'admin: the service is starting; try again in a moment\n' });
      return JSON.stringify(await handler(request.argv)) ?? JSON.stringify({ error: 'the command gave no result' });
    } catch (err) {
      return JSON.stringify({ error: err instanceof Error ? err.message : String(err) });
    }
  }

  const timeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const server = createServer({ allowHalfOpen: true }, (socket) => serveConnection(socket, respond, timeoutMs));
  let linked = true;
  let inode: bigint;
  try {
    inode = await acquireLinked(server, socketPath, dataDir);
  } catch (err) {
    if (!noHardLinks(err)) throw err;
    linked = false;
    inode = await acquireDirect(server, socketPath, dataDir);
  }
  // An accept failing (EMFILE, ENFILE) is reported and the server keeps listening; without a listener it would
  // crash the process.
  const onError = options.onError ?? ((err: Error) => process.stderr.write(`payments: data folder socket: ${err.message}\n`));
  server.on('error', onError);
  server.unref();

  return {
    socketPath,
    serve(h) {
      handler = h;
    },
    async release() {
      if (linked) removeIfStill(socketPath, inode);
      await close(server);
    },
  };
}
