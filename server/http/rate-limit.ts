/**
 * Per-key request quota and the seed's anti-polling rule (reading one resource id too often), with
 * rate-limiter-flexible. In memory for one process; in Redis (`RATE_LIMIT_STORE=redis`, `REDIS_URL`) or PostgreSQL
 * (`RATE_LIMIT_STORE=postgres`) when several instances share the quota. A store that fails or cannot be reached
 * while the service runs falls back to an in-memory limiter per instance rather than failing the request; a store
 * that cannot be reached at start is an error the operator sees.
 */
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { SettingError } from '../config';
import { describeUrl } from '../db/open';
import type { Config } from '../config';
import { ApiError } from './errors';

export interface Limiters {
  requests: RateLimiterAbstract;
  polls: RateLimiterAbstract;
  /** The public checkout pages, per client address (`req.ip`): form posts, and visits that open a session. */
  checkoutPay: RateLimiterAbstract;
  checkoutOpen: RateLimiterAbstract;
  /** The dashboard's sign-in attempts: per e-mail and address (guessing one password), and per address (spraying many). */
  signInFailures: RateLimiterAbstract;
  signInFailuresByAddress: RateLimiterAbstract;
  close(): Promise<void>;
}

/**
 * Sign-in attempts allowed in a window before the form refuses even the right password until it passes: a person who
 * mistypes gets five tries; an address gets fifty over every e-mail, more than an office shares and far below what
 * guessing needs. An attempt is taken before its password is checked; a success gives it back.
 */
export const SIGN_IN_LIMITS = { perPerson: { points: 5, windowSeconds: 900 }, perAddress: { points: 50, windowSeconds: 900 } };

export interface CheckoutLimits {
  /** `POST /c/{accessId}/pay` per client address: card testing tries many cards fast, a payer a few. */
  pay: { points: number; windowSeconds: number };
  /** Visits of `/c/{accessId}` that open a session, per client address (each is a row, and a new card budget). */
  open: { points: number; windowSeconds: number };
}

/** Generous for payers behind one shared address (an office, a carrier's NAT), far below what card testing needs. */
export const CHECKOUT_LIMITS: CheckoutLimits = {
  pay: { points: 30, windowSeconds: 600 },
  open: { points: 120, windowSeconds: 600 },
};

export interface Quota {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/** `pool`'s `query` dropping a statement's name: each call is parsed and planned alone, as such a pooler needs. */
function unnamedQueries(pool: pg.Pool): pg.Pool {
  const query = (q: unknown, ...rest: unknown[]): unknown => {
    const named = q !== null && typeof q === 'object' && 'name' in q;
    const sent = named ? (({ name: _name, ...unnamed }) => unnamed)(q as pg.QueryConfig) : q;
    return Reflect.apply(pool.query, pool, [sent, ...rest]);
  };
  // The library only ever calls `query` on its store (storeType 'pool').
  return { query } as unknown as pg.Pool;
}

function postgresLimiter(pool: pg.Pool, prefix: string, points: number, duration: number): Promise<RateLimiterAbstract> {
  return new Promise((resolve, reject) => {
    const limiter: RateLimiterPostgres = new RateLimiterPostgres(
      {
        storeClient: pool,
        storeType: 'pool',
        tableName: 'rate_limits',
        keyPrefix: prefix,
        points,
        duration,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: prefix, points, duration }),
      },
      (err?: Error) => (err ? reject(err) : resolve(limiter)),
    );
  });
}

/**
 * A limiter in Redis: one atomic script per request. The client queues nothing while disconnected and the limiter
 * does not wait for a connection that is not ready: the request is counted by the in-memory insurance limiter at once.
 */
function redisLimiter(client: Redis, prefix: string, points: number, duration: number): RateLimiterAbstract {
  return new RateLimiterRedis({
    storeClient: client,
    keyPrefix: `payments:rl:${prefix}`,
    points,
    duration,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix: prefix, points, duration }),
  });
}

/** A Redis connection that answered PING within 5 s; an unreachable or refusing server is a setting to fix. */
async function openRedis(url: string): Promise<Redis> {
  const client = new Redis(url, { enableOfflineQueue: false, lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5_000 });
  // Errors after start are handled by the limiters' insurance; ioredis reconnects on its own. The socket's own error
  // (connection refused, unknown host) says more than the "Connection is closed" the connect rejects with.
  let cause: Error | undefined;
  client.on('error', (err: Error) => {
    cause ??= err;
  });
  try {
    await client.connect();
    await client.ping();
  } catch (err) {
    client.disconnect();
    throw new SettingError('REDIS_URL', `REDIS_URL ${describeUrl(url)} could not be reached: ${(cause ?? (err as Error)).message}`);
  }
  return client;
}

export async function createLimiters(config: Config, checkout: CheckoutLimits = CHECKOUT_LIMITS): Promise<Limiters> {
  const { points, windowSeconds, pollPoints, pollWindowSeconds, store } = config.rateLimit;
  if (store === 'redis') {
    if (!config.rateLimit.redisUrl) throw new SettingError('REDIS_URL', 'RATE_LIMIT_STORE=redis needs REDIS_URL (like redis://127.0.0.1:6379)');
    const client = await openRedis(config.rateLimit.redisUrl);
    return {
      requests: redisLimiter(client, 'req', points, windowSeconds),
      polls: redisLimiter(client, 'poll', pollPoints, pollWindowSeconds),
      checkoutPay: redisLimiter(client, 'cpay', checkout.pay.points, checkout.pay.windowSeconds),
      checkoutOpen: redisLimiter(client, 'copen', checkout.open.points, checkout.open.windowSeconds),
      signInFailures: redisLimiter(client, 'signin', SIGN_IN_LIMITS.perPerson.points, SIGN_IN_LIMITS.perPerson.windowSeconds),
      signInFailuresByAddress: redisLimiter(client, 'signinip', SIGN_IN_LIMITS.perAddress.points, SIGN_IN_LIMITS.perAddress.windowSeconds),
      close: async () => {
        await client.quit().catch(() => client.disconnect());
      },
    };
  }
  if (store === 'postgres') {
    if (!config.databaseUrl) throw new SettingError('DATABASE_URL', 'RATE_LIMIT_STORE=postgres needs DATABASE_URL');
    const real = new pg.Pool({ connectionString: config.databaseUrl, max: 4 });
    real.on('error', () => undefined);
    // The library names its statements (prepared once per connection): behind a pooler that cannot carry them
    // (DATABASE_PREPARED_STATEMENTS off) they are sent unnamed. It only ever calls `query` on its store.
    const pool = config.databasePreparedStatements ? real : unnamedQueries(real);
    return {
      requests: await postgresLimiter(pool, 'req', points, windowSeconds),
      polls: await postgresLimiter(pool, 'poll', pollPoints, pollWindowSeconds),
      checkoutPay: await postgresLimiter(pool, 'cpay', checkout.pay.points, checkout.pay.windowSeconds),
      checkoutOpen: await postgresLimiter(pool, 'copen', checkout.open.points, checkout.open.windowSeconds),
      signInFailures: await postgresLimiter(pool, 'signin', SIGN_IN_LIMITS.perPerson.points, SIGN_IN_LIMITS.perPerson.windowSeconds),
      signInFailuresByAddress: await postgresLimiter(pool, 'signinip', SIGN_IN_LIMITS.perAddress.points, SIGN_IN_LIMITS.perAddress.windowSeconds),
      close: () => real.end(),
    };
  }
  return {
    requests: new RateLimiterMemory({ keyPrefix: 'req', points, duration: windowSeconds }),
    polls: new RateLimiterMemory({ keyPrefix: 'poll', points: pollPoints, duration: pollWindowSeconds }),
    checkoutPay: new RateLimiterMemory({ keyPrefix: 'cpay', points: checkout.pay.points, duration: checkout.pay.windowSeconds }),
    checkoutOpen: new RateLimiterMemory({ keyPrefix: 'copen', points: checkout.open.points, duration: checkout.open.windowSeconds }),
    signInFailures: new RateLimiterMemory({ keyPrefix: 'signin', points: SIGN_IN_LIMITS.perPerson.points, duration: SIGN_IN_LIMITS.perPerson.windowSeconds }),
    signInFailuresByAddress: new RateLimiterMemory({ keyPrefix: 'signinip', points: SIGN_IN_LIMITS.perAddress.points, duration: SIGN_IN_LIMITS.perAddress.windowSeconds }),
    close: async () => undefined,
  };
}

function quota(res: RateLimiterRes, limit: number): Quota {
  return { limit, remaining: Math.max(0, res.remainingPoints), resetSeconds: Math.ceil(res.msBeforeNext / 1000) };
}

export function quotaHeaders(q: Quota): Record<string, string> {
  return {
    'RateLimit-Limit': String(q.limit),
    'RateLimit-Remaining': String(q.remaining),
    'RateLimit-Reset': String(q.resetSeconds),
  };
}

/** Counts one use of `key`; the seconds to wait when the limiter's points are spent, else null. */
export async function retryAfter(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
  }
}

async function take(limiter: RateLimiterAbstract, key: string, limit: number, message: string): Promise<Quota> {
  try {
    return quota(await limiter.consume(key), limit);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const q = quota(rejection, limit);
    throw new ApiError('tooManyRequests', {
      message,
      headers: { ...quotaHeaders(q), 'Retry-After': String(Math.max(1, q.resetSeconds)) },
    });
  }
}

/**
 * Counts one request of `keyId`; `resource` (a GET of one resource, `GET /v1/x/{id}` with its id) also counts
 * against the polling rule. Throws 429 `tooManyRequests` with `Retry-After` when either is spent.
 */
export async function consume(limiters: Limiters, config: Config, keyId: string, resource: string | null): Promise<Quota> {
  const q = await take(
    limiters.requests,
    keyId,
    config.rateLimit.points,
    'Too many requests for this key; retry after the time in the Retry-After header.',
  );
  if (resource) {
    await take(
      limiters.polls,
      `${keyId}:${resource}`,
      config.rateLimit.pollPoints,
      'This resource was read too often; polling is rate limited, subscribe to webhooks instead.',
    );
  }
  return q;
}
