/**
 * One idempotent request (POST, PUT or PATCH with `X-Idempotency-Key`) from claim to answer. While the handler runs its
 * lock is renewed, so a slow request is never taken over while alive; its work records the recovery point in the
 * work's own database transaction (`ctx.recovery`), so the answer of a request that died or failed after that
 * commit is the resource, never a second effect.
 */
import type { Logger } from 'pino';
import type { Db } from '../db/types';
import type { Scope } from '../core/tenancy';
import type { Ctx } from './context';
import type { Recovery } from '../domain/recovery';
import { answeredClaimIn, answerText, claim, complete, extend, recoveryFor, release, type Claim } from './idempotency';
import { recoveredAnswer, type Answer } from './recover';

/**
 * An idempotent request's answer as it goes out: `text` is the body's bytes, the same that were stored under the key,
 * so that every replay is byte for byte the first answer (a re-rendered body could differ in key order or spacing).
 */
export interface SentAnswer {
  status: number;
  text: string;
  replayed: boolean;
}

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

/**
 * Operations whose work is one statement of the database (or one database transaction ending in one): their key is
 * not claimed before they run but by the statement that writes their work, already answered (`answeredClaimIn`), so
 * the work, its recovery point and its answer commit together and no window is left between them. Whatever the
 * operation must not do twice outside that statement (a card's trip to the vault) it does after `recovery.claim()`,
 * which claims the key as any operation's. An operation listed here renders its success exactly as its service's
 * `markIn` answer says.
 */
const CLAIMED_BY_THE_WORK: ReadonlySet<string> = new Set(['createTransaction']);

/** Thrown through the service when the statement found the key another request's: it wrote nothing. */
class KeyTaken extends Error {
  constructor() {
    super('the idempotency key was taken by another request');
  }
}

/** Thrown through the service when its `recovery.claim()` found the key answered (or to be recovered): `claimed` says how. */
class KeyAnswered extends Error {
  constructor(readonly claimed: Exclude<Claim, { kind: 'proceed' }>) {
    super('the idempotency key was answered by another request');
  }
}

/** A claim's answer when the key says what it is (a replay, a recovered resource); null when the request runs. */
async function answerOf(env: IdempotencyEnv, ctx: Ctx, key: string, claimed: Claim): Promise<SentAnswer | null> {
  if (claimed.kind === 'replay') return { status: claimed.status, text: claimed.text, replayed: true };
  if (claimed.kind === 'proceed') return null;
  const scope = ctx.scope;
  let out: Answer;
  try {
    out = await recoveredAnswer(ctx, claimed.ref);
  } catch (err) {
    // The point stays: the next retry tries again at once.
    await release(env.db, scope, key);
    throw err;
  }
  const text = answerText(out.body);
  await complete(env.db, scope, key, out.status, text);
  return { status: out.status, text, replayed: true };
}

/** Runs a request whose key this request holds (claimed, running), then stores its answer. */
async function runClaimed(env: IdempotencyEnv, ctx: Ctx, request: Request, run: (ctx: Ctx) => Promise<Answer>): Promise<SentAnswer> {
  const scope = ctx.scope;
  const { key, operationId } = request;
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
  const text = answerText(out.body);
  await complete(env.db, scope, key, out.status, text);
  return { status: out.status, text, replayed: false };
}

export async function runIdempotent(
  env: IdempotencyEnv,
  ctx: Ctx,
  request: Request,
  run: (ctx: Ctx) => Promise<Answer>,
): Promise<SentAnswer> {
  const scope = ctx.scope;
  const { key, operationId } = request;
  if (!CLAIMED_BY_THE_WORK.has(operationId)) {
    const claimed = await claim(env.db, scope, key, request.fingerprint, env.ttlHours, env.lockSeconds);
    return (await answerOf(env, ctx, key, claimed)) ?? runClaimed(env, ctx, request, run);
  }

  // Claimed by the work's statement (`answered`), or before it by the service (`claimed`, then as any request).
  // `answered`: the statement stored `text`, and the request sends those very bytes (the handler renders the same answer).
  const k: { state: 'open' | 'answered' | 'claimed'; stop: (() => Promise<void>) | null; text: string } = { state: 'open', stop: null, text: '' };
  const held = recoveryFor(scope, key);
  const recovery: Recovery = {
    mark: (q, ref) => {
      if (k.state !== 'claimed') throw new Error(`${operationId}: mark before its key was claimed (use markIn or claim)`);
      return held.mark(q, ref);
    },
    clear: async (q) => (k.state === 'claimed' ? held.clear(q) : undefined),
    markIn(st, ref, answer) {
      if (k.state === 'claimed') return held.markIn(st, ref, answer);
      const text = answerText(answer.body);
      const gate = answeredClaimIn(st, scope, key, request.fingerprint, env.ttlHours, ref, answer.status, text);
      return {
        gate,
        after(passed) {
          if (!passed) throw new KeyTaken();
          k.state = 'answered';
          k.text = text;
        },
      };
    },
    async claim() {
      if (k.state !== 'open') return;
      const claimed = await claim(env.db, scope, key, request.fingerprint, env.ttlHours, env.lockSeconds);
      if (claimed.kind !== 'proceed') throw new KeyAnswered(claimed);
      k.state = 'claimed';
      k.stop = keepAlive(env, scope, key);
    },
  };

  let out: Answer;
  try {
    out = await run({ ...ctx, recovery });
    await env.faults?.afterHandler?.(operationId);
  } catch (err) {
    await k.stop?.();
    if (err instanceof KeyAnswered) return (await answerOf(env, ctx, key, err.claimed))!;
    if (k.state === 'claimed') {
      await release(env.db, scope, key);
      throw err;
    }
    // The key holds this request's answer: its retry is the replay.
    if (k.state === 'answered') throw err;
    // Nothing was written under the key by this request, but it may be another's: whoever holds it answers (a replay,
    // the resource, 409 in progress or mismatch). A free key is now this request's: a refusal forgets it again, and
    // a statement that lost the key to a request that has since let it go runs again as any claimed request.
    const claimed = await claim(env.db, scope, key, request.fingerprint, env.ttlHours, env.lockSeconds);
    const answered = await answerOf(env, ctx, key, claimed);
    if (answered) return answered;
    if (err instanceof KeyTaken) return runClaimed(env, ctx, request, run);
    await release(env.db, scope, key);
    throw err;
  }
  await k.stop?.();
  await env.faults?.beforeComplete?.(operationId);
  if (k.state === 'answered') return { status: out.status, text: k.text, replayed: false };
  if (k.state === 'open') throw new Error(`${operationId} answered without writing its key`);
  const text = answerText(out.body);
  await complete(env.db, scope, key, out.status, text);
  return { status: out.status, text, replayed: false };
}
