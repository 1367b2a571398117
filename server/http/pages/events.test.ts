/**
 * What a status stream holds, and that it lets go: a client that leaves before its stream starts leaves nothing
 * behind, a settled status ends the stream, and one charge has at most MAX_STREAMS_PER_CHARGE streams. The pages
 * are mounted on an app of the test's own, so that its `LiveStreams` (which counts the streams and their timers) and
 * its database (which can hold a read) are the test's.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/types';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { pixBody, type Transaction } from '../../testing/payments';
import { openStream, tokenOf } from '../../testing/pages';
import { transactionsApi } from '../../testing/transactions-api';
import { LiveStreams, MAX_STREAMS_PER_CHARGE, STREAM_DEFAULTS } from './events';
import { pagesRouter } from './router';

/** `db` whose reads wait, while `hold` is set, for the test to let them go; `held` resolves when one is waiting. */
function holdingDb(db: Db) {
  const gate = { hold: null as Promise<void> | null, held: () => undefined as void };
  const proxy = new Proxy(db, {
    get(target, prop) {
      if (prop === 'query') {
        return async (sql: string, params?: readonly unknown[]) => {
          const result = await target.query(sql, params);
          if (gate.hold) {
            gate.held();
            await gate.hold;
          }
          return result;
        };
      }
      const v = Reflect.get(target, prop) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  return { db: proxy, gate };
}

describe.each(ENGINES)('status streams on $name', (engine) => {
  let svc: TestService;
  let server: Server;
  let url = '';
  const streams = new LiveStreams(MAX_STREAMS_PER_CHARGE);
  const api = transactionsApi(() => svc);
  let gate: ReturnType<typeof holdingDb>['gate'];
  /** Resolves when the last request's response closed (its client went away, or it ended). */
  let closed: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    svc = await startTestService(engine);
    const held = holdingDb(svc.db);
    gate = held.gate;
    const app = express();
    app.use((_req, res, next) => {
      closed = new Promise((resolve) => res.once('close', () => resolve()));
      next();
    });
    const limiter = () => new RateLimiterMemory({ points: 1000, duration: 60 });
    app.use(pagesRouter({
      db: held.db, engine: svc.payments, logger: pino({ level: 'silent' }), csrfKey: Buffer.alloc(32, 1), streams,
      stream: STREAM_DEFAULTS, limiters: { checkoutPay: limiter(), checkoutOpen: limiter() },
    }));
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    streams.closeAll();
    await new Promise((resolve) => server?.close(resolve));
    await svc?.close();
  });

  async function pixToken(): Promise<{ id: string; token: string }> {
    const id = await api.create(pixBody());
    await svc.drain();
    const t = (await (await svc.call(`/v1/transactions/${id}`)).json()) as Transaction;
    return { id, token: tokenOf(t.payment.invoiceLink) };
  }

  it('a client gone while the charge is read leaves no stream, timer or re-read behind', async () => {
    const { token } = await pixToken();
    let release = () => undefined as void;
    const reached = new Promise<void>((resolve) => {
      gate.held = resolve;
    });
    gate.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const abort = new AbortController();
    const request = fetch(`${url}/pay/${token}/events`, { signal: abort.signal }).catch(() => null);
    await reached;
    abort.abort();
    await closed;
    gate.hold = null;
    release();
    await request;
    // The handler resumes on the read's answer, in this turn of the event loop; one more turn and it is done.
    await new Promise((resolve) => setImmediate(resolve));
    expect(streams.size).toBe(0);
  });

  it('a stream that reports a settled status ends; one that the client closes is released', async () => {
    const { id, token } = await pixToken();
    const stream = await openStream(`${url}/pay/${token}/events`);
    expect(await stream.next()).toEqual({ status: 'pending', issued: true });
    expect(streams.size).toBe(1);
    await api.act(id, 'pay');
    expect(await stream.next()).toEqual({ status: 'approved', issued: true });
    await expect(stream.next()).rejects.toThrow('the stream ended');
    await streams.idle();

    const other = await pixToken();
    const left = await openStream(`${url}/pay/${other.token}/events`);
    expect(await left.next()).toEqual({ status: 'pending', issued: true });
    left.close();
    await streams.idle();
    expect(streams.size).toBe(0);
  });

  it(`a charge has at most ${MAX_STREAMS_PER_CHARGE} open streams; the next is a 429`, async () => {
    const { token } = await pixToken();
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_CHARGE; i++) {
      const s = await openStream(`${url}/pay/${token}/events`);
      await s.next();
      open.push(s);
    }
    const refused = await fetch(`${url}/pay/${token}/events`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    await refused.text();
    // Another charge is not affected.
    const other = await openStream(`${url}/pay/${(await pixToken()).token}/events`);
    expect(await other.next()).toEqual({ status: 'pending', issued: true });
    for (const s of [...open, other]) s.close();
    await streams.idle();
  });
});
