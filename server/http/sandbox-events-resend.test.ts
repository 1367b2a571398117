/**
 * Resending an event (`POST /v1/webhooks/events/{eventId}/redeliver`) on the sandbox's event stream, so that a running
 * `payments listen` gets it again: the same event id with `source: manual` under a message id of its own (`wbr_…`),
 * in the stream's order, resumable with Last-Event-ID exactly (once, never twice); and when it is not streamed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../testing/harness';
import { startReceiver, type Receiver } from '../testing/receiver';
import { openSse, type SseMessage, type SseReader } from '../testing/sse';
import { recordEvent } from '../webhooks/outbox';
import { EventStreams } from './event-stream';

const PATH = '/v1/sandbox/events/stream';
type Delivery = { messageId: string; id: string; type: string; body: string };

function delivery(m: SseMessage): Delivery {
  expect(m.event).toBe('delivery');
  const d = JSON.parse(m.data) as Omit<Delivery, 'messageId'>;
  expect(m.id).toMatch(/^wb[hr]_/);
  return { messageId: m.id!, ...d };
}

describe.each(ENGINES)('resent events on the sandbox event stream on $name', (engine) => {
  let svc: TestService;
  let streams: EventStreams;
  const open: SseReader[] = [];
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    streams = new EventStreams({ pollMs: 50 });
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000' }, { eventStreams: streams });
  });
  afterAll(async () => svc?.close());
  afterEach(async () => {
    for (const s of open.splice(0)) s.close();
    for (const r of receivers.splice(0)) await r.close();
    await streams.idle();
  });

  async function ready(key: string, headers: Record<string, string> = {}): Promise<SseReader> {
    const s = await openSse((signal) => svc.call(PATH, { key, headers, signal }));
    open.push(s);
    expect(s.res.status).toBe(200);
    expect((await s.next()).event).toBe('ready');
    return s;
  }
  /** An event of the merchant's sandbox, recorded now (as a change of a customer would). */
  function customerEvent(merchantId: string, n: number, mode: 'sandbox' | 'production' = 'sandbox'): Promise<string> {
    return recordEvent(svc.db, { merchantId, mode }, { type: 'customer.updated', resource: 'customer', resourceId: `cus_resend${n}`, object: { id: `cus_resend${n}` } }, new Date());
  }
  function resend(key: string, eventId: string, json?: unknown): Promise<Response> {
    return svc.call(`/v1/webhooks/events/${eventId}/redeliver`, { method: 'POST', key, ...(json === undefined ? {} : { json }) });
  }

  it('a resend without a body reaches an open stream again: same event id, source manual, a wbr_ message id; no endpoint needed', async () => {
    const m = await svc.newMerchant();
    const s = await ready(m.sandboxKey);
    const event = await customerEvent(m.merchantId, 1);
    const first = delivery(await s.next());
    expect(first).toMatchObject({ messageId: event, id: event, type: 'customer.updated' });

    // No endpoint is registered: before, this was 422; the stream is a target of its own now.
    const res = await resend(m.sandboxKey, event);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { dispatches: unknown[] }).dispatches).toEqual([]);

    const again = delivery(await s.next());
    expect(again.messageId).toMatch(/^wbr_[0-9A-Za-z]{16}$/);
    expect(again.id).toBe(event);
    expect(again.type).toBe('customer.updated');
    expect(JSON.parse(again.body)).toEqual({ ...JSON.parse(first.body), source: 'manual' });
    expect(JSON.parse(first.body)).toMatchObject({ source: 'automatic' });
  });

  it('a resend also makes the endpoints\' dispatches, in the same call', async () => {
    const m = await svc.newMerchant();
    const r = await startReceiver();
    receivers.push(r);
    const reg = await svc.call('/v1/webhooks', { method: 'POST', key: m.sandboxKey, json: { name: 'Hooks', endpoint: r.url, events: ['customer.updated'] } });
    expect(reg.status).toBe(201);
    const s = await ready(m.sandboxKey);
    const event = await customerEvent(m.merchantId, 2);
    expect(delivery(await s.next()).id).toBe(event);
    const res = await resend(m.sandboxKey, event);
    const body = (await res.json()) as { dispatches: { source: string }[] };
    expect(res.status).toBe(200);
    expect(body.dispatches.filter((d) => d.source === 'manual')).toHaveLength(1);
    expect(delivery(await s.next())).toMatchObject({ id: event, messageId: expect.stringMatching(/^wbr_/) });
  });

  it('Last-Event-ID: from before a resend it comes once, in its place; from the resend\'s own id, only what follows', async () => {
    const m = await svc.newMerchant();
    const witness = await ready(m.sandboxKey);
    const a = await customerEvent(m.merchantId, 3);
    const b = await customerEvent(m.merchantId, 4);
    expect((await resend(m.sandboxKey, a)).status).toBe(200);
    const c = await customerEvent(m.merchantId, 5);
    const seen = [delivery(await witness.next()), delivery(await witness.next()), delivery(await witness.next()), delivery(await witness.next())];
    expect(seen.map((d) => d.id)).toEqual([a, b, a, c]);
    const resent = seen[2]!.messageId;
    expect(resent).toMatch(/^wbr_/);

    const fromA = await ready(m.sandboxKey, { 'Last-Event-ID': a });
    const afterA = [delivery(await fromA.next()), delivery(await fromA.next()), delivery(await fromA.next())];
    expect(afterA.map((d) => d.messageId)).toEqual([b, resent, c]);

    const fromResend = await ready(m.sandboxKey, { 'Last-Event-ID': resent });
    expect(delivery(await fromResend.next()).messageId).toBe(c);
    // Nothing else was pending: the next message is the next event, not a second copy of the resend.
    const d = await customerEvent(m.merchantId, 6);
    expect(delivery(await fromResend.next()).messageId).toBe(d);
    expect(delivery(await fromA.next()).messageId).toBe(d);

    // A resend id of another merchant is unknown here, as an event's is.
    const other = await svc.newMerchant();
    const res = await svc.call(PATH, { key: other.sandboxKey, headers: { 'Last-Event-ID': resent } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('webhookEventNotFound');
  });

  it('--endpoint alone, or listen: false, does not reach the stream; listen: true with an endpoint does', async () => {
    const m = await svc.newMerchant();
    const r = await startReceiver();
    receivers.push(r);
    const reg = await svc.call('/v1/webhooks', { method: 'POST', key: m.sandboxKey, json: { name: 'Hooks', endpoint: r.url, events: ['customer.updated'] } });
    const endpointId = ((await reg.json()) as { id: string }).id;
    const s = await ready(m.sandboxKey);
    const event = await customerEvent(m.merchantId, 7);
    expect(delivery(await s.next()).messageId).toBe(event);

    expect((await resend(m.sandboxKey, event, { endpointId })).status).toBe(200);
    expect((await resend(m.sandboxKey, event, { listen: false })).status).toBe(200);
    // The next message is the next event: neither resend was streamed.
    const next = await customerEvent(m.merchantId, 8);
    expect(delivery(await s.next()).messageId).toBe(next);

    expect((await resend(m.sandboxKey, event, { endpointId, listen: true })).status).toBe(200);
    expect(delivery(await s.next())).toMatchObject({ id: event, messageId: expect.stringMatching(/^wbr_/) });
  });

  it('listen: false with no endpoint is still 422; listen: true with a production key is 403 sandboxOnly; production resends stream nothing', async () => {
    const m = await svc.newMerchant();
    const event = await customerEvent(m.merchantId, 9);
    const none = await resend(m.sandboxKey, event, { listen: false });
    expect(none.status).toBe(422);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe('unprocessableEntity');

    const live = await customerEvent(m.merchantId, 10, 'production');
    const refused = await resend(m.productionKey, live, { listen: true });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('sandboxOnly');
    // Without a body a production event has only endpoints to go to: none here, so 422 as before, and no resend row.
    expect((await resend(m.productionKey, live)).status).toBe(422);
    const rows = await svc.db.query<{ n: string }>('SELECT count(*)::text AS n FROM event_resends WHERE merchant_id = $1', [m.merchantId]);
    expect(rows.rows[0]!.n).toBe('0');
  });
});
