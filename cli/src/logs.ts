/**
 * `payments logs tail`: the requests made with the key's mode, printed as the service answers them (the request log's
 * stream, `GET /v1/logs/requests/stream`), like `stripe logs tail`. A lost stream is reopened with `Last-Event-ID`, so
 * no request is missed or printed twice.
 */
import { doublingDelay, isRetryable, sleep, type Schemas } from '@payments-service/client';
import type { Command, Flags } from './command.js';
import { apiFailure, CliFailure, clockTime, duration, UsageError, type Context } from './context.js';
import { openedOf, readStream, type Opened, type StreamHandler } from './stream.js';

type RequestLog = Schemas['RequestLog'];

const STATUS = /^([1-5]xx|[1-5][0-9]{2})$/;

export const logsTail: Command = {
  summary: 'print the requests made with your keys as they happen',
  usage: 'payments logs tail [--status <4xx,500,…>] [--json]',
  help: `Prints each request made with a key of the merchant in this key's mode (sandbox or production) as the
service answers it: time, status, method, path, correlation id, duration, and the error code of a refused one.
Bodies, headers, query strings and keys are never recorded. A request shows about a second after its answer.

flags:
  --status <list>   only these statuses: classes (2xx, 4xx, 5xx) or exact ones (404, 500), comma-separated or
                    repeated
  --json            one JSON object per request (id, method, path, status, errorCode, correlationId, keyId,
                    durationMs, createdAt) instead of the log lines

A dropped connection to the service is reopened with backoff, resuming after the last request printed. Ctrl-C
stops.`,
  options: { status: { type: 'string', multiple: true }, json: { type: 'boolean' } },
  positionals: [],
  check(flags) {
    statuses(flags);
  },
  run: (ctx, flags) => tail(ctx, statuses(flags), flags.json === true),
};

function statuses(flags: Flags): string[] {
  const given = (flags.status as unknown as string[] | undefined) ?? [];
  const list = given.flatMap((s) => s.split(',')).map((s) => s.trim().toLowerCase()).filter((s) => s !== '');
  const bad = list.find((s) => !STATUS.test(s));
  if (bad !== undefined || (given.length > 0 && list.length === 0)) {
    throw new UsageError(`--status takes classes like 4xx or statuses like 500, comma-separated (got "${given.join(',')}")`);
  }
  return [...new Set(list)];
}

async function open(ctx: Context, status: string[], lastId: string | undefined): Promise<Opened> {
  const result = await ctx.client.GET('/v1/logs/requests/stream', {
    params: { query: status.length > 0 ? { status } : {}, header: lastId ? { 'Last-Event-ID': lastId } : {} },
    headers: { Accept: 'text/event-stream' },
    parseAs: 'stream',
    maxRetries: 0,
    signal: ctx.signal,
  });
  return openedOf(result);
}

/** `2026-11-27 15:30:01  [201] POST    /v1/transactions  corr_7fJ2kq9XbT4mWc1R  42 ms` */
export function logLine(e: RequestLog): string {
  const error = e.errorCode ? `  ${e.errorCode}` : '';
  return `${clockTime(Date.parse(e.createdAt))}  [${e.status}] ${e.method.padEnd(7)} ${e.path}  ${e.correlationId}  ${e.durationMs} ms${error}\n`;
}

async function tail(ctx: Context, status: string[], json: boolean): Promise<number> {
  const { io } = ctx;
  let lastId: string | undefined;
  let connected = false;
  let failures = 0;
  const handler: StreamHandler = {
    message(message) {
      if (message.event === 'ready') {
        const mode = /"mode":"(sandbox|production)"/.exec(message.data)?.[1] ?? 'key\'s';
        const only = status.length > 0 ? ` with status ${status.join(', ')}` : '';
        io.stderr(connected ? `Reconnected${lastId ? `, resuming after ${lastId}` : ''}.\n` : `Ready. Tailing the ${mode} requests${only} (Ctrl-C to stop).\n`);
        connected = true;
        failures = 0;
        return;
      }
      if (message.event !== 'request') return;
      let entry: RequestLog;
      try {
        entry = JSON.parse(message.data) as RequestLog;
      } catch {
        io.stderr(`warning: skipped a request message this CLI cannot read${message.id ? ` (${message.id})` : ''}\n`);
        return;
      }
      lastId = message.id ?? entry.id;
      io.stdout(json ? `${JSON.stringify(entry)}\n` : logLine(entry));
    },
  };
  while (!ctx.signal.aborted) {
    const opened = await open(ctx, status, lastId);
    if (ctx.signal.aborted) break;
    let why: string;
    let wait: number;
    if ('error' in opened) {
      const { error } = opened;
      if (error.code === 'resourceNotFound' && lastId) {
        io.stderr(`warning: the requests after ${lastId} are no longer kept; going on with new requests only\n`);
        lastId = undefined;
        continue;
      }
      if (!connected || !isRetryable(error)) throw apiFailure(ctx, error, 'logs tail');
      why = apiFailure(ctx, error, 'logs tail').message.replace(/^error: /, '');
      failures++;
      wait = Math.max(opened.retryAfterMs ?? 0, doublingDelay(failures, ctx.timing.reconnectBaseMs, ctx.timing.reconnectCapMs));
    } else {
      why = await readStream(opened.body, handler, ctx.timing.streamIdleMs, ctx.signal);
      if (why === 'stopped') break;
      if (!connected) throw new CliFailure(`error: the stream at ${ctx.baseUrl} ended before it was ready (${why})`);
      failures++;
      wait = doublingDelay(failures, ctx.timing.reconnectBaseMs, ctx.timing.reconnectCapMs);
    }
    io.stderr(`Stream lost (${why}); reconnecting in ${duration(wait)}${lastId ? `, resuming after ${lastId}` : ''}.\n`);
    await sleep(wait, ctx.signal);
  }
  io.stderr('Stopped.\n');
  return 0;
}
