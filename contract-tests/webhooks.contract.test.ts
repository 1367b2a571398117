import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { operations, Schemas } from '../client/src/index';
import type { PaymentsClient } from './support/client';
import { verifyWebhook } from '../client/src/webhooks';
import { randomBase62 } from '../server/ids';
import { ENGINES } from '../server/testing/harness';
import { pixBody } from '../server/testing/payments';
import { startReceiver, type Receiver } from '../server/testing/receiver';
import { contractClient } from './support/client';
import { contractContext, errorOf, idem, idemKey, type ContractContext, expectError, type Answer, expectAuthRefusals } from './support/context';
import { flushCoverage } from './support/coverage';

afterAll(() => flushCoverage('webhooks'));

type Create = Schemas['CreateWebhookRequest'];
type CreateEndpoint = Schemas['CreateWebhookEndpointRequest'];
type Update = Schemas['UpdateWebhookRequest'];
type Registered = Schemas['WebhookEndpointWithSecret'];
type WebhookEvent = Schemas['WebhookEvent'];
type EventQuery = NonNullable<operations['listWebhookEvents']['parameters']['query']>;
type EndpointQuery = NonNullable<operations['listWebhooks']['parameters']['query']>;

const UNKNOWN_WEBHOOK = 'wbe_0000000000000000';
const UNKNOWN_EVENT = 'wbh_0000000000000000';
const BIG = 'x'.repeat(1_100_000);
/** A loopback URL nothing listens on: sandbox keys may register it, and no test produces an event of its merchant. */
const loopback = () => `http://127.0.0.1:9/hooks/${randomBase62(10)}`;
/** A public address literal: production accepts it without a DNS lookup. */
const publicUrl = () => `https://93.184.215.14/hooks/${randomBase62(10)}`;
const keysOf = (params: Record<string, string>[] | undefined) => (params ?? []).flatMap((p) => Object.keys(p));
const webhookBody = (over: Partial<Create> = {}): Create => ({ name: 'Order service', endpoint: loopback(), events: ['transaction.approved'], ...over });
const endpointBody = (over: Partial<CreateEndpoint> = {}): CreateEndpoint => ({ name: 'ERP', endpoint: loopback(), events: ['transaction.approved'], ...over });
const updateBody = (over: Partial<Update> = {}): Update => ({
  name: 'Order service',
  endpoint: loopback(),
  events: ['transaction.approved'],
  enabled: true,
  forceActive: false,
  ...over,
});

const createWebhook = (cl: PaymentsClient, body: Create, key?: string) => cl.POST('/v1/webhooks', { body, params: idem(key) });
const createEndpoint = (cl: PaymentsClient, body: CreateEndpoint, key?: string) => cl.POST('/v1/webhooks/endpoints', { body, params: idem(key) });
const getWebhook = (cl: PaymentsClient, webhookId: string) => cl.GET('/v1/webhooks/{webhookId}', { params: { path: { webhookId } } });
const updateWebhook = (cl: PaymentsClient, webhookId: string, body: Update, key?: string) =>
  cl.PUT('/v1/webhooks/{webhookId}', { params: { path: { webhookId }, ...idem(key) }, body });
const deleteWebhook = (cl: PaymentsClient, webhookId: string) => cl.DELETE('/v1/webhooks/{webhookId}', { params: { path: { webhookId } } });
const listWebhooks = (cl: PaymentsClient, query: EndpointQuery = {}) => cl.GET('/v1/webhooks', { params: { query } });
const listEvents = (cl: PaymentsClient, query: EventQuery = {}) => cl.GET('/v1/webhooks/events', { params: { query } });
const getEvent = (cl: PaymentsClient, eventId: string) => cl.GET('/v1/webhooks/events/{eventId}', { params: { path: { eventId } } });
const redeliver = (cl: PaymentsClient, eventId: string, body?: Schemas['RedeliverWebhookEventRequest'], key?: string) =>
  cl.POST('/v1/webhooks/events/{eventId}/redeliver', { params: { path: { eventId }, ...idem(key) }, ...(body ? { body } : {}) });

function expectBad(res: Answer, field?: string): void {
  expectError(res, 400, 'invalidParameters');
  if (field) expect(keysOf(errorOf(res).params)).toContain(field);
}

async function register(cl: PaymentsClient, body: Create): Promise<Registered> {
  const res = await createWebhook(cl, body);
  expect(res.response.status, JSON.stringify(res.error)).toBe(201);
  return res.data!;
}
async function registerEndpoint(cl: PaymentsClient, body: CreateEndpoint): Promise<Registered> {
  const res = await createEndpoint(cl, body);
  expect(res.response.status, JSON.stringify(res.error)).toBe(201);
  return res.data!;
}
/** What the two registration shapes must agree on: everything but identity, URL and times. */
function shapeOf(e: Registered) {
  const { id: _id, endpoint: _url, secret: _secret, createdAt: _c, updatedAt: _u, _links: _l, ...rest } = e;
  return rest;
}
function withoutSecret(e: Registered) {
  const { secret: _secret, ...rest } = e;
  return rest;
}

const OPERATIONS = [
  'listWebhooks',
  'createWebhook',
  'createWebhookEndpoint',
  'getWebhook',
  'updateWebhook',
  'deleteWebhook',
  'listWebhookEvents',
  'getWebhookEvent',
  'redeliverWebhookEvent',
] as const;
const READS: readonly string[] = ['listWebhooks', 'getWebhook', 'listWebhookEvents', 'getWebhookEvent'];

/** One call of each operation of the tag, on resources that need not exist. */
const everyOperation = (cl: PaymentsClient): Record<(typeof OPERATIONS)[number], () => Promise<Answer>> => ({
  listWebhooks: () => listWebhooks(cl),
  createWebhook: () => createWebhook(cl, webhookBody()),
  createWebhookEndpoint: () => createEndpoint(cl, endpointBody()),
  getWebhook: () => getWebhook(cl, UNKNOWN_WEBHOOK),
  updateWebhook: () => updateWebhook(cl, UNKNOWN_WEBHOOK, updateBody()),
  deleteWebhook: () => deleteWebhook(cl, UNKNOWN_WEBHOOK),
  listWebhookEvents: () => listEvents(cl),
  getWebhookEvent: () => getEvent(cl, UNKNOWN_EVENT),
  redeliverWebhookEvent: () => redeliver(cl, UNKNOWN_EVENT, {}),
});

describe.each(ENGINES)('Webhooks contract on $name', (engine) => {
  let c: ContractContext;
  beforeAll(async () => {
    // Retries at once and short time-outs: one drain takes a failing dispatch to `failed`.
    c = await contractContext(engine, { WEBHOOK_RETRY_SECONDS: '0,0,0', WEBHOOK_TIMEOUT_MS: '2000' });
  });
  afterAll(async () => c?.close());

  it('createWebhook 201 with the secret once; getWebhook 200 and listWebhooks 200 show it without the secret', async () => {
    const body = webhookBody({
      events: ['transaction.approved', 'customer.updated'],
      forceActive: true,
      headerAuthorizationType: 'bearer',
      headerAuthorization: '7c1e4b2a9d8f4e6a3f9a',
      metadata: { team: 'checkout' },
    });
    const res = await createWebhook(c.api, body);
    expect(res.response.status).toBe(201);
    const created = res.data!;
    expect(created).toMatchObject({
      name: 'Order service',
      endpoint: body.endpoint,
      enabled: true,
      events: ['transaction.approved', 'customer.updated'],
      forceActive: true,
      headerAuthorizationType: 'bearer',
      headerAuthorization: '****3f9a',
      shotsQty: 0,
      failedShotsQty: 0,
      lastDeliveryAt: null,
      failingSince: null,
      disabledReason: null,
      metadata: { team: 'checkout' },
      merchant: { merchantId: c.svc.merchant.merchantId },
    });
    expect(created.id).toMatch(/^wbe_/);
    expect(created.secret).toMatch(/^whsec_/);
    expect(created._links.self).toMatchObject({ href: `/v1/webhooks/${created.id}`, method: 'GET' });
    const read = await getWebhook(c.api, created.id);
    expect(read.response.status).toBe(200);
    expect(read.data).toEqual(withoutSecret(created));
    expect(read.data).not.toHaveProperty('secret');
    const list = await listWebhooks(c.api, { endpoint: body.endpoint });
    expect(list.response.status).toBe(200);
    expect(list.data).toMatchObject({ total: 1, hasMore: false, data: [{ id: created.id }] });
    expect(list.data?.data[0]).not.toHaveProperty('secret');
    const fromReadOnly = await listWebhooks(c.readOnly, { endpoint: body.endpoint });
    for (const text of [JSON.stringify(read.data), JSON.stringify(list.data), JSON.stringify(fromReadOnly.data)]) {
      expect(text).not.toContain(created.secret);
      expect(text).not.toContain('7c1e4b2a9d8f');
    }
  });

  it('createWebhook 201 minimal: defaults (enabled, not forced, no authorization, no metadata); enabled:false is disabled manually', async () => {
    const minimal = await register(c.api, webhookBody());
    expect(minimal).toMatchObject({ enabled: true, forceActive: false, headerAuthorizationType: null, headerAuthorization: null, metadata: {}, disabledReason: null });
    const off = await register(c.api, webhookBody({ enabled: false }));
    expect(off).toMatchObject({ enabled: false, disabledReason: 'manual' });
    expect(off.secret).not.toBe(minimal.secret);
  });

  it('createWebhookEndpoint 201: the second shape creates the same resource (forceActivities → forceActive, authorization → the masked pair)', async () => {
    const events: Create['events'] = ['transaction.approved', 'transaction.failed'];
    const a = await register(c.api, webhookBody({ name: 'ERP', events, forceActive: true, headerAuthorizationType: 'basic', headerAuthorization: 'acme:s3cr3t-pa55' }));
    const b = await registerEndpoint(c.api, endpointBody({ name: 'ERP', events, forceActivities: true, authorization: { type: 'basic', value: 'acme:s3cr3t-pa55' } }));
    expect(b).toMatchObject({ enabled: true, forceActive: true, headerAuthorizationType: 'basic', headerAuthorization: '****pa55', metadata: {} });
    expect(shapeOf(b)).toEqual(shapeOf(a));
    expect(b.secret).toMatch(/^whsec_/);
    expect(b.secret).not.toBe(a.secret);
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    // Managed under /v1/webhooks/{webhookId} like any other.
    const read = await getWebhook(c.api, b.id);
    expect(read.data).toEqual(withoutSecret(b));
    expect(read.data).not.toHaveProperty('secret');
    const plain = await registerEndpoint(c.api, endpointBody());
    expect(plain).toMatchObject({ forceActive: false, headerAuthorizationType: null, headerAuthorization: null, enabled: true });
  });

  it('listWebhooks 200 filters by name, endpoint and status; another merchant and the production mode see none of them', async () => {
    const token = randomBase62(8);
    const on = await register(c.api, webhookBody({ name: `On ${token}`, endpoint: `http://127.0.0.1:9/${token}/on` }));
    const off = await register(c.api, webhookBody({ name: `Off ${token}`, endpoint: `http://127.0.0.1:9/${token}/off`, enabled: false }));
    const ids = async (query: EndpointQuery, client: PaymentsClient = c.api) => {
      const res = await listWebhooks(client, query);
      expect(res.response.status).toBe(200);
      return res.data!.data.map((e) => e.id);
    };
    expect(await ids({ endpoint: token })).toEqual([off.id, on.id]);
    expect(await ids({ endpoint: token, sort: 'createdAt' })).toEqual([on.id, off.id]);
    expect(await ids({ name: `on ${token.toLowerCase()}` })).toEqual([on.id]);
    expect(await ids({ endpoint: token, status: 'enabled' })).toEqual([on.id]);
    expect(await ids({ endpoint: token, status: 'disabled' })).toEqual([off.id]);
    expect(await ids({ endpoint: token, sort: 'name' })).toEqual([off.id, on.id]);
    const page = await listWebhooks(c.api, { endpoint: token, limit: 1 });
    expect(page.data).toMatchObject({ total: 2, hasMore: true, limit: 1, data: [{ id: off.id }] });
    expect(await ids({ endpoint: token }, c.other)).toEqual([]);
    expect(await ids({ endpoint: token }, c.live)).toEqual([]);
  });

  it('createWebhook and createWebhookEndpoint replay a retry with its key (201, the same secret) and refuse another body (409)', async () => {
    const key = idemKey();
    const body = webhookBody();
    const first = await createWebhook(c.api, body, key);
    const again = await createWebhook(c.api, body, key);
    expect([first.response.status, again.response.status]).toEqual([201, 201]);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data).toEqual(first.data);
    expect((await listWebhooks(c.api, { endpoint: body.endpoint })).data?.total).toBe(1);
    expectError(await createWebhook(c.api, { ...body, name: 'Outro' }, key), 409, 'idempotencyMismatch');
    const key2 = idemKey();
    const shape2 = endpointBody();
    expect((await createEndpoint(c.api, shape2, key2)).response.status).toBe(201);
    const replay = await createEndpoint(c.api, shape2, key2);
    expect([replay.response.status, replay.response.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expectError(await createEndpoint(c.api, { ...shape2, events: ['transaction.failed'] }, key2), 409, 'idempotencyMismatch');
  });

  it('409 webhookEndpointAlreadyExists for a URL of the merchant in this mode, in either shape; fine for another merchant and the other mode', async () => {
    const url = publicUrl();
    // Subscribed to a type no test produces, so nothing is ever sent to the public address.
    const events: Create['events'] = ['transaction.chargeback'];
    const mine = await register(c.api, webhookBody({ endpoint: url, events }));
    expectError(await createWebhook(c.api, webhookBody({ endpoint: url, events, name: 'Again' })), 409, 'webhookEndpointAlreadyExists', 'webhookEndpoint');
    expectError(await createEndpoint(c.api, endpointBody({ endpoint: url, events })), 409, 'webhookEndpointAlreadyExists', 'webhookEndpoint');
    const theirs = await register(c.other, webhookBody({ endpoint: url, events }));
    const live = await registerEndpoint(c.live, endpointBody({ endpoint: url, events }));
    expect(new Set([mine.id, theirs.id, live.id]).size).toBe(3);
    expectError(await createWebhook(c.live, webhookBody({ endpoint: url, events })), 409, 'webhookEndpointAlreadyExists');
    // Moving another endpoint onto the URL is the same conflict; the endpoint keeps its own URL.
    const second = await register(c.api, webhookBody({ events }));
    expectError(await updateWebhook(c.api, second.id, updateBody({ endpoint: url, events })), 409, 'webhookEndpointAlreadyExists', 'webhookEndpoint');
    expect((await getWebhook(c.api, second.id)).data?.endpoint).toBe(second.endpoint);
  });

  it('422 webhookEndpointNotAllowed for a production key with a loopback, private or http URL, in either shape and on update', async () => {
    for (const endpoint of ['http://127.0.0.1/hooks', 'https://localhost/hooks', 'https://10.0.0.7/hooks', 'https://169.254.169.254/latest', 'http://93.184.215.14/hooks']) {
      expectError(await createWebhook(c.live, webhookBody({ endpoint })), 422, 'webhookEndpointNotAllowed', 'webhookEndpoint');
      expectError(await createEndpoint(c.live, endpointBody({ endpoint })), 422, 'webhookEndpointNotAllowed', 'webhookEndpoint');
    }
    const live = await register(c.live, webhookBody({ endpoint: publicUrl(), events: ['transaction.chargeback'] }));
    expectError(await updateWebhook(c.live, live.id, updateBody({ endpoint: 'https://localhost/hooks' })), 422, 'webhookEndpointNotAllowed', 'webhookEndpoint');
    expect((await getWebhook(c.live, live.id)).data?.endpoint).toBe(live.endpoint);
    expect((await listWebhooks(c.live, { endpoint: 'localhost' })).data?.total).toBe(0);
    // The same loopback address is fine for a sandbox key.
    expect((await createWebhook(c.api, webhookBody({ endpoint: `http://127.0.0.1/hooks/${randomBase62(6)}` }))).response.status).toBe(201);
  });

  it('updateWebhook 200 replaces the fields; the authorization header is kept (both omitted), replaced (both set), removed (both null)', async () => {
    const created = await register(c.api, webhookBody({ headerAuthorizationType: 'bearer', headerAuthorization: 'tok_0000abcd', metadata: { team: 'checkout' } }));
    const url = loopback();
    const kept = await updateWebhook(c.api, created.id, updateBody({ name: 'Renamed', endpoint: url, events: ['transaction.failed', 'customer.created'], forceActive: true }));
    expect(kept.response.status).toBe(200);
    expect(kept.data).toMatchObject({
      id: created.id,
      name: 'Renamed',
      endpoint: url,
      events: ['transaction.failed', 'customer.created'],
      forceActive: true,
      enabled: true,
      headerAuthorizationType: 'bearer',
      headerAuthorization: '****abcd',
      metadata: {},
      createdAt: created.createdAt,
    });
    expect(kept.data).not.toHaveProperty('secret');
    expect((await getWebhook(c.api, created.id)).data).toEqual(kept.data);
    const replaced = await updateWebhook(c.api, created.id, updateBody({ endpoint: url, headerAuthorizationType: 'raw', headerAuthorization: 'Token 9b2d5a21', metadata: { v: '2' } }));
    expect(replaced.data).toMatchObject({ headerAuthorizationType: 'raw', headerAuthorization: '****5a21', metadata: { v: '2' }, forceActive: false });
    const removed = await updateWebhook(c.api, created.id, updateBody({ endpoint: url, headerAuthorizationType: null, headerAuthorization: null }));
    expect(removed.data).toMatchObject({ headerAuthorizationType: null, headerAuthorization: null });
    expect((await getWebhook(c.api, created.id)).data).toMatchObject({ headerAuthorizationType: null, headerAuthorization: null });
  });

  it('updateWebhook 200 enabled:false → disabledReason manual; enabled:true switches it back on', async () => {
    const created = await register(c.api, webhookBody());
    const off = await updateWebhook(c.api, created.id, updateBody({ endpoint: created.endpoint, enabled: false }));
    expect(off.response.status).toBe(200);
    expect(off.data).toMatchObject({ enabled: false, disabledReason: 'manual', failingSince: null });
    expect((await listWebhooks(c.api, { endpoint: created.endpoint, status: 'disabled' })).data?.data.map((e) => e.id)).toEqual([created.id]);
    const on = await updateWebhook(c.api, created.id, updateBody({ endpoint: created.endpoint, enabled: true }));
    expect(on.data).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it('updateWebhook replays a retry with its key (200) and refuses another body (409 idempotencyMismatch)', async () => {
    const created = await register(c.api, webhookBody());
    const key = idemKey();
    const body = updateBody({ endpoint: created.endpoint, name: 'Once' });
    expect((await updateWebhook(c.api, created.id, body, key)).response.status).toBe(200);
    const replay = await updateWebhook(c.api, created.id, body, key);
    expect([replay.response.status, replay.response.headers.get('idempotent-replayed'), replay.data?.name]).toEqual([200, 'true', 'Once']);
    expectError(await updateWebhook(c.api, created.id, { ...body, name: 'Twice' }, key), 409, 'idempotencyMismatch');
    expect((await getWebhook(c.api, created.id)).data?.name).toBe('Once');
  });

  it('updateWebhook 400 when one of the authorization pair is null and the other is not', async () => {
    // updateWebhook's description: "one without the other, or one `null` and the other not, is `400 invalidParameters`".
    // The schema's dependentRequired only sees presence, so this rule is the handler's to enforce.
    const created = await register(c.api, webhookBody({ headerAuthorizationType: 'bearer', headerAuthorization: 'tok_keep1234' }));
    const body = updateBody({ endpoint: created.endpoint });
    expectBad(await updateWebhook(c.api, created.id, { ...body, headerAuthorizationType: 'bearer', headerAuthorization: null }));
    expectBad(await updateWebhook(c.api, created.id, { ...body, headerAuthorizationType: null, headerAuthorization: 'tok_new5678' }));
    expect((await getWebhook(c.api, created.id)).data).toMatchObject({ headerAuthorizationType: 'bearer', headerAuthorization: '****1234' });
  });

  it('deleteWebhook 200 with the delete body; then getWebhook, updateWebhook and deleteWebhook are 404 and the URL is free again', async () => {
    const created = await register(c.api, webhookBody());
    expectError(await deleteWebhook(c.other, created.id), 404, 'webhookNotFound', 'webhookEndpoint');
    expectError(await deleteWebhook(c.live, created.id), 404, 'webhookNotFound', 'webhookEndpoint');
    const res = await deleteWebhook(c.api, created.id);
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ id: created.id, resource: 'webhook', deleted: true, merchant: { merchantId: c.svc.merchant.merchantId } });
    expectError(await getWebhook(c.api, created.id), 404, 'webhookNotFound', 'webhookEndpoint');
    expectError(await updateWebhook(c.api, created.id, updateBody()), 404, 'webhookNotFound', 'webhookEndpoint');
    expectError(await deleteWebhook(c.api, created.id), 404, 'webhookNotFound', 'webhookEndpoint');
    expect((await listWebhooks(c.api, { endpoint: created.endpoint })).data?.total).toBe(0);
    const again = await register(c.api, webhookBody({ endpoint: created.endpoint }));
    expect(again.id).not.toBe(created.id);
  });

  it('404 webhookNotFound: unknown, another merchant, the other mode (getWebhook, updateWebhook, deleteWebhook)', async () => {
    const mine = await register(c.api, webhookBody());
    for (const client of [c.other, c.live]) {
      expectError(await getWebhook(client, mine.id), 404, 'webhookNotFound', 'webhookEndpoint');
      expectError(await updateWebhook(client, mine.id, updateBody({ endpoint: publicUrl() })), 404, 'webhookNotFound', 'webhookEndpoint');
    }
    expectError(await getWebhook(c.api, UNKNOWN_WEBHOOK), 404, 'webhookNotFound', 'webhookEndpoint');
    expectError(await updateWebhook(c.api, UNKNOWN_WEBHOOK, updateBody()), 404, 'webhookNotFound', 'webhookEndpoint');
    expectError(await deleteWebhook(c.api, UNKNOWN_WEBHOOK), 404, 'webhookNotFound', 'webhookEndpoint');
    expect((await getWebhook(c.api, mine.id)).data).toEqual(withoutSecret(mine));
  });

  it('404 webhookEventNotFound: getWebhookEvent and redeliverWebhookEvent of an unknown event', async () => {
    expectError(await getEvent(c.api, UNKNOWN_EVENT), 404, 'webhookEventNotFound', 'webhookEvent');
    expectError(await redeliver(c.api, UNKNOWN_EVENT), 404, 'webhookEventNotFound', 'webhookEvent');
  });

  it('400 invalidParameters in bracket notation: bodies, queries, paths', async () => {
    const post = (body: unknown) => createWebhook(c.api, body as Create);
    expectBad(await post(webhookBody({ events: ['transaction.paid' as 'transaction.approved'] })), 'events[0]');
    expectBad(await post(webhookBody({ headerAuthorization: 'tok_abc123' })));
    expectBad(await post(webhookBody({ headerAuthorizationType: 'bearer' })));
    expectBad(await post(webhookBody({ events: [] })), 'events');
    expectBad(await post(webhookBody({ endpoint: 'ftp://files.acme.com.br/hooks' })), 'endpoint');
    expectBad(await post({ name: 'No URL', events: ['transaction.approved'] }));
    const shape2 = (body: unknown) => createEndpoint(c.api, body as CreateEndpoint);
    expectBad(await shape2(endpointBody({ events: ['transaction.paid' as 'transaction.approved'] })), 'events[0]');
    expectBad(await shape2({ ...endpointBody(), authorization: { type: 'basic' } }));
    expectBad(await shape2({ ...endpointBody(), forceActive: true }));
    const created = await register(c.api, webhookBody());
    const put = (body: unknown) => updateWebhook(c.api, created.id, body as Update);
    expectBad(await put({ name: 'x', endpoint: created.endpoint, events: ['transaction.approved'], forceActive: false }), 'enabled');
    expectBad(await put(updateBody({ endpoint: created.endpoint, headerAuthorization: 'tok_abc123' })));
    expectBad(await put(updateBody({ endpoint: created.endpoint, events: ['transaction.paid' as 'transaction.approved'] })), 'events[0]');
    expectBad(await listWebhooks(c.api, { limit: 500 }), 'limit');
    expectBad(await listWebhooks(c.api, { status: 'on' as 'enabled' }), 'status');
    expectBad(await listWebhooks(c.api, { sort: 'secret' }), 'sort');
    expectBad(await listEvents(c.api, { type: 'transaction.paid' as 'transaction.approved' }), 'type');
    expectBad(await listEvents(c.api, { status: 'succeeded' as 'delivered' }), 'status');
    expectBad(await listEvents(c.api, { resource: 'wallet' as 'customer' }), 'resource');
    expectBad(await listEvents(c.api, { resourceId: 'wall_2Pq7RsT9uVw4XyZa' }), 'resourceId');
    expectBad(await listEvents(c.api, { eventId: 'wbe_4Tg8YhU2jIk6OlPm' }), 'eventId');
    expectBad(await listEvents(c.api, { limit: 0 }), 'limit');
    expectBad(await listEvents(c.api, { resourceId: 'tra_8Hq2LmZx4RtY7vKc', resourceid: 'tra_1Aa2Bb3Cc4Dd5Ee6' }), 'resourceid');
    expectBad(await listEvents(c.api, { eventId: 'wbh_7Rf3EdC9wSx5QaZk', eventid: 'wbh_1Aa2Bb3Cc4Dd5Ee6' }), 'eventid');
    // Both spellings with one value are one filter.
    expect((await listEvents(c.api, { resourceId: 'tra_8Hq2LmZx4RtY7vKc', resourceid: 'tra_8Hq2LmZx4RtY7vKc' })).response.status).toBe(200);
    expectBad(await getWebhook(c.api, 'wall_2Pq7RsT9uVw4XyZa'), 'webhookId');
    expectBad(await updateWebhook(c.api, 'abc', updateBody()), 'webhookId');
    expectBad(await deleteWebhook(c.api, 'wbe_'), 'webhookId');
    expectBad(await getEvent(c.api, 'tra_8Hq2LmZx4RtY7vKc'), 'eventId');
    expectBad(await redeliver(c.api, 'abc', {}), 'eventId');
    expectBad(await redeliver(c.api, UNKNOWN_EVENT, { endpointId: 'wall_2Pq7RsT9uVw4XyZa' }), 'endpointId');
  });

  it('413 payloadTooLarge for a body over the limit: createWebhook, createWebhookEndpoint, updateWebhook, redeliverWebhookEvent', async () => {
    expectError(await createWebhook(c.api, webhookBody({ metadata: { note: BIG } })), 413, 'payloadTooLarge');
    expectError(await createEndpoint(c.api, endpointBody({ name: BIG })), 413, 'payloadTooLarge');
    expectError(await updateWebhook(c.api, UNKNOWN_WEBHOOK, updateBody({ name: BIG })), 413, 'payloadTooLarge');
    expectError(await redeliver(c.api, UNKNOWN_EVENT, { endpointId: `wbe_${BIG}` }), 413, 'payloadTooLarge');
  });

  it('listWebhooks and listWebhookEvents 422 unprocessableEntity when the lower daterange bound is after the upper one', async () => {
    const query = { daterangegte: '2026-03-15', daterangelte: '2026-03-14' };
    expectError(await listWebhooks(c.api, query), 422, 'unprocessableEntity', 'webhookEndpoint');
    expectError(await listEvents(c.api, query), 422, 'unprocessableEntity', 'webhookEvent');
    expectError(await listEvents(c.api, { daterangegt: '2026-03-15T00:00:00.000Z', daterangelt: '2026-03-14T00:00:00.000Z' }), 422, 'unprocessableEntity');
  });

  it.each(OPERATIONS)('%s 401 with an unknown key, 403 with a key that may not call it', async (op) => {
    await expectAuthRefusals(c, (client) => everyOperation(client)[op](), READS.includes(op));
  });

  describe('delivery history', () => {
    /** A merchant of its own, so that the history holds only the events made here. */
    let h: PaymentsClient;
    let hLive: PaymentsClient;
    let ok: Receiver;
    let broken: Receiver;
    let slow: Receiver;
    let orders: Registered;
    let crm: Registered;
    let audit: Registered;
    let off: Registered;
    let transactionId: string;
    let customerId: string;
    const byType = new Map<string, WebhookEvent>();

    beforeAll(async () => {
      const m = await c.svc.newMerchant('Histórico Ltda');
      h = contractClient(c.svc.url, m.sandboxKey);
      hLive = contractClient(c.svc.url, m.productionKey);
      [ok, broken, slow] = [await startReceiver(), await startReceiver(), await startReceiver()];
      broken.answer({ status: 500, body: 'boom' });
      slow.answer({ status: 503, headers: { 'Retry-After': '3600' }, body: 'later' });
      orders = await register(h, { name: 'Orders', endpoint: ok.url, events: ['transaction.created', 'transaction.approved'] });
      crm = await registerEndpoint(h, { name: 'CRM', endpoint: broken.url, events: ['customer.created'], authorization: { type: 'bearer', value: 'crm-token-1234' } });
      audit = await register(h, { name: 'Audit', endpoint: slow.url, events: ['customer.updated'] });
      off = await register(h, { name: 'Off', endpoint: loopback(), events: ['transaction.approved'], enabled: false });

      // The customer first, so that the transaction names it (an inline payer would be another customer.created).
      const person = { firstName: 'Ana', lastName: 'Lima', email: 'ana.lima@example.com' };
      const cus = await h.POST('/v1/customers', { body: person, params: idem() });
      expect(cus.response.status, JSON.stringify(cus.error)).toBe(201);
      customerId = cus.data!.id;
      const changed = await h.PUT('/v1/customers/{customerId}', { params: { path: { customerId }, ...idem() }, body: { ...person, lastName: 'Souza' } });
      expect(changed.response.status).toBe(200);
      const body = { ...pixBody(), customer: undefined, customerId } as Schemas['CreateTransactionRequest'];
      const tx = await h.POST('/v1/transactions', { body, params: idem() });
      expect(tx.response.status, JSON.stringify(tx.error)).toBe(201);
      transactionId = tx.data!.id;
      await c.svc.drain();
      const paid = await h.POST('/v1/sandbox/transactions/{transactionId}/simulate', { params: { path: { transactionId } }, body: { action: 'pay' } });
      expect(paid.response.status).toBe(200);
      await c.svc.drain();
      const all = (await listEvents(h, { limit: 100 })).data!.data;
      expect(all.map((e) => [e.type, e.resourceId])).toEqual([
        ['transaction.approved', transactionId],
        ['transaction.created', transactionId],
        ['customer.updated', customerId],
        ['customer.created', customerId],
      ]);
      for (const e of all) byType.set(e.type, e);
    });
    afterAll(async () => {
      for (const r of [ok, broken, slow]) await r?.close();
    });
    const event = (type: string) => {
      const e = byType.get(type);
      if (!e) throw new Error(`no ${type} event; have ${[...byType.keys()].join(', ')}`);
      return e;
    };
    const ids = async (query: EventQuery, client: PaymentsClient = h) => {
      const res = await listEvents(client, query);
      expect(res.response.status, JSON.stringify(res.error)).toBe(200);
      return res.data!.data.map((e) => e.id);
    };

    it('listWebhookEvents 200: a delivered event has delivered true and a succeeded dispatch with the response', async () => {
      const approved = event('transaction.approved');
      expect(approved).toMatchObject({
        type: 'transaction.approved',
        resource: 'transaction',
        resourceId: transactionId,
        source: 'automatic',
        delivered: true,
        attempts: 1,
        merchant: { merchantId: expect.stringMatching(/^bus_/) },
      });
      expect(approved.dispatches).toHaveLength(1);
      expect(approved.dispatches[0]).toMatchObject({
        eventId: approved.id,
        endpointId: orders.id,
        endpoint: ok.url,
        source: 'automatic',
        status: 'succeeded',
        attempts: 1,
        responseStatusCode: 200,
        responseBody: null, // a loopback receiver: its answer is never stored
        lastError: null,
        nextAttemptAt: null,
      });
      expect(approved.dispatches[0]!.successAt).not.toBeNull();
      expect(approved.dispatches[0]!.responseTime).toBeGreaterThanOrEqual(0);
      // The receiver got it signed with the secret shown at registration.
      const got = ok.received.map((r) => verifyWebhook(r.body, r.headers as Record<string, string>, orders.secret));
      expect(got.map((x) => [x.id, x.type])).toEqual(expect.arrayContaining([[approved.id, 'transaction.approved']]));
      expect(await getWebhook(h, orders.id)).toMatchObject({ data: { shotsQty: 2, failedShotsQty: 0, failingSince: null } });
      expect((await getWebhook(h, orders.id)).data?.lastDeliveryAt).not.toBeNull();
    });

    it('getWebhookEvent 200 reads one event as the list shows it', async () => {
      const approved = event('transaction.approved');
      const res = await getEvent(h, approved.id);
      expect(res.response.status).toBe(200);
      expect(res.data).toEqual(approved);
      expect(res.data?._links.self).toMatchObject({ href: `/v1/webhooks/events/${approved.id}`, method: 'GET' });
    });

    it('a failing receiver: the dispatch is failed after the last attempt; a receiver asking to wait keeps it pending', async () => {
      const failed = event('customer.created');
      expect(failed).toMatchObject({ resource: 'customer', resourceId: customerId, delivered: false, attempts: 4 });
      expect(failed.dispatches).toEqual([
        expect.objectContaining({ endpointId: crm.id, status: 'failed', attempts: 4, responseStatusCode: 500, responseBody: null, lastError: 'httpStatus', nextAttemptAt: null, successAt: null }),
      ]);
      expect((await getWebhook(h, crm.id)).data).toMatchObject({ shotsQty: 4, failedShotsQty: 4, headerAuthorizationType: 'bearer', headerAuthorization: '****1234' });
      expect((await getWebhook(h, crm.id)).data?.failingSince).not.toBeNull();
      expect(broken.received.map((r) => r.headers.authorization)).toEqual(Array(4).fill('Bearer crm-token-1234'));
      const waiting = event('customer.updated');
      const d = waiting.dispatches[0]!;
      expect(waiting).toMatchObject({ delivered: false, attempts: 1 });
      expect(d).toMatchObject({ endpointId: audit.id, status: 'pending', attempts: 1, responseStatusCode: 503, lastError: 'httpStatus' });
      expect(Date.parse(d.nextAttemptAt!) - Date.parse(d.lastAttemptAt!)).toBeGreaterThanOrEqual(3_600_000);
    });

    it('listWebhookEvents 200 filters by type, resource, resourceId, eventId, status and endpoint (id or URL)', async () => {
      const [created, approved, cusCreated, cusUpdated] = ['transaction.created', 'transaction.approved', 'customer.created', 'customer.updated'].map(event);
      const txEvents = [approved!.id, created!.id];
      expect(await ids({ type: 'transaction.approved' })).toEqual([approved!.id]);
      expect(await ids({ resource: 'transaction' })).toEqual(txEvents);
      expect(await ids({ resource: 'customer' })).toEqual([cusUpdated!.id, cusCreated!.id]);
      expect(await ids({ resourceId: transactionId })).toEqual(txEvents);
      expect(await ids({ resourceid: transactionId })).toEqual(txEvents);
      expect(await ids({ resourceId: customerId, type: 'customer.updated' })).toEqual([cusUpdated!.id]);
      expect(await ids({ eventId: cusCreated!.id })).toEqual([cusCreated!.id]);
      expect(await ids({ eventid: created!.id })).toEqual([created!.id]);
      expect(await ids({ status: 'delivered' })).toEqual(txEvents);
      expect(await ids({ status: 'failed' })).toEqual([cusCreated!.id]);
      expect(await ids({ status: 'pending' })).toEqual([cusUpdated!.id]);
      expect(await ids({ endpoint: orders.id })).toEqual(txEvents);
      expect(await ids({ endpoint: ok.url })).toEqual(txEvents);
      expect(await ids({ endpoint: crm.id })).toEqual([cusCreated!.id]);
      expect(await ids({ endpoint: slow.url })).toEqual([cusUpdated!.id]);
      expect(await ids({ endpoint: off.id })).toEqual([]);
      expect(await ids({ resource: 'transaction', sort: 'createdAt' })).toEqual([created!.id, approved!.id]);
      const page = await listEvents(h, { resourceId: transactionId, limit: 1 });
      expect(page.data).toMatchObject({ total: 2, hasMore: true, data: [{ id: approved!.id }] });
    });

    it('tenant isolation: another merchant and the production mode see none of the events (list 200 empty, get and redeliver 404)', async () => {
      const approved = event('transaction.approved');
      for (const client of [c.api, c.other, hLive]) {
        expect(await ids({ resourceId: transactionId }, client)).toEqual([]);
        expect(await ids({ eventId: approved.id }, client)).toEqual([]);
        expectError(await getEvent(client, approved.id), 404, 'webhookEventNotFound', 'webhookEvent');
        expectError(await redeliver(client, approved.id, {}), 404, 'webhookEventNotFound', 'webhookEvent');
      }
      // An endpoint of another merchant or mode is no endpoint of this one.
      const theirs = await register(c.api, webhookBody({ events: ['transaction.approved'] }));
      const live = await register(hLive, webhookBody({ endpoint: publicUrl(), events: ['transaction.approved'] }));
      for (const endpointId of [UNKNOWN_WEBHOOK, theirs.id, live.id]) {
        expectError(await redeliver(h, approved.id, { endpointId }), 404, 'webhookNotFound', 'webhookEndpoint');
      }
      expect((await getEvent(h, approved.id)).data?.dispatches).toHaveLength(1);
    });

    it('redeliverWebhookEvent 422 unprocessableEntity when the endpoint named is disabled or not subscribed, or none qualifies and listen is false', async () => {
      const approved = event('transaction.approved');
      expectError(await redeliver(h, approved.id, { endpointId: off.id }), 422, 'unprocessableEntity', 'webhookEvent');
      expectError(await redeliver(h, approved.id, { endpointId: crm.id }), 422, 'unprocessableEntity', 'webhookEvent');
      // Switching the only subscriber of customer.updated off cancels its pending dispatch and leaves none to send to.
      const updated = event('customer.updated');
      const disabled = await updateWebhook(h, audit.id, { name: 'Audit', endpoint: slow.url, events: ['customer.updated'], enabled: false, forceActive: false });
      expect(disabled.data).toMatchObject({ enabled: false, disabledReason: 'manual' });
      expect((await getEvent(h, updated.id)).data?.dispatches.map((d) => d.status)).toEqual(['canceled']);
      // Without the event stream either (listen: false), nothing is left to send to.
      expectError(await redeliver(h, updated.id, { listen: false }), 422, 'unprocessableEntity', 'webhookEvent');
      // Without a body a sandbox resend still goes to running listen sessions: 200, and no new dispatch.
      for (const body of [undefined, {}]) {
        const resent = await redeliver(h, updated.id, body);
        expect(resent.response.status).toBe(200);
        expect(resent.data?.dispatches).toHaveLength(1);
      }
      expect((await getEvent(h, updated.id)).data?.dispatches).toHaveLength(1);
    });

    it('redeliverWebhookEvent 200 adds a manual dispatch, delivered with the same id and source manual; the key replays, another body is 409', async () => {
      const approved = event('transaction.approved');
      // A replaced endpoint keeps its signing secret.
      expect((await updateWebhook(h, orders.id, { name: 'Orders v2', endpoint: ok.url, events: ['transaction.created', 'transaction.approved'], enabled: true, forceActive: false })).response.status).toBe(200);
      const before = ok.received.length;
      const key = idemKey();
      const res = await redeliver(h, approved.id, { endpointId: orders.id }, key);
      expect(res.response.status).toBe(200);
      expect(res.data?.id).toBe(approved.id);
      expect(res.data?.dispatches.map((d) => [d.source, d.endpointId])).toEqual([
        ['automatic', orders.id],
        ['manual', orders.id],
      ]);
      expect(res.data?.dispatches[1]?.status).toMatch(/^(pending|delivering)$/);
      const replay = await redeliver(h, approved.id, { endpointId: orders.id }, key);
      expect([replay.response.status, replay.response.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
      expectError(await redeliver(h, approved.id, {}, key), 409, 'idempotencyMismatch');
      await c.svc.drain();
      expect(ok.received).toHaveLength(before + 1);
      const again = ok.received.at(-1)!;
      expect(verifyWebhook(again.body, again.headers as Record<string, string>, orders.secret)).toMatchObject({
        id: approved.id,
        type: 'transaction.approved',
        source: 'manual',
        createdAt: approved.createdAt,
      });
      const after = (await getEvent(h, approved.id)).data!;
      expect(after).toMatchObject({ delivered: true, attempts: 2 });
      expect(after.dispatches.map((d) => [d.source, d.status, d.responseStatusCode])).toEqual([
        ['automatic', 'succeeded', 200],
        ['manual', 'succeeded', 200],
      ]);
      // Without a body: every enabled subscriber now (only Orders; Off is disabled).
      const all = await redeliver(h, approved.id);
      expect(all.response.status).toBe(200);
      expect(all.data?.dispatches.filter((d) => d.source === 'manual').map((d) => d.endpointId)).toEqual([orders.id, orders.id]);
      await c.svc.drain();
      expect(await ids({ eventId: approved.id, status: 'delivered' })).toEqual([approved.id]);
    });

    it('deleting an endpoint keeps its history readable, by its id and URL', async () => {
      const cusCreated = event('customer.created');
      expect((await deleteWebhook(h, crm.id)).response.status).toBe(200);
      expect(await ids({ endpoint: crm.id })).toEqual([cusCreated.id]);
      expect((await getEvent(h, cusCreated.id)).data?.dispatches[0]).toMatchObject({ endpointId: crm.id, endpoint: broken.url, status: 'failed' });
    });
  });
});

describe.each(ENGINES)('Webhooks contract under a tight quota on $name', (engine) => {
  let c: ContractContext;
  beforeAll(async () => {
    c = await contractContext(engine, { RATE_LIMIT_POINTS: '1', RATE_LIMIT_WINDOW_SECONDS: '60' });
  });
  afterAll(async () => c?.close());

  it('every operation 429 tooManyRequests with Retry-After once the quota is spent', async () => {
    expect((await listWebhooks(c.api)).response.status).toBe(200);
    for (const [op, call] of Object.entries(everyOperation(c.api))) {
      const res = await call();
      expect(res.response.status, op).toBe(429);
      expect(errorOf(res)).toMatchObject({ code: 'tooManyRequests', category: 'rate_limit' });
      expect(Number(res.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });
});
