/**
 * The boundary of the two packages (`.dependency-cruiser.cjs`): the CLI imports the client by its package name only,
 * and the client imports nothing of the CLI. Each rule fails, with its name, on a small tree that breaks it, so a rule
 * that silently stopped matching (a renamed folder, tsconfig.json's paths named otherwise) shows here. That they hold
 * on the real tree is `npm run check:layers`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cruise, trees } from '../../server/testing/cruise';

/** The violations `npm run check:layers` finds in `cwd`'s client/ and cli/, as `rule: from -> to`. */
async function violations(cwd: string): Promise<string[]> {
  return (await cruise(cwd, ['client', 'cli'])).violations;
}

describe('the boundary between the client and the CLI', () => {
  const { tree, cleanup } = trees('boundary');
  afterAll(cleanup);

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
