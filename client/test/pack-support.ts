/**
 * Process helpers of client/test/pack.test.ts: commands run as a partner would type them, long-running ones (a
 * receiver, `payments listen`) watched line by line, and what an installed project's node_modules holds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
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
