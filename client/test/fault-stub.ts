/**
 * A fault-injecting stand-in for the API: a local HTTP server (port 0) that answers each request with the next fault
 * of its script (then with `fallback`), and records every request it received. What the client's tests drive its
 * retries, time limits and error values with, without a service.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How the stub answers one request. */
export type Fault =
  /** Destroys the connection without answering (the client sees a reset). */
  | { kind: 'reset' }
  /** Never answers (until the stub closes). */
  | { kind: 'hang' }
  /** The API's error envelope for `code`, with `status`; `retryAfter` is sent as the `Retry-After` header. */
  | { kind: 'error'; status: number; code: string; retryAfter?: string }
  /** A raw answer: any status, body and content type (a proxy's HTML page, an envelope-less JSON). */
  | { kind: 'raw'; status: number; body: string; contentType: string }
  /** `status` (200 by default) with a JSON body (by default `{ ok: true, n }`, n the request's number). */
  | { kind: 'ok'; status?: number; body?: unknown }
  /** `status` with a JSON content type and no body: `Content-Length: 0`, or chunked with no chunk when `chunked`. */
  | { kind: 'empty'; status: number; chunked?: boolean }
  /** `status` and its headers, then half a JSON body; the connection is then destroyed. */
  | { kind: 'cut'; status: number }
  /** `status` and its headers, then half a JSON body, and nothing more (until the stub closes). */
  | { kind: 'stall'; status: number };

export interface RecordedRequest {
  /** 1 for the first request the stub received. */
  n: number;
  method: string;
  /** The path with its query string. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** When it arrived (`performance.now()`). */
  at: number;
  /** When it arrived, on the wall clock (`Date.now()`): to compare with an HTTP date. */
  receivedAt: number;
  /** When the stub answered it (`performance.now()`); undefined for a reset or a hang. */
  answeredAt?: number;
}

export interface FaultStub {
  /** Base address, e.g. `http://127.0.0.1:40123`. */
  url: string;
  requests: RecordedRequest[];
  /** Appends faults to the script. */
  play(...faults: Fault[]): void;
  /** Resolves when the stub has received `count` requests in all. */
  received(count: number): Promise<void>;
  close(): Promise<void>;
}

/** The `X-Correlation-Id` of the stub's nth answer. */
export const correlationOf = (n: number) => `corr_stub${String(n).padStart(12, '0')}`;

const REASONS: Record<number, string> = {
  400: 'Bad Request', 404: 'Not Found', 409: 'Conflict', 422: 'Unprocessable Entity', 429: 'Too Many Requests',
  500: 'Internal Server Error', 501: 'Not Implemented', 502: 'Bad Gateway', 503: 'Service Unavailable',
};

/** The API's error envelope, as the service renders it. */
export function envelope(status: number, code: string) {
  const category = status === 429 ? 'rate_limit' : status >= 500 ? 'server' : 'client';
  return { error: { status: REASONS[status] ?? 'Error', statusCode: status, category, code, message: `Stub says ${code}.`, resource: 'client' } };
}

export async function startFaultStub(script: Fault[] = [], fallback: Fault = { kind: 'ok' }): Promise<FaultStub> {
  const queue = [...script];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const waiters: { count: number; resolve: () => void }[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const record: RecordedRequest = {
        n: requests.length + 1,
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
        receivedAt: Date.now(),
      };
      requests.push(record);
      for (const w of waiters.filter((w) => requests.length >= w.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      answer(queue.shift() ?? fallback, record, res);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  function answer(fault: Fault, record: RecordedRequest, res: ServerResponse) {
    if (fault.kind === 'reset') {
      res.socket?.destroy();
      return;
    }
    if (fault.kind === 'hang') return;
    const send = (status: number, body: string, contentType: string, extra: Record<string, string> = {}) => {
      record.answeredAt = performance.now();
      res.writeHead(status, { 'Content-Type': contentType, 'X-Correlation-Id': correlationOf(record.n), ...extra });
      res.end(body);
    };
    if (fault.kind === 'empty') {
      record.answeredAt = performance.now();
      res.writeHead(fault.status, { 'Content-Type': 'application/json', 'X-Correlation-Id': correlationOf(record.n), ...(fault.chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': '0' }) });
      res.end();
      return;
    }
    if (fault.kind === 'cut' || fault.kind === 'stall') {
      record.answeredAt = performance.now();
      res.writeHead(fault.status, { 'Content-Type': 'application/json', 'Content-Length': '64', 'X-Correlation-Id': correlationOf(record.n) });
      // Destroyed once the half is handed to the socket: the client has the answer's headers, then loses its body.
      const cut = fault.kind === 'cut';
      res.write('{"id":"cus_half",', () => cut && res.socket?.destroy());
      return;
    }
    if (fault.kind === 'error') {
      send(fault.status, JSON.stringify(envelope(fault.status, fault.code)), 'application/json', fault.retryAfter === undefined ? {} : { 'Retry-After': fault.retryAfter });
    } else if (fault.kind === 'raw') {
      send(fault.status, fault.body, fault.contentType);
    } else {
      send(fault.status ?? 200, JSON.stringify(fault.body ?? { ok: true, n: record.n }), 'application/json');
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the fault stub has no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    play: (...faults) => queue.push(...faults),
    received: (count) =>
      requests.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
