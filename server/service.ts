/** Wires configuration, database, limiters and handlers into a running HTTP server; used by main and tests. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Config } from './config';
import { openDb } from './db/open';
import type { Db } from './db/types';
import { createApp } from './http/app';
import { createHandlers } from './http/handlers';
import { createLimiters, type Limiters } from './http/rate-limit';

export interface Service {
  db: Db;
  server: Server;
  url: string;
  close(): Promise<void>;
}

export async function startService(config: Config, logger: Logger, existingDb?: Db): Promise<Service> {
  const db = existingDb ?? (await openDb(config));
  const limiters: Limiters = await createLimiters(config);
  const app = createApp({ db, config, logger, limiters, handlers: createHandlers() });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, '0.0.0.0', () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    db,
    server,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await limiters.close();
      if (!existingDb) await db.close();
    },
  };
}
