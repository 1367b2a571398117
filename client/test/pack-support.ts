/**
 * Helpers of the pack tests (client/test/pack.test.ts, cli/test/pack.test.ts): the repository's packages packed,
 * commands run as a partner would type them, long-running ones (a receiver, `payments listen`) watched line by line,
 * and what an installed project's node_modules holds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { track } from '../../server/testing/children';

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd: string;
  /** Added to this process's environment. */
  env?: Record<string, string>;
}

function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  // Not this test run's npm lifecycle (npm test): the commands run as a partner would type them.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_(package|lifecycle)_/.test(k)));
  return { ...env, ...extra };
}

/** Runs a command to its end; never rejects on a failing exit code (the caller asserts it). */
export function run(command: string, args: string[], options: RunOptions): Promise<RunResult> {
  return new Promise((done, fail) => {
    const child = track(spawn(command, args, { cwd: options.cwd, env: childEnv(options.env), stdio: ['ignore', 'pipe', 'pipe'] }));
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', fail);
    child.once('close', (code) => done({ code, stdout, stderr }));
  });
}

/** A long-running command whose stdout lines are kept as they come. */
export class Child {
  readonly lines: string[] = [];
  private stderr = '';
  private readonly process: ChildProcess;
  private readonly exited: Promise<void>;
  private ended = false;

  constructor(command: string, args: string[], options: RunOptions) {
    this.process = track(spawn(command, args, { cwd: options.cwd, env: childEnv(options.env), stdio: ['ignore', 'pipe', 'pipe'] }));
    let partial = '';
    this.process.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop()!;
      this.lines.push(...parts.filter((l) => l.trim() !== ''));
    });
    this.process.stderr!.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
    this.exited = new Promise((done) => {
      this.process.once('close', () => {
        this.ended = true;
        done();
      });
      this.process.once('error', (error) => {
        this.stderr += String(error);
        this.ended = true;
        done();
      });
    });
  }

  /** Waits until `ready()` holds; fails, with what the command printed, when it exits first or after `ms`. */
  async waitUntil(ready: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
    const deadline = Date.now() + ms;
    for (;;) {
      if (await ready()) return;
      const output = `stdout:\n${this.lines.join('\n')}\nstderr:\n${this.stderr}`;
      if (this.ended) throw new Error(`waiting for ${what}: the command exited\n${output}`);
      if (Date.now() > deadline) throw new Error(`waiting for ${what}: not within ${ms} ms\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async waitForLine(match: (line: string) => boolean, ms: number, what: string): Promise<string> {
    await this.waitUntil(() => this.lines.some(match), ms, what);
    return this.lines.find(match)!;
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (!this.ended) this.process.kill(signal);
    const timer = setTimeout(() => this.process.kill('SIGKILL'), 5_000);
    await this.exited;
    clearTimeout(timer);
  }
}

/** Every package under a node_modules folder, nested ones included (`a/node_modules/b` as `a > b`). */
export function packagesIn(folder: string, prefix = ''): string[] {
  if (!existsSync(folder)) return [];
  const names: string[] = [];
  for (const entry of readdirSync(folder)) {
    if (entry.startsWith('.')) continue;
    const scoped = entry.startsWith('@') ? readdirSync(join(folder, entry)).map((n) => `${entry}/${n}`) : [entry];
    for (const name of scoped) {
      names.push(`${prefix}${name}`);
      names.push(...packagesIn(join(folder, name, 'node_modules'), `${prefix}${name} > `));
    }
  }
  return names;
}

/** A port free on 127.0.0.1 now, for a command that takes its port from the environment. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** What `npm pack --json` reports of one package. */
export interface Packed {
  /** The tarball's file name, in the destination folder. */
  filename: string;
  files: { path: string; mode: number }[];
}

const REPO = resolve(import.meta.dirname, '../..');
/** One lock per checkout: the packs of two checkouts touch different dist/ folders. */
const PACK_LOCK = join(tmpdir(), `payments-service-pack-${createHash('sha256').update(REPO).digest('hex').slice(0, 12)}.lock`);

/**
 * `npm pack` of each of the repository's package folders, in order, into `destination`. A pack rebuilds its
 * package's dist/ (prepack), and the CLI's rebuilds the client's first: two test files packing at once would empty a
 * dist/ the other is packing or compiling against. So the packs of a checkout take turns, each caller's whole list
 * under one lock: a folder that `mkdir` either makes or finds made, holding the holder's process id, so that a lock
 * left by a process that died is taken over.
 */
export async function pack(folders: string[], destination: string): Promise<Packed[]> {
  const release = await lock(PACK_LOCK, 240_000);
  try {
    const packed: Packed[] = [];
    for (const folder of folders) {
      const result = await run('npm', ['pack', '--json', '--pack-destination', destination], { cwd: folder });
      if (result.code !== 0) throw new Error(`npm pack in ${folder} failed:\n${result.stdout}\n${result.stderr}`);
      // prepack's output (if any) comes before npm's JSON.
      packed.push((JSON.parse(result.stdout.slice(result.stdout.search(/^\[/m))) as Packed[])[0]!);
    }
    return packed;
  } finally {
    release();
  }
}

async function lock(folder: string, ms: number): Promise<() => void> {
  const deadline = Date.now() + ms;
  const holderFile = join(folder, 'pid');
  for (;;) {
    try {
      mkdirSync(folder);
      writeFileSync(holderFile, String(process.pid));
      return () => rmSync(folder, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderOf(holderFile);
    if (holder !== undefined && !isRunning(holder)) rmSync(folder, { recursive: true, force: true });
    else if (Date.now() > deadline) throw new Error(`${folder}: still held after ${ms} ms (by process ${holder ?? '?'})`);
    else await new Promise((r) => setTimeout(r, 250));
  }
}

/** The process id the lock's holder wrote; undefined while it has not written it yet (it has just made the lock). */
function holderOf(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8'));
    return pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
