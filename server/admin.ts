/**
 * `npm run admin -- <command> [flags]`: merchants, keys and fee plans from the command line (`--help` lists the
 * commands, `<command> --help` their flags; the table is server/admin/run.ts).
 *
 * Where a command runs: with DATABASE_URL, here, on PostgreSQL. On the embedded database, when a service holds the
 * data folder the command line is sent to it over the folder's socket and it runs the command on its own database
 * (PGlite is one process's database); when none does, here, holding the folder for the command's duration.
 */
import { execute, parseAdmin, type AdminResult } from './admin/run';
import { loadConfig, SettingError } from './config';
import { askOwner } from './db/lock';
import { openDatabase } from './db/open';

function finish(result: AdminResult): never {
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exit(result.code);
}

function isResult(value: unknown): value is AdminResult {
  const r = value as AdminResult | null;
  return typeof r?.code === 'number' && typeof r.stdout === 'string' && typeof r.stderr === 'string';
}

const argv = process.argv.slice(2);
const parsed = parseAdmin(argv);
if (parsed.kind === 'done') finish(parsed.result);

try {
  const config = loadConfig();
  if (!config.databaseUrl) {
    const answer = await askOwner(config.dataDir, { op: 'admin', argv });
    if (answer !== null) {
      if (!isResult(answer)) {
        // The service answers `{ error }` when the command failed there (server/db/lock.ts).
        const error = (answer as { error?: unknown } | null)?.error;
        throw new Error(typeof error === 'string' ? `the running service could not run it: ${error}` : 'the running service gave an answer this admin command does not understand');
      }
      finish(answer);
    }
  }
  let opened;
  try {
    opened = await openDatabase(config);
  } catch (err) {
    // A service started between the question and the opening: it holds the folder now, so ask it.
    const answer = !config.databaseUrl && err instanceof SettingError ? await askOwner(config.dataDir, { op: 'admin', argv }) : null;
    if (isResult(answer)) finish(answer);
    throw err;
  }
  const { db } = opened;
  let result: AdminResult;
  try {
    result = await execute(parsed, db);
  } finally {
    await db.close();
  }
  finish(result);
} catch (err) {
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`admin: ${err instanceof SettingError ? message : `failed: ${message}`}\n`);
  process.exit(1);
}
