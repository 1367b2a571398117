/**
 * Where a payment route's provider notifies the service: `POST /hooks/routes/{routeId}/{secret}/pix`, the API Pix
 * standard's callback (`{webhookUrl}/pix`, the list of Pix received, and devoluções that reached a final status); and
 * `POST /hooks/routes/{routeId}/stripe`, Stripe's events, authenticated by their `Stripe-Signature` (the route's
 * signing secret, checked by the SDK on the raw body) and answered `200` once the event is recorded.
 *
 * Not an operation of our API (it is the PSP's contract, not a partner's), so it is outside `/v1`, the OpenAPI
 * document, keys and quotas. It is authenticated by the route's notification secret in the registered URL, compared
 * in constant time. The service speaks plain HTTP: where a PSP calls with mutual TLS, the TLS terminator in front of
 * the service checks the PSP's certificate (docs/going-live.md). An
 * unknown route or a wrong secret is the same `404`, so the endpoint tells nothing of which routes exist.
 *
 * It answers `200` once every Pix of the body is recorded (applied, held, or kept for an operator): the PSP retries
 * a notification that got anything else, and a repeated one changes nothing (`domain/routes/receive.ts`).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import express, { type Router } from 'express';
import type { Logger } from 'pino';
import { ApiError } from '../core/errors';
import type { StripeNotice } from '../payments/stripe/transformers';
import { receivePix } from '../domain/routes/receive';
import { receiveStripeEvent } from '../domain/routes/stripe-events';
import { confirmRefundsOf } from '../domain/routes/sweep';
import type { Engine } from '../domain/transactions/engine';

/** A key of this process only: both sides are MACed with it, so the comparison takes the same time for any guess. */
const COMPARE_KEY = randomBytes(32);

function sameSecret(given: string, expected: string): boolean {
  const a = createHmac('sha256', COMPARE_KEY).update(given, 'utf8').digest();
  const b = createHmac('sha256', COMPARE_KEY).update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

const notFound = () => new ApiError('notFound', { message: 'No such notification endpoint.' });

export function routeNotificationsRouter(engine: Engine, logger: Logger): Router {
  const router = express.Router();
  router.post(
    '/hooks/routes/:routeId/:secret/pix',
    // Who it is, before the body is read: a caller without the secret gets its 404 without costing a parse.
    (req, _res, next) => {
      const { routeId, secret } = req.params as { routeId: string; secret: string };
      const route = engine.orchestrator.configuredRoute(routeId);
      if (route?.provider.kind !== 'api-pix' || !sameSecret(secret, route.notificationSecret)) throw notFound();
      next();
    },
    // The PSP's body whatever content type it names (some send text/plain); at most 1 MB, as the API.
    express.json({ limit: 1024 * 1024, strict: true, type: () => true }),
    async (req, res) => {
      const { routeId } = req.params as { routeId: string };
      const route = engine.orchestrator.configuredRoute(routeId)?.provider;
      if (route?.kind !== 'api-pix') throw notFound();
      const list = route.readNotification(req.body);
      if (!list) throw new ApiError('malformedRequest', { message: 'The notification is not a list of Pix ({"pix": [...]}).' });
      const outcomes: Record<string, number> = {};
      for (const pix of list) {
        const r = await receivePix(engine, routeId, pix, 'notification');
        outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
        await confirmRefundsOf(engine, routeId, pix);
      }
      const attention = Object.keys(outcomes).some((o) => o !== 'applied' && o !== 'repeated' && o !== 'held');
      logger[attention ? 'warn' : 'info']({ route: routeId, pix: list.length, outcomes }, 'payment route notification');
      res.status(200).json({ received: list.length });
    },
  );
  router.post(
    '/hooks/routes/:routeId/stripe',
    // Which route, before the body is read: any other path or kind is the same 404.
    (req, _res, next) => {
      const route = engine.orchestrator.configuredRoute((req.params as { routeId: string }).routeId);
      if (route?.provider.kind !== 'stripe') throw notFound();
      next();
    },
    // The raw bytes: Stripe signs the body as sent, so it is verified before anything parses it.
    express.raw({ limit: 1024 * 1024, type: () => true }),
    async (req, res) => {
      const { routeId } = req.params as { routeId: string };
      const route = engine.orchestrator.configuredRoute(routeId)?.provider;
      if (route?.kind !== 'stripe') throw notFound();
      let event: StripeNotice;
      try {
        event = route.readEvent(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), req.get('stripe-signature'));
      } catch {
        // Stripe's own advice: a signature that does not verify is a 400, and nothing of the body is used. The warning
        // is what an operator sees of a signing secret replaced at Stripe and not here (or the reverse).
        logger.warn({ route: routeId }, 'a Stripe notification did not verify against the route\'s signing secret');
        throw new ApiError('malformedRequest', { message: 'The Stripe-Signature header does not verify against this route\'s signing secret.' });
      }
      const r = await receiveStripeEvent(engine, routeId, event, 'notification');
      logger[r.outcome === 'unknown' || r.outcome === 'review' ? 'warn' : 'info']({ route: routeId, event: event.id, type: event.type, outcome: r.outcome, transaction: r.transactionId }, 'payment route notification');
      res.status(200).json({ received: true });
    },
  );
  return router;
}
