/**
 * What every CLI command is given: where to print, the environment, the service's address and key, the client, and
 * the clock and delays (real ones in `payments`, short ones in the tests). Also the CLI's errors and the one place
 * that turns an API failure into its one line.
 */
import { createPaymentsClient, describeCause, type PaymentsClient, type PaymentsError } from '@payments-service/client';

/** The outside world of one run: injected so that tests run the CLI in-process. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Readonly<Record<string, string | undefined>>;
  /** Aborted on Ctrl-C: `listen` stops cleanly, the other commands stop waiting. */
  signal?: AbortSignal;
  /** The fetch used for the API and for forwarding (default: the global one). */
  fetch?: typeof globalThis.fetch;
  /** The clock, in milliseconds (default `Date.now`): timestamps of lines and signatures. */
  now?: () => number;
  /** Delays and time limits; tests shorten them. */
  timing?: Partial<Timing>;
  /** `listen`'s bound on the events it holds, and a window on their number (tests). */
  listen?: ListenTuning;
}

export interface ListenTuning {
  /**
   * How many events `listen` holds (received, and waiting for their first attempt or a retry) before it stops
   * reading the stream until one is settled (default {@link MAX_HELD}).
   */
  maxHeld?: number;
  /** Told the number of events held each time it changes. */
  onHeld?(held: number): void;
}

/** The default of {@link ListenTuning.maxHeld}: a backlog replayed after a reconnection stays in the service. */
export const MAX_HELD = 1_000;

export interface Timing {
  /** First retry of a failed forward; doubled at each retry up to `retryCapMs`. */
  retryBaseMs: number;
  retryCapMs: number;
  /** How long the local receiver has to answer one forward (the service gives real receivers 15 s too). */
  forwardTimeoutMs: number;
  /** First wait before reconnecting a lost stream; doubled up to `reconnectCapMs`. */
  reconnectBaseMs: number;
  reconnectCapMs: number;
  /** A stream silent this long (keep-alives come every 15 s) is taken as lost. */
  streamIdleMs: number;
  /**
   * A stream that stayed open this long after its `ready` (or brought a delivery or a keep-alive) has worked: the
   * reconnection backoff starts again from `reconnectBaseMs`. One that fails sooner keeps doubling it.
   */
  streamStableMs: number;
  /** How long `trigger` waits for a charge processed in the background to reach its status. */
  triggerWaitMs: number;
}

export const TIMING: Timing = {
  retryBaseMs: 1_000,
  retryCapMs: 60_000,
  forwardTimeoutMs: 15_000,
  reconnectBaseMs: 1_000,
  reconnectCapMs: 30_000,
  streamIdleMs: 45_000,
  streamStableMs: 30_000,
  triggerWaitMs: 15_000,
};

export const DEFAULT_BASE_URL = 'http://127.0.0.1:3000';

/** A wrong invocation: exit 2, one line and (unless the line says it all) the command's usage. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly showUsage = true,
  ) {
    super(message);
  }
}

/** A failure already worded for the user: exit 1, one line on stderr. */
export class CliFailure extends Error {}

export interface Context {
  io: CliIo;
  timing: Timing;
  now(): number;
  signal: AbortSignal;
  baseUrl: string;
  apiKey: string;
  client: PaymentsClient;
}

/** Flags every command takes besides its own. */
export const CONNECTION_OPTIONS = {
  'api-key': { type: 'string' },
  'base-url': { type: 'string' },
} as const;

export const CONNECTION_HELP = `connection:
  --api-key <key>    the API key (default: $PAYMENTS_API_KEY); never printed
  --base-url <url>   the service (default: $PAYMENTS_BASE_URL, else ${DEFAULT_BASE_URL})`;

/** The key and address of the run; the key is required, and is never echoed back. */
export function connect(io: CliIo, flags: { 'api-key'?: string | undefined; 'base-url'?: string | undefined }): Context {
  const apiKey = (flags['api-key'] ?? io.env.PAYMENTS_API_KEY ?? '').trim();
  if (apiKey === '') throw new UsageError('no API key: pass --api-key or set PAYMENTS_API_KEY');
  const raw = (flags['base-url'] ?? io.env.PAYMENTS_BASE_URL ?? DEFAULT_BASE_URL).trim();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--base-url is not a URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--base-url must be http:// or https:// (got ${raw})`);
  const baseUrl = raw.replace(/\/+$/, '');
  const signal = io.signal ?? new AbortController().signal;
  return {
    io,
    timing: { ...TIMING, ...io.timing },
    now: io.now ?? Date.now,
    signal,
    baseUrl,
    apiKey,
    client: createPaymentsClient({ baseUrl, apiKey, ...(io.fetch ? { fetch: io.fetch } : {}) }),
  };
}

/** Whether a key is a production key by its spelling (`sk_live_…`, or the seed's `sl_live_…`). */
export function isProductionKey(apiKey: string): boolean {
  return /^s[kl]_live_/.test(apiKey);
}

/**
 * The one line of a failed call: `error: <code>: <message> (correlation id …)`; a service that could not be reached
 * names its address instead. `sandboxOnly` says which key the command needs.
 */
export function apiFailure(ctx: Pick<Context, 'baseUrl'>, error: PaymentsError, command: string): CliFailure {
  if (error.code === 'connectionFailed' || error.code === 'timeout') {
    const why = error.code === 'timeout' ? 'no answer in time' : describeCause(error.cause);
    return new CliFailure(`error: cannot reach the service at ${ctx.baseUrl} (${why}); is it running? Set --base-url or PAYMENTS_BASE_URL`);
  }
  if (error.code === 'aborted') return new CliFailure('error: interrupted');
  const id = error.correlationId ? ` (correlation id ${error.correlationId})` : '';
  if (error.code === 'sandboxOnly') {
    return new CliFailure(`error: sandboxOnly: ${command} needs a sandbox key (sk_test_…); this key is a production key${id}`);
  }
  return new CliFailure(`error: ${error.code}: ${oneLine(error.message)}${fieldList(error)}${id}`);
}

function fieldList(error: PaymentsError): string {
  const params = error.params?.flatMap((p) => Object.entries(p).map(([k, v]) => `${k}: ${v}`)) ?? [];
  return params.length > 0 ? ` [${params.join('; ')}]` : '';
}

export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** `2026-11-24 12:00:01`, local time: what a developer's terminal log reads best. */
export function clockTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** `1 s`, `2 min`, or milliseconds below a second. */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = Math.round(ms / 1000);
  return s < 120 ? `${s} s` : `${Math.round(s / 60)} min`;
}

/** Rows under a header, each column as wide as its widest cell. */
export function textTable(head: readonly string[], rows: readonly string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  return [head, ...rows].map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n') + '\n';
}
