/**
 * Probes for operators and orchestrators, outside `/v1` and outside the contract: no key, no quota, no log line.
 *   GET /health        200 {"status":"ok"} while the process serves HTTP (liveness)
 *   GET /health/ready  200 {"status":"ready"} when the database answers and every migration of this build is
 *                      applied; else 503 {"status":"unavailable","reason":…} (readiness: take it out of rotation)
 */
import { Router } from 'express';
import { migrationVersions } from '../db/migrate';
import type { Db } from '../db/types';

/** Why the service cannot serve requests now, or null when it can. */
async function notReady(db: Db, versions: readonly number[]): Promise<string | null> {
  let applied: Set<number>;
  try {
    const res = await db.query<{ version: number }>('SELECT version FROM schema_migrations');
    applied = new Set(res.rows.map((r) => Number(r.version)));
  } catch {
    return 'the database does not answer';
  }
  const missing = versions.filter((v) => !applied.has(v));
  return missing.length > 0 ? `migrations not applied: ${missing.join(', ')}` : null;
}

/** The `/health` routes over the service's database. */
export function healthRouter(db: Db): Router {
  const versions = migrationVersions();
  const router = Router();
  router.get('/health', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/health/ready', async (_req, res) => {
    const reason = await notReady(db, versions);
    res.set('Cache-Control', 'no-store');
    if (reason) res.status(503).json({ status: 'unavailable', reason });
    else res.json({ status: 'ready' });
  });
  return router;
}
