/**
 * PGlite for tests, started in about a sixth of the time of a cold start: the WebAssembly modules are compiled once
 * per process, and a test database is loaded from a snapshot of a freshly migrated one instead of running initdb and
 * every migration again. The snapshot is made once per test run by the global setup (`global-setup.ts` beside this
 * file) and handed to the test processes by file; a process without one makes its own on first use.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrate } from '../db/migrate';
import { asDb, openPglite, type PgliteStart } from '../db/pglite';
import type { Db } from '../db/types';

/** The environment variable naming the snapshot file of this run. */
export const TEMPLATE_ENV = 'PGLITE_TEST_TEMPLATE';

type Modules = Required<Pick<PgliteStart, 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>>;
let modules: Promise<Modules> | undefined;
// The project's type library has no DOM, where `WebAssembly`'s value is declared; Node has it at run time.
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }).WebAssembly;
let snapshot: Promise<Blob> | undefined;

function compiled(): Promise<Modules> {
  modules ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    return {
      pgliteWasmModule: await wasm.compile(readFileSync(join(dist, 'pglite.wasm'))),
      initdbWasmModule: await wasm.compile(readFileSync(join(dist, 'initdb.wasm'))),
      fsBundle: new Blob([readFileSync(join(dist, 'pglite.data'))]),
    };
  })();
  return modules;
}

/** A migrated, empty database's data folder as a tarball. */
async function migratedSnapshot(): Promise<Blob> {
  const pg = await PGlite.create({ dataDir: 'memory://', ...(await compiled()) });
  await migrate(asDb(pg));
  const tarball = await pg.dumpDataDir('none');
  await pg.close();
  return tarball;
}

function snapshotOfRun(): Promise<Blob> {
  const file = process.env[TEMPLATE_ENV];
  snapshot ??= file ? Promise.resolve(new Blob([readFileSync(file)])) : migratedSnapshot();
  return snapshot;
}

/** Writes the snapshot of this run to `file` (the global setup). */
export async function writeSnapshot(file: string): Promise<void> {
  writeFileSync(file, Buffer.from(await (await migratedSnapshot()).arrayBuffer()));
}

/** A fresh in-memory database: migrated (from the snapshot) when `migrated`, else empty for the caller to migrate. */
export async function openTestPglite(migrated: boolean): Promise<Db> {
  const start: PgliteStart = { ...(await compiled()), ...(migrated ? { loadDataDir: await snapshotOfRun() } : {}) };
  return openPglite('memory://', start);
}
