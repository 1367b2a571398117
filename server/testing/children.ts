/**
 * Every process a test starts is stopped on every path. A test registers what it spawns with `track`; the
 * setup file (`children-setup.ts`) kills what a test file left running once the file ends, whether its tests
 * passed, failed or timed out, and the orphan guard (`orphan-guard.mjs`) ends any child whose test process died.
 */
import type { ChildProcess } from 'node:child_process';

const live = new Set<ChildProcess>();

/** Registers a spawned process so that it cannot outlive its test file; returns it. */
export function track<T extends ChildProcess>(child: T): T {
  if (child.exitCode !== null || child.signalCode !== null) return child;
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

/** Kills (SIGKILL) every tracked process still running and waits until each has exited. */
export async function killTracked(): Promise<number> {
  const running = [...live];
  await Promise.all(running.map(kill));
  return running.length;
}

/** Kills one process with SIGKILL, unless it has ended already, and resolves once it has exited. */
export function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGKILL');
  return exited;
}

/** The `NODE_OPTIONS` entry that loads the orphan guard into a process (and, through the environment, its children). */
export const ORPHAN_GUARD_OPTION = `--import=${new URL('./orphan-guard.mjs', import.meta.url).href}`;

/**
 * Makes every Node.js process this one starts with its environment load the orphan guard, naming this process as
 * their spawner (a child that starts after its spawner died sees an adoptive parent already).
 */
export function guardChildren(): void {
  const options = (process.env.NODE_OPTIONS ?? '').split(' ').filter((o) => o !== '' && o !== ORPHAN_GUARD_OPTION);
  process.env.NODE_OPTIONS = [...options, ORPHAN_GUARD_OPTION].join(' ');
  process.env.ORPHAN_GUARD_SPAWNER = String(process.pid);
}
