/**
 * What the providers' fakes share about their sockets: a request's body read whole, answers held back (a "hang"
 * fault: the request took effect, its answer comes late or never), and listening on loopback with a close that drops
 * whatever is still held.
 */
import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/** The request's body, whole, as text. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The answers held back, each written after `ms` (`then`), or never: `close` destroys what is left. */
export class HeldAnswers {
  private readonly held = new Set<{ res: ServerResponse; timer?: NodeJS.Timeout }>();

  /** Holds `res` back; after `ms` (when given) runs `then`, which writes the late answer. */
  hold(res: ServerResponse, ms: number | undefined, then: () => void): void {
    const entry: { res: ServerResponse; timer?: NodeJS.Timeout } = { res };
    this.held.add(entry);
    res.on('close', () => this.held.delete(entry));
    if (ms !== undefined) {
      entry.timer = setTimeout(() => {
        this.held.delete(entry);
        then();
      }, ms);
    }
  }

  dropAll(): void {
    for (const entry of this.held) {
      clearTimeout(entry.timer);
      entry.res.destroy();
    }
    this.held.clear();
  }
}

/** Listens on 127.0.0.1 (`port`, or a free one); `close` drops the held answers and every connection. */
export async function listenOnLoopback<S extends HttpServer | HttpsServer>(server: S, port: number, held: HeldAnswers): Promise<{ server: S; port: number; close(): Promise<void> }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: async () => {
      held.dropAll();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
