/**
 * Opens the database the configuration names (PostgreSQL with `DATABASE_URL`, else PGlite in `DATA_DIR`) and
 * migrates it. What an operator must fix (a folder that cannot be written, a server that cannot be reached, a
 * folder another process holds) comes back as a `SettingError` naming the setting: one line, no stack trace.
 */
import { accessSync, constants } from 'node:fs';
import { SettingError, type Config } from '../config';
import { DataDirInUse, lockDataDir, type DataDirLock } from './lock';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';

export interface OpenedDatabase {
  db: Db;
  /** The embedded data folder's lock and admin channel; null on PostgreSQL and in memory. */
  lock: DataDirLock | null;
}

/** `postgres://host:port/database` without the user and password, for messages. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return 'the URL';
  }
}

function code(err: unknown): string | undefined {
  const c = (err as { code?: unknown } | null)?.code;
  return typeof c === 'string' ? c : undefined;
}

async function openEmbedded(dataDir: string): Promise<OpenedDatabase> {
  if (dataDir.startsWith('memory://')) return { db: await openPglite(dataDir), lock: null };
  let lock: DataDirLock;
  try {
    lock = await lockDataDir(dataDir);
    accessSync(dataDir, constants.W_OK);
  } catch (err) {
    if (err instanceof DataDirInUse) throw new SettingError('DATA_DIR', err.message);
    const c = code(err);
    if (c === 'ENOTDIR' || c === 'EEXIST') throw new SettingError('DATA_DIR', `DATA_DIR ${dataDir} is not a directory`);
    if (c === 'EACCES' || c === 'EPERM' || c === 'EROFS') throw new SettingError('DATA_DIR', `DATA_DIR ${dataDir} cannot be written (${c}); choose a folder this user may write`);
    throw err;
  }
  try {
    return { db: await openPglite(dataDir), lock };
  } catch (err) {
    await lock.release();
    throw new SettingError('DATA_DIR', `DATA_DIR ${dataDir} does not hold a database this service can open: ${err instanceof Error ? err.message : String(err)}`);
  }
}

async function openServer(url: string, poolMax: number | undefined): Promise<Db> {
  try {
    return await openPostgres(url, poolMax);
  } catch (err) {
    const reason = code(err) && /^E[A-Z]+$/.test(code(err)!) ? `cannot connect (${code(err)})` : err instanceof Error ? err.message : String(err);
    throw new SettingError('DATABASE_URL', `DATABASE_URL ${describeUrl(url)}: ${reason}`);
  }
}

/**
 * The configured database, migrated; on PGlite with the data folder locked for this process. `poolMax`: the
 * PostgreSQL pool's size (`poolSizeFor` in config.ts; 10 when omitted).
 */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, poolMax?: number): Promise<OpenedDatabase> {
  const opened = config.databaseUrl ? { db: await openServer(config.databaseUrl, poolMax), lock: null } : await openEmbedded(config.dataDir);
  try {
    await migrate(opened.db);
  } catch (err) {
    await opened.db.close();
    await opened.lock?.release();
    throw err;
  }
  if (!opened.lock) return opened;
  // Closing the database frees the folder: the lock lives exactly as long as the database is open.
  const { db, lock } = opened;
  return { db: { ...db, close: async () => { await db.close(); await lock.release(); } }, lock };
}

/** The configured database, migrated (the lock, on PGlite, is released when it is closed). */
export async function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  return (await openDatabase(config)).db;
}
