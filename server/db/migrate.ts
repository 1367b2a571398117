/** Applies the numbered plain-SQL migrations of server/db/migrations/ in order, once each. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './types';

const dir = join(import.meta.dirname, 'migrations');
// Any fixed number: every process that migrates takes this lock, so two starting at once apply each file once.
const LOCK_KEY = 727_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

function migrationFiles(): string[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
}

/** The version of every migration of this build, from the file names alone (readiness needs no SQL text). */
export function migrationVersions(): number[] {
  return migrationFiles().map((f) => Number(f.slice(0, 3)));
}

export function loadMigrations(): Migration[] {
  return migrationFiles().map((f) => ({ version: Number(f.slice(0, 3)), name: f, sql: readFileSync(join(dir, f), 'utf8') }));
}

/** Returns the names of the migrations it applied. */
export async function migrate(db: Db, migrations = loadMigrations()): Promise<string[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied: string[] = [];
  for (const m of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version]);
      if (seen.rowCount > 0) return false;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      return true;
    });
    if (done) applied.push(m.name);
  }
  return applied;
}
