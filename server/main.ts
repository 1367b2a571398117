/**
 * `npm start`: the API on PORT (default 3000) and the job worker in one process, over the configured database; a
 * demo merchant on first run. `npm run start:api` (argument `api`) serves the API alone and `npm run start:worker`
 * (argument `worker`) runs the worker alone: any number of each may share one PostgreSQL (`DATABASE_URL`).
 */
import { loadConfig } from './config';
import { openDb } from './db/open';
import { createMerchantWithKeys } from './domain/access/keys';
import { createLogger } from './logger';
import { startService } from './service';

const role = process.argv[2] ?? 'all';
if (role !== 'all' && role !== 'api' && role !== 'worker') {
  process.stderr.write(`usage: main.ts [all|api|worker], got "${role}"\n`);
  process.exit(2);
}
const config = loadConfig();
const logger = createLogger(config.logLevel);

const db = await openDb(config);
const merchants = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM merchants');
if (role !== 'worker' && merchants.rows[0]?.n === 0) {
  const demo = await createMerchantWithKeys(db, 'Demo Merchant');
  // Printed once: only the hash is stored. This is the one time the key is shown.
  process.stdout.write(
    `\nDemo merchant ${demo.merchantId} created.\n  sandbox key: ${demo.sandboxKey}\n` +
      `  try: curl -H "ServiceKey: ${demo.sandboxKey}" http://localhost:${config.port}/v1/wallets\n\n`,
  );
}
const service = await startService(config, logger, db, { api: role !== 'worker', worker: role === 'api' ? 'off' : 'start' });
logger.info(
  { role, port: service.server ? config.port : null, database: config.databaseUrl ? 'postgres' : `pglite:${config.dataDir}` },
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
