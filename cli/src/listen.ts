/**
 * `payments listen --forward-to <url>`: pulls the sandbox's events from the service's stream (so the service never
 * has to reach the developer's machine) and pushes each one to a local receiver, signed as a real delivery, with
 * retries (forwarder.ts). A lost stream is reopened with `Last-Event-ID`, so nothing recorded meanwhile is missed.
 */
import { doublingDelay, isRetryable, sleep } from '@payments-service/client';
import { apiFailure, CliFailure, duration, MAX_HELD, TIMING, UsageError, type Context } from './context.js';
import { Forwarder, type Delivery } from './forwarder.js';
import type { Command } from './command.js';
import { forwardUrl } from './forward-url.js';
import { openStream, readStream, type StreamHandler } from './stream.js';

const DEFAULT_MAX_RETRIES = 5;
const EVENT_TYPE = /^[a-z]+\.[a-z-]+$/;

export const listen: Command = {
  summary: 'forward the sandbox\'s events, as they happen, to a local URL',
  usage: 'payments listen --forward-to <url> [--events <type,…>] [--max-retries <n>] [--json] | --print-secret',
  help: `Opens the service's stream of sandbox events and forwards each event to a URL on this machine, signed as a
real delivery (webhook-id, webhook-timestamp, webhook-signature and X-Service-Signature) with the listen secret,
so your receiver's verifyWebhook code runs unchanged. The service never has to reach this machine.

flags:
  --forward-to <url>   where to POST each event, e.g. localhost:4242/webhooks (http:// is assumed without a
                       scheme; https:// works too)
  --events <types>     only these event types, comma-separated (default: every type)
  --max-retries <n>    retries of a delivery the receiver refuses (non-2xx), cannot be reached or does not answer
                       within 15 s, after 1 s, 2 s, 4 s … (default ${DEFAULT_MAX_RETRIES}; 0 for none). Later events are
                       not held back by one being retried
  --print-secret       print the listen secret (whsec_…) alone and exit: it is the same on every run, so a
                       receiver can keep it in its configuration
  --json               one JSON object per line instead of the log lines

Each attempt prints one line: time, event type, event id, and the receiver's status or the failure. A dropped
connection to the service is reopened with backoff (${duration(TIMING.reconnectBaseMs)}, doubled up to ${duration(TIMING.reconnectCapMs)}; from ${duration(TIMING.reconnectBaseMs)} again once a
connection has worked), resuming after the last event received. A backlog is read only as fast as the receiver
takes it: at most ${MAX_HELD.toLocaleString('en')} events are held here at once, the rest waits in the service. Needs a sandbox key.
An event sent again with \`payments events resend\` comes again, with the same event id and "source": "manual".
Ctrl-C stops; stopping for any reason names the events received and not delivered.`,
  options: {
    'forward-to': { type: 'string' },
    events: { type: 'string' },
    'max-retries': { type: 'string' },
    'print-secret': { type: 'boolean' },
    json: { type: 'boolean' },
  },
  positionals: [],
  check(flags) {
    if (flags['print-secret']) return;
    const url = flags['forward-to'];
    if (typeof url !== 'string' || url.trim() === '') throw new UsageError('listen needs --forward-to <url> (or --print-secret)');
    forwardUrl(url);
    eventTypes(flags.events);
    maxRetries(flags['max-retries']);
  },
  run: (ctx, flags) => run(ctx, flags),
};

function eventTypes(raw: unknown): string[] {
  if (raw === undefined) return [];
  const types = String(raw).split(',').map((t) => t.trim()).filter((t) => t !== '');
  const bad = types.find((t) => !EVENT_TYPE.test(t));
  if (bad !== undefined || types.length === 0) throw new UsageError(`--events takes event types separated by commas, like transaction.approved,transaction.failed (got "${String(raw)}")`);
  return [...new Set(types)];
}

function maxRetries(raw: unknown): number {
  if (raw === undefined) return DEFAULT_MAX_RETRIES;
  const text = String(raw).trim();
  if (!/^\d{1,3}$/.test(text) || Number(text) > 100) throw new UsageError(`--max-retries takes a whole number from 0 to 100 (got "${text}")`);
  return Number(text);
}

async function run(ctx: Context, flags: Record<string, unknown>): Promise<number> {
  const printSecret = flags['print-secret'] === true;
  const url = printSecret ? '' : forwardUrl(String(flags['forward-to']));
  const types = eventTypes(flags.events);
  const json = flags.json === true;
  const { io } = ctx;

  let secret: string | undefined;
  let lastEventId: string | undefined;
  let connected = false;
  let failures = 0;
  /** When this connection's `ready` came; undefined before it. */
  let readyAt: number | undefined;
  const forwarder = new Forwarder(ctx, {
    url,
    maxRetries: maxRetries(flags['max-retries']),
    json,
    secret: () => secret!,
    maxHeld: io.listen?.maxHeld ?? MAX_HELD,
    onHeld: io.listen?.onHeld,
  });
  // A `ready` alone proves little (a service failing right after it would be reconnected to every second for
  // ever): the backoff starts again only once the connection has worked (see Timing.streamStableMs).
  const worked = () => {
    if (readyAt !== undefined) failures = 0;
  };

  const handler: StreamHandler = {
    async message(message) {
      if (message.event === 'ready') {
        const next = parseJson(message.data)?.secret;
        if (typeof next !== 'string' || !next.startsWith('whsec_')) {
          io.stderr('warning: the stream\'s ready message carries no secret; ignored\n');
          return;
        }
        if (printSecret) {
          io.stdout(`${next}\n`);
          return 'stop';
        }
        if (!connected) {
          const only = types.length > 0 ? ` (${types.join(', ')})` : '';
          io.stdout(json ? `${JSON.stringify({ ready: true, forwardTo: url, events: types, secret: next })}\n` : `Ready. Forwarding sandbox events${only} to ${url}. Signing secret: ${next} (Ctrl-C to stop)\n`);
        } else {
          if (secret !== undefined && next !== secret) io.stderr(`warning: the listen secret changed; signing with ${next} from now on\n`);
          io.stderr(`Reconnected${lastEventId ? `, resuming after ${lastEventId}` : ''}.\n`);
        }
        secret = next;
        connected = true;
        readyAt = ctx.now();
        return;
      }
      if (message.event !== 'delivery') return;
      const delivery = asDelivery(parseJson(message.data));
      if (!delivery || secret === undefined) {
        io.stderr(`warning: skipped a delivery message this CLI cannot read${message.id ? ` (${message.id})` : ''}\n`);
        return;
      }
      worked();
      // Back-pressure: the stream is not read further until the forwarder has room. Last-Event-ID only moves past
      // an event handed over, so a stream the service cuts meanwhile resumes exactly.
      await forwarder.room();
      if (ctx.signal.aborted) return 'stop';
      lastEventId = message.id || delivery.id;
      forwarder.add(delivery);
    },
    keepAlive: worked,
  };

  let failure: unknown;
  try {
    while (!ctx.signal.aborted) {
      const opened = await openStream(ctx, types, lastEventId);
      if (ctx.signal.aborted) break;
      let why: string;
      if ('error' in opened) {
        const { error } = opened;
        if (error.code === 'webhookEventNotFound' && lastEventId) {
          io.stderr(`warning: the events after ${lastEventId} are no longer kept; going on with new events only\n`);
          lastEventId = undefined;
          continue;
        }
        // Worth reconnecting after, once the stream has worked, are the failures a call retries: the service
        // restarting, a proxy, a quota.
        if (!connected || !isRetryable(error)) throw apiFailure(ctx, error, 'listen');
        why = apiFailure(ctx, error, 'listen').message.replace(/^error: /, '');
        failures++;
        const wait = Math.max(opened.retryAfterMs ?? 0, doublingDelay(failures, ctx.timing.reconnectBaseMs, ctx.timing.reconnectCapMs));
        io.stderr(`Reconnecting failed (${why}); next try in ${duration(wait)}.\n`);
        await sleep(wait, ctx.signal);
        continue;
      }
      readyAt = undefined;
      why = await readStream(opened.body, handler, ctx.timing.streamIdleMs, ctx.signal);
      if (why === 'stopped') break;
      if (!connected) throw new CliFailure(`error: the stream at ${ctx.baseUrl} ended before it was ready (${why})`);
      if (readyAt !== undefined && ctx.now() - readyAt >= ctx.timing.streamStableMs) worked();
      failures++;
      const wait = doublingDelay(failures, ctx.timing.reconnectBaseMs, ctx.timing.reconnectCapMs);
      io.stderr(`Stream lost (${why}); reconnecting in ${duration(wait)}${lastEventId ? `, resuming after ${lastEventId}` : ''}.\n`);
      await sleep(wait, ctx.signal);
    }
  } catch (err) {
    failure = err;
  }

  // Every way out names the events taken from the stream and not delivered: Ctrl-C, and a failure (a key revoked
  // while listening) after the error's own line.
  const left = await forwarder.stop();
  const notDelivered = left.length > 0 ? `Not delivered: ${left.join(', ')}.` : '';
  if (failure === undefined) {
    if (ctx.signal.aborted && !printSecret) io.stderr(`Stopped.${notDelivered ? ` ${notDelivered}` : ''}\n`);
    else if (notDelivered) io.stderr(`${notDelivered}\n`);
    return 0;
  }
  if (failure instanceof CliFailure && notDelivered) {
    io.stderr(`${failure.message}\n${notDelivered}\n`);
    return 1;
  }
  if (notDelivered) io.stderr(`${notDelivered}\n`);
  throw failure;
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function asDelivery(data: Record<string, unknown> | undefined): Delivery | undefined {
  if (!data) return undefined;
  const { id, type, body } = data;
  return typeof id === 'string' && typeof type === 'string' && typeof body === 'string' ? { id, type, body } : undefined;
}
