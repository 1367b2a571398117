/**
 * Admin commands for the operator's payment routes: `routes add|list|test|disable|enable|received|events|reconcile`. Secrets
 * are read from files (or, for API Pix's client secret, a flag or ROUTE_CLIENT_SECRET; for Stripe's, STRIPE_SECRET_KEY
 * and STRIPE_WEBHOOK_SECRET), sealed with SECRETS_KEY, and never
 * printed back: `routes list` shows hints only. A running service picks a change up within seconds.
 */
import { readFileSync } from 'node:fs';
import { loadConfig } from '../config';
import type { Db } from '../db/types';
import { addDays, saoPauloDate } from '../core/calendar';
import { reconcileDay } from '../domain/routes/sweep';
import { findRoute, listRoutes, notificationPath, openRoute, ROUTE_KINDS, RouteConfigError, saveRoute, setRouteStatus, type NewRoute, type RouteKind, type RouteRow, type RouteStatus } from '../payments/routes-store';
import { failureOf } from '../payments/stripe/client';
import { STRIPE_EVENT_TYPES } from '../payments/stripe/route';
import { loadSealer, type Sealer } from '../webhooks/sealer';
import { FailedCheck, RefusedError, required, textTable, UsageError, type AdminCommand, type Flags } from './command';

const json = { type: 'boolean', default: false } as const;
const str = { type: 'string' } as const;

function sealerFor(db: Db): Promise<Sealer> {
  return loadSealer(db, loadConfig().secretsKey);
}

function fileFlag(flags: Flags, name: string, command: string): string {
  const path = required(flags, name, command);
  try {
    return readFileSync(path, 'utf8');
  } catch {
    // The flags were right; the file is not there (or not readable where the command runs): one line, exit 1.
    throw new RefusedError(`--${name} ${path} cannot be read`);
  }
}

async function routeOf(db: Db, flags: Flags, command: string): Promise<RouteRow> {
  const id = required(flags, 'id', command);
  const row = await findRoute(db, id);
  if (!row) throw new RefusedError(`no route ${id} (routes list shows them)`);
  return row;
}

/** One line of what failed: the PSP's or the network's words, never a secret. */
function failure(err: unknown): string {
  const e = err as { message?: string };
  return (e.message ?? String(err)).split('\n')[0]!.slice(0, 300);
}

function view(r: RouteRow) {
  const { hints, ...settings } = r.settings;
  return {
    id: r.id, kind: r.kind, mode: r.mode, position: r.position, status: r.status, ...settings,
    secrets: hints, createdAt: new Date(r.created_at).toISOString(), updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** Where the route's API is, and who it charges for: the columns `routes list` shows beside the id. */
function where(r: RouteRow): { base: string; account: string } {
  if (r.kind === 'stripe') return { base: r.settings.apiUrl ?? 'https://api.stripe.com', account: '-' };
  return { base: r.settings.baseUrl, account: `${r.settings.clientId} ${r.settings.pixKey}` };
}

/** A secret of `routes add`: from the file of `--{name}-file`, else the environment variable; never a flag's value. */
function secretOf(flags: Flags, name: string, env: string): string {
  const value = typeof flags[`${name}-file`] === 'string' ? fileFlag(flags, `${name}-file`, 'routes add').trim() : (process.env[env] ?? '').trim();
  if (!value) throw new UsageError(`routes add --kind stripe needs --${name}-file or ${env}`);
  return value;
}

/** The settings and secrets of `routes add`, by `--kind`. */
function newRoute(flags: Flags): NewRoute {
  const base = { id: String(flags.id), mode: flags.mode as 'sandbox' | 'production' };
  if (flags.kind === 'stripe') {
    return {
      ...base,
      kind: 'stripe',
      settings: typeof flags['api-url'] === 'string' ? { apiUrl: flags['api-url'] } : {},
      secrets: { secretKey: secretOf(flags, 'secret-key', 'STRIPE_SECRET_KEY'), webhookSecret: secretOf(flags, 'webhook-secret', 'STRIPE_WEBHOOK_SECRET') },
    };
  }
  for (const f of ['base-url', 'oauth-url', 'client-id', 'cert', 'key', 'pix-key']) required(flags, f, 'routes add');
  const clientSecret =
    typeof flags['client-secret-file'] === 'string'
      ? fileFlag(flags, 'client-secret-file', 'routes add').trim()
      : typeof flags['client-secret'] === 'string'
        ? flags['client-secret']
        : (process.env.ROUTE_CLIENT_SECRET ?? '');
  if (!clientSecret) throw new UsageError('routes add needs the client secret: --client-secret-file, --client-secret or ROUTE_CLIENT_SECRET');
  return {
    ...base,
    kind: 'api-pix',
    settings: {
      baseUrl: String(flags['base-url']), oauthUrl: String(flags['oauth-url']), clientId: String(flags['client-id']), pixKey: String(flags['pix-key']),
      ...(typeof flags.scopes === 'string' ? { scopes: flags.scopes } : {}),
    },
    secrets: {
      clientSecret,
      cert: fileFlag(flags, 'cert', 'routes add'),
      key: fileFlag(flags, 'key', 'routes add'),
      ...(typeof flags.ca === 'string' ? { ca: fileFlag(flags, 'ca', 'routes add') } : {}),
    },
  };
}

/** What a new Stripe route needs next: its endpoint registered at Stripe, with the events the service reads. */
function stripeNext(row: RouteRow): string {
  const own = loadConfig().publicBaseUrl;
  const url = `${own ?? '<PUBLIC_BASE_URL>'}/hooks/routes/${row.id}/stripe`;
  return `register the webhook endpoint ${url} at Stripe for the events ${STRIPE_EVENT_TYPES.join(', ')}; `;
}

/** `routes disable` and `routes enable`: the route's status set, and one line saying what it means. */
function statusCommand(status: RouteStatus, summary: string, means: string): AdminCommand {
  const name = `routes ${status === 'enabled' ? 'enable' : 'disable'}`;
  return {
    summary,
    usage: `${name} --id <id>`,
    options: { id: str },
    async run(db, flags) {
      const row = await routeOf(db, flags, name);
      await setRouteStatus(db, row.id, status);
      return `route ${row.id} ${status}${means}\n`;
    },
  };
}

export const routeCommands: Record<string, AdminCommand> = {
  'routes add': {
    summary: 'a real payment route (API Pix or Stripe) for a mode, its secrets sealed',
    usage: `routes add --id <id> --mode sandbox|production [--kind api-pix|stripe] [--replace] [--json], and for each kind:
  api-pix: --base-url <url> --oauth-url <url> --client-id <id>
           (--client-secret-file <path> | --client-secret <secret> | ROUTE_CLIENT_SECRET) --cert <pem> --key <pem>
           [--ca <pem>] --pix-key <key> [--scopes "cob.write cob.read ..."]
  stripe:  (--secret-key-file <path> | STRIPE_SECRET_KEY) (--webhook-secret-file <path> | STRIPE_WEBHOOK_SECRET)
           [--api-url <url>]
  --id             the route's name (2 to 40 lowercase letters, digits, dashes): payment.provider and the timeline show it
  --mode           which keys it serves: production, or sandbox (a PSP's homologation environment, or Stripe's test
                   mode, instead of the simulator)
  --kind           api-pix (default): PIX at a PSP of the Central Bank's API Pix; stripe: cards, boleto and PIX at Stripe
  --base-url       the PSP's API Pix base, version included (https://pix.example.com/api/v2)
  --oauth-url      the PSP's OAuth 2.0 token endpoint
  --client-id      the client id the PSP issued
  --client-secret-file  a file holding the client secret (a flag's value would stay in shell history)
  --cert, --key    the client certificate and its private key (PEM files) for mutual TLS
  --ca             the CA of the PSP's server certificate (PEM file), when it is not a public one
  --pix-key        the receiving PIX key (chave) the charges are paid to
  --secret-key-file      a file holding Stripe's secret key: sk_live_ (or rk_live_) for production, sk_test_ for sandbox
  --webhook-secret-file  a file holding the signing secret (whsec_) of the webhook endpoint registered at Stripe
  --api-url        Stripe's API elsewhere than https://api.stripe.com (a local fake for a trial on one machine)
  --replace        replace the settings and secrets of the route of that id (a renewed certificate or key): its mode,
                   order, status and notification URL stay
A new route is tried after the routes of its mode added before it (routes list shows the order).`,
    options: {
      id: str, mode: str, kind: str, 'base-url': str, 'oauth-url': str, 'client-id': str, 'client-secret': str, 'client-secret-file': str,
      cert: str, key: str, ca: str, 'pix-key': str, scopes: str, 'secret-key-file': str, 'webhook-secret-file': str, 'api-url': str,
      replace: { type: 'boolean', default: false }, json,
    },
    check(flags) {
      for (const f of ['id', 'mode']) required(flags, f, 'routes add');
      if (flags.mode !== 'sandbox' && flags.mode !== 'production') throw new UsageError('--mode must be sandbox or production');
      if (flags.kind !== undefined && !ROUTE_KINDS.includes(flags.kind as RouteKind)) throw new UsageError(`--kind must be ${ROUTE_KINDS.join(' or ')}`);
    },
    async run(db, flags) {
      const route = newRoute(flags);
      try {
        const { row } = await saveRoute(db, await sealerFor(db), route, { replace: flags.replace === true });
        if (flags.json) return `${JSON.stringify(view(row))}\n`;
        const next = row.kind === 'stripe' ? stripeNext(row) : '';
        if (flags.replace === true && row.created_at.getTime() !== row.updated_at.getTime()) return `route ${row.id} replaced: its settings and secrets; ${next}check it with: npm run admin -- routes test --id ${row.id}\n`;
        return `route ${row.id} added: ${row.kind}, ${row.mode}, position ${row.position}; ${next}check it with: npm run admin -- routes test --id ${row.id}\n`;
      } catch (err) {
        if (err instanceof RouteConfigError) throw new RefusedError(err.message);
        throw err;
      }
    },
  },
  'routes list': {
    summary: 'the payment routes, in the order they are tried (secrets as hints only)',
    usage: `routes list [--json]`,
    options: { json },
    async run(db, flags) {
      const rows = await listRoutes(db);
      if (flags.json) return `${JSON.stringify(rows.map(view))}\n`;
      if (rows.length === 0) return 'no routes configured: production keys get providerNotConfigured, sandbox keys the simulator\n';
      return textTable(
        ['ID', 'KIND', 'MODE', 'POS', 'STATUS', 'API', 'ACCOUNT', 'SECRETS'],
        rows.map((r) => {
          const { base, account } = where(r);
          return [r.id, r.kind, r.mode, String(r.position), r.status, base, account, Object.entries(r.settings.hints).map(([k, v]) => `${k} ${v}`).join(', ')];
        }),
      ) + 'sandbox and sandbox-fallback (the simulator) serve sandbox keys after these\n';
    },
  },
  'routes test': {
    summary: 'fetches a token and reads the webhook registration of a route; one line on what failed',
    usage: `routes test --id <id>`,
    options: { id: str },
    async run(db, flags) {
      const row = await routeOf(db, flags, 'routes test');
      const route = openRoute(db, await sealerFor(db), row);
      if (route.kind === 'stripe') {
        try {
          const a = await route.account();
          return `route ${row.id}: ok: the key reaches Stripe account ${a.id}${a.country ? ` (${a.country})` : ''}${a.chargesEnabled === false ? '; charges are not enabled on it yet' : ''}\n`;
        } catch (err) {
          throw new RefusedError(`route ${row.id}: account: ${failureOf(err).message}`);
        }
      }
      try {
        try {
          await route.checkCredentials();
        } catch (err) {
          throw new RefusedError(`route ${row.id}: token: ${failure(err)}`);
        }
        let webhook: string | null;
        try {
          webhook = await route.webhook();
        } catch (err) {
          throw new RefusedError(`route ${row.id}: token ok; webhook: ${failure(err)}`);
        }
        // The registered URL holds the route's notification secret: it is compared, never printed.
        const own = loadConfig().publicBaseUrl;
        const ours = own ? webhook === `${own}${notificationPath(await sealerFor(db), row)}` : webhook?.includes(`/hooks/routes/${row.id}/`) === true;
        const registered =
          webhook === null
            ? 'no webhook registered yet (the service registers it at its first sweep)'
            : ours
              ? `webhook registered to this service${own ? '' : ' (PUBLIC_BASE_URL is not set here: only the path was compared)'}`
              : 'webhook registered to another address (the service registers its own at its next sweep)';
        return `route ${row.id}: ok: token issued; ${registered}\n`;
      } finally {
        route.close();
      }
    },
  },
  'routes disable': statusCommand('disabled', 'stops a route taking new charges (what it started, it finishes)', ': new charges go to the next route; its pending charges, refunds and notifications are still served'),
  'routes enable': statusCommand('enabled', 'takes a disabled route back into use', ''),
  'routes received': {
    summary: 'Pix received that need an operator: unknown txid, charge already settled, wrong amount, held',
    usage: `routes received [--id <id>] [--all] [--json]
  --all   every Pix received, not only those needing attention`,
    options: { id: str, all: { type: 'boolean', default: false }, json },
    async run(db, flags) {
      const res = await db.query<{ route_id: string; end_to_end_id: string; txid: string | null; amount: string; outcome: string; transaction_id: string | null; source: string; received_at: Date }>(
        `SELECT route_id, end_to_end_id, txid, amount::text AS amount, outcome, transaction_id, source, received_at FROM pix_received
          WHERE ($1::text IS NULL OR route_id = $1) AND ($2 OR outcome <> 'applied') ORDER BY received_at DESC LIMIT 500`,
        [typeof flags.id === 'string' ? flags.id : null, flags.all === true],
      );
      if (flags.json) return `${JSON.stringify(res.rows.map((r) => ({ ...r, amount: Number(r.amount) })))}\n`;
      if (res.rows.length === 0) return flags.all ? 'no Pix received\n' : 'no Pix received needs attention\n';
      return textTable(
        ['ROUTE', 'END TO END ID', 'TXID', 'AMOUNT', 'OUTCOME', 'TRANSACTION', 'SOURCE', 'RECEIVED'],
        res.rows.map((r) => [r.route_id, r.end_to_end_id, r.txid ?? '-', r.amount, r.outcome, r.transaction_id ?? '-', r.source, new Date(r.received_at).toISOString()]),
      );
    },
  },
  'routes events': {
    summary: 'Stripe events that need an operator: money for a charge that ended, a dispute with nothing to hold, unknown payments, held',
    usage: `routes events [--id <id>] [--all] [--json]
  --all   every Stripe event received, not only those needing attention`,
    options: { id: str, all: { type: 'boolean', default: false }, json },
    async run(db, flags) {
      const res = await db.query<{ route_id: string; event_id: string; type: string; intent_id: string | null; outcome: string; transaction_id: string | null; source: string; received_at: Date }>(
        `SELECT route_id, event_id, type, intent_id, outcome, transaction_id, source, received_at FROM stripe_events
          WHERE ($1::text IS NULL OR route_id = $1) AND ($2 OR outcome IN ('review', 'unknown', 'held')) ORDER BY received_at DESC LIMIT 500`,
        [typeof flags.id === 'string' ? flags.id : null, flags.all === true],
      );
      if (flags.json) return `${JSON.stringify(res.rows)}\n`;
      if (res.rows.length === 0) return flags.all ? 'no Stripe event received\n' : 'no Stripe event needs attention\n';
      return textTable(
        ['ROUTE', 'EVENT', 'TYPE', 'PAYMENT', 'OUTCOME', 'TRANSACTION', 'SOURCE', 'RECEIVED'],
        res.rows.map((r) => [r.route_id, r.event_id, r.type, r.intent_id ?? '-', r.outcome, r.transaction_id ?? '-', r.source, new Date(r.received_at).toISOString()]),
      );
    },
  },
  'routes reconcile': {
    summary: "compares a day's Pix at the PSP with ours and reports the differences",
    usage: `routes reconcile --id <id> [--day YYYY-MM-DD] [--dry-run] [--json]
  --day      the São Paulo day (default yesterday)
  --dry-run  report only: a Pix we missed is not applied (the service's sweep applies it)
Exit 1 when differences were found.`,
    options: { id: str, day: str, 'dry-run': { type: 'boolean', default: false }, json },
    check(flags) {
      if (typeof flags.day === 'string' && !/^\d{4}-\d{2}-\d{2}$/.test(flags.day)) throw new UsageError('--day takes YYYY-MM-DD');
    },
    async run(db, flags) {
      const row = await routeOf(db, flags, 'routes reconcile');
      const day = typeof flags.day === 'string' ? flags.day : addDays(saoPauloDate(new Date()), -1);
      const route = openRoute(db, await sealerFor(db), row);
      // A Stripe route is reconciled by its sweep, which lists Stripe's events and applies any not received.
      if (route.kind !== 'api-pix') throw new RefusedError(`route ${row.id} is a ${route.kind} route: its sweep reconciles it with Stripe's list of events`);
      try {
        const report = await reconcileDay({ db, wake: () => undefined }, route, day, flags['dry-run'] !== true);
        const out = flags.json
          ? `${JSON.stringify(report)}\n`
          : `route ${row.id}, ${day}: ${report.pspCount} Pix at the PSP, ${report.oursCount} recorded here, ${report.differences.length} differences\n` +
            (report.differences.length > 0
              ? textTable(['KIND', 'END TO END ID', 'TXID', 'AMOUNT', 'TRANSACTION', 'NOTE'], report.differences.map((d) => [d.kind, d.endToEndId, d.txid ?? '-', String(d.amount), d.transactionId ?? '-', d.note]))
              : '');
        if (report.differences.length > 0) throw new FailedCheck(`route ${row.id}: ${report.differences.length} differences on ${day}`, out);
        return out;
      } catch (err) {
        if (err instanceof FailedCheck) throw err;
        throw new RefusedError(`route ${row.id}: ${failure(err)}`);
      } finally {
        route.close();
      }
    },
  },
};
