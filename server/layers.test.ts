/**
 * The layer rules (`.dependency-cruiser.cjs`: no import of http/ from below it, core/ the floor, the floors of
 * server/ in order, no circles, test helpers in tests only) fail, with the rule's name, on a small tree that breaks each of them:
 * so a rule that silently stopped matching (a renamed folder, a regex typo) shows here. That they hold on the real
 * tree is `npm run check:layers`, which `npm test` runs beside the suites (cruising the whole tree once, not twice).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cruise, trees } from './testing/cruise';

describe('the layer rules', () => {
  const { tree, cleanup } = trees('layers');
  afterAll(cleanup);

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
