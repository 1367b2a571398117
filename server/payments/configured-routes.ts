/**
 * Keeps the orchestrator's configured routes in step with `payment_routes`: loaded at start, and again within
 * `ROUTES_RELOAD_MS` of any change (an admin command on another process), so `routes add` or `routes disable` takes
 * effect without a restart. And ROUTES_FILE: the same routes as a file for deployments, applied at every start.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Logger } from 'pino';
import { SettingError } from '../config';
import type { Db } from '../db/types';
import type { Sealer } from '../webhooks/sealer';
import type { ConfiguredRoute, Orchestrator } from './orchestrator';
import { callbackSecretOf, listRoutes, openRoute, RouteConfigError, routesVersion, saveRoute, type NewRoute } from './routes-store';

/** How often a process checks whether the routes changed. */
export const ROUTES_RELOAD_MS = 5_000;

/** The routes of `payment_routes` as working providers; `timeoutMs` is the engine's provider time-out. */
export async function loadConfigured(db: Db, sealer: Sealer, timeoutMs?: number): Promise<ConfiguredRoute[]> {
  return (await listRoutes(db)).map((row) => {
    let notificationSecret: string;
    try {
      notificationSecret = callbackSecretOf(sealer, row);
    } catch {
      throw new SettingError('SECRETS_KEY', `the secrets of payment route ${row.id} cannot be opened: SECRETS_KEY is not the key they were sealed with (set it back, or add the route again)`);
    }
    return { provider: openRoute(db, sealer, row, timeoutMs), enabled: row.status === 'enabled', notificationSecret };
  });
}

/** Loads the routes now and watches for changes; the returned function stops watching. */
export async function watchRoutes(
  db: Db,
  sealer: Sealer,
  orchestrator: Orchestrator,
  logger: Logger,
  options: { everyMs?: number; onLoad?: () => Promise<void> } = {},
): Promise<() => void> {
  let version = await routesVersion(db);
  orchestrator.setConfigured(await loadConfigured(db, sealer, orchestrator.timeoutMs));
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void (async () => {
      const now = await routesVersion(db);
      if (now === version) return;
      orchestrator.setConfigured(await loadConfigured(db, sealer, orchestrator.timeoutMs));
      version = now;
      await options.onLoad?.();
      logger.info({ routes: orchestrator.configuredRoutes().map((r) => r.provider.id) }, 'payment routes reloaded');
    })()
      .catch((err: unknown) => logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'payment routes could not be reloaded'))
      .finally(() => {
        busy = false;
      });
  }, options.everyMs ?? ROUTES_RELOAD_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    orchestrator.setConfigured([], { closeNow: true });
  };
}

/**
 * One route of ROUTES_FILE: the flags of `routes add` as JSON; secrets inline or, better, as files beside it
 * (`clientSecretFile`, `certFile`, `keyFile`, `caFile`; a Stripe route's `secretKeyFile`, `webhookSecretFile`;
 * relative to the file).
 */
interface FileRoute {
  id: string;
  kind?: 'api-pix' | 'stripe';
  mode: 'sandbox' | 'production';
  baseUrl: string;
  oauthUrl: string;
  clientId: string;
  clientSecret?: string;
  clientSecretFile?: string;
  certFile: string;
  keyFile: string;
  caFile?: string;
  pixKey: string;
  scopes?: string;
  /** A Stripe route's: its secret key and webhook signing secret, inline or (better) in files beside it. */
  secretKey?: string;
  secretKeyFile?: string;
  webhookSecret?: string;
  webhookSecretFile?: string;
  apiUrl?: string;
}

/** The routes of ROUTES_FILE, read and checked; a problem is one line naming the route and the field. */
export function readRoutesFile(path: string): NewRoute[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    // The parser's own message may quote the file, secrets and all: only where it stopped is said.
    const at = err instanceof SyntaxError ? /position (\d+)/.exec(err.message)?.[1] : undefined;
    const why = err instanceof SyntaxError ? `it is not valid JSON${at ? ` (at character ${at})` : ''}` : 'it cannot be read';
    throw new RouteConfigError(`ROUTES_FILE ${path}: ${why}`);
  }
  const list = (parsed as { routes?: unknown })?.routes;
  if (!Array.isArray(list)) throw new RouteConfigError(`ROUTES_FILE ${path} must hold {"routes": [...]}`);
  const base = dirname(resolve(path));
  const file = (route: string, field: string, name: unknown): string => {
    if (typeof name !== 'string' || name === '') throw new RouteConfigError(`ROUTES_FILE route ${route}: ${field} is missing`);
    try {
      return readFileSync(resolve(base, name), 'utf8');
    } catch {
      throw new RouteConfigError(`ROUTES_FILE route ${route}: ${field} ${name} cannot be read`);
    }
  };
  return (list as FileRoute[]).map((r, i) => {
    const name = typeof r?.id === 'string' ? r.id : `#${i + 1}`;
    if (!r || typeof r !== 'object') throw new RouteConfigError(`ROUTES_FILE route ${name}: not an object`);
    if (r.mode !== 'sandbox' && r.mode !== 'production') throw new RouteConfigError(`ROUTES_FILE route ${name}: mode must be sandbox or production`);
    if (r.kind === 'stripe') {
      if (typeof r.id !== 'string' || r.id === '') throw new RouteConfigError(`ROUTES_FILE route ${name}: id is missing`);
      return {
        id: r.id,
        kind: 'stripe' as const,
        mode: r.mode,
        settings: typeof r.apiUrl === 'string' ? { apiUrl: r.apiUrl } : {},
        secrets: {
          secretKey: r.secretKey ?? file(name, 'secretKeyFile', r.secretKeyFile).trim(),
          webhookSecret: r.webhookSecret ?? file(name, 'webhookSecretFile', r.webhookSecretFile).trim(),
        },
      };
    }
    for (const field of ['id', 'baseUrl', 'oauthUrl', 'clientId', 'pixKey'] as const) {
      if (typeof r[field] !== 'string' || r[field] === '') throw new RouteConfigError(`ROUTES_FILE route ${name}: ${field} is missing`);
    }
    if (r.kind !== undefined && r.kind !== 'api-pix') throw new RouteConfigError(`ROUTES_FILE route ${name}: kind must be api-pix or stripe`);
    const clientSecret = r.clientSecret ?? file(name, 'clientSecretFile', r.clientSecretFile).trim();
    return {
      id: r.id,
      kind: 'api-pix' as const,
      mode: r.mode,
      settings: { baseUrl: r.baseUrl, oauthUrl: r.oauthUrl, clientId: r.clientId, pixKey: r.pixKey, ...(r.scopes ? { scopes: r.scopes } : {}) },
      secrets: {
        clientSecret,
        cert: file(name, 'certFile', r.certFile),
        key: file(name, 'keyFile', r.keyFile),
        ...(r.caFile ? { ca: file(name, 'caFile', r.caFile) } : {}),
      },
    };
  });
}

/** Applies ROUTES_FILE: each route added or its settings replaced (its notification URL kept). */
export async function applyRoutesFile(db: Db, sealer: Sealer, path: string): Promise<string[]> {
  const routes = readRoutesFile(path);
  const ids: string[] = [];
  for (const r of routes) {
    await saveRoute(db, sealer, r, { replace: true });
    ids.push(r.id);
  }
  return ids;
}
