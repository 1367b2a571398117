/**
 * The service's polled server-sent-event streams on the wire (the sandbox's events, `GET /v1/sandbox/events/stream`;
 * the request log, `log-stream.ts`), and the kind of handler answer that is a stream rather than a JSON body.
 *
 * A stream sends its `event: ready`, then its messages (`id:` / `event:` / `data:`), read by one query every `pollMs`
 * (the queries keep the order exact: `webhooks/stream.ts`, `logs/repo.ts`), and a `: keep-alive` comment when nothing
 * was written for `heartbeatMs`. A merchant holds at most `maxPerMerchant` streams; closing the service ends them all.
 * The client leaving ends its stream at once: its timers are cleared and no read starts after.
 */
import type { Response } from 'express';
import type { Logger } from 'pino';
import type { Scope } from '../core/tenancy';
import type { Db } from '../db/types';
import type { StreamPosition } from '../db/stream-position';
import { eventsAfter } from '../webhooks/stream';
import type { EventType } from '../webhooks/events-repo';
import { ApiError } from './errors';
import { LiveStreams, streamUnwanted } from './live-streams';

export interface EventStreamSettings {
  /** How often a stream reads the events recorded since its last read. */
  pollMs: number;
  /** A comment line is sent when nothing was written for this long, so that proxies keep the connection. */
  heartbeatMs: number;
  /** Streams one merchant may hold open at once; the next is `429 tooManyRequests`. */
  maxPerMerchant: number;
}

export const EVENT_STREAM_DEFAULTS: EventStreamSettings = { pollMs: 500, heartbeatMs: 15_000, maxPerMerchant: 5 };

/** Events one read takes at most; a full batch is followed by another read at once (a resumed stream catching up). */
const BATCH = 100;

/** What a refused sixth stream is told to wait: streams are long-lived, so about the time a listener takes to quit. */
const RETRY_AFTER_SECONDS = 30;

/**
 * The open event streams of a service: their count per merchant, their settings, and the means to end them all.
 * `size`, `idle()` and `polled()` let tests see that a stream let go of what it held, and wait for a read instead of
 * for time.
 */
export class EventStreams {
  readonly settings: EventStreamSettings;
  private readonly open: LiveStreams;
  private pollWaiters: (() => void)[] = [];

  constructor(settings: Partial<EventStreamSettings> = {}) {
    this.settings = { ...EVENT_STREAM_DEFAULTS, ...settings };
    this.open = new LiveStreams(this.settings.maxPerMerchant);
  }

  /** Registers a stream of `merchantId` (its `end`); the function that forgets it, or null when the merchant has its most. */
  add(merchantId: string, end: () => void): (() => void) | null {
    return this.open.add(merchantId, end);
  }

  /** The streams open now (each holds its timers until it ends). */
  get size(): number {
    return this.open.size;
  }

  /** Resolves once no stream is open. */
  idle(): Promise<void> {
    return this.open.idle();
  }

  /** Resolves when a stream has finished its next read (or ended). */
  polled(): Promise<void> {
    return new Promise((resolve) => this.pollWaiters.push(resolve));
  }

  /** True when a stream must not open on `res`: its client is gone, or the service is closing. */
  unwanted(res: Response): boolean {
    return streamUnwanted(res, this.open);
  }

  /** Ends every open stream, and lets no new one open (the service is closing). */
  closeAll(): void {
    this.open.closeAll();
  }

  /** Called by a stream after each read. */
  notePoll(): void {
    for (const w of this.pollWaiters.splice(0)) w();
  }
}

/** What the app gives a streamed answer. */
export interface StreamEnv {
  eventStreams: EventStreams;
  /** The open request-log streams (`GET /v1/logs/requests/stream`), a registry of their own. */
  logStreams: EventStreams;
  logger: Logger;
}

type OpenStream = (res: Response, env: StreamEnv) => void;

const STREAM = Symbol('stream');

/**
 * A handler's answer that is a stream: typed as the operation's `200` without a JSON body, it carries `open`, which
 * the app calls with the response instead of sending a body. `open` may throw an ApiError before writing anything
 * (it is then rendered as the envelope); response validation does not apply to what it writes.
 */
export function streamed(open: OpenStream): { status: 200; body: undefined } {
  return Object.assign({ status: 200 as const, body: undefined }, { [STREAM]: open });
}

/** The stream of a handler's answer, when it is one. */
export function streamOf(out: unknown): OpenStream | undefined {
  return (out as { [STREAM]?: OpenStream } | null)?.[STREAM];
}

/** Resolves when `res` can take more, or is closed. */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
}

/** One long-lived answer that re-reads the database: what it writes first, where it starts, and how it reads on. */
export interface PolledStream<P> {
  /** Whose stream it is: the registry's `maxPerMerchant` counts per owner. */
  owner: string;
  /** Named in the refusal of one stream too many (`event streams`). */
  kind: string;
  /** The first message, written as the stream opens (`event: ready`…). */
  ready: string;
  from: P;
  /** The next messages after `from`, at most `limit`, each with the position after it. */
  read(from: P, limit: number): Promise<{ text: string; position: P }[]>;
}

/**
 * Starts `s` on `res` in `streams`; throws `429 tooManyRequests`, before anything is written, when the owner has its
 * most. One read at a time, the next one `pollMs` after the last ended; a full batch is followed by the next at once.
 */
export function openPolledStream<P>(streams: EventStreams, logger: Logger, res: Response, s: PolledStream<P>): void {
  const { pollMs, heartbeatMs, maxPerMerchant } = streams.settings;
  if (streams.unwanted(res)) {
    // The client left while its start was being read (its `close` is past: nothing would end this stream), or the
    // service is closing (the CLI reconnects, with Last-Event-ID, to another instance or to this one restarted).
    res.set('Connection', 'close').end();
    return;
  }
  let ended = false;
  const registered = streams.add(s.owner, () => end());
  if (!registered) {
    throw new ApiError('tooManyRequests', {
      message: `This merchant has ${maxPerMerchant} ${s.kind} open already; close one, or retry after the time in the Retry-After header.`,
      headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    });
  }
  const forget = registered;
  // `Connection: close`: the connection of a stream is not reused, so a stream ended by the service (closing) takes
  // its connection with it instead of leaving it idle for the client to drop seconds later, holding the close.
  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    'X-Accel-Buffering': 'no',
    Connection: 'close',
  });
  res.flushHeaders();

  let poll: NodeJS.Timeout | undefined;
  let beat: NodeJS.Timeout | undefined;
  /** Writes `text` (and re-arms the keep-alive); false when the client is slow and the stream should wait for `drain`. */
  const write = (text: string): boolean => {
    clearTimeout(beat);
    beat = setTimeout(() => write(': keep-alive\n\n'), heartbeatMs);
    return res.write(text);
  };

  let from = s.from;
  const pump = async () => {
    try {
      for (;;) {
        const messages = await s.read(from, BATCH);
        if (ended) return;
        let room = true;
        for (const m of messages) {
          room = write(m.text);
          from = m.position;
        }
        if (!room) await drained(res);
        if (ended || messages.length < BATCH) break;
      }
      if (!ended) poll = setTimeout(() => void pump(), pollMs);
    } catch (err) {
      // A read that was under way when the stream ended (the service closing) is nobody's concern any more.
      if (ended) return;
      // The client reconnects with Last-Event-ID and loses nothing.
      logger.warn({ err, correlationId: res.locals.correlationId }, `${s.kind}: a read failed; the stream ends`);
      end();
    } finally {
      streams.notePoll();
    }
  };

  function end(): void {
    if (ended) return;
    ended = true;
    clearTimeout(poll);
    clearTimeout(beat);
    forget();
    res.end();
  }
  res.on('close', end);
  write(s.ready);
  void pump();
}

export interface SandboxStream {
  db: Db;
  scope: Scope;
  from: StreamPosition;
  types: readonly EventType[] | null;
  secret: string;
}

/** Starts the sandbox event stream of `s` on `res` (see `openPolledStream`). */
export function sandboxEventStream(env: StreamEnv, res: Response, s: SandboxStream): void {
  openPolledStream(env.eventStreams, env.logger, res, {
    owner: s.scope.merchantId,
    kind: 'event streams',
    ready: `event: ready\ndata: ${JSON.stringify({ secret: s.secret })}\n\n`,
    from: s.from,
    read: async (from, limit) =>
      (await eventsAfter(s.db, s.scope, from, s.types, limit)).map((e) => ({
        text: `id: ${e.messageId}\nevent: delivery\ndata: ${JSON.stringify({ id: e.id, type: e.type, body: e.body })}\n\n`,
        position: e.position,
      })),
  });
}
