/**
 * PGlite for tests, started in about a sixth of the time of a cold start: the WebAssembly modules are compiled once
 * per process, and a test database is loaded from a snapshot of a freshly migrated one instead of running initdb and
 * every migration again. The snapshot is made once per test run by the global setup (`global-setup.ts` beside this
 * file) and handed to the test processes by file; a process without one, or with one made from other migrations
 * (a migration edited while vitest watches), makes its own on first use.
 *
 * A migrated database a test gives back is kept for the next test file of the same process, emptied, instead of
 * closed: loading the snapshot costs about 0.7 s of CPU, emptying about a tenth of that. It is kept only when its
 * schema is still the migrated one (a test that adds a trigger to inject a fault, or drops a constraint, gets a
 * database no later test sees), and the giver's handle is dead from then on: a late query through it throws as on a
 * closed database, never lands in the next test's data.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadMigrations, migrate } from '../db/migrate';
import { asDb, openPglite, type PgliteStart } from '../db/pglite';
import type { Db, Queryable } from '../db/types';

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
  if (!migrated) return openPglite('memory://', await compiled());
  const reused = idle.pop();
  if (reused) return lease(reused);
  const pg = await PGlite.create({ dataDir: 'memory://', ...(await compiled()), loadDataDir: await snapshotOfRun() });
  pristine ??= describeSchema(asDb(pg)).catch((err: unknown) => {
    pristine = undefined;
    throw err;
  });
  try {
    await pristine;
  } catch (err) {
    await pg.close();
    throw err;
  }
  return lease(pg);
}

/** Emptied migrated databases waiting for the next test of this process. */
const idle: PGlite[] = [];
const MAX_IDLE = 2;
/** The migrated schema as the snapshot has it, and the tables that hold rows in it (the migrations' own record). */
let pristine: Promise<Schema> | undefined;

interface Schema {
  digest: string;
  /** Every table of the schema, and the ones the snapshot already fills: these are never emptied. */
  tables: string[];
  filled: Map<string, string>;
}

/**
 * What must be as the migrations left it for a database to be handed on: every table, column, index, constraint,
 * trigger, function, sequence and type of the public schema, and the contents of the tables that hold rows (of
 * `only`, when given: the ones the snapshot fills).
 */
async function describeSchema(q: Queryable, only?: Iterable<string>): Promise<Schema> {
  const objects = await q.query<{ line: string }>(
    `SELECT format('rel %s %s %s %s %s %s', c.relkind, c.relname, c.relpersistence, c.relrowsecurity, c.reloptions,
                   coalesce(string_agg(format('%s:%s:%s:%s:%s', a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull,
                                              pg_get_expr(d.adbin, d.adrelid), a.attcollation::regcollation), ',' ORDER BY a.attnum), '')) AS line
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
       LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
       LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
      GROUP BY c.oid, c.relkind, c.relname, c.relpersistence, c.relrowsecurity, c.reloptions
     UNION ALL SELECT 'con ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = 'public'::regnamespace
     UNION ALL SELECT 'idx ' || indexrelid::regclass || ' ' || pg_get_indexdef(indexrelid) FROM pg_index WHERE indrelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace)
     UNION ALL SELECT 'trg ' || pg_get_triggerdef(oid) || ' ' || tgenabled::text FROM pg_trigger WHERE tgrelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace)
     UNION ALL SELECT 'fn ' || p.oid::regprocedure || ' ' || CASE WHEN p.prokind IN ('f', 'p') THEN md5(pg_get_functiondef(p.oid)) ELSE md5(p.prosrc) END FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace
     UNION ALL SELECT 'view ' || c.relname || ' ' || md5(pg_get_viewdef(c.oid)) FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('v', 'm')
     UNION ALL SELECT 'type ' || typname FROM pg_type WHERE typnamespace = 'public'::regnamespace AND typrelid = 0
     UNION ALL SELECT 'enum ' || enumtypid::regtype || ' ' || string_agg(enumlabel, ',' ORDER BY enumsortorder) FROM pg_enum GROUP BY enumtypid
     UNION ALL SELECT format('seq %s %s %s %s %s %s %s', seqrelid::regclass, seqtypid, seqstart, seqincrement, seqmax, seqmin, seqcycle) FROM pg_sequence
     UNION ALL SELECT 'rule ' || rulename || ' ' || tablename || ' ' || md5(definition) FROM pg_rules WHERE schemaname = 'public'
     UNION ALL SELECT 'policy ' || policyname || ' ' || tablename FROM pg_policies WHERE schemaname = 'public'
     UNION ALL SELECT 'schema ' || nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
     UNION ALL SELECT 'role ' || rolname FROM pg_roles WHERE rolname NOT LIKE 'pg\\_%'
     UNION ALL SELECT 'ext ' || extname || ' ' || extversion FROM pg_extension
     UNION ALL SELECT 'large objects ' || count(*) FROM pg_largeobject_metadata
     ORDER BY 1`,
  );
  const tables = (await q.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).rows.map((r) => r.name);
  const hash = createHash('sha256');
  for (const { line } of objects.rows) hash.update(`${line}\n`);
  return { digest: hash.digest('hex'), tables, filled: await contents(q, only ?? tables) };
}

/** The digest of the rows of each of `tables` that holds any. */
async function contents(q: Queryable, tables: Iterable<string>): Promise<Map<string, string>> {
  const filled = new Map<string, string>();
  for (const table of tables) {
    const rows = await q.query<{ digest: string | null; n: number }>(`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest, count(*)::int AS n FROM "${table}" t`);
    if ((rows.rows[0]?.n ?? 0) > 0) filled.set(table, rows.rows[0]!.digest ?? '');
  }
  return filled;
}

/**
 * A handle on `pg` for one test: closing it empties the database and keeps it for the next one (when its schema is
 * still the migrated one and the pool has room), or closes it. After its close the handle refuses every call.
 */
function lease(pg: PGlite): Db {
  const db = asDb(pg);
  let released = false;
  const listening = new Set<{ close(): Promise<void> }>();
  const live = () => {
    if (released) throw new Error('this test database was closed');
  };
  return {
    kind: db.kind,
    query: async (sql, params) => (live(), db.query(sql, params)),
    exec: async (sql) => (live(), db.exec(sql)),
    transaction: async (fn) => (live(), db.transaction(fn)),
    async listen(channel, onNotify) {
      live();
      const sub = await db.listen(channel, () => {
        if (!released) onNotify();
      });
      listening.add(sub);
      return { close: async () => (listening.delete(sub), sub.close()) };
    },
    async close() {
      if (released) return;
      released = true;
      for (const sub of listening) await sub.close();
      // Checked again after emptying: other databases may have been given back meanwhile.
      if (idle.length >= MAX_IDLE || pg.closed || !(await emptied(pg)) || idle.length >= MAX_IDLE) {
        if (!pg.closed) await pg.close();
        return;
      }
      idle.push(pg);
    },
  };
}

/** Empties `pg` back to the migrated state; false (keep it out of the pool) when its schema is no longer that. */
async function emptied(pg: PGlite): Promise<boolean> {
  try {
    const before = await pristine!;
    const db = asDb(pg);
    // Session state: settings, prepared statements, LISTENs, advisory locks, temporary tables.
    await db.exec('DISCARD ALL');
    const now = await describeSchema(db, before.filled.keys());
    if (now.digest !== before.digest || now.tables.join() !== before.tables.join()) return false;
    if ([...before.filled].some(([table, digest]) => now.filled.get(table) !== digest)) return false;
    const empty = before.tables.filter((t) => !before.filled.has(t)).map((t) => `"${t}"`);
    if (empty.length > 0) await db.exec(`TRUNCATE ${empty.join(', ')} RESTART IDENTITY CASCADE`);
    // Sequences no column owns are not restarted by TRUNCATE.
    await db.query(`SELECT setval(seqrelid, seqstart, false) FROM pg_sequence WHERE seqrelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace)`);
    return true;
  } catch {
    return false;
  }
}
