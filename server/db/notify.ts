/**
 * LISTEN on PostgreSQL: one dedicated connection per listener (a pooled one would be handed to queries and lose its
 * LISTEN), to a URL with real sessions (`DATABASE_SESSION_URL`): through a pooler in transaction mode the LISTEN would
 * stay on a server connection the pooler then lends to other clients, and its notifications would reach them,
 * silently, instead of the listener. Re-opened with backoff whenever it is lost (the server restarted, an operator
 * terminated the backend, the network dropped). Notifications sent while it was down are gone, so the listener calls
 * `onNotify` once it is back: the worker then polls and finds whatever it missed.
 */
import pg from 'pg';
import type { Listening } from './types';

export interface ListenerOptions {
  /** First delay before re-opening a lost connection; doubled on each failure up to `maxBackoffMs`. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** Told of each lost connection (for the log); the listener re-opens it by itself. */
  onError?: (err: Error) => void;
}

export interface PgListening extends Listening {
  /** The server process id of the connection listening now; null while it is re-opened (tests terminate it). */
  backendPid(): number | null;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Listens on `channel` of the database at `url` (a real session) until closed; resolves once the first LISTEN is in place. */
export async function listenPostgres(url: string, channel: string, onNotify: () => void, options: ListenerOptions = {}): Promise<PgListening> {
  const minBackoff = options.minBackoffMs ?? 100;
  const maxBackoff = options.maxBackoffMs ?? 5_000;
  let client: pg.Client | null = null;
  let closed = false;
  let backoff = minBackoff;
  let retry: NodeJS.Timeout | undefined;

  async function open(): Promise<void> {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    // Errors of a connection already lost: the 'end' that follows re-opens it.
    c.on('error', (err) => options.onError?.(err));
    c.on('notification', (msg) => {
      if (msg.channel === channel) onNotify();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    c.once('end', () => {
      if (client === c) client = null;
      if (!closed) reopenLater();
    });
    client = c;
    backoff = minBackoff;
  }

  function reopenLater(): void {
    clearTimeout(retry);
    retry = setTimeout(() => {
      open().then(
        // What was notified while no connection listened is lost: poll once now.
        () => {
          if (!closed) onNotify();
        },
        (err: unknown) => {
          options.onError?.(err instanceof Error ? err : new Error(String(err)));
          backoff = Math.min(backoff * 2, maxBackoff);
          if (!closed) reopenLater();
        },
      );
    }, backoff);
    retry.unref();
  }

  await open();
  return {
    backendPid: () => (client as (pg.Client & { processID?: number }) | null)?.processID ?? null,
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
