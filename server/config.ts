/** Settings read once from the environment; every default is the one documented in the README. */

export interface Config {
  port: number;
  /** PGlite data folder (default `./.data`); ignored when `databaseUrl` is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** `development` and `test` validate responses against the spec too. */
  nodeEnv: string;
  logLevel: string;
  rateLimit: {
    /** Requests per key per window. */
    points: number;
    windowSeconds: number;
    /** Reads of one resource id per key per window (the anti-polling policy). */
    pollPoints: number;
    pollWindowSeconds: number;
    /** `memory` (one process), `postgres` (the service's database) or `redis` (`REDIS_URL`). */
    store: 'memory' | 'postgres' | 'redis';
    redisUrl: string | undefined;
  };
  /** Largest JSON body accepted, in bytes (larger → 413). */
  bodyLimitBytes: number;
  idempotencyTtlHours: number;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const store = env.RATE_LIMIT_STORE ?? 'memory';
  if (store !== 'memory' && store !== 'postgres' && store !== 'redis') {
    throw new Error(`RATE_LIMIT_STORE must be memory, postgres or redis, got "${store}"`);
  }
  return {
    port: int(env, 'PORT', 3000),
    dataDir: env.DATA_DIR || './.data',
    databaseUrl: env.DATABASE_URL || undefined,
    nodeEnv: env.NODE_ENV ?? 'production',
    logLevel: env.LOG_LEVEL ?? 'info',
    rateLimit: {
      points: int(env, 'RATE_LIMIT_POINTS', 600),
      windowSeconds: int(env, 'RATE_LIMIT_WINDOW_SECONDS', 60),
      pollPoints: int(env, 'RATE_LIMIT_POLL_POINTS', 30),
      pollWindowSeconds: int(env, 'RATE_LIMIT_POLL_WINDOW_SECONDS', 600),
      store,
      redisUrl: env.REDIS_URL || undefined,
    },
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024),
    idempotencyTtlHours: int(env, 'IDEMPOTENCY_TTL_HOURS', 24),
  };
}
