/**
 * The dependency rules' own tests (`server/layers.test.ts`, `cli/test/boundary.test.ts`): small trees written to a
 * temporary folder (with the repository's tsconfig.json, whose paths resolve the client's package name), and the
 * same command as `npm run check:layers` run on them, its exit code and each violation as `rule: from -> to`.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

const ROOT = resolve(import.meta.dirname, '../..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const CLI = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** Temporary trees of files, each removed by `cleanup` (the test's `afterAll`). */
export function trees(prefix: string): { tree(files: Record<string, string>): string; cleanup(): void } {
  const dirs: string[] = [];
  return {
    tree(files) {
      const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
      dirs.push(dir);
      copyFileSync(join(ROOT, 'tsconfig.json'), join(dir, 'tsconfig.json'));
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      return dir;
    },
    cleanup() {
      for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
    },
  };
}

interface Run {
  code: number;
  stdout: string;
}

/** The same command as `npm run check:layers` in `cwd`: its exit code and what it printed. */
async function run(cwd: string, dirs: string[], outputType: 'err' | 'json'): Promise<Run> {
  const args = [CLI, '--config', CONFIG, '--output-type', outputType, ...dirs];
  try {
    const { stdout } = await promisify(execFile)(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout };
  } catch (err) {
    const e = err as { code?: unknown; stdout?: string };
    if (typeof e.code !== 'number' || e.stdout === undefined) throw err;
    return { code: e.code, stdout: e.stdout };
  }
}

/** The exit code of the check (its `err` report; the JSON report always exits 0) and each violation it lists. */
export async function cruise(cwd: string, dirs: string[]): Promise<{ code: number; violations: string[] }> {
  const [err, json] = await Promise.all([run(cwd, dirs, 'err'), run(cwd, dirs, 'json')]);
  const out = JSON.parse(json.stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  const violations = out.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
  return { code: err.code, violations };
}
