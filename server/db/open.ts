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
import { checkPostgres, openPostgres } from './postgres';
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

function reasonOf(err: unknown): string {
  return code(err) && /^E[A-Z]+$/.test(code(err)!) ? `cannot connect (${code(err)})` : err instanceof Error ? err.message : String(err);
}

async function openServer(url: string, sessionUrl: string, poolMax: number | undefined, prepared: boolean): Promise<Db> {
  let db: Db;
  try {
    db = await openPostgres(url, poolMax, sessionUrl, prepared);
  } catch (err) {
    throw new SettingError('DATABASE_URL', `DATABASE_URL ${describeUrl(url)}: ${reasonOf(err)}`);
  }
  // A session URL of its own is checked now: its first user, a worker's LISTEN, would only log its failures.
  if (sessionUrl === url) return db;
  try {
    await checkPostgres(sessionUrl);
  } catch (err) {
    await db.close();
    throw new SettingError('DATABASE_SESSION_URL', `DATABASE_SESSION_URL ${describeUrl(sessionUrl)}: ${reasonOf(err)}`);
  }
  return db;
}

type DatabaseSettings = Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databaseSessionUrl' | 'databasePreparedStatements'>>;

/**
 * The configured database, migrated; on PGlite with the data folder locked for this process. `poolMax`: the
 * PostgreSQL pool's size (`poolSizeFor` in config.ts; 10 when omitted). LISTEN goes to `databaseSessionUrl` when given.
 */
export async function openDatabase(config: DatabaseSettings, poolMax?: number): Promise<OpenedDatabase> {
  const opened = config.databaseUrl
    ? {
        db: await openServer(
          config.databaseUrl,
          config.databaseSessionUrl ?? config.databaseUrl,
          poolMax,
          config.databasePreparedStatements ?? (config.databaseSessionUrl ?? config.databaseUrl) === config.databaseUrl,
        ),
        lock: null,
      }
    : await openEmbedded(config.dataDir);
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
export async function openDb(config: DatabaseSettings): Promise<Db> {
  return (await openDatabase(config)).db;
}
