/**
 * Admin commands for the operator's payment routes: `routes add|list|test|disable|enable|received|reconcile`. Secrets
 * are read from files (or, for the client secret, a flag or ROUTE_CLIENT_SECRET), sealed with SECRETS_KEY, and never
 * printed back: `routes list` shows hints only. A running service picks a change up within seconds.
 */
import { readFileSync } from 'node:fs';
import { loadConfig } from '../config';
import type { Db } from '../db/types';
import { addDays, saoPauloDate } from '../core/calendar';
import { reconcileDay } from '../domain/routes/sweep';
import { findRoute, listRoutes, notificationPath, openRoute, RouteConfigError, saveRoute, setRouteStatus, type RouteRow, type RouteStatus } from '../payments/routes-store';
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
    throw new UsageError(`--${name} ${path} cannot be read`);
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
  return {
    id: r.id, kind: r.kind, mode: r.mode, position: r.position, status: r.status,
    baseUrl: r.settings.baseUrl, oauthUrl: r.settings.oauthUrl, clientId: r.settings.clientId, pixKey: r.settings.pixKey,
    secrets: r.settings.hints, createdAt: new Date(r.created_at).toISOString(), updatedAt: new Date(r.updated_at).toISOString(),
  };
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
    summary: 'a real payment route (API Pix) for a mode, its secrets sealed',
    usage: `routes add --id <id> --mode sandbox|production --base-url <url> --oauth-url <url> --client-id <id>
           (--client-secret-file <path> | --client-secret <secret> | ROUTE_CLIENT_SECRET) --cert <pem> --key <pem>
           [--ca <pem>] --pix-key <key> [--scopes "cob.write cob.read ..."] [--replace] [--json]
  --id             the route's name (2 to 40 lowercase letters, digits, dashes): payment.provider and the timeline show it
  --mode           which keys it serves: production, or sandbox (a PSP's homologation environment instead of the simulator)
  --base-url       the PSP's API Pix base, version included (https://pix.example.com/api/v2)
  --oauth-url      the PSP's OAuth 2.0 token endpoint
  --client-id      the client id the PSP issued
  --client-secret-file  a file holding the client secret (a flag's value would stay in shell history)
  --cert, --key    the client certificate and its private key (PEM files) for mutual TLS
  --ca             the CA of the PSP's server certificate (PEM file), when it is not a public one
  --pix-key        the receiving PIX key (chave) the charges are paid to
  --replace        replace the settings and secrets of the route of that id (a renewed certificate): its mode, order,
                   status and notification URL stay
A new route is tried after the routes of its mode added before it (routes list shows the order).`,
    options: {
      id: str, mode: str, 'base-url': str, 'oauth-url': str, 'client-id': str, 'client-secret': str, 'client-secret-file': str,
      cert: str, key: str, ca: str, 'pix-key': str, scopes: str, replace: { type: 'boolean', default: false }, json,
    },
    check(flags) {
      for (const f of ['id', 'mode', 'base-url', 'oauth-url', 'client-id', 'cert', 'key', 'pix-key']) required(flags, f, 'routes add');
      if (flags.mode !== 'sandbox' && flags.mode !== 'production') throw new UsageError('--mode must be sandbox or production');
    },
    async run(db, flags) {
      const clientSecret =
        typeof flags['client-secret-file'] === 'string'
          ? fileFlag(flags, 'client-secret-file', 'routes add').trim()
          : typeof flags['client-secret'] === 'string'
            ? flags['client-secret']
            : (process.env.ROUTE_CLIENT_SECRET ?? '');
      if (!clientSecret) throw new UsageError('routes add needs the client secret: --client-secret-file, --client-secret or ROUTE_CLIENT_SECRET');
      try {
        const { row } = await saveRoute(
          db,
          await sealerFor(db),
          {
            id: String(flags.id),
            kind: 'api-pix',
            mode: flags.mode as 'sandbox' | 'production',
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
          },
          { replace: flags.replace === true },
        );
        if (flags.json) return `${JSON.stringify(view(row))}\n`;
        if (flags.replace === true && row.created_at.getTime() !== row.updated_at.getTime()) return `route ${row.id} replaced: its settings and secrets; check it with: npm run admin -- routes test --id ${row.id}\n`;
        return `route ${row.id} added: api-pix, ${row.mode}, position ${row.position}; check it with: npm run admin -- routes test --id ${row.id}\n`;
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
        ['ID', 'KIND', 'MODE', 'POS', 'STATUS', 'BASE URL', 'CLIENT ID', 'PIX KEY', 'SECRET', 'CERT', 'KEY', 'CA'],
        rows.map((r) => [r.id, r.kind, r.mode, String(r.position), r.status, r.settings.baseUrl, r.settings.clientId, r.settings.pixKey,
          r.settings.hints.clientSecret ?? '-', r.settings.hints.cert ?? '-', r.settings.hints.key ?? '-', r.settings.hints.ca ?? '-']),
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
