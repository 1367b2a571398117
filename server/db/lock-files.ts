/**
 * The file-system half of the data folder lock (server/db/lock.ts): naming, pinning, probing and removing the
 * socket file without ever removing one whose process is alive.
 */
import fs from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A live socket's answer to `who`, or its refusal. */
export type Probe = { live: true; pid: number | null } | { live: false };

/** How many refusals in a row, this far apart, make a socket dead (see `probeUntilSure`). */
export const REFUSALS_FOR_DEAD = 3;
export const REFUSAL_GAP_MS = 150;

export const errorCode = (err: unknown): unknown => (err as { code?: unknown } | null)?.code;
/** The inode at `path` (not following a link), undefined when there is no file. */
export const inodeOf = (path: string): bigint | undefined => fs.lstatSync(path, { bigint: true, throwIfNoEntry: false })?.ino;

/** True for the errors of a file system without hard links (FAT, some network and FUSE mounts). */
export function noHardLinks(err: unknown): boolean {
  const code = errorCode(err);
  return code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'EXDEV' || code === 'ENOSYS';
}

let names = 0;
/** A name of this process's own next to `socketPath`, no longer than `service.sock` (socket paths are short). */
export function ownName(socketPath: string): string {
  return join(dirname(socketPath), `.${process.pid.toString(36)}.${(++names % 1296).toString(36)}`);
}

/** Sends one JSON request line and reads one JSON answer; rejects with the socket's error (ECONNREFUSED, …). */
export function exchange(socketPath: string, request: unknown, timeoutMs: number): Promise<unknown> {
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

/**
 * Asks the socket file at `path` (a pin, or the socket path itself) who holds it. A refusal alone does not prove its
 * process dead: between the bind() and the listen() system calls of a process taking the folder, a connect is refused
 * although the socket is about to be live. Node's `server.listen(path)` makes both calls in one synchronous step
 * (net.js: createServerHandle binds the Pipe, setupListenHandle then calls its listen), so the gap is
 * microseconds, but a process preempted there can stretch it. So the socket is asked REFUSALS_FOR_DEAD times,
 * REFUSAL_GAP_MS apart, and only one refused every time is dead. Any other failure (an answer that is not JSON,
 * no answer in time) is a live holder.
 */
export async function probeUntilSure(path: string): Promise<Probe> {
  for (let round = 1; ; round++) {
    try {
      const owner = await exchange(path, { op: 'who' }, 5_000);
      const pid = (owner as { pid?: unknown } | null)?.pid;
      return { live: true, pid: typeof pid === 'number' ? pid : null };
    } catch (err) {
      if (errorCode(err) === 'ENOENT') return { live: false };
      if (errorCode(err) !== 'ECONNREFUSED') return { live: true, pid: null };
    }
    if (round >= REFUSALS_FOR_DEAD) return { live: false };
    await sleep(REFUSAL_GAP_MS);
  }
}

/**
 * A second name (a hard link of our own) for the file at `socketPath`; null when there is none. While the pin
 * exists the file's inode cannot be freed, so its number cannot be reused by a socket bound later: "the file at the
 * path is still this one" becomes an exact test (timestamps are too coarse). Throws when links are unsupported.
 */
export function pin(socketPath: string): string | null {
  const ref = ownName(socketPath);
  try {
    fs.linkSync(socketPath, ref);
    return ref;
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return null;
    if (errorCode(err) !== 'EEXIST') throw err;
  }
  // Left by a process that had our pid and died mid-takeover (pids are unique among live processes).
  fs.rmSync(ref, { force: true });
  return pin(socketPath);
}

/**
 * Removes the file with inode `inode` if it is still the one at `socketPath`, and nothing else. POSIX has no
 * "unlink if still this file", so the file is renamed aside under a name of our own and checked: that one is
 * deleted; anything else (a live socket linked there in the microseconds between the check and the rename) is put
 * back with `link`, which fails rather than overwrite a socket linked there since.
 */
export function removeIfStill(socketPath: string, inode: bigint): void {
  if (inodeOf(socketPath) !== inode) return;
  const grave = `${ownName(socketPath)}.stale`;
  try {
    fs.renameSync(socketPath, grave);
  } catch {
    return; // another taker removed it first
  }
  if (inodeOf(grave) === inode) return fs.unlinkSync(grave);
  try {
    fs.linkSync(grave, socketPath);
    fs.unlinkSync(grave);
  } catch (err) {
    // Without hard links, `rename` back (it would overwrite a socket bound there since: the fallback's weakness).
    if (noHardLinks(err) && inodeOf(socketPath) === undefined) fs.renameSync(grave, socketPath);
    // Otherwise a third process linked in between: leave the moved socket where it is rather than remove a live one.
  }
}
