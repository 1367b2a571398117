/**
 * A charge written as one statement (`recordChargeIn`): its `transaction.created` event carries the charge exactly as
 * reading it returns it (built without a read), and the statement fans the event out to every subscribed endpoint
 * with one delivery job each, as `dispatch` would, however many endpoints there are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { billetBody, cardBody, pixBody } from '../../testing/payments';

describe.each(ENGINES)('a charge written in one statement, on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine);
  });
  afterAll(async () => svc?.close());

  async function create(json: unknown): Promise<string> {
    const res = await svc.call('/v1/transactions', { method: 'POST', json });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  async function createdEvent(id: string): Promise<{ id: string; object: unknown }> {
    const res = await svc.db.query<{ id: string; payload: { object: unknown } }>(
      `SELECT id, payload FROM events WHERE resource_id = $1 AND type = 'transaction.created'`,
      [id],
    );
    expect(res.rows).toHaveLength(1);
    return { id: res.rows[0]!.id, object: res.rows[0]!.payload.object };
  }

  it('records the new charge in its event as reading it returns it (PIX, card with items, billet with an address)', async () => {
    // A payer with a primary address: the charge copies it as its billing address.
    const customer = await svc.call('/v1/customers', { method: 'POST', json: { firstName: 'Rui', lastName: 'Lima', email: `rui-${Date.now()}@example.com`, document: { type: 'cpf', number: '11144477735' } } });
    const customerId = ((await customer.json()) as { id: string }).id;
    const address = await svc.call('/v1/addresses', {
      method: 'POST',
      json: { ownerType: 'customer', ownerId: customerId, street: 'Rua A', number: '10', district: 'Centro', city: 'São Paulo', state: 'SP', country: 'BR', postcode: '01001000', primary: true, metadata: { floor: '2' } },
    });
    expect(address.status).toBe(201);
    const items = [{ name: 'Camiseta', unitPrice: 15000, quantity: 2, metadata: { size: 'M' } }];
    const ids = [
      await create(pixBody({ metadata: { order: 'o-1' }, externalReference: 'ext-1' })),
      await create(cardBody(undefined, { installments: 3 }, { amount: 30000, items })),
      await create({ ...billetBody(), customer: undefined, customerId }),
    ];
    for (const id of ids) {
      const read = await svc.call(`/v1/transactions/${id}`);
      expect(read.status).toBe(200);
      expect((await createdEvent(id)).object).toEqual(await read.json());
    }
    const billet = (await createdEvent(ids[2]!)).object as { billing: { address: { street: string } | null } };
    expect(billet.billing.address?.street).toBe('Rua A');
  });

  it('gives every subscribed endpoint its dispatch and delivery job, in the endpoints order, and no other', async () => {
    const merchant = await svc.newMerchant('Fan Out Ltda');
    const register = async (name: string, events: string[]) => {
      const res = await svc.call('/v1/webhooks', {
        method: 'POST',
        key: merchant.sandboxKey,
        json: { name, endpoint: `http://127.0.0.1:9/${name}-${Date.now()}`, events },
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const subscribed = [];
    for (let i = 0; i < 3; i++) subscribed.push(await register(`hook${i}`, ['transaction.created', 'transaction.approved']));
    await register('other', ['transaction.approved']);
    const res = await svc.call('/v1/transactions', { method: 'POST', key: merchant.sandboxKey, json: pixBody() });
    expect(res.status).toBe(201);
    const event = await createdEvent(((await res.json()) as { id: string }).id);
    const dispatches = await svc.db.query<{ id: string; endpoint_id: string; status: string }>(
      'SELECT id, endpoint_id, status FROM webhook_dispatches WHERE event_id = $1 ORDER BY seq',
      [event.id],
    );
    expect(dispatches.rows.map((d) => d.endpoint_id)).toEqual(subscribed);
    expect(new Set(dispatches.rows.map((d) => d.status))).toEqual(new Set(['pending']));
    for (const d of dispatches.rows) expect(d.id).toMatch(/^wdi_[0-9A-Za-z]{17,}$/);
    expect(new Set(dispatches.rows.map((d) => d.id)).size).toBe(3);
    const jobs = await svc.db.query<{ id: string; payload: { dispatchId: string }; max_attempts: number; clock_id: string | null }>(
      `SELECT id, payload, max_attempts, clock_id FROM jobs WHERE kind = 'webhook.deliver' AND dedupe_key = ANY($1::text[])`,
      [dispatches.rows.map((d) => `webhook.deliver:${d.id}`)],
    );
    expect(jobs.rows.map((j) => j.payload.dispatchId).sort()).toEqual(dispatches.rows.map((d) => d.id).sort());
    for (const j of jobs.rows) expect(j).toMatchObject({ id: expect.stringMatching(/^job_[0-9A-Za-z]{17,}$/), max_attempts: 20, clock_id: null });
    // And they are delivered as any dispatch is (the receiver is down: the attempt fails and is rescheduled).
    await svc.drain();
    const after = await svc.db.query<{ attempts: number }>('SELECT attempts FROM webhook_dispatches WHERE event_id = $1', [event.id]);
    expect(after.rows.map((r) => r.attempts)).toEqual([1, 1, 1]);
  });
});
