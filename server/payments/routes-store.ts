/**
 * The payment routes an operator configured (`payment_routes`): added with `npm run admin -- routes add` or from
 * ROUTES_FILE, their secrets sealed with SECRETS_KEY. A route's settings may be printed (URLs, client id, PIX key,
 * hints); its secrets never are. Each route has a notification secret of its own, part of the URL the PSP is given.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';
import type { Mode } from '../core/tenancy';
import type { Sealer } from '../webhooks/sealer';
import { apiPixRoute } from './api-pix/route';
import { checkSettings, hintOf, type ApiPixSecrets, type ApiPixSettings } from './api-pix/settings';
import type { RealRoute } from './orchestrator';
import { stripeRoute } from './stripe/route';
import { checkStripeSettings, stripeHints, type StripeSecrets, type StripeSettings } from './stripe/settings';

export type RouteStatus = 'enabled' | 'disabled';

/** Each kind of route with what it is configured with: settings that may be shown, secrets sealed. */
interface Kinds {
  'api-pix': { settings: ApiPixSettings; secrets: ApiPixSecrets };
  stripe: { settings: StripeSettings; secrets: StripeSecrets };
}
export type RouteKind = keyof Kinds;
export const ROUTE_KINDS: readonly RouteKind[] = ['api-pix', 'stripe'];

interface RowOf<K extends RouteKind> {
  id: string;
  kind: K;
  mode: Mode;
  position: number;
  settings: Kinds[K]['settings'] & { hints: Record<string, string> };
  sealed: string;
  callback_sealed: string;
  status: RouteStatus;
  created_at: Date;
  updated_at: Date;
}
export type RouteRow = { [K in RouteKind]: RowOf<K> }[RouteKind];

/** What adding a route takes: its name, kind, mode, settings and secrets (read from files by the caller). */
export type NewRoute = { [K in RouteKind]: { id: string; kind: K; mode: Mode } & Kinds[K] }[RouteKind];

/** The problems of a new route's settings and the hints `routes list` shows of its secrets, by its kind. */
function checked(r: NewRoute): { problems: string[]; hints: Record<string, string> } {
  if (r.kind === 'stripe') return { problems: checkStripeSettings(r.mode, r.settings, r.secrets), hints: stripeHints(r.secrets) };
  return {
    problems: checkSettings(r.settings, r.secrets),
    hints: {
      clientSecret: hintOf(r.secrets.clientSecret, 'text'),
      cert: hintOf(r.secrets.cert, 'pem'),
      key: hintOf(r.secrets.key, 'pem'),
      ca: hintOf(r.secrets.ca, 'pem'),
    },
  };
}

export class RouteConfigError extends Error {}

export async function listRoutes(q: Queryable): Promise<RouteRow[]> {
  const res = await q.query<RouteRow>(`SELECT * FROM payment_routes ORDER BY mode, position, id`);
  return res.rows;
}

export async function findRoute(q: Queryable, id: string): Promise<RouteRow | null> {
  const res = await q.query<RouteRow>(`SELECT * FROM payment_routes WHERE id = $1`, [id]);
  return res.rows[0] ?? null;
}

/**
 * Adds the route, or replaces the settings and secrets of the route of that id (`replace`: ROUTES_FILE, read at every
 * start). A new route goes after the others of its mode; the notification secret of an existing route is kept, so
 * the URL registered at the PSP stays valid.
 */
export async function saveRoute(q: Queryable, sealer: Sealer, r: NewRoute, options: { replace: boolean }): Promise<{ row: RouteRow; created: boolean }> {
  if (!/^[a-z][a-z0-9-]{1,39}$/.test(r.id)) throw new RouteConfigError(`route id "${r.id}" must be 2 to 40 lowercase letters, digits and dashes, starting with a letter`);
  if (r.id === 'sandbox' || r.id === 'sandbox-fallback') throw new RouteConfigError(`route id "${r.id}" is the simulator's own`);
  const { problems, hints } = checked(r);
  if (problems.length > 0) throw new RouteConfigError(problems.join('; '));
  const settings = { ...r.settings, hints };
  const sealed = sealer.seal(JSON.stringify(r.secrets));
  const existing = await findRoute(q, r.id);
  if (existing) {
    if (!options.replace) throw new RouteConfigError(`route ${r.id} exists (--replace replaces its settings and secrets; or choose another id)`);
    if (existing.kind !== r.kind || existing.mode !== r.mode) throw new RouteConfigError(`route ${r.id} is a ${existing.kind} route of ${existing.mode}: its kind and mode do not change`);
    let stored: string;
    try {
      stored = sealer.open(existing.sealed);
    } catch {
      throw new RouteConfigError(`route ${r.id}: its stored secrets cannot be opened: SECRETS_KEY is not the key they were sealed with (set it back)`);
    }
    // Unchanged (every start applies ROUTES_FILE again): nothing is written, so no process reloads for nothing.
    if (sameSettings(existing.settings, settings) && stored === JSON.stringify(r.secrets)) return { row: existing, created: false };
    // Its status stays: a route the operator disabled is not enabled again by a restart.
    const res = await q.query<RouteRow>(
      `UPDATE payment_routes SET settings = $2, sealed = $3, updated_at = now() WHERE id = $1 RETURNING *`,
      [r.id, JSON.stringify(settings), sealed],
    );
    return { row: res.rows[0]!, created: false };
  }
  const res = await q.query<RouteRow>(
    `INSERT INTO payment_routes (id, kind, mode, position, settings, sealed, callback_sealed, status, created_at, updated_at)
     VALUES ($1, $2, $3, (SELECT COALESCE(max(position), 0) + 1 FROM payment_routes WHERE mode = $3), $4, $5, $6, 'enabled', now(), now())
     RETURNING *`,
    [r.id, r.kind, r.mode, JSON.stringify(settings), sealed, sealer.seal(randomBytes(24).toString('base64url'))],
  );
  return { row: res.rows[0]!, created: true };
}

/** Whether two settings are the same, key order aside (jsonb does not keep it). */
function sameSettings(a: object, b: object): boolean {
  const canonical = (v: unknown): unknown =>
    v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => x.localeCompare(y)).map(([k, x]) => [k, canonical(x)])) : v;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

export async function setRouteStatus(q: Queryable, id: string, status: RouteStatus): Promise<RouteRow | null> {
  const res = await q.query<RouteRow>(`UPDATE payment_routes SET status = $2, updated_at = now() WHERE id = $1 RETURNING *`, [id, status]);
  return res.rows[0] ?? null;
}

/** The secret of the route's notification URL. */
export function callbackSecretOf(sealer: Sealer, row: RouteRow): string {
  return sealer.open(row.callback_sealed);
}

/** The path under the service's public URL where the route's PSP notifies (it appends `/pix`). */
export function notificationPath(sealer: Sealer, row: RouteRow): string {
  return `/hooks/routes/${row.id}/${callbackSecretOf(sealer, row)}`;
}

/**
 * The route as a working provider: its secrets opened in memory, never written anywhere else. `timeoutMs` bounds one
 * request to a Stripe route (the engine's provider time-out; an admin command's own otherwise).
 */
export function openRoute(db: Queryable, sealer: Sealer, row: RouteRow, timeoutMs?: number): RealRoute {
  const opened = sealer.open(row.sealed);
  if (row.kind === 'stripe') {
    const { hints: _hints, ...settings } = row.settings;
    return stripeRoute(db, row.id, row.mode, settings, JSON.parse(opened) as StripeSecrets, timeoutMs);
  }
  const { hints: _hints, ...settings } = row.settings;
  return apiPixRoute(db, row.id, row.mode, settings, JSON.parse(opened) as ApiPixSecrets);
}

/** When the routes changed last (any add, replace or status change): the orchestrator reloads when it moves. */
export async function routesVersion(q: Queryable): Promise<string> {
  const res = await q.query<{ v: string | null }>(`SELECT max(updated_at)::text || ':' || count(*)::text AS v FROM payment_routes`);
  return res.rows[0]?.v ?? 'none';
}
