/**
 * The boundary of the two packages (`.dependency-cruiser.cjs`): the CLI imports the client by its package name only,
 * and the client imports nothing of the CLI. Each rule fails, with its name, on a small tree that breaks it, so a rule
 * that silently stopped matching (a renamed folder, tsconfig.json's paths named otherwise) shows here. That they hold
 * on the real tree is `npm run check:layers`.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const CRUISE = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** The violations `npm run check:layers` finds in `cwd`'s client/ and cli/, as `rule: from -> to`. */
async function violations(cwd: string): Promise<string[]> {
  const args = [CRUISE, '--config', CONFIG, '--output-type', 'json', 'client', 'cli'];
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 });
  const out = JSON.parse(stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  return out.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

describe('the boundary between the client and the CLI', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  function tree(files: Record<string, string>): string {
    const dir = mkdtempSync(join(tmpdir(), 'boundary-'));
    dirs.push(dir);
    // The repository's tsconfig.json: its paths are what make the package name resolve to client/src/.
    copyFileSync(join(ROOT, 'tsconfig.json'), join(dir, 'tsconfig.json'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return dir;
  }

  // The CLI through both entry points, in its sources and its tests.
  const sound = {
    'client/src/retry.ts': 'export const sleep = () => 1;\n',
    'client/src/index.ts': "export { sleep } from './retry';\n",
    'client/src/webhooks.ts': 'export const verify = () => 1;\n',
    'cli/src/main.ts':
      "import { sleep } from '@payments-service/client';\nimport { verify } from '@payments-service/client/webhooks';\nexport const main = () => sleep() + verify();\n",
    'cli/test/main.test.ts': "import { verify } from '@payments-service/client/webhooks';\nimport { main } from '../src/main';\nmain() + verify();\n",
  };

  it('passes a CLI that imports the client by its package name', { timeout: 60_000 }, async () => {
    expect(await violations(tree(sound))).toEqual([]);
  });

  it('fails on a CLI module or test reaching into client/src/ by a path (its entry too), and on the client importing the CLI', { timeout: 60_000 }, async () => {
    const dir = tree({
      ...sound,
      'cli/src/listen.ts': "import { sleep } from '../../client/src/retry';\nexport const listen = () => sleep();\n",
      'cli/src/logs.ts': "import { sleep } from '../../client/src/index';\nexport const logs = () => sleep();\n",
      'cli/test/listen.test.ts': "import { sleep } from '../../client/src/retry';\nsleep();\n",
      'client/src/help.ts': "import { main } from '../../cli/src/main';\nexport const help = () => main();\n",
    });
    expect(await violations(dir)).toEqual([
      'cli-uses-the-client-package: cli/src/listen.ts -> client/src/retry.ts',
      'cli-uses-the-client-package: cli/src/logs.ts -> client/src/index.ts',
      'cli-uses-the-client-package: cli/test/listen.test.ts -> client/src/retry.ts',
      'client-knows-no-cli: client/src/help.ts -> cli/src/main.ts',
    ]);
  });
});
