/**
 * What the service does for a configured route when no notification comes, as background jobs:
 *
 * | kind | what | exhausted |
 * |---|---|---|
 * | `route.sweep` | every ROUTES_SWEEP_SECONDS: keeps the route's webhook registered at the PSP; applies the Pix received over the last window (`GET /pix`), the Pix held earlier, and the Pix of charges still pending (`GET /cob/{txid}`); enqueues the next sweep and yesterday's reconciliation | the next start enqueues a sweep again |
 * | `route.reconcile` | once a day per route: compares the day's Pix at the PSP with ours, applies what was missing, and reports the differences (`route_reconciliations`, a log line) | stays dead: `routes reconcile` runs it by hand |
 *
 * So a Pix whose notification was lost is applied within one sweep interval of its payment (plus the PSP's answer).
 */
import type { Logger } from 'pino';
import type { Queryable } from '../../db/types';
import { enqueueJob, type HandlerTable } from '../../jobs/kinds';
import { addDays, endOfSaoPauloDay, saoPauloDate, startOfSaoPauloDay } from '../../core/calendar';
import { newId } from '../../ids';
import type { PixReceived, ReceivingRoute } from '../../payments/api-pix/route';
import type { ConfiguredRoute } from '../../payments/orchestrator';
import type { Engine } from '../transactions/engine';
import { schedule } from '../transactions/engine';
import { heldPix, receivePix, type ReceivedSource } from './receive';

export type RouteJob =
  | { kind: 'route.sweep'; payload: { routeId: string; slot: number } }
  | { kind: 'route.reconcile'; payload: { routeId: string; day: string } };

/** The sweep reads the Pix received over at least this long back, so one sweep missed is covered by the next. */
const MIN_WINDOW_MS = 15 * 60_000;
/** A pending charge is read at the PSP once it is this old (its notification had time to come). */
const POLL_AFTER_MS = 30_000;
/** Pending charges read per sweep, oldest first. */
const POLL_MAX = 100;

/** Enqueues the sweep of `routeId` for the interval slot of `at` (once per slot, whoever asks). */
export function scheduleSweep(q: Queryable, routeId: string, sweepSeconds: number, at = new Date()): Promise<string | null> {
  const slot = Math.floor(at.getTime() / (sweepSeconds * 1000));
  return enqueueJob<RouteJob>(
    q,
    { kind: 'route.sweep', payload: { routeId, slot } },
    { dedupeKey: `route.sweep:${routeId}:${slot}`, runAt: new Date(Math.max(Date.now(), slot * sweepSeconds * 1000)), maxAttempts: 3 },
  );
}

/** The finished devoluções of a notification or a sweep: their refunds are confirmed now, not at their next poll. */
export async function confirmRefundsOf(engine: Pick<Engine, 'db' | 'wake'>, routeId: string, pix: PixReceived): Promise<number> {
  let asked = 0;
  for (const d of pix.devolucoes) {
    if (d.status !== 'DEVOLVIDO' && d.status !== 'NAO_REALIZADO') continue;
    const res = await engine.db.query<{ idempotency_key: string }>(
      `SELECT idempotency_key FROM api_pix_refunds WHERE route_id = $1 AND end_to_end_id = $2 AND devolucao_id = $3`,
      [routeId, pix.endToEndId, d.id],
    );
    const refundId = res.rows[0]?.idempotency_key;
    if (!refundId) continue;
    await schedule(engine.db, { kind: 'refund.confirm', payload: { refundId } }, undefined, `refund.confirm:${refundId}:notified:${d.status}`);
    asked++;
  }
  if (asked > 0) engine.wake();
  return asked;
}

/** Applies every Pix of `list`, and asks for the refunds their finished devoluções complete. */
async function applyAll(engine: Engine, routeId: string, list: PixReceived[], source: ReceivedSource): Promise<number> {
  let applied = 0;
  for (const pix of list) {
    const r = await receivePix(engine, routeId, pix, source);
    if (r.outcome === 'applied') applied++;
    await confirmRefundsOf(engine, routeId, pix);
  }
  return applied;
}

/** The route's webhook points at this service's notification URL for it; registered again when it does not. */
async function keepRegistered(engine: Engine, route: ConfiguredRoute, path: string, logger: Logger): Promise<void> {
  const url = engine.urls.notification(path);
  try {
    if ((await route.provider.webhook()) !== url) {
      await route.provider.registerWebhook(url);
      // The URL holds the route's notification secret: it is never logged.
      logger.info({ route: route.provider.id }, 'payment route webhook registered');
    }
  } catch (err) {
    logger.warn({ route: route.provider.id, err: err instanceof Error ? err.message : String(err) }, 'payment route webhook could not be registered');
  }
}

/** Charges still pending on the route, old enough that their notification should have come. */
async function pendingTxids(q: Queryable, routeId: string): Promise<string[]> {
  const res = await q.query<{ txid: string }>(
    `SELECT c.txid FROM api_pix_charges c JOIN transactions t ON t.id = c.transaction_id
      WHERE c.route_id = $1 AND t.status IN ('pending', 'awaiting') AND t.processing -> 'route' ->> 'key' = c.idempotency_key
        AND c.created_at < $2
      ORDER BY c.created_at LIMIT ${POLL_MAX}`,
    [routeId, new Date(Date.now() - POLL_AFTER_MS)],
  );
  return res.rows.map((r) => r.txid);
}

export async function sweepRoute(engine: Engine, routeId: string, logger: Logger): Promise<void> {
  const route = engine.orchestrator.configuredRoute(routeId);
  if (!route) return;
  const sweepMs = engine.settings.routesSweepSeconds * 1000;
  if (route.enabled) await keepRegistered(engine, route, `/hooks/routes/${routeId}/${route.notificationSecret}`, logger);
  const now = new Date();
  const received = await route.provider.receivedBetween(new Date(now.getTime() - Math.max(MIN_WINDOW_MS, 3 * sweepMs)), now);
  let applied = await applyAll(engine, routeId, received, 'sweep');
  applied += await applyAll(engine, routeId, await heldPix(engine.db, routeId), 'sweep');
  for (const txid of await pendingTxids(engine.db, routeId)) {
    const charge = await route.provider.readCharge(txid);
    if (charge) applied += await applyAll(engine, routeId, charge.received, 'poll');
  }
  if (applied > 0) logger.info({ route: routeId, applied }, 'payment route sweep applied Pix whose notification had not come');
  await scheduleSweep(engine.db, routeId, engine.settings.routesSweepSeconds, new Date(now.getTime() + sweepMs));
  // Yesterday's reconciliation, once per route and day: the first sweep of a day enqueues it.
  const yesterday = addDays(saoPauloDate(now), -1);
  await enqueueJob<RouteJob>(engine.db, { kind: 'route.reconcile', payload: { routeId, day: yesterday } }, { dedupeKey: `route.reconcile:${routeId}:${yesterday}` });
  engine.wake();
}

/** One difference the reconciliation found, in words an operator acts on. */
export interface Difference {
  kind: 'missing-applied' | 'missing' | 'not-at-psp' | 'amount-differs' | 'needs-review';
  endToEndId: string;
  txid: string | null;
  amount: number;
  transactionId: string | null;
  note: string;
}

export interface Reconciliation {
  id: string;
  routeId: string;
  day: string;
  pspCount: number;
  oursCount: number;
  differences: Difference[];
}

/**
 * Compares the Pix the PSP received on `day` (São Paulo) with what we recorded; `apply` applies the ones we missed
 * (the job does; `routes reconcile --dry-run` only reports). The report is stored and returned.
 */
export async function reconcileDay(engine: Pick<Engine, 'db' | 'wake'>, route: ReceivingRoute, day: string, apply: boolean): Promise<Reconciliation> {
  const psp = await route.receivedBetween(startOfSaoPauloDay(day), endOfSaoPauloDay(day));
  const res = await engine.db.query<{ end_to_end_id: string; txid: string | null; amount: string; outcome: string; transaction_id: string | null }>(
    `SELECT end_to_end_id, txid, amount::text AS amount, outcome, transaction_id FROM pix_received
      WHERE route_id = $1 AND paid_at >= $2 AND paid_at <= $3`,
    [route.id, startOfSaoPauloDay(day), endOfSaoPauloDay(day)],
  );
  const ours = new Map(res.rows.map((r) => [r.end_to_end_id, r]));
  const differences: Difference[] = [];
  for (const pix of psp) {
    const mine = ours.get(pix.endToEndId);
    if (!mine) {
      const r = apply ? await receivePix(engine, route.id, pix, 'sweep') : null;
      differences.push({
        kind: r ? 'missing-applied' : 'missing', endToEndId: pix.endToEndId, txid: pix.txid, amount: pix.amount, transactionId: r?.transactionId ?? null,
        note: r ? `not recorded before; now ${r.outcome}` : 'not recorded: the next sweep or `routes reconcile` without --dry-run applies it',
      });
    } else if (Number(mine.amount) !== pix.amount) {
      differences.push({ kind: 'amount-differs', endToEndId: pix.endToEndId, txid: pix.txid, amount: pix.amount, transactionId: mine.transaction_id, note: `we recorded ${mine.amount} cents` });
    }
  }
  const atPsp = new Set(psp.map((p) => p.endToEndId));
  for (const mine of res.rows) {
    const base = { endToEndId: mine.end_to_end_id, txid: mine.txid, amount: Number(mine.amount), transactionId: mine.transaction_id };
    if (!atPsp.has(mine.end_to_end_id)) differences.push({ ...base, kind: 'not-at-psp', note: `recorded as ${mine.outcome}, absent from the PSP's list` });
    else if (mine.outcome !== 'applied') differences.push({ ...base, kind: 'needs-review', note: `recorded as ${mine.outcome}` });
  }
  const report: Reconciliation = { id: newId('rcn'), routeId: route.id, day, pspCount: psp.length, oursCount: res.rows.length, differences };
  await engine.db.query(
    `INSERT INTO route_reconciliations (id, route_id, day, psp_count, ours_count, differences, created_at) VALUES ($1, $2, $3, $4, $5, $6, now())`,
    [report.id, route.id, day, report.pspCount, report.oursCount, JSON.stringify(differences)],
  );
  return report;
}

export function routeJobHandlers(engine: Engine, logger: Logger): HandlerTable<RouteJob> {
  return {
    'route.sweep': { run: ({ payload: p }) => sweepRoute(engine, p.routeId, logger), onExhausted: async () => undefined },
    'route.reconcile': {
      async run({ payload: p }) {
        const route = engine.orchestrator.configuredRoute(p.routeId);
        if (!route) return;
        const report = await reconcileDay(engine, route.provider, p.day, true);
        const counts = report.differences.reduce<Record<string, number>>((m, d) => ({ ...m, [d.kind]: (m[d.kind] ?? 0) + 1 }), {});
        // The reconciliation's event: one line an operator's alerting reads, the details in `routes reconcile`.
        logger[report.differences.length > 0 ? 'warn' : 'info'](
          { event: 'route.reconciliation', route: p.routeId, day: p.day, psp: report.pspCount, ours: report.oursCount, differences: counts, reconciliation: report.id },
          report.differences.length > 0 ? 'payment route reconciliation found differences' : 'payment route reconciliation matched',
        );
      },
      onExhausted: async () => undefined,
    },
  };
}
