/**
 * The dashboard is a client of the API's own handlers, never a second path to the data: a page reads through the
 * handler of the API operation that answers the same question, and an action runs the handler of the operation that
 * does it, with the same permission rule as a key of the person's role (`requiredPermission`), the body checked
 * against the same schema of the contract, the same idempotency store (under the key the form carried, so a form
 * sent twice acts once), and therefore the same ledger entries, events and webhooks. What it did is then written to
 * the audit trail, under that key, with the person and session.
 */
import type { Request } from 'express';
import type { Logger } from 'pino';
import { routes, type Handlers, type OperationId, type RouteDef } from '../../../generated/operations';
import { ApiError } from '../../core/errors';
import type { Db } from '../../db/types';
import type { ClockDeps } from '../../domain/clock/advance';
import { allows, requiredPermission } from '../../domain/access/roles';
import { NO_RECOVERY } from '../../domain/recovery';
import { recordAudit } from '../../domain/team/audit';
import type { Session } from '../../domain/team/sessions';
import type { Engine } from '../../domain/transactions/engine';
import type { Webhooks } from '../../webhooks/delivery';
import type { Ctx } from '../context';
import { fingerprint } from '../idempotency';
import { runIdempotent, type IdempotencyEnv } from '../idempotent';
import { statusOf } from '../errors';
import { processContract } from '../response-contract';
import { formKeyOf } from './guard';

export interface ActDeps {
  db: Db;
  logger: Logger;
  handlers: Handlers<Ctx>;
  payments: Engine;
  webhooks: Webhooks;
  clocks: ClockDeps;
  idempotency: Omit<IdempotencyEnv, 'db' | 'logger'>;
  /** Wakes the workers after a write (the jobs it enqueued). */
  jobsDue?: () => void;
}

export interface Input {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

type AnyHandler = (req: unknown, ctx: Ctx) => Promise<{ status: number; body: unknown }>;

const ROUTES = new Map<OperationId, RouteDef>((routes as readonly RouteDef[]).map((r) => [r.operationId, r]));

function ctxOf(deps: ActDeps, s: Session, correlationId: string): Ctx {
  return {
    db: deps.db,
    merchant: { name: s.merchantName, merchantId: s.merchantId, isSubAccount: s.isSubAccount },
    mode: s.mode,
    scope: { merchantId: s.merchantId, mode: s.mode },
    role: s.role,
    // The session stands where a key would: what a handler records of "who" names it.
    keyId: s.id,
    correlationId,
    payments: deps.payments,
    webhooks: deps.webhooks,
    clocks: deps.clocks,
    recovery: NO_RECOVERY,
  };
}

/** Reads through an API operation (a GET) as the session's person. */
export async function readAs<B = unknown>(deps: ActDeps, s: Session, correlationId: string, operationId: OperationId, input: Input = {}): Promise<B> {
  const route = ROUTES.get(operationId)!;
  if (route.method !== 'get') throw new Error(`${operationId} is not a read`);
  if (!allows(s.role, requiredPermission(route))) throw new ApiError('forbidden', { message: 'Your role does not allow this.' });
  const handler = (deps.handlers as unknown as Record<string, AnyHandler>)[operationId]!;
  const out = await handler({ params: input.params ?? {}, query: input.query ?? {}, headers: {}, body: undefined }, ctxOf(deps, s, correlationId));
  return out.body as B;
}

/**
 * Runs an API operation that changes something, as the session's person, under the form's idempotency key; records
 * it in the audit trail once it took effect. A refusal is the API's `ApiError`, for the page to explain.
 */
export async function actAs<B = unknown>(
  deps: ActDeps,
  s: Session,
  req: Request,
  correlationId: string,
  operationId: OperationId,
  input: Input,
  idempotencyKey: string,
  target: string | null,
): Promise<{ status: number; body: B; replayed: boolean }> {
  const route = ROUTES.get(operationId)!;
  if (route.method === 'get') throw new Error(`${operationId} is a read`);
  if (!allows(s.role, requiredPermission(route))) throw new ApiError('forbidden', { message: 'Your role does not allow this action.' });
  const problems = processContract().checkBody(route, input.body);
  if (problems.length > 0) {
    throw new ApiError('validationError', { message: problems.map((p) => `${p.path} ${p.message}`).join('; '), resource: undefined });
  }
  const handler = (deps.handlers as unknown as Record<string, AnyHandler>)[operationId]!;
  const ctx = ctxOf(deps, s, correlationId);
  // The fingerprint of the same request made through the API: the operation's own path, the same body.
  const apiPath = route.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(input.params?.[name] ?? ''));
  const request = { key: idempotencyKey, operationId, fingerprint: fingerprint(route.method.toUpperCase(), apiPath, input.body) };
  const env: IdempotencyEnv = { db: deps.db, logger: deps.logger, ...deps.idempotency };
  const call = { params: input.params ?? {}, query: input.query ?? {}, headers: {}, body: input.body };
  const out = await runIdempotent(env, ctx, request, (c) => handler(call, c));
  deps.jobsDue?.();
  const body = JSON.parse(out.text) as B;
  if (out.status < 400) {
    await recordAudit(deps.db, {
      merchantId: s.merchantId,
      mode: s.mode,
      actor: { kind: 'user', id: s.userId, sessionId: s.id },
      action: operationId,
      target,
      detail: { status: out.status, body: input.body ?? null },
      ip: req.ip ?? null,
      idempotencyKey,
    });
  }
  return { status: out.status, body, replayed: out.replayed };
}

/**
 * How a page shows what the API refused: its status and the API's own message (`404` for any missing resource: a
 * resource of another merchant is missing too). Null for what is no refusal (a failure of ours, thrown on). The same
 * form sent again while the first sending is still at work (`idempotencyInProgress`) is a refusal too: the page
 * shows the state the first one leaves.
 */
export function refusalOf(err: unknown): { status: number; code: string; message: string } | null {
  if (!(err instanceof ApiError)) return null;
  const status = err.code.endsWith('NotFound') ? 404 : statusOf(err);
  return status < 500 ? { status, code: err.code, message: err.message } : null;
}

/**
 * A form's action through `actAs`, with the answers every page gives: the form's key missing (an old or forged form),
 * the same form still at work (shown the page `back`, where the first sending's result appears), a refusal of the
 * API (shown by `refused`, with the API's message). The API's answer when it acted; null when the page was answered.
 */
export async function formAction<B = unknown>(
  deps: ActDeps,
  s: Session,
  req: Request,
  res: { redirect(status: number, url: string): void; locals: Record<string, unknown> },
  call: { operationId: OperationId; input: Input; target: string | null; back: string },
  refused: (status: number, message: string | null) => Promise<void> | void,
): Promise<{ body: B; replayed: boolean } | null> {
  const key = formKeyOf(req.body);
  if (!key) {
    await refused(422, null);
    return null;
  }
  try {
    const out = await actAs<B>(deps, s, req, String(res.locals.correlationId ?? ''), call.operationId, call.input, key, call.target);
    return { body: out.body, replayed: out.replayed };
  } catch (err) {
    const r = refusalOf(err);
    if (r?.code === 'idempotencyInProgress') {
      res.redirect(303, call.back);
      return null;
    }
    if (r) {
      await refused(r.status, r.message);
      return null;
    }
    throw err;
  }
}
