/**
 * The service and the admin command as an operator runs them: real processes, spawned with node + tsx (the
 * child's pid is the service's own, so a test can kill -9 it), on a data folder of the test's own.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { kill, track } from './children';

export const ROOT = resolve(import.meta.dirname, '../..');

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

export interface Started {
  child: ChildProcess;
  /** Both streams, in the order they came. */
  output: () => string;
  stdout: () => string;
  stderr: () => string;
  port: number;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/** The environment of a service on `dataDir` (embedded database, JSON logs), plus `env`. */
export function serviceEnv(dataDir: string, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production', LOG_FORMAT: 'json', HOST: '', ...env };
}

/** Spawns `server/main.ts` without waiting for it. */
export function spawnService(dataDir: string, port: number, env: Record<string, string> = {}): Started {
  const child = track(spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env: serviceEnv(dataDir, { PORT: String(port), ...env }) }));
  const seen = { all: '', stdout: '', stderr: '' };
  child.stdout!.on('data', (d) => {
    seen.all += String(d);
    seen.stdout += String(d);
  });
  child.stderr!.on('data', (d) => {
    seen.all += String(d);
    seen.stderr += String(d);
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output: () => seen.all, stdout: () => seen.stdout, stderr: () => seen.stderr, port, exited };
}

/** Starts the service and waits until it listens; one that does not within `deadlineMs` is killed before the throw. */
export async function startProcess(dataDir: string, env: Record<string, string> = {}, deadlineMs = 90_000): Promise<Started> {
  const s = spawnService(dataDir, await freePort(), env);
  await untilPrinted(s, 'payments service listening', deadlineMs);
  return s;
}

/**
 * Waits until a started process has printed `line`. When it exits first or the deadline passes, the process is
 * killed (a caller that throws has nothing left to stop it with) and the error carries what it printed.
 */
export async function untilPrinted(s: Pick<Started, 'child' | 'output'>, line: string, deadlineMs = 90_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!s.output().includes(line)) {
    if (Date.now() > deadline || s.child.exitCode !== null) {
      await kill(s.child);
      throw new Error(`${line}: not printed within ${deadlineMs} ms${s.child.exitCode !== null ? ' (the process exited)' : ''}:\n${s.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Stops the service with SIGTERM and waits for its exit. */
export async function stopProcess(s: Started): Promise<void> {
  if (s.child.exitCode === null) s.child.kill('SIGTERM');
  await s.exited;
}

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run admin -- <args>` on `dataDir`; never rejects: the exit code is part of the answer. */
export function admin(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((ok) => {
    track(
      execFile(process.execPath, ['--import', 'tsx', 'server/admin.ts', ...args], { cwd: ROOT, env: serviceEnv(dataDir, env) }, (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        ok({ code, stdout, stderr });
      }),
    );
  });
}

/** `admin(...)` with `--json`, parsed; throws with stderr when the command failed. */
export async function adminJson<T = Record<string, unknown>>(dataDir: string, args: string[]): Promise<T> {
  const ran = await admin(dataDir, [...args, '--json']);
  if (ran.code !== 0) throw new Error(`admin ${args.join(' ')} exited ${ran.code}: ${ran.stderr}`);
  return JSON.parse(ran.stdout) as T;
}
