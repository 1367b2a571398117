/**
 * The sweep of a Stripe route (a `route.sweep` job, every ROUTES_SWEEP_SECONDS): the events held earlier (their
 * charge's answer was not recorded yet) are applied again, and Stripe's list of events over the last window is
 * applied through the same door as a notification, which skips every event already received. So an event whose
 * notification was lost (a boleto paid, a refund settled, a dispute) is applied within one sweep interval.
 */
import type { Logger } from 'pino';
import type { StripeRoute } from '../../payments/stripe/route';
import type { StripeNotice } from '../../payments/stripe/transformers';
import type { Engine } from '../transactions/engine';
import { heldEvents, receiveStripeEvent, type StripeEventSource } from './stripe-events';


/** Applies each event; one that fails (its charge locked past the statement time-out) is left to the next sweep. */
async function applyAll(engine: Engine, route: StripeRoute, events: StripeNotice[], source: StripeEventSource, logger: Logger): Promise<number> {
  let applied = 0;
  for (const e of events) {
    try {
      if ((await receiveStripeEvent(engine, route.id, e, source)).outcome === 'applied') applied++;
    } catch (err) {
      logger.warn({ route: route.id, event: e.id, err: err instanceof Error ? err.message : String(err) }, 'a Stripe event could not be applied; the next sweep tries again');
    }
  }
  return applied;
}

/** Sweeps the route: its held events, then Stripe's events created since `from` (the sweep's window). */
export async function sweepStripe(engine: Engine, route: StripeRoute, logger: Logger, from: Date): Promise<void> {
  let applied = await applyAll(engine, route, await heldEvents(engine.db, route.id), 'sweep', logger);
  let events: StripeNotice[] = [];
  try {
    events = await route.eventsSince(from);
  } catch (err) {
    logger.warn({ route: route.id, err: err instanceof Error ? err.message : String(err) }, 'payment route sweep: listing Stripe events failed; the next sweep tries again');
  }
  applied += await applyAll(engine, route, events, 'sweep', logger);
  if (applied > 0) logger.info({ route: route.id, applied }, 'payment route sweep applied Stripe events whose notification had not come');
}
