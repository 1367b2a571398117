/**
 * What the service does for a configured route when no notification comes, as background jobs:
 *
 * | kind | what | exhausted |
 * |---|---|---|
 * | `route.sweep` | every ROUTES_SWEEP_SECONDS (a Stripe route's: `sweepStripe`): keeps the route's webhook registered at the PSP; applies the Pix received over the last window (`GET /pix`), the Pix held earlier, and the Pix of charges still pending (`GET /cob/{txid}`); enqueues the next sweep and yesterday's reconciliation | the next start enqueues a sweep again |
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
import type { Engine } from '../transactions/engine';
import { schedule } from '../transactions/engine';
import { heldPix, receivePix, type ReceivedSource } from './receive';
import type { StripeRoute } from '../../payments/stripe/route';
import { heldEvents, receiveStripeEvent } from './stripe-events';

export type RouteJob =
  | { kind: 'route.sweep'; payload: { routeId: string; slot: number } }
  | { kind: 'route.reconcile'; payload: { routeId: string; day: string } };

/** A sweep reads what the provider received over at least this long back, so one sweep missed is covered by the next. */
const MIN_WINDOW_MS = 15 * 60_000;
/** A pending charge is first read at the PSP this long after its creation (its notification had time to come). */
const POLL_AFTER_S = 30;
/** The longest gap between two reads of a charge still pending. */
const POLL_MAX_GAP_S = 600;
/** Doublings of the gap before it reaches POLL_MAX_GAP_S (30 s × 2⁵ > 600 s): the exponent never grows past it. */
const POLL_DOUBLINGS = 5;
/** Pending charges read per sweep, soonest due first. */
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

/**
 * Applies every Pix of `list`, and asks for the refunds their finished devoluções complete. One Pix that fails (its
 * charge locked past the statement time-out, say) is logged and left to the next sweep; the others go on.
 */
async function applyAll(engine: Engine, routeId: string, list: PixReceived[], source: ReceivedSource, logger: Logger): Promise<number> {
  let applied = 0;
  for (const pix of list) {
    try {
      const r = await receivePix(engine, routeId, pix, source);
      if (r.outcome === 'applied') applied++;
      await confirmRefundsOf(engine, routeId, pix);
    } catch (err) {
      logger.warn({ route: routeId, endToEndId: pix.endToEndId, err: err instanceof Error ? err.message : String(err) }, 'a Pix received could not be applied; the next sweep tries again');
    }
  }
  return applied;
}

/** The route's webhook points at this service's notification URL for it; registered again when it does not. */
async function keepRegistered(route: ReceivingRoute, url: string, logger: Logger): Promise<void> {
  try {
    if ((await route.webhook()) !== url) {
      await route.registerWebhook(url);
      // The URL holds the route's notification secret: it is never logged.
      logger.info({ route: route.id }, 'payment route webhook registered');
    }
  } catch (err) {
    logger.warn({ route: route.id, err: err instanceof Error ? err.message : String(err) }, 'payment route webhook could not be registered');
  }
}

/**
 * Charges still pending on the route whose next read is due, soonest first, each read then put off again: 30 s
 * after its creation, then twice as long each time up to POLL_MAX_GAP_S, so a charge nobody pays costs few reads.
 */
async function duePolls(q: Queryable, routeId: string): Promise<string[]> {
  const res = await q.query<{ txid: string }>(
    `UPDATE api_pix_charges SET polls = polls + 1,
            next_poll_at = now() + make_interval(secs => LEAST(${POLL_MAX_GAP_S}, ${POLL_AFTER_S} * power(2, LEAST(polls + 1, ${POLL_DOUBLINGS}))))
      WHERE (route_id, txid) IN (
        SELECT c.route_id, c.txid FROM api_pix_charges c JOIN transactions t ON t.id = c.transaction_id
         WHERE c.route_id = $1 AND c.next_poll_at <= now() AND t.status IN ('pending', 'awaiting')
           AND t.processing -> 'route' ->> 'key' = c.idempotency_key
           -- A charge the PSP already reported paid accepts no other payment: reading it again tells nothing.
           AND NOT EXISTS (SELECT 1 FROM pix_received r WHERE r.route_id = c.route_id AND r.txid = c.txid AND r.outcome <> 'held')
         ORDER BY c.next_poll_at LIMIT ${POLL_MAX}
         -- Two sweeps at once (two processes) take different charges.
         FOR UPDATE OF c SKIP LOCKED)
      RETURNING txid`,
    [routeId],
  );
  return res.rows.map((r) => r.txid);
}

/** `step`, its failure logged: one part of a sweep that fails (the PSP down) does not stop the others. */
async function part<T>(logger: Logger, routeId: string, what: string, step: () => Promise<T>): Promise<T | null> {
  try {
    return await step();
  } catch (err) {
    logger.warn({ route: routeId, err: err instanceof Error ? err.message : String(err) }, `payment route sweep: ${what} failed; the next sweep tries again`);
    return null;
  }
}

/**
 * The sweep of a Stripe route: the events held earlier (their charge's answer was not recorded yet) are applied again,
 * then Stripe's list of events since `from`, through the same door as a notification, which skips every event already
 * received. So an event whose notification was lost (a boleto paid, a refund settled, a dispute) is applied within one
 * sweep interval. One event that fails (its charge locked past the statement time-out) is left to the next sweep.
 */
async function sweepStripe(engine: Engine, route: StripeRoute, logger: Logger, from: Date): Promise<void> {
  const listed = await part(logger, route.id, 'listing Stripe events', () => route.eventsSince(from));
  let applied = 0;
  for (const e of [...(await heldEvents(engine.db, route.id)), ...(listed ?? [])]) {
    const r = await part(logger, route.id, `applying Stripe event ${e.id}`, () => receiveStripeEvent(engine, route.id, e, 'sweep'));
    if (r?.outcome === 'applied') applied++;
  }
  if (applied > 0) logger.info({ route: route.id, applied }, 'payment route sweep applied Stripe events whose notification had not come');
}

export async function sweepRoute(engine: Engine, routeId: string, logger: Logger): Promise<void> {
  const exists = await engine.db.query(`SELECT 1 FROM payment_routes WHERE id = $1`, [routeId]);
  if (exists.rows.length === 0) return;
  const sweepMs = engine.settings.routesSweepSeconds * 1000;
  const now = new Date();
  // The next sweep first: whatever fails below, the chain of sweeps goes on.
  await scheduleSweep(engine.db, routeId, engine.settings.routesSweepSeconds, new Date(now.getTime() + sweepMs));
  // A route this process has not loaded yet (added a moment ago): the next sweep, after the reload, does its work.
  const configured = engine.orchestrator.configuredRoute(routeId);
  if (!configured) return;
  const route = configured.provider;
  const from = new Date(now.getTime() - Math.max(MIN_WINDOW_MS, 3 * sweepMs));
  if (route.kind === 'stripe') return sweepStripe(engine, route, logger, from);
  // Yesterday's reconciliation of an API Pix route, once per route and day: the first sweep of a day enqueues it.
  const yesterday = addDays(saoPauloDate(now), -1);
  await enqueueJob<RouteJob>(engine.db, { kind: 'route.reconcile', payload: { routeId, day: yesterday } }, { dedupeKey: `route.reconcile:${routeId}:${yesterday}` });
  engine.wake();
  if (configured.enabled) await keepRegistered(route, engine.urls.notification(`/hooks/routes/${routeId}/${configured.notificationSecret}`), logger);
  const received = await part(logger, routeId, 'GET /pix', () => route.receivedBetween(from, now));
  let applied = received ? await applyAll(engine, routeId, received, 'sweep', logger) : 0;
  applied += await applyAll(engine, routeId, await heldPix(engine.db, routeId), 'sweep', logger);
  for (const txid of (await part(logger, routeId, 'choosing the charges to read', () => duePolls(engine.db, routeId))) ?? []) {
    const charge = await part(logger, routeId, `GET /cob/${txid}`, () => route.readCharge(txid));
    if (charge) applied += await applyAll(engine, routeId, charge.received, 'poll', logger);
  }
  if (applied > 0) logger.info({ route: routeId, applied }, 'payment route sweep applied Pix whose notification had not come');
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
 * and stores the report (the job does; `routes reconcile --dry-run` only reports).
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
  // A dry run reports only: nothing applied, nothing stored.
  if (!apply) return report;
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
        const route = engine.orchestrator.configuredRoute(p.routeId)?.provider;
        if (route?.kind !== 'api-pix') return;
        const report = await reconcileDay(engine, route, p.day, true);
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
