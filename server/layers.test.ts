/**
 * The layer rules (`.dependency-cruiser.cjs`: no import of http/ from below it, core/ the floor, the floors of
 * server/ in order, no circles, test helpers in tests only) fail, with the rule's name, on a small tree that breaks each of them:
 * so a rule that silently stopped matching (a renamed folder, a regex typo) shows here. That they hold on the real
 * tree is `npm run check:layers`, which `npm test` runs beside the suites (cruising the whole tree once, not twice).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const CLI = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

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
async function cruise(cwd: string, dirs: string[]): Promise<{ code: number; violations: string[] }> {
  const [err, json] = await Promise.all([run(cwd, dirs, 'err'), run(cwd, dirs, 'json')]);
  const out = JSON.parse(json.stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  const violations = out.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
  return { code: err.code, violations };
}

describe('the layer rules', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  function tree(files: Record<string, string>): string {
    const dir = mkdtempSync(join(tmpdir(), 'layers-'));
    dirs.push(dir);
    copyFileSync(join(ROOT, 'tsconfig.json'), join(dir, 'tsconfig.json'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return dir;
  }

  // Each layer in its place: http uses domain and core, domain uses db and core, tests use the test helpers.
  const sound = {
    'server/core/errors.ts': 'export class ApiError extends Error {}\n',
    'server/db/page.ts': "import { ApiError } from '../core/errors';\nexport const page = () => new ApiError();\n",
    'server/domain/service.ts': "import { page } from '../db/page';\nexport const list = () => page();\n",
    'server/http/handler.ts': "import { list } from '../domain/service';\nexport const handle = () => list();\n",
    'server/service.ts': "import { handle } from './http/handler';\nexport const start = () => handle();\n",
    'server/testing/harness.ts': "import { start } from '../service';\nexport const harness = () => start();\n",
    'server/domain/service.test.ts': "import { harness } from '../testing/harness';\nharness();\n",
  };

  it('passes a tree that keeps every rule', { timeout: 60_000 }, async () => {
    expect(await cruise(tree(sound), ['server'])).toEqual({ code: 0, violations: [] });
  });

  it('fails on an import from a higher floor: db or config reaching up, payments into the domain, the domain into the service, the engine into checkout', { timeout: 60_000 }, async () => {
    const dir = tree({
      ...sound,
      'server/config.ts': "import { retry } from './webhooks/schedule';\nexport const c = () => retry;\n",
      'server/webhooks/schedule.ts': 'export const retry = [5];\n',
      'server/db/open.ts': "import { list } from '../domain/service';\nexport const o = () => list();\n",
      'server/payments/provider.ts': "import type { Mode } from '../domain/access/keys';\nexport const p = (m: Mode) => m;\n",
      'server/domain/access/keys.ts': "export type Mode = 'sandbox' | 'production';\n",
      'server/domain/late.ts': "import { start } from '../service';\nexport const l = () => start();\n",
      // Inside the domain: the engine calling a follower of its charges instead of letting it register.
      'server/domain/checkout/outcome.ts': 'export const complete = () => 1;\n',
      'server/domain/transactions/change.ts': "import { complete } from '../checkout/outcome';\nexport const change = () => complete();\n",
      // A test may reach up for its set-up: the floors bind production code.
      'server/db/open.test.ts': "import { list } from '../domain/service';\nlist();\n",
    });
    const result = await cruise(dir, ['server']);
    expect(result.code).not.toBe(0);
    expect(result.violations).toEqual([
      'domain-floor-4-transactions: server/domain/transactions/change.ts -> server/domain/checkout/outcome.ts',
      'floor-1-config: server/config.ts -> server/webhooks/schedule.ts',
      'floor-2-db: server/db/open.ts -> server/domain/service.ts',
      'floor-3-jobs: server/payments/provider.ts -> server/domain/access/keys.ts',
      'floor-4-domain: server/domain/late.ts -> server/service.ts',
    ]);
  });

  it('fails on an upward import (from a test too), core importing a layer, a circle of type imports, and a test helper in production', { timeout: 60_000 }, async () => {
    const dir = tree({
      ...sound,
      'server/webhooks/outbox.ts': "import { handle } from '../http/handler';\nexport const o = () => handle();\n",
      'server/core/tenancy.ts': "import { list } from '../domain/service';\nexport const t = () => list();\n",
      'server/domain/a.ts': "import type { B } from './b';\nexport interface A { b?: B }\n",
      'server/domain/b.ts': "import type { A } from './a';\nexport interface B { a?: A }\n",
      'server/jobs/worker.ts': "import { harness } from '../testing/harness';\nexport const w = () => harness();\n",
      'server/payments/provider.test.ts': "import { handle } from '../http/handler';\nhandle();\n",
    });
    const result = await cruise(dir, ['server']);
    expect(result.code).not.toBe(0);
    // A circle is reported once, from the first module of it the cruise meets.
    // The floor rules see the same two upward imports: each names its own reason.
    expect(result.violations).toEqual([
      'core-is-the-floor: server/core/tenancy.ts -> server/domain/service.ts',
      'floor-0-core: server/core/tenancy.ts -> server/domain/service.ts',
      'floor-3-jobs: server/webhooks/outbox.ts -> server/http/handler.ts',
      'no-circular: server/domain/a.ts -> server/domain/b.ts',
      'no-upward-http: server/payments/provider.test.ts -> server/http/handler.ts',
      'no-upward-http: server/webhooks/outbox.ts -> server/http/handler.ts',
      'testing-only-in-tests: server/jobs/worker.ts -> server/testing/harness.ts',
    ]);
  });
});
