/**
 * The request log at shutdown, on both engines: the service records the answers that end while it closes, its
 * streams included, before the database closes; and the recorder waits for an answer whose connection is the last
 * thing to go (Node reports the server closed before that connection's response reports its own end).
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { RequestRecorder } from '../logs/recorder';
import { startService } from '../service';
import { ENGINES, keyedFetch, startTestService, type TestService } from '../testing/harness';
import { sseReader } from '../testing/sse';
import { recordRequests, type Caller } from './request-recording';

/** The recorder writes only when closed: a whole hour between timed writes. */
const MANUAL = { flushMs: 3_600_000 };

/** A raw connection that sent `GET path` and has read the start of the answer. */
async function rawGet(port: number, path: string): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  await once(socket, 'data');
  return socket;
}

describe.each(ENGINES)('the request log at shutdown on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000' });
  });
  afterAll(async () => svc?.close());

  async function logged(merchantId: string) {
    const res = await svc.db.query<{ path: string; status: number }>('SELECT path, status FROM request_logs WHERE merchant_id = $1 ORDER BY seq', [merchantId]);
    return res.rows;
  }

  it('the service records a stream it ends by closing, with the requests answered before it', async () => {
    const m = await svc.newMerchant();
    const app = await startService(svc.config, createLogger('silent'), svc.db, { worker: 'off', requestLog: MANUAL });
    const call = keyedFetch(app.url, m.sandboxKey);
    const abort = new AbortController();
    let closed = false;
    try {
      expect((await call('/v1/customers')).status).toBe(200);
      const res = await call('/v1/sandbox/events/stream', { signal: abort.signal });
      expect(res.status).toBe(200);
      const stream = sseReader(res.body!, () => abort.abort());
      expect((await stream.next()).event).toBe('ready');
      await app.close();
      closed = true;
      await expect(stream.next()).rejects.toThrow();
    } finally {
      abort.abort();
      if (!closed) await app.close();
    }
    expect(await logged(m.merchantId)).toEqual([
      { path: '/v1/customers', status: 200 },
      { path: '/v1/sandbox/events/stream', status: 200 },
    ]);
  });

  it('closed after the server, the recorder still records an answer whose connection ends last', async () => {
    const merchantId = 'bus_endsLast000001';
    const recorder = new RequestRecorder(svc.db, createLogger('silent'), MANUAL);
    const app = express();
    app.use(recordRequests(recorder));
    app.get('/v1/stream', (_req, res) => {
      const caller: Caller = { merchantId, mode: 'sandbox', keyId: 'key_x', operationId: 'streamSandboxEvents' };
      res.locals.caller = caller;
      res.locals.correlationId = 'corr_endsLast';
      // An answer begun and never finished: only its connection's end ends it.
      res.status(200).set('Content-Type', 'text/event-stream').flushHeaders();
    });
    const server = createServer(app).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const socket = await rawGet((server.address() as AddressInfo).port, '/v1/stream');
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    socket.resetAndDestroy();
    // The order of the service's close: the server has closed, then the recorder closes.
    await closed;
    await recorder.close();
    expect(await logged(merchantId)).toEqual([{ path: '/v1/stream', status: 200 }]);
  });
});
