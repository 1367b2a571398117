/**
 * The live status of a charge for its invoice page: `GET /pay/{token}/events`, server-sent events.
 *
 * An `event: status` with `data: {"status":…,"issued":…}` is sent on connect and whenever that state changes. In
 * this process a change wakes the stream at once (`onTransactionChange`, called after the engine's commit); a change
 * made by another process (a separate worker on PostgreSQL) is found by a slow re-read of the row (`pollMs`, default
 * 4 s) — one light query per open stream, not a tight poll of the API. A comment line every `heartbeatMs` keeps
 * proxies from closing an idle connection; after `maxMs` the stream ends and the browser's EventSource reconnects
 * (after the `retry` it was given), so no connection lives forever and a deploy drains in minutes. A settled status
 * (`SETTLED`: nothing the payer waits for follows) is the stream's last event: the stream ends after sending it. A
 * charge has at most `MAX_STREAMS_PER_CHARGE` open streams (a page open in a few tabs; not a client holding hundreds
 * of connections and pollers).
 */
import type { Response } from 'express';
import type { Logger } from 'pino';
import type { Db } from '../../db/types';
import { chargeState, SETTLED, type ChargeState } from '../../domain/checkout/invoice';
import { onTransactionChange } from '../../domain/transactions/notify';
import { LiveStreams, streamUnwanted } from '../live-streams';
import { pageHeaders } from './headers';

export { LiveStreams };

export interface StreamSettings {
  pollMs: number;
  heartbeatMs: number;
  maxMs: number;
  /** What the browser waits before reconnecting, sent as the stream's `retry`. */
  retryMs: number;
}

export const STREAM_DEFAULTS: StreamSettings = { pollMs: 4_000, heartbeatMs: 15_000, maxMs: 5 * 60_000, retryMs: 3_000 };

export const MAX_STREAMS_PER_CHARGE = 5;

/** Opens the stream of `charge` on `res`; false (nothing sent) when the charge has its most streams open already. */
export function statusStream(
  deps: { db: Db; logger: Logger; streams: LiveStreams; settings: StreamSettings },
  res: Response,
  charge: { transactionId: string; state: ChargeState },
): boolean {
  const { db, logger, settings } = deps;
  if (streamUnwanted(res, deps.streams)) {
    // Nothing to answer: the client is gone, or will reconnect once the service is back.
    res.set('Connection', 'close').end();
    return true;
  }
  let ended = false;
  const registered = deps.streams.add(charge.transactionId, () => end());
  if (!registered) return false;
  const forget = registered;
  pageHeaders(res);
  res.status(200).set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'X-Accel-Buffering': 'no' });
  res.flushHeaders();
  res.write(`retry: ${settings.retryMs}\n\n`);

  let last = '';
  const send = (state: ChargeState) => {
    const data = JSON.stringify({ status: state.status, issued: state.issued });
    if (data === last) return;
    last = data;
    res.write(`event: status\ndata: ${data}\n\n`);
    if (SETTLED.includes(state.status)) end();
  };

  let reading = false;
  let again = false;
  // One read at a time; a wake-up during a read asks for one more after it, so no change is missed or read twice over.
  const check = async () => {
    if (ended) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        const state = await chargeState(db, charge.transactionId);
        if (ended) return;
        if (!state) return end();
        send(state);
      } while (again);
    } catch (err) {
      logger.warn({ err, correlationId: res.locals.correlationId }, 'status stream re-read failed; the stream ends and the browser reconnects');
      end();
    } finally {
      reading = false;
    }
  };

  const unsubscribe = onTransactionChange(charge.transactionId, () => void check());
  const poll = setInterval(() => void check(), settings.pollMs);
  const beat = setInterval(() => res.write(': keep-alive\n\n'), settings.heartbeatMs);
  const limit = setTimeout(() => end(), settings.maxMs);
  function end(): void {
    if (ended) return;
    ended = true;
    unsubscribe();
    clearInterval(poll);
    clearInterval(beat);
    clearTimeout(limit);
    forget();
    res.end();
  }
  res.on('close', end);
  send(charge.state);
  // The charge may have changed between the page's read and this subscription: look once more now.
  void check();
  return true;
}
