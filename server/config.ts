/** Settings read once from the environment; every default is the one documented in the README. */
import { DEFAULT_RETRY_SECONDS, parseRetrySchedule } from './webhooks/schedule';
import type { PrivateAddresses } from './webhooks/ssrf';

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
  payments: {
    /** A provider call not answered within this is treated as the route being unavailable. */
    providerTimeoutMs: number;
    /** Seconds before each background retry round while every route is down; then `routesExhausted`. */
    routeRetrySeconds: number[];
    refundConfirmSeconds: number;
    /** The sandbox answers an authorization this long after acting on it, as a slow acquirer would. */
    sandboxLatencyMs: number;
  };
  webhooks: {
    /** How long a receiver has to answer a delivery. */
    timeoutMs: number;
    /** Delays in seconds before attempts 2, 3, …: the dispatch fails after one attempt more than this lists. */
    retrySeconds: number[];
    /** An endpoint whose attempts all fail for this long is disabled (unless `forceActive`). */
    disableAfterSeconds: number;
    /**
     * Whether sandbox endpoints may be on loopback and private addresses. Default `allow` on the embedded database
     * (one machine: loopback is the developer's receiver), `deny` with `DATABASE_URL` (a hosted service, where
     * loopback is the service's own host).
     */
    privateAddresses: PrivateAddresses;
  };
  /** 32 bytes, base64: seals webhook secrets at rest. Without it the database keeps a key it generated. */
  secretsKey: string | undefined;
  jobs: {
    /** How long a claimed job is a worker's alone; a worker that dies loses its jobs after this. */
    leaseSeconds: number;
    pollMs: number;
    concurrency: number;
  };
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

function seconds(env: NodeJS.ProcessEnv, name: string, fallback: number[]): number[] {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const list = raw.split(',').map((x) => Number(x.trim()));
  if (list.some((n) => !Number.isFinite(n) || n < 0)) throw new Error(`${name} must be a comma-separated list of seconds, got "${raw}"`);
  return list;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const n = int(env, name, fallback);
  if (n === 0) throw new Error(`${name} must be at least 1`);
  return n;
}

function privateAddresses(env: NodeJS.ProcessEnv): PrivateAddresses {
  const raw = env.WEBHOOK_PRIVATE_ADDRESSES;
  if (raw === undefined || raw === '') return env.DATABASE_URL ? 'deny' : 'allow';
  if (raw !== 'allow' && raw !== 'deny') throw new Error(`WEBHOOK_PRIVATE_ADDRESSES must be allow or deny, got "${raw}"`);
  return raw;
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
    payments: {
      providerTimeoutMs: positive(env, 'PROVIDER_TIMEOUT_MS', 10_000),
      routeRetrySeconds: seconds(env, 'ROUTE_RETRY_SECONDS', [30, 120, 600, 1800, 3600]),
      refundConfirmSeconds: int(env, 'REFUND_CONFIRM_SECONDS', 5),
      sandboxLatencyMs: int(env, 'SANDBOX_LATENCY_MS', 0),
    },
    webhooks: {
      timeoutMs: positive(env, 'WEBHOOK_TIMEOUT_MS', 15_000),
      retrySeconds: env.WEBHOOK_RETRY_SECONDS
        ? parseRetrySchedule('WEBHOOK_RETRY_SECONDS', env.WEBHOOK_RETRY_SECONDS)
        : [...DEFAULT_RETRY_SECONDS],
      disableAfterSeconds: int(env, 'WEBHOOK_DISABLE_AFTER_SECONDS', 5 * 86_400),
      privateAddresses: privateAddresses(env),
    },
    secretsKey: env.SECRETS_KEY || undefined,
    jobs: {
      leaseSeconds: positive(env, 'JOB_LEASE_SECONDS', 30),
      pollMs: int(env, 'JOB_POLL_MS', 250),
      concurrency: positive(env, 'WORKER_CONCURRENCY', 4),
    },
  };
}
