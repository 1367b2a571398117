/**
 * The sandbox's event stream (`GET /v1/sandbox/events/stream`, server-sent events): opening it through the client,
 * and reading it message by message, with a limit on silence (the service sends a keep-alive every 15 s).
 */
import { describeCause, invalidAnswer, retryAfterMs, type PaymentsError, type Schemas } from '@payments-service/client';
import { duration, type Context } from './context.js';
import { SseParser, type SseMessage } from './sse.js';

export type Opened = { body: ReadableStream<Uint8Array> } | { error: PaymentsError; retryAfterMs: number | undefined };

/** Opens the stream, after `lastEventId` when given; never retried here (listen has its own reconnection). */
export async function openStream(ctx: Context, types: string[], lastEventId: string | undefined): Promise<Opened> {
  const result = await ctx.client.GET('/v1/sandbox/events/stream', {
    params: {
      query: types.length > 0 ? { type: types as Schemas['WebhookEventType'][] } : {},
      header: lastEventId ? { 'Last-Event-ID': lastEventId } : {},
    },
    headers: { Accept: 'text/event-stream' },
    parseAs: 'stream',
    maxRetries: 0,
    signal: ctx.signal,
  });
  return openedOf(result);
}

/** A stream's opening call (`parseAs: 'stream'`, never retried) as `Opened`: its body, or its error and Retry-After. */
export function openedOf(
  result: { error: PaymentsError; response?: Response | undefined } | { error?: undefined; data?: unknown; response: Response; attempts: number },
): Opened {
  if (result.error) return { error: result.error, retryAfterMs: retryAfterMs(result.response?.headers.get('Retry-After')) };
  if (!result.data) {
    return { error: invalidAnswer(result.response, 'The stream answered without a body.', undefined, result.attempts), retryAfterMs: undefined };
  }
  return { body: result.data as ReadableStream<Uint8Array> };
}

/** What `readStream` tells of the stream. */
export interface StreamHandler {
  /**
   * One message. Reading waits while the answer is pending (back-pressure: the stream is not read meanwhile, and
   * that wait is not silence); `stop` ends the reading.
   */
  message(message: SseMessage): 'stop' | void | Promise<'stop' | void>;
  /** A keep-alive (a comment line), after the messages that came before it in the same chunk. */
  keepAlive?(): void;
}

/**
 * Reads the stream until it ends, the handler answers `stop`, the silence lasts `idleMs`, or `signal` aborts.
 * Returns why it ended, worded for a log line.
 */
export async function readStream(body: ReadableStream<Uint8Array>, handler: StreamHandler, idleMs: number, signal: AbortSignal): Promise<'stopped' | string> {
  const reader = body.getReader();
  const parser = new SseParser();
  const decoder = new TextDecoder('utf-8');
  let why: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = (because: string) => {
    why ??= because;
    void reader.cancel().catch(() => undefined);
  };
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => cancel(`nothing received for ${duration(idleMs)}`), idleMs);
  };
  const onAbort = () => cancel('stopped');
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      // Silence is counted only while waiting for the service, never while the handler holds the reading back.
      arm();
      const { done, value } = await reader.read();
      clearTimeout(timer);
      if (done) return why ?? 'the service closed the stream';
      const comments = parser.comments;
      for (const message of parser.push(decoder.decode(value, { stream: true }))) {
        const answer = await handler.message(message);
        if (why !== undefined) return why;
        if (answer === 'stop') {
          cancel('stopped');
          return 'stopped';
        }
      }
      if (parser.comments > comments) handler.keepAlive?.();
    }
  } catch (err) {
    return why ?? `connection lost: ${describeCause(err)}`;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}
