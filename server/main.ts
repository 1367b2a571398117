/**
 * `npm start`: the API on HOST:PORT (default 127.0.0.1:3000) and the job worker in one process, over the configured
 * database; a demo merchant on first run (embedded database, or `DEMO_MERCHANT=1`). `npm run start:api` (argument
 * `api`) serves the API alone and `npm run start:worker` (argument `worker`) runs the worker alone: any number of each may share one PostgreSQL
 * (`DATABASE_URL`). On the embedded database the process holds its data folder and runs the admin commands sent
 * to it (see server/db/lock.ts).
 */
import { madeUpPassword } from './admin/users';
import { createUser } from './domain/team/users';
import { runAdmin } from './admin/run';
import { loadConfig, poolSizeFor, SettingError, type Config } from './config';
import { openDatabase } from './db/open';
import type { Db } from './db/types';
import { createMerchantWithKeys } from './domain/access/keys';
import { createLogger } from './logger';
import { startService } from './service';

const role = process.argv[2] ?? 'all';
if (role !== 'all' && role !== 'api' && role !== 'worker') {
  process.stderr.write(`usage: main.ts [all|api|worker], got "${role}"\n`);
  process.exit(2);
}

/** Ends the process with one line for what an operator must fix; anything else is a bug and keeps its stack. */
function fatal(err: unknown): never {
  if (err instanceof SettingError) process.stderr.write(`payments: ${err.message}\n`);
  else process.stderr.write(`payments: failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
}

/**
 * The demo merchant of a first run, made only once the service listens: a start that fails (port taken) does not
 * consume the one showing of its key. Printed once (only the key's hash is stored), on stderr: it is for the person at
 * the terminal, and stdout is the log stream a collector keeps.
 */
/** The demo owner's sign-in. */
const DEMO_EMAIL = 'demo@example.com';

async function createDemoMerchant(db: Db, url: string): Promise<void> {
  const merchants = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM merchants');
  if (merchants.rows[0]?.n !== 0) return;
  const demo = await createMerchantWithKeys(db, 'Demo Merchant');
  // The demo's owner in the dashboard: a made-up password, shown here once like the key (only its hash is stored).
  const password = madeUpPassword();
  const owner = await createUser(db, { email: DEMO_EMAIL, password, merchantId: demo.merchantId, role: 'owner', name: 'Demo Owner' });
  process.stderr.write(
    `\nDemo merchant ${demo.merchantId} created.\n  sandbox key: ${demo.sandboxKey}  (id ${demo.sandboxKeyId})\n` +
      `  production key id: ${demo.productionKeyId} (its key is not shown; roll it with npm run admin -- roll-key)\n` +
      `  try: curl -H "ServiceKey: ${demo.sandboxKey}" ${url}/v1/wallets\n` +
      `  dashboard: ${url}/dashboard  e-mail ${owner.email}  password ${password}\n\n`,
  );
}

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  fatal(err);
}
const logger = createLogger(config.logLevel, undefined, config.logFormat);
const { db, lock } = await openDatabase(config, poolSizeFor(config, { api: role !== 'worker', worker: role !== 'api' })).catch(fatal);
// Admin commands typed while this process holds the data folder run here, on its database; each leaves a log line.
lock?.serve(async (argv) => {
  try {
    const result = await runAdmin(argv, db);
    logger.info({ command: argv[0], exitCode: result.code }, 'admin command');
    return result;
  } catch (err) {
    // The lock answers the admin process with the error; the service keeps running and logs it.
    logger.error({ command: argv[0], err }, 'admin command failed');
    throw err;
  }
});

const service = await startService(config, logger, db, { api: role !== 'worker', worker: role === 'api' ? 'off' : 'start' }).catch(
  async (err: unknown) => {
    await db.close();
    fatal(err);
  },
);
if (service.server && config.demoMerchant) await createDemoMerchant(db, service.url);
logger.info(
  {
    role,
    url: service.server ? service.url : null,
    database: config.databaseUrl ? 'postgres' : `pglite:${config.dataDir}`,
  },
  role === 'worker' ? 'payments worker running' : 'payments service listening',
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    void service
      .close()
      .then(() => db.close())
      .then(() => process.exit(0));
  });
}
