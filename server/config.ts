/** Settings read once from the environment; every default is the one documented in the README. */
import { parseAllowEntry } from './core/ip';
import { DEFAULT_RETRY_SECONDS, demoMerchant, logLevel, parseRetrySchedule, secretsKey, SettingError, type LogLevel, type PrivateAddresses } from './config-values';

export { SettingError, type LogLevel } from './config-values';

/** Express `trust proxy`: false (the peer's address is the client's), a hop count, or trusted proxy addresses. */
export type TrustProxy = false | true | number | string[];

export type LogFormat = 'json' | 'pretty';

export interface Config {
  port: number;
  /** The address the HTTP server binds to. */
  host: string;
  /** Which proxies' X-Forwarded-For is believed: `req.ip` (IP allow-lists) is the client behind them. */
  trustProxy: TrustProxy;
  /** PGlite data folder (default `./.data`); ignored when `databaseUrl` is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Where the connections that need a real session go (`DATABASE_SESSION_URL`; default `databaseUrl`): a worker's
   * LISTEN. Set when `databaseUrl` is a pooler in transaction mode (PgBouncer), where a session does not outlive a
   * transaction; undefined exactly when `databaseUrl` is.
   */
  databaseSessionUrl: string | undefined;
  /**
   * Named prepared statements on the pool (`DATABASE_PREPARED_STATEMENTS`, `on` or `off`; see db/prepared.ts): `on`
   * by default, `off` by default when `DATABASE_SESSION_URL` differs from `DATABASE_URL` (a pooler in transaction
   * mode, which before PgBouncer 1.21 cannot carry them).
   */
  databasePreparedStatements: boolean;
  /**
   * Connections one process keeps to PostgreSQL at most (`DATABASE_POOL_MAX`); unset, sized to the process's work
   * (`poolSizeFor`). LISTEN holds one more, outside the pool.
   */
  databasePoolMax: number | undefined;
  /** `development` and `test` validate responses against the spec too. */
  nodeEnv: string;
  logLevel: LogLevel;
  /** `json` lines, or `pretty` for a terminal. */
  logFormat: LogFormat;
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
  /**
   * How long an API key's lookup may be reused (0: every request reads the key): the bound after which a key revoked,
   * rolled out or changed by another process is refused on this one. At most MAX_KEY_CACHE_SECONDS.
   */
  keyCacheSeconds: number;
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
    /**
     * How often each configured route is swept (`ROUTES_SWEEP_SECONDS`): the Pix received over the last minutes and
     * the charges still pending are read at the PSP, so a lost notification is made good within this bound.
     */
    routesSweepSeconds: number;
    /** ROUTES_FILE: the operator's routes as a JSON file, applied at every start (`docs/going-live.md`). */
    routesFile: string | undefined;
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
  /**
   * Where payers reach the service's public pages (checkout, invoice, QR code, billet), without a trailing slash;
   * `undefined`: the address the service listens on (a developer's machine).
   */
  publicBaseUrl: string | undefined;
  /** The dashboard's e-mail (invitations): an SMTP server and the sender; without `smtpUrl` no e-mail is sent. */
  mail: { smtpUrl: string | undefined; from: string };
  checkout: {
    /** A checkout session without an approved payment is abandoned this long after it started. */
    sessionTtlSeconds: number;
  };
  /** 32 bytes, base64: seals webhook secrets at rest. Without it the database keeps a key it generated. */
  secretsKey: string | undefined;
  /** A first start on an empty database makes a demo merchant (`DEMO_MERCHANT`; default: on the embedded database only). */
  demoMerchant: boolean;
  jobs: {
    /** How long a claimed job is a worker's alone; a worker that dies loses its jobs after this. */
    leaseSeconds: number;
    pollMs: number;
    /** CPU-bound jobs (charges, settlements, …) one worker runs at once. */
    concurrency: number;
    /** Jobs that wait on the network (webhook deliveries) one worker runs at once, besides `concurrency`. */
    ioConcurrency: number;
  };
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new SettingError(name, `${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

function seconds(env: NodeJS.ProcessEnv, name: string, fallback: number[]): number[] {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const list = raw.split(',').map((x) => Number(x.trim()));
  if (list.some((n) => !Number.isFinite(n) || n < 0)) throw new SettingError(name, `${name} must be a comma-separated list of seconds, got "${raw}"`);
  return list;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const n = int(env, name, fallback);
  if (n === 0) throw new SettingError(name, `${name} must be at least 1`);
  return n;
}

function privateAddresses(env: NodeJS.ProcessEnv): PrivateAddresses {
  const raw = env.WEBHOOK_PRIVATE_ADDRESSES;
  if (raw === undefined || raw === '') return env.DATABASE_URL ? 'deny' : 'allow';
  if (raw !== 'allow' && raw !== 'deny') throw new SettingError('WEBHOOK_PRIVATE_ADDRESSES', `WEBHOOK_PRIVATE_ADDRESSES must be allow or deny, got "${raw}"`);
  return raw;
}

/** `WEBHOOK_RETRY_SECONDS`: the default schedule when unset, else one the schedule's own rules accept. */
function webhookRetrySeconds(raw: string | undefined): number[] {
  if (!raw) return [...DEFAULT_RETRY_SECONDS];
  try {
    return parseRetrySchedule('WEBHOOK_RETRY_SECONDS', raw);
  } catch (err) {
    throw new SettingError('WEBHOOK_RETRY_SECONDS', (err as Error).message);
  }
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** `HTTP_TRUST_PROXY`: off by default; `true`, a hop count, or a comma list of addresses, CIDR blocks and names. */
function trustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === 'off' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !PROXY_NAMES.includes(e) && parseAllowEntry(e) === null);
  if (bad.length > 0 || entries.length === 0) {
    throw new SettingError(
      'HTTP_TRUST_PROXY',
      `HTTP_TRUST_PROXY must be false, true, a number of hops, or a comma list of addresses, CIDR blocks, ${PROXY_NAMES.join(', ')}; got "${value}"`,
    );
  }
  return entries;
}

function urlOrNull(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/**
 * `DATABASE_URL` (or `DATABASE_SESSION_URL`), checked for shape here: the driver throws an uncatchable error on a
 * malformed one.
 */
function databaseUrl(name: 'DATABASE_URL' | 'DATABASE_SESSION_URL', raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const url = urlOrNull(raw);
  if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') || url.hostname === '') {
    throw new SettingError(name, `${name} must be a URL like postgres://user:password@host:5432/database`);
  }
  return raw;
}

/** `DATABASE_PREPARED_STATEMENTS`: `on` or `off`; unset, on unless the pool goes through a pooler of its own. */
function preparedStatements(raw: string | undefined, dbUrl: string | undefined, sessionUrl: string | undefined): boolean {
  if (raw === undefined || raw === '') return sessionUrl === dbUrl;
  if (raw !== 'on' && raw !== 'off') throw new SettingError('DATABASE_PREPARED_STATEMENTS', `DATABASE_PREPARED_STATEMENTS must be on or off, got "${raw}"`);
  return raw === 'on';
}

/** `DATABASE_SESSION_URL`: only beside `DATABASE_URL`, whose value it takes when unset. */
function databaseSessionUrl(raw: string | undefined, dbUrl: string | undefined): string | undefined {
  const url = databaseUrl('DATABASE_SESSION_URL', raw);
  if (url && !dbUrl) throw new SettingError('DATABASE_SESSION_URL', 'DATABASE_SESSION_URL needs DATABASE_URL (it is where the sessions of that database go)');
  return url ?? dbUrl;
}

/**
 * `PUBLIC_BASE_URL`: an http(s) origin (scheme, host, port), nothing else: the pages are served at the root of the
 * service, so a path prefix would name addresses that do not exist.
 */
function publicBaseUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const url = urlOrNull(raw);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password || url.pathname !== '/') {
    throw new SettingError('PUBLIC_BASE_URL', `PUBLIC_BASE_URL must be an http(s) origin like https://pay.example.com (no path), got "${raw}"`);
  }
  return url.origin;
}

/** `SMTP_URL`: smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start), with a host. */
function smtpUrlOf(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const url = urlOrNull(raw);
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    throw new SettingError('SMTP_URL', `SMTP_URL must be like smtp://user:password@mail.example.com:587 or smtps://…:465, got "${url ? `${url.protocol}//${url.host}` : 'not a URL'}"`);
  }
  return url.toString();
}

/** `REDIS_URL`: a redis:// or rediss:// URL when set. */
function redisUrlOf(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let scheme = '';
  try {
    scheme = new URL(raw).protocol;
  } catch {
    // reported below
  }
  if (scheme !== 'redis:' && scheme !== 'rediss:') throw new SettingError('REDIS_URL', 'REDIS_URL must be a URL like redis://127.0.0.1:6379 (or rediss:// for TLS)');
  return raw;
}

/** The longest `KEY_CACHE_SECONDS`: a revoked key must be refused within seconds, not minutes. */
export const MAX_KEY_CACHE_SECONDS = 60;

function keyCacheSeconds(env: NodeJS.ProcessEnv): number {
  const n = int(env, 'KEY_CACHE_SECONDS', 5);
  if (n > MAX_KEY_CACHE_SECONDS) throw new SettingError('KEY_CACHE_SECONDS', `KEY_CACHE_SECONDS must be 0 to ${MAX_KEY_CACHE_SECONDS}, got "${env.KEY_CACHE_SECONDS}"`);
  return n;
}

/** Reads and validates every setting; a bad one is a `SettingError` naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const store = env.RATE_LIMIT_STORE ?? 'memory';
  if (store !== 'memory' && store !== 'postgres' && store !== 'redis') {
    throw new SettingError('RATE_LIMIT_STORE', `RATE_LIMIT_STORE must be memory, postgres or redis, got "${store}"`);
  }
  const logFormat = env.LOG_FORMAT || (process.stdout.isTTY ? 'pretty' : 'json');
  if (logFormat !== 'json' && logFormat !== 'pretty') throw new SettingError('LOG_FORMAT', `LOG_FORMAT must be json or pretty, got "${logFormat}"`);
  const dbUrl = databaseUrl('DATABASE_URL', env.DATABASE_URL);
  const sessionUrl = databaseSessionUrl(env.DATABASE_SESSION_URL, dbUrl);
  if (store === 'postgres' && !dbUrl) throw new SettingError('RATE_LIMIT_STORE', 'RATE_LIMIT_STORE=postgres needs DATABASE_URL (the quotas live in the service\'s PostgreSQL)');
  const redisUrl = redisUrlOf(env.REDIS_URL);
  if (store === 'redis' && !redisUrl) throw new SettingError('REDIS_URL', 'RATE_LIMIT_STORE=redis needs REDIS_URL, like redis://127.0.0.1:6379');
  const port = int(env, 'PORT', 3000);
  if (port > 65_535) throw new SettingError('PORT', `PORT must be at most 65535, got "${env.PORT}"`);
  return {
    port,
    // The embedded database is a developer's machine: not reachable from the network unless asked. With
    // DATABASE_URL the service is a deployment behind a balancer, so it listens on every interface.
    host: env.HOST || (dbUrl ? '0.0.0.0' : '127.0.0.1'),
    trustProxy: trustProxy(env.HTTP_TRUST_PROXY),
    dataDir: env.DATA_DIR || './.data',
    databaseUrl: dbUrl,
    databaseSessionUrl: sessionUrl,
    databasePreparedStatements: preparedStatements(env.DATABASE_PREPARED_STATEMENTS, dbUrl, sessionUrl),
    databasePoolMax: env.DATABASE_POOL_MAX ? positive(env, 'DATABASE_POOL_MAX', 10) : undefined,
    nodeEnv: env.NODE_ENV ?? 'production',
    logLevel: logLevel(env.LOG_LEVEL),
    logFormat,
    rateLimit: {
      points: int(env, 'RATE_LIMIT_POINTS', 600),
      windowSeconds: int(env, 'RATE_LIMIT_WINDOW_SECONDS', 60),
      pollPoints: int(env, 'RATE_LIMIT_POLL_POINTS', 30),
      pollWindowSeconds: int(env, 'RATE_LIMIT_POLL_WINDOW_SECONDS', 600),
      store,
      redisUrl,
    },
    keyCacheSeconds: keyCacheSeconds(env),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024),
    idempotencyTtlHours: int(env, 'IDEMPOTENCY_TTL_HOURS', 24),
    payments: {
      providerTimeoutMs: positive(env, 'PROVIDER_TIMEOUT_MS', 10_000),
      routeRetrySeconds: seconds(env, 'ROUTE_RETRY_SECONDS', [30, 120, 600, 1800, 3600]),
      refundConfirmSeconds: int(env, 'REFUND_CONFIRM_SECONDS', 5),
      sandboxLatencyMs: int(env, 'SANDBOX_LATENCY_MS', 0),
      routesSweepSeconds: positive(env, 'ROUTES_SWEEP_SECONDS', 60),
      routesFile: env.ROUTES_FILE || undefined,
    },
    webhooks: {
      timeoutMs: positive(env, 'WEBHOOK_TIMEOUT_MS', 15_000),
      retrySeconds: webhookRetrySeconds(env.WEBHOOK_RETRY_SECONDS),
      disableAfterSeconds: int(env, 'WEBHOOK_DISABLE_AFTER_SECONDS', 5 * 86_400),
      privateAddresses: privateAddresses(env),
    },
    publicBaseUrl: publicBaseUrl(env.PUBLIC_BASE_URL),
    mail: { smtpUrl: smtpUrlOf(env.SMTP_URL), from: env.MAIL_FROM || 'Payments <no-reply@payments.invalid>' },
    checkout: {
      sessionTtlSeconds: positive(env, 'CHECKOUT_SESSION_TTL_SECONDS', 86_400),
    },
    secretsKey: secretsKey(env.SECRETS_KEY),
    demoMerchant: demoMerchant(env.DEMO_MERCHANT, dbUrl !== undefined),
    jobs: {
      leaseSeconds: positive(env, 'JOB_LEASE_SECONDS', 30),
      pollMs: int(env, 'JOB_POLL_MS', 250),
      concurrency: positive(env, 'WORKER_CONCURRENCY', 4),
      ioConcurrency: positive(env, 'WORKER_IO_CONCURRENCY', 64),
    },
  };
}

/**
 * The PostgreSQL pool of a process serving the API and/or running the worker, unless `DATABASE_POOL_MAX` says: 10 for
 * the API, and for a worker two per job of the CPU lane (a job's transaction and a query beside it) plus 4 for its
 * own statements (the claim, the two statements the deliveries running at once share, a lease's renewal). Deliveries
 * add nothing however many run: they hold no connection while they wait for the receiver, and share their statements.
 */
export function poolSizeFor(config: Pick<Config, 'databasePoolMax' | 'jobs'>, role: { api: boolean; worker: boolean }): number {
  if (config.databasePoolMax !== undefined) return config.databasePoolMax;
  return (role.api ? 10 : 0) + (role.worker ? 2 * config.jobs.concurrency + 4 : 0);
}
