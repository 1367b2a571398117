/**
 * PGlite for tests, started in about a sixth of the time of a cold start: the WebAssembly modules are compiled once
 * per process, and a test database is loaded from a snapshot of a freshly migrated one instead of running initdb and
 * every migration again. The snapshot is made once per test run by the global setup (`global-setup.ts` beside this
 * file) and handed to the test processes by file; a process without one, or with one made from other migrations
 * (a migration edited while vitest watches), makes its own on first use.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadMigrations, migrate } from '../db/migrate';
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

/** What the migrations of this build are: a snapshot made from other ones (a migration edited in watch mode) is stale. */
function migrationsDigest(): string {
  const hash = createHash('sha256');
  for (const m of loadMigrations()) hash.update(`${m.name}\n${m.sql}\n`);
  return hash.digest('hex');
}

function snapshotOfRun(): Promise<Blob> {
  const file = process.env[TEMPLATE_ENV];
  const fresh = file !== undefined && existsSync(`${file}.digest`) && readFileSync(`${file}.digest`, 'utf8') === migrationsDigest();
  snapshot ??= fresh ? Promise.resolve(new Blob([readFileSync(file)])) : migratedSnapshot();
  return snapshot;
}

/** Writes the snapshot of this run to `file`, with the digest of the migrations it was made from (the global setup). */
export async function writeSnapshot(file: string): Promise<void> {
  writeFileSync(file, Buffer.from(await (await migratedSnapshot()).arrayBuffer()));
  writeFileSync(`${file}.digest`, migrationsDigest());
}

/** A fresh in-memory database: migrated (from the snapshot) when `migrated`, else empty for the caller to migrate. */
export async function openTestPglite(migrated: boolean): Promise<Db> {
  const start: PgliteStart = { ...(await compiled()), ...(migrated ? { loadDataDir: await snapshotOfRun() } : {}) };
  return openPglite('memory://', start);
}
