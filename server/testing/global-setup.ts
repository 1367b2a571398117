/**
 * Vitest global setup: the migrated PGlite snapshot every test process starts its databases from (see
 * `pglite-template.ts`), made once per run from this build's migrations and removed at the end of the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEMPLATE_ENV, writeSnapshot } from './pglite-template';

export async function setup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'pglite-template-'));
  const file = join(dir, 'migrated.tar');
  await writeSnapshot(file);
  // Test processes are started after the global setup and inherit its environment.
  process.env[TEMPLATE_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
