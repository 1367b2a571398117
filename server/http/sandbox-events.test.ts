/**
 * The sandbox's event stream (`GET /v1/sandbox/events/stream`) end to end: what it sends for a real sandbox flow
 * (the bodies a webhook endpoint receives, byte for byte), its listen secret, its filter, resuming with
 * Last-Event-ID, its refusals, what it lets go of when the client leaves or the service closes, and its order when
 * transactions commit out of order (PostgreSQL, where they can).
 */
import net from 'node:net';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../client/src/webhooks';
import { loadConfig } from '../config';
import type { Db, Queryable } from '../db/types';
import { createMerchantWithKeys } from '../domain/access/keys';
import { createLogger } from '../logger';
import { startService, type Service } from '../service';
import { ENGINES, keyedFetch, startTestService, type TestMerchant, type TestService } from '../testing/harness';
import { pixBody } from '../testing/payments';
import { startReceiver, type Receiver } from '../testing/receiver';
import { countQueries, type CountingDb } from '../testing/queries';
import { openSse, type SseMessage, type SseReader } from '../testing/sse';
import { recordEvent, type EventType } from '../webhooks/outbox';
import { signatureHeaders } from '../webhooks/signer';
import { EventStreams } from './event-stream';

const PATH = '/v1/sandbox/events/stream';
type Delivery = { id: string; type: string; body: string };
/** A read of the stream's events (webhooks/stream.ts eventsAfter). */
const isStreamRead = (sql: string): boolean => sql.includes('FROM events') && sql.includes('pg_snapshot_xmin');
type Envelope = { error: { statusCode: number; code: string; resource: string; message: string } };

function delivery(m: SseMessage): Delivery {
  expect(m.event).toBe('delivery');
  const d = JSON.parse(m.data) as Delivery;
  expect(Object.keys(d)).toEqual(['id', 'type', 'body']);
  expect(m.id).toBe(d.id);
  return d;
}

describe.each(ENGINES)('the sandbox event stream on $name', (engine) => {
  let svc: TestService;
  let streams: EventStreams;
  const open: SseReader[] = [];
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    streams = new EventStreams({ pollMs: 50 });
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' }, { eventStreams: streams });
  });
  afterAll(async () => svc?.close());
  afterEach(async () => {
    for (const s of open.splice(0)) s.close();
    for (const r of receivers.splice(0)) await r.close();
    await streams.idle();
  });

  /** A request to open a stream that is refused: its answer, read as a whole. */
  function refusedRequest(key: string, headers: Record<string, string> = {}, query = ''): Promise<Response> {
    return svc.call(`${PATH}${query}`, { key, headers });
  }
  /** A stream that opened: its listen secret (the `ready` message) and the reader. */
  async function ready(key: string, headers: Record<string, string> = {}, query = '') {
    const s = await openSse((signal) => svc.call(`${PATH}${query}`, { key, headers, signal }));
    open.push(s);
    expect(s.res.status).toBe(200);
    const first = await s.next();
    expect(first.event).toBe('ready');
    const { secret } = JSON.parse(first.data) as { secret: string };
    return { s, secret };
  }
  /** The deliveries of `s` up to and including the first of type `last`. */
  async function until(s: SseReader, last: string): Promise<Delivery[]> {
    const got: Delivery[] = [];
    for (;;) {
      const d = delivery(await s.next());
      got.push(d);
      if (d.type === last) return got;
    }
  }
  /** A PIX charge of `key` paid in the sandbox, its jobs (webhook deliveries included) run. */
  async function paidPix(key: string): Promise<string> {
    const res = await svc.call('/v1/transactions', { method: 'POST', key, json: pixBody() });
    const { id } = (await res.json()) as { id: string };
    expect(res.status).toBe(201);
    await svc.drain();
    expect((await svc.call(`/v1/sandbox/transactions/${id}/simulate`, { method: 'POST', key, json: { action: 'pay' } })).status).toBe(200);
    await svc.drain();
    return id;
  }
  async function refused(res: Response, status: number, code: string): Promise<Envelope['error']> {
    const body = (await res.json()) as Envelope;
    expect(res.status, JSON.stringify(body)).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(body.error).toMatchObject({ statusCode: status, code });
    return body.error;
  }

  it('streams a sandbox PIX charge from transaction.created to transaction.approved, with the bodies its endpoint receives', async () => {
    const m = await svc.newMerchant();
    const r = await startReceiver();
    receivers.push(r);
    const reg = await svc.call('/v1/webhooks', { method: 'POST', key: m.sandboxKey, json: { name: 'Hooks', endpoint: r.url, events: ['transaction.created', 'transaction.approved'] } });
    expect(reg.status).toBe(201);

    const { s, secret } = await ready(m.sandboxKey);
    expect(s.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.res.headers.get('cache-control')).toBe('no-cache');
    expect(s.res.headers.get('x-accel-buffering')).toBe('no');
    expect(s.res.headers.get('x-correlation-id')).toMatch(/^corr_/);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

    const tra = await paidPix(m.sandboxKey);
    const got = await until(s, 'transaction.approved');
    const ofCharge = got.filter((d) => d.type.startsWith('transaction.')).map((d) => d.type);
    expect(ofCharge[0]).toBe('transaction.created');
    expect(ofCharge.at(-1)).toBe('transaction.approved');
    for (const d of got) expect(JSON.parse(d.body)).toMatchObject({ id: d.id, type: d.type, source: 'automatic' });
    expect(JSON.parse(got.at(-1)!.body)).toMatchObject({ payload: { object: { id: tra, status: 'approved' } } });

    // The endpoint got the two it subscribes to: the stream's bodies are the same bytes.
    const received = new Map(r.received.map((x) => [(JSON.parse(x.body) as { id: string }).id, x.body]));
    const subscribed = got.filter((d) => d.type === 'transaction.created' || d.type === 'transaction.approved');
    expect(subscribed).toHaveLength(2);
    for (const d of subscribed) expect(received.get(d.id)).toBe(d.body);

    // Signed with the listen secret as real deliveries are, a body verifies like one.
    const d = got.at(-1)!;
    const headers = signatureHeaders(d.body, secret, d.id, Math.floor(Date.now() / 1000));
    expect(verifyWebhook(d.body, headers, secret)).toEqual(JSON.parse(d.body));
  });

  it('the listen secret is the same on every connection of a merchant, and differs between merchants', async () => {
    const a = await svc.newMerchant();
    const b = await svc.newMerchant();
    const first = await ready(a.sandboxKey);
    const second = await ready(a.sandboxKey);
    const other = await ready(b.sandboxKey);
    expect(second.secret).toBe(first.secret);
    expect(other.secret).not.toBe(first.secret);
  });

  it('type keeps only the listed types, given once or repeated', async () => {
    const m = await svc.newMerchant();
    const approved = await ready(m.sandboxKey, {}, '?type=transaction.approved');
    const two = await ready(m.sandboxKey, {}, '?type=customer.created&type=transaction.approved');
    const tra = await paidPix(m.sandboxKey);
    const only = delivery(await approved.s.next());
    expect(only.type).toBe('transaction.approved');
    expect(JSON.parse(only.body)).toMatchObject({ payload: { object: { id: tra } } });
    const types = (await until(two.s, 'transaction.approved')).map((d) => d.type);
    expect(types.every((t) => t === 'customer.created' || t === 'transaction.approved')).toBe(true);

    await refused(await refusedRequest(m.sandboxKey, {}, '?type=transaction.nope'), 400, 'invalidParameters');
  });

  it('Last-Event-ID resumes with exactly the events recorded after that one, none twice', async () => {
    const m = await svc.newMerchant();
    // A stream open all along sees every event once, in the stream's order: what a resumed stream must repeat.
    const witness = await ready(m.sandboxKey);
    const first = await ready(m.sandboxKey);
    await paidPix(m.sandboxKey);
    const seen = await until(first.s, 'transaction.approved');
    expect(seen.length).toBeGreaterThanOrEqual(2);
    first.s.close();

    // While it is closed: another charge, and three events of the same millisecond (two in one transaction).
    await paidPix(m.sandboxKey);
    const scope = { merchantId: m.merchantId, mode: 'sandbox' as const };
    const at = new Date();
    const same = (q: Queryable, n: number) =>
      recordEvent(q, scope, { type: 'customer.updated', resource: 'customer', resourceId: `cus_same${n}`, object: { id: `cus_same${n}` } }, at);
    const sameMs = [await same(svc.db, 1)];
    sameMs.push(...(await svc.db.transaction(async (tx) => [await same(tx, 2), await same(tx, 3)])));

    const all: string[] = [];
    while (all.at(-1) !== sameMs[2]) all.push(delivery(await witness.s.next()).id);
    expect(all.slice(0, seen.length)).toEqual(seen.map((d) => d.id));
    expect(all.slice(-3)).toEqual(sameMs);
    expect(new Set(all).size).toBe(all.length);

    // From the first event seen: everything after it, in the same order, and nothing else.
    const resumed = await ready(m.sandboxKey, { 'Last-Event-ID': seen[0]!.id });
    const got: string[] = [];
    while (got.length < all.length - 1) got.push(delivery(await resumed.s.next()).id);
    expect(got).toEqual(all.slice(1));
    const next = await same(svc.db, 4);
    expect(delivery(await resumed.s.next()).id).toBe(next);
    expect(delivery(await witness.s.next()).id).toBe(next);

    // From one of the same millisecond: the rest of them.
    const fromSame = await ready(m.sandboxKey, { 'Last-Event-ID': sameMs[1]! });
    expect([delivery(await fromSame.s.next()).id, delivery(await fromSame.s.next()).id]).toEqual([sameMs[2], next]);
  });

  it('an unknown Last-Event-ID, or one of another merchant, is a 404 envelope before any stream', async () => {
    const m = await svc.newMerchant();
    const unknown = await refusedRequest(m.sandboxKey, { 'Last-Event-ID': 'wbh_0000000000000000' });
    expect(unknown.headers.get('x-correlation-id')).toMatch(/^corr_/);
    const error = await refused(unknown, 404, 'webhookEventNotFound');
    expect(error).toMatchObject({ resource: 'webhookEvent', message: 'Webhook event wbh_0000000000000000 was not found.' });

    const other = await svc.newMerchant();
    const theirs = await recordEvent(svc.db, { merchantId: other.merchantId, mode: 'sandbox' }, { type: 'customer.created', resource: 'customer', resourceId: 'cus_x', object: {} }, new Date());
    await refused(await refusedRequest(m.sandboxKey, { 'Last-Event-ID': theirs }), 404, 'webhookEventNotFound');
    await refused(await refusedRequest(m.sandboxKey, { 'Last-Event-ID': 'not-an-id' }), 400, 'invalidParameters');
  });

  it('a production key is 403 sandboxOnly', async () => {
    const m = await svc.newMerchant();
    const error = await refused(await refusedRequest(m.productionKey), 403, 'sandboxOnly');
    expect(error.message).toBe('The event stream needs a sandbox key (sk_test_…).');
  });

  it('a merchant holds at most 5 streams: the sixth is a 429 envelope with Retry-After', async () => {
    const m = await svc.newMerchant();
    const five: SseReader[] = [];
    for (let i = 0; i < 5; i++) five.push((await ready(m.sandboxKey)).s);
    const sixth = await refusedRequest(m.sandboxKey);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    await refused(sixth, 429, 'tooManyRequests');
    // Another merchant is not affected; one stream closed makes room for one more.
    await ready((await svc.newMerchant()).sandboxKey);
    const before = streams.size;
    five[0]!.close();
    while (streams.size >= before) await streams.polled();
    await ready(m.sandboxKey);
  });

  // Commits in another order than the events' numbers need two connections at once: PostgreSQL only.
  if (engine.name === 'postgres') {
    describe('transactions committing out of order', () => {
      const clients: pg.Client[] = [];
      afterEach(async () => {
        for (const c of clients.splice(0)) await c.end();
      });
      /** A connection of its own to the service's database, where the test opens and commits transactions. */
      async function connection(): Promise<Queryable> {
        const c = new pg.Client({ connectionString: svc.databaseUrl });
        await c.connect();
        clients.push(c);
        return {
          query: async <T,>(sql: string, params?: readonly unknown[]) => {
            const r = await c.query(sql, params as unknown[]);
            return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
          },
          exec: async (sql) => {
            await c.query(sql);
          },
        };
      }
      const event = (q: Queryable, merchantId: string, type: EventType, at: Date) =>
        recordEvent(q, { merchantId, mode: 'sandbox' }, { type, resource: 'customer', resourceId: 'cus_order', object: { at: at.toISOString() } }, at);

      it('an event recorded first but committed last is sent before the later ones, never skipped', async () => {
        const m = await svc.newMerchant();
        const { s } = await ready(m.sandboxKey);
        const slow = await connection();
        const fast = await connection();
        const t0 = new Date();
        await slow.exec('BEGIN');
        const first = await event(slow, m.merchantId, 'customer.created', t0);
        await fast.exec('BEGIN');
        const second = await event(fast, m.merchantId, 'customer.updated', new Date(t0.getTime() + 1));
        await fast.exec('COMMIT');
        // Two reads after the later event committed: a stream that sent it now would lose the first for good.
        await streams.polled();
        await streams.polled();
        await slow.exec('COMMIT');
        expect([delivery(await s.next()).id, delivery(await s.next()).id]).toEqual([first, second]);
        const resumed = await ready(m.sandboxKey, { 'Last-Event-ID': first });
        expect(delivery(await resumed.s.next()).id).toBe(second);
      });

      it('an event created earlier that commits after a later one was sent still comes, and resuming after the later one gives it', async () => {
        const m = await svc.newMerchant();
        const { s } = await ready(m.sandboxKey);
        const early = await connection();
        const late = await connection();
        // `late` takes its transaction id first, so its event orders first although it is created after.
        await late.exec('BEGIN');
        await late.query('SELECT pg_current_xact_id()');
        await early.exec('BEGIN');
        const t0 = new Date();
        const earlier = await event(early, m.merchantId, 'customer.created', t0);
        const later = await event(late, m.merchantId, 'customer.updated', new Date(t0.getTime() + 1));
        await late.exec('COMMIT');
        expect(delivery(await s.next()).id).toBe(later);
        await early.exec('COMMIT');
        expect(delivery(await s.next()).id).toBe(earlier);

        const afterLater = await ready(m.sandboxKey, { 'Last-Event-ID': later });
        expect(delivery(await afterLater.s.next()).id).toBe(earlier);
        const afterEarlier = await ready(m.sandboxKey, { 'Last-Event-ID': earlier });
        const next = await event(svc.db, m.merchantId, 'customer.updated', new Date());
        expect(delivery(await afterEarlier.s.next()).id).toBe(next);
      });
    });
  }
});

/** A service of the test's own: its queries counted and its request log kept, to see what a stream holds and logs. */
describe.each(ENGINES)('what an event stream holds and logs, on $name', (engine) => {
  const lines: string[] = [];
  let service: Service;
  let merchant: TestMerchant;
  let drop: () => Promise<void>;
  const streams = new EventStreams({ pollMs: 20 });
  let call: ReturnType<typeof keyedFetch>;
  let counted: CountingDb;
  /** The stream's reads of events so far. */
  const reads = () => counted.sent.filter(isStreamRead).length;

  beforeAll(async () => {
    const opened = await engine.open();
    drop = opened.drop;
    counted = countQueries(opened.db);
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'info' });
    service = await startService(config, createLogger('info', sink), counted.db, { worker: 'off', eventStreams: streams });
    merchant = await createMerchantWithKeys(opened.db, 'Stream Holder Ltda');
    call = keyedFetch(service.url, merchant.sandboxKey);
  });
  afterAll(async () => {
    await service?.close();
    await drop?.();
  });

  it('a client that leaves stops its reads at once; the stream is logged once, when it ends, with its duration', async () => {
    lines.length = 0;
    const s = await openSse((signal) => call(PATH, { signal }));
    expect((await s.next()).event).toBe('ready');
    await streams.polled();
    await streams.polled();
    expect(reads()).toBeGreaterThan(0);
    expect(streams.size).toBe(1);
    s.close();
    await streams.idle();
    const after = reads();
    // Ten poll intervals without the stream: not one more read.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reads()).toBe(after);

    const logged = lines.map((l) => JSON.parse(l) as { req?: { url: string }; responseTime?: number }).filter((l) => l.req?.url === PATH);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.responseTime).toBeGreaterThan(0);
  });

  it('closing the service ends its open streams instead of waiting for them', async () => {
    const s = await openSse((signal) => call(PATH, { signal }));
    expect((await s.next()).event).toBe('ready');
    expect(streams.size).toBe(1);
    await service.close();
    await expect(s.next()).rejects.toThrow('the stream ended');
    expect(streams.size).toBe(0);
  });
});

/**
 * A stream whose start is still being read when its client leaves, or when the service starts closing: the moment
 * the stream would open, nothing is there to end it. The opening query is held until the test lets it go.
 */
describe.each(ENGINES)('a stream that would open too late, on $name', (engine) => {
  let service: Service;
  let merchant: TestMerchant;
  let drop: () => Promise<void>;
  let reads = 0;
  /** The next opening query (a stream's start) waits for `release()`; `started` resolves when it is reached. */
  interface Hold {
    started: Promise<void>;
    reached: () => void;
    release: () => void;
    released: Promise<void>;
  }
  let gate: Hold | undefined;
  const streams = new EventStreams({ pollMs: 20 });
  function holdOpening(): Hold {
    let reached!: () => void;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const started = new Promise<void>((resolve) => (reached = resolve));
    gate = { started, reached, release, released };
    return gate;
  }

  beforeAll(async () => {
    const opened = await engine.open();
    drop = opened.drop;
    const holding = new Proxy(opened.db, {
      get(target, prop) {
        if (prop === 'query') {
          return async (sql: string, params?: readonly unknown[]) => {
            if (sql.includes('pg_current_snapshot() AS s') && gate) {
              const g = gate;
              gate = undefined;
              g.reached();
              await g.released;
            }
            if (isStreamRead(sql)) reads += 1;
            return target.query(sql, params);
          };
        }
        const v = Reflect.get(target, prop) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    }) as Db;
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent' });
    service = await startService(config, createLogger('silent'), holding, { worker: 'off', eventStreams: streams });
    merchant = await createMerchantWithKeys(opened.db, 'Late Stream Ltda');
  });
  afterAll(async () => {
    await service?.close();
    await drop?.();
  });

  it('a client that left while its start was read opens no stream: nothing held, no reads, its slot free', async () => {
    const url = new URL(service.url);
    for (let i = 0; i < 5; i++) {
      const hold = holdOpening();
      const socket = net.connect(Number(url.port), url.hostname);
      socket.write(`GET ${PATH} HTTP/1.1\r\nHost: ${url.host}\r\nServiceKey: ${merchant.sandboxKey}\r\n\r\n`);
      await hold.started;
      await new Promise<void>((resolve) => socket.on('close', () => resolve()).destroy());
      // The server sees the socket close before the start is let go.
      await new Promise((resolve) => setTimeout(resolve, 50));
      hold.release();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(streams.size).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reads).toBe(0);
    // Five clients left: a sixth stream is not refused for streams nobody reads.
    const s = await openSse((signal) => keyedFetch(service.url, merchant.sandboxKey)(PATH, { signal }));
    expect(s.res.status).toBe(200);
    expect((await s.next()).event).toBe('ready');
    s.close();
    await streams.idle();
  });

  it('a stream whose start is read while the service starts closing does not open, and the close completes', async () => {
    const hold = holdOpening();
    const answer = keyedFetch(service.url, merchant.sandboxKey)(PATH);
    await hold.started;
    const closed = service.close();
    hold.release();
    await closed;
    const res = await answer.catch(() => undefined);
    // Either no answer at all or an empty one: never a stream.
    if (res) expect(await res.text()).not.toContain('event: ready');
    expect(streams.size).toBe(0);
  });
});
