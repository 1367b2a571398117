/**
 * One process per embedded data folder. PGlite is a database inside one process: a second process writing the same
 * folder loses acknowledged data. The process that opens the folder listens on a Unix socket in it
 * (`service.sock`, mode 0600 from the moment it exists) for its whole life; that socket is both the lock and the
 * way in:
 *   - a second process that finds the socket answering is refused at once, naming the owner's pid;
 *   - the admin command sends its command line over it and the owner runs it on its own database;
 *   - a socket file nobody answers on belongs to a process that died (kill -9 included): it is removed and taken.
 *
 * Anything local this user runs may connect, so the channel trusts no byte: one request line per connection (at most
 * 64 KiB, within a timeout), checked for its shape, every failure answered as `{ error }`; nothing a client sends
 * can stop the service or run a command twice.
 */
import { linkSync, lstatSync, mkdirSync, renameSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { dirname, join, relative } from 'node:path';

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
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => socket.destroy(Object.assign(new Error('no answer'), { code: 'ETIMEDOUT' })));
    socket.on('connect', () => socket.end(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => (data += chunk));
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

const errorCode = (err: unknown): unknown => (err as { code?: unknown } | null)?.code;
const inodeOf = (path: string): bigint | undefined => lstatSync(path, { bigint: true, throwIfNoEntry: false })?.ino;
let pins = 0;

/**
 * A second name (a hard link, in the same folder, no longer than the socket's) for the file at `socketPath`; null
 * when there is none. While the pin exists the file's inode cannot be freed, so its number cannot be reused by a
 * socket bound later: "the file at the path is still this one" becomes an exact test (timestamps are too coarse).
 */
function pin(socketPath: string): string | null {
  const ref = join(dirname(socketPath), `.${process.pid.toString(36)}.${(++pins % 1296).toString(36)}`);
  try {
    linkSync(socketPath, ref);
    return ref;
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return null;
    if (errorCode(err) !== 'EEXIST') throw err;
  }
  // Left by a process that had our pid and died mid-takeover (pids are unique among live processes).
  rmSync(ref, { force: true });
  return pin(socketPath);
}

/**
 * Removes the socket file with inode `dead` (pinned, refused a connection) if it is still the one at `socketPath`,
 * and nothing else. POSIX has no "unlink if still this file", so the file is renamed aside under a name of our own
 * and checked: the dead one is deleted; anything else (another taker's live socket, bound in the microseconds
 * between the check and the rename) is put back with `link`, which fails rather than overwrite a socket bound there
 * since.
 */
function removeIfStill(socketPath: string, dead: bigint): void {
  if (inodeOf(socketPath) !== dead) return;
  const grave = `${socketPath}.${process.pid}.${++pins}.stale`;
  try {
    renameSync(socketPath, grave);
  } catch {
    return; // another taker removed it first
  }
  if (inodeOf(grave) === dead) return unlinkSync(grave);
  try {
    linkSync(grave, socketPath);
    unlinkSync(grave);
  } catch {
    // A third process bound in between: leave the moved socket where it is rather than remove a live one.
  }
}

/** Asks the socket file pinned at `ref`: its holder's pid, `undefined` when it refuses (its process is dead). */
async function probe(dataDir: string, ref: string): Promise<undefined> {
  let owner: unknown;
  try {
    owner = await exchange(ref, { op: 'who' }, 5_000);
  } catch (err) {
    if (errorCode(err) === 'ECONNREFUSED') return undefined;
    throw new DataDirInUse(dataDir, null); // it did not refuse: something holds it, answering or not
  }
  throw new DataDirInUse(dataDir, (owner as { pid?: number } | null)?.pid ?? null);
}

/**
 * Takes the data folder for this process (creating the folder when needed); `DataDirInUse` when it is taken.
 *
 * The takeover protocol never moves a socket that answers:
 *   1. bind at DATA_DIR/service.sock. Binding fails (EADDRINUSE) whenever any file is there, so of several
 *      processes binding at once exactly one succeeds; success is the lock.
 *   2. Otherwise pin the file there (a hard link of our own), connect to it through the pin and ask `who`. An
 *      answer (or no answer in time) is a live holder: refused, naming its pid. A refused connection means its
 *      process is dead, for good: a socket file never accepts again once its listener is gone.
 *   3. Remove exactly that dead file (removeIfStill), unpin, and go back to 1: a process that bound in between
 *      wins there and is found answering at 2. Nothing in this protocol moves a socket that answered a probe; the
 *      one residue is removeIfStill's put-back, a window of two system calls.
 */
export async function lockDataDir(dataDir: string, options: LockOptions = {}): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  if (!statSync(dataDir).isDirectory()) throw Object.assign(new Error(`${dataDir} is not a directory`), { code: 'ENOTDIR' });
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
  for (let attempt = 1; ; attempt++) {
    try {
      await listenPrivately(server, socketPath);
      break;
    } catch (err) {
      if (errorCode(err) !== 'EADDRINUSE') throw err;
    }
    const ref = pin(socketPath);
    if (!ref) continue; // removed since the bind: bind again
    try {
      await probe(dataDir, ref);
      if (attempt >= TAKEOVER_ATTEMPTS) throw new DataDirInUse(dataDir, null);
      removeIfStill(socketPath, inodeOf(ref)!);
    } finally {
      rmSync(ref, { force: true });
    }
  }
  server.unref();

  return {
    socketPath,
    serve(h) {
      handler = h;
    },
    release: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
