/**
 * The sandbox's event stream (Sandbox tag, `streamSandboxEvents`) against the contract, on every engine: the `200`
 * stream (its status and headers checked by the contract client, its messages here, each delivery's body against the
 * spec's delivery schema) and each documented error the service can produce.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsClient } from './support/client';
import { ENGINES } from '../server/testing/harness';
import { sseReader, type SseReader } from '../server/testing/sse';
import { contractContext, expectAuthRefusals, expectError, errorOf, type ContractContext } from './support/context';
import { flushCoverage } from './support/coverage';
import { errorsOf, validatorAt } from './support/spec';

afterAll(() => flushCoverage('sandbox-events'));

type Query = { type?: ('customer.created' | 'transaction.approved')[] };

/** The stream of `client`, read as a stream (its body never ends). */
const openStream = (client: PaymentsClient, signal: AbortSignal, query?: Query, lastEventId?: string) =>
  client.GET('/v1/sandbox/events/stream', {
    params: { ...(query ? { query } : {}), ...(lastEventId ? { header: { 'Last-Event-ID': lastEventId } } : {}) },
    parseAs: 'stream',
    signal,
  });

describe.each(ENGINES)('Sandbox event stream contract on $name', (engine) => {
  let c: ContractContext;
  const open: SseReader[] = [];
  beforeAll(async () => {
    c = await contractContext(engine);
  });
  afterAll(async () => c?.close());
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });

  async function stream(client: PaymentsClient, query?: Query, lastEventId?: string): Promise<SseReader> {
    const abort = new AbortController();
    const res = await openStream(client, abort.signal, query, lastEventId);
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    const s = sseReader(res.data!, () => abort.abort());
    open.push(s);
    return s;
  }

  it('streamSandboxEvents 200: ready with the listen secret, then each event as the delivery its endpoint would get', async () => {
    const s = await stream(c.api, { type: ['customer.created'] });
    const ready = await s.next();
    expect(ready.event).toBe('ready');
    expect(JSON.parse(ready.data)).toEqual({ secret: expect.stringMatching(/^whsec_/) as unknown });

    const created = await c.api.POST('/v1/customers', {
      body: { firstName: 'Ana', lastName: 'Souza', email: 'ana@example.com', document: { type: 'cpf', number: '52998224725' } },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const m = await s.next();
    expect(m.event).toBe('delivery');
    const d = JSON.parse(m.data) as { id: string; type: string; body: string };
    expect(d).toMatchObject({ id: m.id, type: 'customer.created' });
    const body = JSON.parse(d.body) as unknown;
    const validate = validatorAt('/components/schemas/CustomerWebhookDelivery');
    expect(validate(body), errorsOf(validate).join('; ')).toBe(true);
    expect(body).toMatchObject({ id: d.id, payload: { object: { id: created.data!.id } } });

    // Resumed after that event: the next one of the type, nothing before it.
    const resumed = await stream(c.api, { type: ['customer.created'] }, d.id);
    expect((await resumed.next()).event).toBe('ready');
    const again = await c.api.POST('/v1/customers', {
      body: { firstName: 'Bia', lastName: 'Souza', email: 'bia@example.com', document: { type: 'cpf', number: '39053344705' } },
    });
    expect(again.response.status, JSON.stringify(again.error)).toBe(201);
    const next = JSON.parse((await resumed.next()).data) as { body: string };
    expect(JSON.parse(next.body)).toMatchObject({ payload: { object: { id: again.data!.id } } });
  });

  it('streamSandboxEvents 403 sandboxOnly: a production key', async () => {
    const res = await openStream(c.live, new AbortController().signal);
    expectError(res, 403, 'sandboxOnly');
    expect(errorOf(res).category).toBe('authorization');
  });

  it('streamSandboxEvents 401 and 403: an unknown key, a key refused by its IP allow-list', async () => {
    await expectAuthRefusals(c, (client) => openStream(client, new AbortController().signal), true);
  });

  it('streamSandboxEvents 404 webhookEventNotFound: a Last-Event-ID the merchant has not', async () => {
    const res = await openStream(c.api, new AbortController().signal, undefined, 'wbh_0000000000000000');
    expectError(res, 404, 'webhookEventNotFound', 'webhookEvent');
  });

  it('streamSandboxEvents 400: a type that is not an event type', async () => {
    const res = await openStream(c.api, new AbortController().signal, { type: ['transaction.nope' as 'transaction.approved'] });
    expectError(res, 400, 'invalidParameters');
  });

  it('streamSandboxEvents 429: a sixth stream of one merchant', async () => {
    for (let i = 0; i < 5; i++) await stream(c.other);
    const res = await openStream(c.other, new AbortController().signal);
    expectError(res, 429, 'tooManyRequests');
    expect(Number(res.response.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
