/**
 * The public pages of one charge, by its random token: `GET /pay/{token}` (invoice), `/qr.png` (the PIX QR code),
 * `/billet` (the printable billet) and `/events` (its live status). Each reads the charge once, through
 * `chargeByToken`; an unknown token, or a charge without the QR code or billet asked for, is a 404.
 */
import express, { type Router } from 'express';
import { chargeByToken, stateOf } from '../../domain/checkout/invoice';
import { methodOf } from '../../payments/methods';
import { createQrCache } from '../../payments/sandbox/qr';
import { billetPage } from './billet-view';
import { sendMessage, sendPage, type PagesDeps } from './deps';
import { statusStream } from './events';
import { pageHeaders } from './headers';
import { invoicePage } from './invoice-view';
import { chargeNotFound, tooManyStreams } from './messages';

/** The QR image's caching: the payer's browser only, for a few minutes. */
export const QR_CACHE_CONTROL = 'private, max-age=300';

export function payRoutes(deps: PagesDeps): Router {
  const router = express.Router();
  const qrPng = createQrCache();

  router.get('/pay/:token', async (req, res) => {
    const charge = await chargeByToken(deps.db, req.params.token);
    if (!charge) return sendMessage(res, chargeNotFound());
    sendPage(res, 200, invoicePage(charge));
  });

  router.get('/pay/:token/qr.png', async (req, res) => {
    const charge = await chargeByToken(deps.db, req.params.token);
    const emv = charge && methodOf(charge.method).page.kind === 'qr-code' ? charge.payment.pixQrCodeEmv : null;
    if (!emv) return sendMessage(res, chargeNotFound());
    const png = await qrPng(emv);
    // A charge's code never changes, but it stops being payable (paid, expired: then this is a 404): a browser may
    // keep it a few minutes, no shared cache may (the token is the only key of the payer's pages).
    pageHeaders(res, QR_CACHE_CONTROL);
    res.status(200).type('image/png').send(png);
  });

  router.get('/pay/:token/billet', async (req, res) => {
    const charge = await chargeByToken(deps.db, req.params.token);
    const { billetBarcode, billetSequence } = charge?.payment ?? {};
    if (!charge || methodOf(charge.method).page.kind !== 'slip' || !billetBarcode || !billetSequence) return sendMessage(res, chargeNotFound());
    sendPage(res, 200, billetPage({ ...charge, payment: { ...charge.payment, billetBarcode, billetSequence } }));
  });

  router.get('/pay/:token/events', async (req, res) => {
    // Listened to before the read: a client gone while it runs must not leave a stream (timers, re-reads) behind.
    let gone = false;
    res.once('close', () => {
      gone = true;
    });
    const charge = await chargeByToken(deps.db, req.params.token);
    if (gone || res.closed || req.socket.destroyed) return;
    if (!charge) return sendMessage(res, chargeNotFound());
    // HEAD asks whether the stream exists, not to hold a connection open for minutes.
    if (req.method === 'HEAD') {
      pageHeaders(res);
      return res.status(200).type('text/event-stream; charset=utf-8').end();
    }
    const opened = statusStream({ db: deps.db, logger: deps.logger, streams: deps.streams, settings: deps.stream }, res, {
      transactionId: charge.transactionId,
      state: stateOf(charge),
    });
    if (!opened) {
      // The page shows its status without the stream (a reload shows a change); the browser stops retrying on a 429.
      res.set('Retry-After', String(Math.ceil(deps.stream.maxMs / 1000)));
      sendMessage(res, tooManyStreams());
    }
  });
  return router;
}
