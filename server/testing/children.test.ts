/**
 * No process a test starts outlives it: a service whose start misses its deadline is killed before the throw, what
 * a test file left running is killed when the file ends, and a child whose test process died ends itself.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killTracked, ORPHAN_GUARD_OPTION, track } from './children';
import { startProcess } from './processes';

const root = mkdtempSync(join(tmpdir(), 'children-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Pids of the processes whose environment holds `entry` (Linux's /proc). */
function processesWith(entry: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/environ`, 'latin1').split('\0').includes(entry)) pids.push(Number(name));
    } catch {
      // ended meanwhile, or not ours to read
    }
  }
  return pids;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(what: string, check: () => boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(process.platform !== 'linux')('processes started by tests', () => {
  it('a service that misses its start deadline is killed before startProcess throws', async () => {
    const dataDir = join(root, 'late');
    await expect(startProcess(dataDir, {}, 1)).rejects.toThrow(/payments service listening: not printed within 1 ms/);
    expect(processesWith(`DATA_DIR=${dataDir}`)).toEqual([]);
  });

  it('killTracked ends what a test file left running, and counts it', async () => {
    const child = track(spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }));
    await until('the child to run', () => child.pid !== undefined && alive(child.pid));
    expect(await killTracked()).toBe(1);
    expect(child.signalCode).toBe('SIGKILL');
    expect(await killTracked()).toBe(0);
  });

  it('every process the suite starts loads the orphan guard', () => {
    expect(process.env.NODE_OPTIONS?.split(' ')).toContain(ORPHAN_GUARD_OPTION);
  });

  it("a child whose parent was killed with SIGKILL ends itself (the orphan guard)", async () => {
    // parent → child, both with this suite's environment; the parent prints its child's pid, then is killed.
    const script = `const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      console.log(c.pid); setInterval(() => {}, 1000);`;
    const parent = track(spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] }));
    let out = '';
    parent.stdout!.on('data', (d) => (out += String(d)));
    await until('the parent to print its child', () => /^\d+\n/.test(out));
    const childPid = Number(out.trim());
    expect(alive(childPid)).toBe(true);
    parent.kill('SIGKILL');
    await until('the orphan to end itself', () => !alive(childPid));
  });
});
