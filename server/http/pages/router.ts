/**
 * The public pages payers open, outside `/v1` and without a key: checkout pages of payment links (`/c/…`), the pages
 * of every charge (`/pay/…`) and their stylesheet and script (`/assets/…`). Mounted before the API's router; whatever
 * goes wrong here is an HTML page (never the API's JSON envelope), and an unexpected error is a 500 page naming the
 * correlation id, logged with it.
 */
import express, { type ErrorRequestHandler, type Router } from 'express';
import { assetsRouter } from './assets';
import { checkoutRoutes } from './checkout';
import { sendMessage, type PagesDeps } from './deps';
import { pageNotFound, serverErrorPage } from './messages';
import { payRoutes } from './pay';

export type { PagesDeps } from './deps';
export { LiveStreams, MAX_STREAMS_PER_CHARGE, STREAM_DEFAULTS, type StreamSettings } from './events';

export function pagesRouter(deps: PagesDeps): Router {
  const router = express.Router();
  router.use(assetsRouter());
  router.use(checkoutRoutes(deps));
  router.use(payRoutes(deps));
  // Anything else under the pages' prefixes is theirs too: an HTML 404, not the API's envelope.
  router.all(['/c', '/pay', '/assets', '/c/*rest', '/pay/*rest', '/assets/*rest'], (_req, res) => sendMessage(res, pageNotFound()));
  const failed: ErrorRequestHandler = (err, _req, res, _next) => {
    // A path parameter that is not valid percent-encoding (`/c/%E0%A4%A`) names no page: the router's URIError.
    if (err instanceof URIError && !res.headersSent) return sendMessage(res, pageNotFound());
    const correlationId = String(res.locals.correlationId ?? '');
    deps.logger.error({ err, correlationId }, 'public page failed');
    if (res.headersSent) {
      res.end();
      return;
    }
    sendMessage(res, serverErrorPage(correlationId));
  };
  router.use(failed);
  return router;
}
