/**
 * The sandbox test clocks' operations (Sandbox tag) against the contract, on every engine: each success status and
 * each documented error the service can produce, every answer checked against the spec by the contract client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsClient } from './support/client';
import { enqueueOn } from '../server/domain/clock/time';
import { newId } from '../server/ids';
import type { JobKind } from '../server/jobs/worker';
import { ENGINES } from '../server/testing/harness';
import { contractContext, expectAuthRefusals, expectError, type ContractContext } from './support/context';
import { flushCoverage } from './support/coverage';

afterAll(() => flushCoverage('sandbox-clock'));

const T0 = '2027-01-01T03:00:00.000Z';
const UNKNOWN = 'clk_0000000000000000';

const createClock = (client: PaymentsClient, body: { now?: string; name?: string } = {}) => client.POST('/v1/sandbox/clocks', { body });
const getClock = (client: PaymentsClient, clockId: string) => client.GET('/v1/sandbox/clocks/{clockId}', { params: { path: { clockId } } });
const advance = (client: PaymentsClient, clockId: string, to: string) =>
  client.POST('/v1/sandbox/clocks/{clockId}/advance', { params: { path: { clockId } }, body: { to } });
const attach = (client: PaymentsClient, clockId: string, subscriptionId: string) =>
  client.POST('/v1/sandbox/clocks/{clockId}/subscriptions', { params: { path: { clockId } }, body: { subscriptionId } });

describe.each(ENGINES)('Sandbox clock contract on $name', (engine) => {
  let c: ContractContext;
  let release: (() => void) | undefined;
  let entered: (() => void) | undefined;
  // Holds an advance inside a job until the test lets it go; another day later, for ever.
  const gate: JobKind = {
    async run() {
      entered?.();
      await new Promise<void>((resolve) => (release = resolve));
    },
  };
  const daily: JobKind = {
    async run(job) {
      const clockId = String(job.payload.clockId);
      await enqueueOn(c.svc.db, { kind: 'test.contract.daily', payload: { clockId } }, new Date(job.runAt.getTime() + 86_400_000), clockId);
    },
  };
  beforeAll(async () => {
    c = await contractContext(engine, {}, { extraJobKinds: { 'test.contract.gate': gate, 'test.contract.daily': daily }, clockMaxJobs: 5 });
  });
  afterAll(async () => c?.close());

  async function clock(now = T0): Promise<string> {
    const res = await createClock(c.api, { now, name: 'Contrato' });
    expect(res.response.status, JSON.stringify(res.error)).toBe(201);
    return res.data!.id;
  }

  it('createSandboxClock and createSandboxClockAtClockPath 201; 400, 401, 403, 413, 422', async () => {
    const res = await createClock(c.api, { now: T0, name: 'Contrato' });
    expect(res.response.status).toBe(201);
    expect(res.data).toMatchObject({ now: T0, name: 'Contrato', status: 'ready', nextJobAt: null, subscriptionCount: 0 });
    // No body at all: a clock at the current time.
    const alias = await c.api.POST('/v1/sandbox/clock', {});
    expect(alias.response.status).toBe(201);
    expect(alias.data?.status).toBe('ready');
    expectError(await c.api.POST('/v1/sandbox/clocks', { body: { now: 'soon' } }), 400, 'invalidParameters');
    expectError(await c.api.POST('/v1/sandbox/clock', { body: { now: 'soon' } }), 400, 'invalidParameters');
    expectError(await createClock(c.live), 403, 'sandboxOnly', 'clock');
    expectError(await c.live.POST('/v1/sandbox/clock', { body: {} }), 403, 'sandboxOnly', 'clock');
    await expectAuthRefusals(c, (client) => createClock(client), false);
    await expectAuthRefusals(c, (client) => client.POST('/v1/sandbox/clock', { body: {} }), false);
    expectError(await createClock(c.api, { name: 'x'.repeat(1_100_000) }), 413, 'payloadTooLarge');
    expectError(await c.api.POST('/v1/sandbox/clock', { body: { name: 'x'.repeat(1_100_000) } }), 413, 'payloadTooLarge');
    expectError(await createClock(c.api, { now: '1999-12-31T23:59:59.000Z' }), 422, 'sandboxClockTimeInvalid', 'clock');
    expectError(await c.api.POST('/v1/sandbox/clock', { body: { now: '2100-01-01T00:00:00.000Z' } }), 422, 'sandboxClockTimeInvalid', 'clock');
  });

  it('listSandboxClocks 200 (the merchant\'s own, newest first); 400, 401, 403', async () => {
    const id = await clock();
    const res = await c.api.GET('/v1/sandbox/clocks', { params: { query: { limit: 1 } } });
    expect(res.response.status).toBe(200);
    expect(res.data?.data.map((x) => x.id)).toEqual([id]);
    const theirs = await c.other.GET('/v1/sandbox/clocks', {});
    expect(theirs.data?.data.map((x) => x.id)).not.toContain(id);
    expectError(await c.api.GET('/v1/sandbox/clocks', { params: { query: { limit: 0 } } }), 400, 'invalidParameters');
    expectError(await c.live.GET('/v1/sandbox/clocks', {}), 403, 'sandboxOnly', 'clock');
    await expectAuthRefusals(c, (client) => client.GET('/v1/sandbox/clocks', {}), true);
    // A read-only key reads clocks.
    expect((await c.readOnly.GET('/v1/sandbox/clocks', {})).response.status).toBe(200);
  });

  it('getSandboxClock 200; 400, 401, 403, 404', async () => {
    const id = await clock();
    const res = await getClock(c.api, id);
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ id, now: T0 });
    expectError(await getClock(c.api, UNKNOWN), 404, 'sandboxClockNotFound', 'clock');
    expectError(await getClock(c.other, id), 404, 'sandboxClockNotFound', 'clock');
    expectError(await getClock(c.api, 'clock'), 400, 'invalidParameters');
    expectError(await getClock(c.live, id), 403, 'sandboxOnly', 'clock');
    await expectAuthRefusals(c, (client) => getClock(client, id), true);
  });

  it('advanceSandboxClock 200; 400, 401, 403, 404, 409, 413, 422 (backwards, beyond five years, too many jobs)', async () => {
    const id = await clock();
    const res = await advance(c.api, id, '2027-06-01T03:00:00.000Z');
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data).toMatchObject({ id, now: '2027-06-01T03:00:00.000Z', status: 'ready' });
    expectError(await advance(c.api, id, 'later'), 400, 'invalidParameters');
    expectError(await advance(c.api, UNKNOWN, T0), 404, 'sandboxClockNotFound', 'clock');
    expectError(await advance(c.live, id, '2028-01-01T00:00:00.000Z'), 403, 'sandboxOnly', 'clock');
    await expectAuthRefusals(c, (client) => advance(client, id, '2028-01-01T00:00:00.000Z'), false);
    expectError(await advance(c.api, id, T0), 422, 'sandboxClockTimeInvalid', 'clock');
    expectError(await advance(c.api, id, '2032-06-01T03:00:00.001Z'), 422, 'sandboxClockTimeInvalid', 'clock');
    const huge = await c.api.POST('/v1/sandbox/clocks/{clockId}/advance', {
      params: { path: { clockId: id } },
      body: { to: '2028-01-01T00:00:00.000Z', pad: 'x'.repeat(1_100_000) } as { to: string },
    });
    expectError(huge, 413, 'payloadTooLarge');

    const busy = await clock();
    await enqueueOn(c.svc.db, { kind: 'test.contract.gate', payload: {} }, new Date('2027-01-02T03:00:00.000Z'), busy);
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const first = advance(c.api, busy, '2027-02-01T03:00:00.000Z');
    await inside;
    expectError(await advance(c.api, busy, '2027-02-01T03:00:00.000Z'), 409, 'sandboxClockBusy', 'clock');
    expect((await getClock(c.api, busy)).data?.status).toBe('advancing');
    release!();
    expect((await first).response.status).toBe(200);

    const crowded = await clock();
    await enqueueOn(c.svc.db, { kind: 'test.contract.daily', payload: { clockId: crowded } }, new Date('2027-01-02T03:00:00.000Z'), crowded);
    expectError(await advance(c.api, crowded, '2027-02-01T03:00:00.000Z'), 422, 'sandboxClockTooManyJobs', 'clock');
    expect((await getClock(c.api, crowded)).data).toMatchObject({ now: '2027-01-06T03:00:00.000Z', status: 'ready' });
  });

  it('attachSandboxClockSubscription 200; 400, 401, 403, 404, 409, 413, 422', async () => {
    const id = await clock();
    const customer = await c.api.POST('/v1/customers', { body: { firstName: 'Ana', lastName: 'Souza', email: `ana-${newId('cus')}@example.com` } });
    expect(customer.response.status, JSON.stringify(customer.error)).toBe(201);
    const sub = newId('subs');
    await c.svc.db.query(
      `INSERT INTO subscriptions (id, merchant_id, mode, customer_id, status, amount, payment_method, billing_frequency,
                                  billing_frequency_count, created_at, updated_at)
       VALUES ($1, $2, 'sandbox', $3, 'pending', 4990, 'pix', 'monthly', 1, now(), now())`,
      [sub, c.svc.merchant.merchantId, customer.data!.id],
    );
    const res = await attach(c.api, id, sub);
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data?.subscriptionCount).toBe(1);
    expectError(await attach(c.api, id, 'subscription'), 400, 'invalidParameters');
    expectError(await attach(c.api, UNKNOWN, sub), 404, 'sandboxClockNotFound', 'clock');
    expectError(await attach(c.api, id, 'subs_0000000000000000'), 404, 'subscriptionNotFound', 'subscription');
    expectError(await attach(c.live, id, sub), 403, 'sandboxOnly', 'clock');
    await expectAuthRefusals(c, (client) => attach(client, id, sub), false);
    const huge = await c.api.POST('/v1/sandbox/clocks/{clockId}/subscriptions', {
      params: { path: { clockId: id } },
      body: { subscriptionId: sub, pad: 'x'.repeat(1_100_000) } as { subscriptionId: string },
    });
    expectError(huge, 413, 'payloadTooLarge');
    expectError(await attach(c.api, await clock(), sub), 422, 'subscriptionNotAttachable', 'subscription');

    await enqueueOn(c.svc.db, { kind: 'test.contract.gate', payload: {} }, new Date('2027-01-02T03:00:00.000Z'), id);
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const running = advance(c.api, id, '2027-01-03T03:00:00.000Z');
    await inside;
    expectError(await attach(c.api, id, sub), 409, 'sandboxClockBusy', 'clock');
    release!();
    expect((await running).response.status).toBe(200);
  });
});
