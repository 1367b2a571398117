/**
 * One idempotent request (POST, PUT or PATCH with `X-Idempotency-Key`) from claim to answer. While the handler runs its
 * lock is renewed, so a slow request is never taken over while alive; its work records the recovery point in the
 * work's own database transaction (`ctx.recovery`), so the answer of a request that died or failed after that
 * commit is the resource, never a second effect.
 */
import type { Logger } from 'pino';
import type { Db } from '../db/types';
import type { Scope } from '../core/tenancy';
import { scopeOf, type Ctx } from './context';
import { claim, complete, extend, recoveryFor, release } from './idempotency';
import { recoveredAnswer, type Answer } from './recover';

/** Faults a test plays at the windows of an idempotent request; never set outside tests. */
export interface IdempotencyFaults {
  /** After the handler returned, still inside the request's run: a throw is an error after the work's commit. */
  afterHandler?(operationId: string): Promise<void>;
  /** After the run, its lock no longer renewed, before the key's completion: a hang is a death in that window. */
  beforeComplete?(operationId: string): Promise<void>;
}

export interface IdempotencyOptions {
  /** The lock of a running request; default `lockSecondsFor(PROVIDER_TIMEOUT_MS)`. */
  lockSeconds?: number;
  faults?: IdempotencyFaults;
}

export interface IdempotencyEnv {
  db: Db;
  logger: Logger;
  ttlHours: number;
  lockSeconds: number;
  faults: IdempotencyFaults | undefined;
}

export interface Request {
  key: string;
  operationId: string;
  fingerprint: string;
}

/** Renews the lock every third of its length until stopped; a renewal still in flight is awaited by the stop. */
function keepAlive(env: IdempotencyEnv, scope: Scope, key: string): () => Promise<void> {
  let renewing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = extend(env.db, scope, key, env.lockSeconds).catch((err: unknown) =>
      env.logger.warn({ err }, 'idempotency lock not renewed'),
    );
  }, (env.lockSeconds * 1000) / 3);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await renewing;
  };
}

export async function runIdempotent(
  env: IdempotencyEnv,
  ctx: Ctx,
  request: Request,
  run: (ctx: Ctx) => Promise<Answer>,
): Promise<Answer & { replayed: boolean }> {
  const scope = scopeOf(ctx);
  const { key, operationId } = request;
  const claimed = await claim(env.db, scope, key, request.fingerprint, env.ttlHours, env.lockSeconds);
  if (claimed.kind === 'replay') return { status: claimed.status, body: claimed.body, replayed: true };
  if (claimed.kind === 'recover') {
    let out: Answer;
    try {
      out = await recoveredAnswer(ctx, claimed.ref);
    } catch (err) {
      // The point stays: the next retry tries again at once.
      await release(env.db, scope, key);
      throw err;
    }
    await complete(env.db, scope, key, out.status, out.body);
    return { ...out, replayed: true };
  }

  const stop = keepAlive(env, scope, key);
  let out: Answer;
  try {
    out = await run({ ...ctx, recovery: recoveryFor(scope, key) });
    await env.faults?.afterHandler?.(operationId);
  } catch (err) {
    await stop();
    // Without a recovery point nothing was done and the key is forgotten; with one the retry answers the resource.
    await release(env.db, scope, key);
    throw err;
  }
  await stop();
  await env.faults?.beforeComplete?.(operationId);
  await complete(env.db, scope, key, out.status, out.body);
  return { ...out, replayed: false };
}
