/**
 * Webhook delivery end to end, with real HTTP receivers on 127.0.0.1: a change of a transaction or a customer
 * records its event, the event's dispatches are delivered signed by the worker (drained by the test), retried on
 * failure, and written in the history. The receiver side verifies with the typed client's `verifyWebhook`.
 */
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signTestWebhook, verifyWebhook, WebhookVerificationError } from '../../client/src/webhooks';
import { ENGINES, startTestService, type TestService } from '../testing/harness';
import { cardBody, pixBody } from '../testing/payments';
import { startReceiver, type Receiver } from '../testing/receiver';

type Endpoint = { id: string; secret: string; shotsQty: number; failedShotsQty: number; enabled: boolean; failingSince: string | null; disabledReason: string | null };
type Dispatch = { status: string; attempts: number; responseStatusCode: number | null; responseBody: string | null; responseTime: number | null; lastError: string | null; nextAttemptAt: string | null; lastAttemptAt: string | null };
type Event = { id: string; type: string; delivered: boolean; dispatches: Dispatch[] };

async function closedPort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

describe.each(ENGINES)('webhook delivery on $name', (engine) => {
  let svc: TestService;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    svc = await startTestService(engine, {
      WEBHOOK_RETRY_SECONDS: '0,0,0',
      WEBHOOK_TIMEOUT_MS: '300',
      RATE_LIMIT_POINTS: '100000',
      RATE_LIMIT_POLL_POINTS: '100000',
    });
  });
  afterAll(async () => svc?.close());
  afterEach(async () => {
    for (const r of receivers.splice(0)) await r.close();
  });

  async function receiver(): Promise<Receiver> {
    const r = await startReceiver();
    receivers.push(r);
    return r;
  }
  /** A merchant of its own with one endpoint subscribed to `events`, so each test sees only its own deliveries. */
  async function register(url: string, events: string[], extra: Record<string, unknown> = {}) {
    const { sandboxKey } = await svc.newMerchant();
    const res = await svc.call('/v1/webhooks', { method: 'POST', key: sandboxKey, json: { name: 'Test', endpoint: url, events, ...extra } });
    const endpoint = (await res.json()) as Endpoint;
    expect(res.status, JSON.stringify(endpoint)).toBe(201);
    return { key: sandboxKey, endpoint };
  }
  async function pay(key: string): Promise<string> {
    const res = await svc.call('/v1/transactions', { method: 'POST', key, json: pixBody() });
    const { id } = (await res.json()) as { id: string };
    await svc.drain();
    expect((await svc.call(`/v1/sandbox/transactions/${id}/simulate`, { method: 'POST', key, json: { action: 'pay' } })).status).toBe(200);
    return id;
  }
  async function events(key: string, query = ''): Promise<Event[]> {
    const res = await svc.call(`/v1/webhooks/events?${query}`, { key });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Event[] }).data;
  }
  async function endpointOf(key: string, id: string): Promise<Endpoint> {
    return (await (await svc.call(`/v1/webhooks/${id}`, { key })).json()) as Endpoint;
  }

  it('200: delivers the seed body, signed, with the headers, once', async () => {
    const r = await receiver();
    const { key, endpoint } = await register(r.url, ['transaction.approved'], { headerAuthorizationType: 'bearer', headerAuthorization: 'tok_abc123' });
    const tra = await pay(key);
    await svc.drain();
    expect(r.received).toHaveLength(1);
    const { headers, body } = r.received[0]!;
    const event = verifyWebhook(body, headers as Record<string, string>, endpoint.secret);
    expect(Object.keys(JSON.parse(body) as object)).toEqual(['id', 'type', 'source', 'payload', 'createdAt']);
    expect(event).toMatchObject({ type: 'transaction.approved', source: 'automatic', payload: { object: { id: tra, status: 'approved' } } });
    expect(headers).toMatchObject({
      'x-service-event': 'transaction.approved',
      'user-agent': 'PaymentsService-Webhooks/1.0',
      authorization: 'Bearer tok_abc123',
      'webhook-id': event.id,
      'content-type': 'application/json',
    });
    // The delivered object is the transaction as reading it returned it.
    const read = await (await svc.call(`/v1/transactions/${tra}`, { key })).json();
    expect(event.payload.object).toEqual(read);
    const [e] = await events(key);
    // The receiver is on loopback: its status code is recorded, its answer never (WebhookDispatch.responseBody).
    expect(e).toMatchObject({ id: event.id, delivered: true, dispatches: [{ status: 'succeeded', attempts: 1, responseStatusCode: 200, responseBody: null, lastError: null }] });
    expect(e!.dispatches[0]!.responseTime).toBeGreaterThan(0);
    expect(await endpointOf(key, endpoint.id)).toMatchObject({ shotsQty: 1, failedShotsQty: 0, failingSince: null });
  });

  it.each([
    ['basic', 'acme:s3cr3t', `Basic ${Buffer.from('acme:s3cr3t').toString('base64')}`],
    ['raw', 'Token abc.def', 'Token abc.def'],
  ])('sends the %s authorization header as configured', async (type, value, sent) => {
    const r = await receiver();
    const { key } = await register(r.url, ['transaction.approved'], { headerAuthorizationType: type, headerAuthorization: value });
    await pay(key);
    await svc.drain();
    expect(r.received.map((x) => x.headers.authorization)).toEqual([sent]);
  });

  it('500 then 200: retried and delivered, the history says so', async () => {
    const r = await receiver();
    r.answer({ status: 500, body: 'boom' }, { status: 200, body: 'ok' });
    const { key, endpoint } = await register(r.url, ['transaction.approved']);
    await pay(key);
    await svc.drain();
    expect(r.received).toHaveLength(2);
    expect(r.received[1]!.headers['webhook-id']).toBe(r.received[0]!.headers['webhook-id']);
    const [e] = await events(key, 'status=delivered');
    expect(e!.dispatches[0]).toMatchObject({ status: 'succeeded', attempts: 2, responseStatusCode: 200, lastError: null });
    expect(await endpointOf(key, endpoint.id)).toMatchObject({ shotsQty: 2, failedShotsQty: 1, failingSince: null });
  });

  it('a receiver that hangs: time-out, retried, failed after the last attempt', async () => {
    const r = await receiver();
    r.answer('hang');
    const { key } = await register(r.url, ['transaction.approved']);
    await pay(key);
    await svc.drain();
    expect(r.received).toHaveLength(4);
    const [e] = await events(key, 'status=failed');
    expect(e!.dispatches[0]).toMatchObject({ status: 'failed', attempts: 4, lastError: 'timeout', responseStatusCode: null, nextAttemptAt: null });
    expect(e!.dispatches[0]!.responseTime).toBeGreaterThanOrEqual(300);
  });

  it('429 with Retry-After: the next attempt waits at least that long', async () => {
    const r = await receiver();
    r.answer({ status: 429, headers: { 'Retry-After': '120' } }, { status: 200 });
    const { key } = await register(r.url, ['transaction.approved']);
    await pay(key);
    await svc.drain();
    expect(r.received).toHaveLength(1);
    const [pending] = await events(key, 'status=pending');
    const d = pending!.dispatches[0]!;
    expect(d).toMatchObject({ status: 'pending', attempts: 1, responseStatusCode: 429, lastError: 'httpStatus' });
    expect(Date.parse(d.nextAttemptAt!) - Date.parse(d.lastAttemptAt!)).toBeGreaterThanOrEqual(120_000);
    // Two minutes pass.
    await svc.db.query(`UPDATE webhook_dispatches SET next_attempt_at = now() WHERE event_id = $1`, [pending!.id]);
    await svc.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'webhook.deliver' AND status = 'pending'`);
    await svc.drain();
    expect(r.received).toHaveLength(2);
    expect((await events(key, 'status=delivered')).map((x) => x.id)).toEqual([pending!.id]);
  });

  it('connection refused: recorded as such and retried', async () => {
    const { key } = await register(`http://127.0.0.1:${await closedPort()}/hooks`, ['transaction.approved']);
    await pay(key);
    await svc.drain();
    const [e] = await events(key);
    expect(e!.dispatches[0]).toMatchObject({ status: 'failed', attempts: 4, lastError: 'connectionRefused', responseStatusCode: null });
  });

  it('the receiver refuses a delivery whose signature does not verify', async () => {
    const r = await receiver();
    const { key, endpoint } = await register(r.url, ['transaction.approved']);
    await pay(key);
    await svc.drain();
    const { body, headers } = r.received[0]!;
    const h = headers as Record<string, string>;
    expect(() => verifyWebhook(body, h, `${endpoint.secret.slice(0, -2)}AA`)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(body.replace('approved', 'refunded'), h, endpoint.secret)).toThrow(/signature/i);
    const forged = signTestWebhook(body, 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(() => verifyWebhook(forged.body, forged.headers, endpoint.secret)).toThrow(WebhookVerificationError);
  });

  it('an endpoint failing for the disabling span is disabled and its pending dispatches canceled; forceActive keeps one', async () => {
    const failing = await receiver();
    failing.answer({ status: 503 });
    const a = await register(failing.url, ['transaction.approved', 'transaction.created']);
    const b = await register(failing.url.replace('/hooks', '/forced'), ['transaction.approved', 'transaction.created'], { forceActive: true });
    // Failing for five days already (the streak started long ago), with more to deliver.
    for (const { endpoint } of [a, b]) {
      await svc.db.query(`UPDATE webhook_endpoints SET failing_since = now() - interval '5 days 1 minute' WHERE id = $1`, [endpoint.id]);
    }
    for (const { key } of [a, b]) await pay(key);
    await svc.drain();
    expect(await endpointOf(a.key, a.endpoint.id)).toMatchObject({ enabled: false, disabledReason: 'failing' });
    // Its first failed attempt (of transaction.created) disabled it and canceled that dispatch; the approval that
    // came after found no enabled endpoint and has no dispatch at all.
    expect((await events(a.key, 'resource=transaction')).map((e) => [e.type, e.dispatches.map((d) => d.status)])).toEqual([
      ['transaction.approved', []],
      ['transaction.created', ['canceled']],
    ]);
    const kept = await endpointOf(b.key, b.endpoint.id);
    expect(kept).toMatchObject({ enabled: true, disabledReason: null });
    expect((await events(b.key, 'resource=transaction')).flatMap((e) => e.dispatches.map((d) => d.status))).toEqual(['failed', 'failed']);
    // Switched back on, it gets deliveries again and its streak starts afresh.
    const put = await svc.call(`/v1/webhooks/${a.endpoint.id}`, {
      method: 'PUT', key: a.key,
      json: { name: 'Test', endpoint: failing.url, events: ['transaction.approved'], enabled: true, forceActive: false },
    });
    expect(await put.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it('moving an endpoint to a new URL cancels what was waiting for the old one', async () => {
    const r = await receiver();
    r.answer({ status: 503, headers: { 'Retry-After': '600' } });
    const { key, endpoint } = await register(r.url, ['transaction.approved']);
    await pay(key);
    await svc.drain();
    expect((await events(key, 'status=pending')).length).toBe(1);
    const put = await svc.call(`/v1/webhooks/${endpoint.id}`, {
      method: 'PUT', key, json: { name: 'Test', endpoint: r.url.replace('/hooks', '/moved'), events: ['transaction.approved'], enabled: true, forceActive: false },
    });
    expect(put.status).toBe(200);
    const [e] = await events(key, 'resource=transaction&type=transaction.approved');
    expect(e!.dispatches.map((d) => d.status)).toEqual(['canceled']);
  });

  it('a dispatch left delivering by a dead worker: canceled with its endpoint, failed when no attempt is left', async () => {
    const r = await receiver();
    const a = await register(r.url, ['transaction.approved']);
    const b = await register(r.url.replace('/hooks', '/other'), ['transaction.approved']);
    await pay(a.key);
    await pay(b.key);
    // Both dispatches were mid-attempt when their worker died: the first on its last attempt.
    await svc.db.query(`UPDATE webhook_dispatches SET status = 'delivering', attempts = 4 WHERE endpoint_id = $1`, [a.endpoint.id]);
    await svc.db.query(`UPDATE webhook_dispatches SET status = 'delivering', attempts = 1 WHERE endpoint_id = $1`, [b.endpoint.id]);
    // Their jobs' leases ran out: they are due again.
    await svc.db.query(
      `UPDATE jobs SET status = 'pending', run_at = now() WHERE kind = 'webhook.deliver' AND payload->>'dispatchId' IN
         (SELECT id FROM webhook_dispatches WHERE endpoint_id = ANY($1))`,
      [[a.endpoint.id, b.endpoint.id]],
    );
    const before = r.received.length;
    await svc.call(`/v1/webhooks/${b.endpoint.id}`, { method: 'DELETE', key: b.key });
    await svc.drain();
    expect((await events(a.key, 'type=transaction.approved'))[0]!.dispatches.map((d) => d.status)).toEqual(['failed']);
    expect((await events(b.key, 'type=transaction.approved'))[0]!.dispatches.map((d) => d.status)).toEqual(['canceled']);
    expect(r.received).toHaveLength(before);
  });

  it('customer events: created and updated (an update that changes nothing sends nothing)', async () => {
    const r = await receiver();
    const { key, endpoint } = await register(r.url, ['customer.created', 'customer.updated']);
    const body = { firstName: 'Ana', lastName: 'Lima', email: 'ana@example.com' };
    const created = (await (await svc.call('/v1/customers', { method: 'POST', key, json: body })).json()) as { id: string };
    await svc.call(`/v1/customers/${created.id}`, { method: 'PUT', key, json: { ...body, lastName: 'Souza' } });
    await svc.call(`/v1/customers/${created.id}`, { method: 'PUT', key, json: { ...body, lastName: 'Souza' } });
    await svc.drain();
    const types = r.received.map((x) => verifyWebhook(x.body, x.headers as Record<string, string>, endpoint.secret).type);
    expect(types.sort()).toEqual(['customer.created', 'customer.updated']);
  });

  it('redeliver sends the event again, with source manual and the same id, as a new dispatch', async () => {
    const r = await receiver();
    const { key, endpoint } = await register(r.url, ['transaction.approved']);
    await pay(key);
    await svc.drain();
    const [e] = await events(key);
    const res = await svc.call(`/v1/webhooks/events/${e!.id}/redeliver`, { method: 'POST', key, json: {} });
    expect(res.status).toBe(200);
    await svc.drain();
    expect(r.received).toHaveLength(2);
    const again = verifyWebhook(r.received[1]!.body, r.received[1]!.headers as Record<string, string>, endpoint.secret);
    expect(again).toMatchObject({ id: e!.id, source: 'manual' });
    const after = (await (await svc.call(`/v1/webhooks/events/${e!.id}`, { key })).json()) as Event;
    expect(after.dispatches.map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('only the endpoints subscribed to a type get it, and a disabled one gets nothing', async () => {
    const r = await receiver();
    const { key } = await register(r.url, ['transaction.failed']);
    await pay(key);
    const card = await svc.call('/v1/transactions', { method: 'POST', key, json: cardBody('4000000000000002') });
    expect(card.status).toBe(201);
    await svc.drain();
    const types = r.received.map((x) => (JSON.parse(x.body) as { type: string }).type);
    expect(types).toEqual(['transaction.failed']);
  });
});
