/**
 * The payer given inline with a charge: a refused charge writes nothing (no customer, no event, no transaction,
 * no job); an accepted one writes the new customer and the charge together; requests at the same moment for the
 * same new payer make one customer. Each test uses a merchant of its own, so counting its rows is exact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { setFeePlan } from '../domain/fees/service';
import { defaultRoutes, type PaymentRoutes } from '../payments/orchestrator';
import { sandboxVault } from '../payments/sandbox/cards';
import { ENGINES, startTestService, type TestMerchant, type TestService } from '../testing/harness';
import { billetBody, cardBody, CPF, payer, pixBody } from '../testing/payments';
import { transactionsApi } from '../testing/transactions-api';

/** What exists for a merchant, both modes; jobs carry no merchant, so theirs are those of its transactions. */
async function written(db: Db, m: TestMerchant): Promise<Written> {
  const count = async (sql: string) => (await db.query<{ n: number }>(sql, [m.merchantId])).rows[0]!.n;
  const events = await db.query<{ type: string }>('SELECT type FROM events WHERE merchant_id = $1 ORDER BY seq', [m.merchantId]);
  return {
    customers: await count('SELECT count(*)::int AS n FROM customers WHERE merchant_id = $1'),
    events: events.rows.map((e) => e.type),
    transactions: await count('SELECT count(*)::int AS n FROM transactions WHERE merchant_id = $1'),
    jobs: await count(`SELECT count(*)::int AS n FROM jobs WHERE payload->>'transactionId' IN (SELECT id FROM transactions WHERE merchant_id = $1)`),
  };
}

interface Written {
  customers: number;
  events: string[];
  transactions: number;
  jobs: number;
}

describe.each(ENGINES)('the payer of a charge on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' });
  });
  afterAll(async () => svc?.close());
  const { create, read, post, refused } = transactionsApi(() => svc);

  const writtenFor = (m: TestMerchant) => written(svc.db, m);
  /** Every job there is: a job of a transaction that was rolled back would name no transaction of the merchant. */
  const allJobs = async () => (await svc.db.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs')).rows[0]!.n;
  const NOTHING: Written = { customers: 0, events: [], transactions: 0, jobs: 0 };

  it('refuses after deciding a new payer without writing it: no customer, customer.created, transaction or job', async () => {
    const cases: { name: string; body: unknown; status: number; code: string; production?: boolean; plan?: boolean }[] = [
      { name: 'billet without document', body: billetBody({ customer: payer('no.doc@example.com', null) }), status: 422, code: 'unprocessableEntity' },
      { name: 'billet due date out of range', body: billetBody({ payment: { method: 'billet', dueDate: '2020-01-01' } }), status: 422, code: 'unprocessableEntity' },
      { name: 'billet due date not a day', body: billetBody({ payment: { method: 'billet', dueDate: '2027-02-30' } }), status: 400, code: 'invalidParameters' },
      { name: 'card failing Luhn', body: cardBody('4111111111111112'), status: 422, code: 'invalidCard' },
      { name: 'fee plan without the method', body: pixBody(), status: 422, code: 'unprocessableEntity', plan: true },
      { name: 'production without route', body: pixBody(), status: 422, code: 'providerNotConfigured', production: true },
      { name: 'wrong check digits', body: pixBody({ customer: payer('bad.doc@example.com', '52998224726') }), status: 422, code: 'invalidDocument' },
    ];
    for (const c of cases) {
      const m = await svc.newMerchant(`Refused ${c.name}`);
      if (c.plan) await setFeePlan(svc.db, m.merchantId, { pix: null, billet: null, credit: { percent: 3, fixed: 0, installmentPercent: 1, brands: null } });
      const jobs = await allJobs();
      await refused(await post('/v1/transactions', c.body, c.production ? m.productionKey : m.sandboxKey), c.status, c.code);
      expect(await writtenFor(m), c.name).toEqual(NOTHING);
      expect(await allJobs(), c.name).toBe(jobs);
    }
  });

  it('refuses a billet for a payer found without a document, writing nothing', async () => {
    const m = await svc.newMerchant();
    await create(pixBody({ customer: payer('found@example.com', null) }), m.sandboxKey);
    const before = await writtenFor(m);
    await refused(await post('/v1/transactions', billetBody({ customer: payer('found@example.com', null) }), m.sandboxKey), 422, 'unprocessableEntity');
    expect(await writtenFor(m)).toEqual(before);
  });

  it('a charge with a new payer writes one customer, customer.created then transaction.created, and one job', async () => {
    const m = await svc.newMerchant();
    const id = await create(billetBody(), m.sandboxKey);
    const customers = await svc.db.query<{ id: string; email: string; created_at: Date }>('SELECT id, email, created_at FROM customers WHERE merchant_id = $1', [m.merchantId]);
    expect(customers.rows).toHaveLength(1);
    const customer = customers.rows[0]!;
    expect(await writtenFor(m)).toEqual({ customers: 1, events: ['customer.created', 'transaction.created'], transactions: 1, jobs: 1 });
    const t = await svc.db.query<{ customer_id: string; created_at: Date }>('SELECT customer_id, created_at FROM transactions WHERE id = $1', [id]);
    expect(t.rows[0]!.customer_id).toBe(customer.id);
    expect(t.rows[0]!.created_at.getTime()).toBe(customer.created_at.getTime());
    // The next charge finds the payer by its document and creates nobody.
    await create(pixBody(), m.sandboxKey);
    expect(await writtenFor(m)).toMatchObject({ customers: 1, events: ['customer.created', 'transaction.created', 'transaction.created'], transactions: 2 });
  });

  it('bills a payer found at its primary address, and a new payer at none', async () => {
    const body = pixBody({ customer: payer('billed@example.com', '11144477735') });
    const fresh = await read(await create(body));
    expect(fresh.billing.address).toBeNull();
    const postal = { street: 'Av. Paulista', number: '1578', district: 'Bela Vista', city: 'São Paulo', state: 'SP', postcode: '01310-200' };
    const res = await post('/v1/addresses', { ownerType: 'customer', ownerId: fresh.customer.id, ...postal, primary: true });
    expect(res.status).toBe(201);
    const address = (await res.json()) as { id: string };
    const found = await read(await create(body));
    expect(found.customer.id).toBe(fresh.customer.id);
    expect(found.billing.address?.id).toBe(address.id);
  });

  it('a failure after the customer was written takes the customer back too', async () => {
    const m = await svc.newMerchant();
    const jobs = await allJobs();
    // The charge's insert fails after the payer's: the one database transaction must undo both.
    await svc.db.query('ALTER TABLE transactions ADD CONSTRAINT refuse_4242 CHECK (amount <> 4242)');
    try {
      const res = await post('/v1/transactions', pixBody({ amount: 4242 }), m.sandboxKey);
      expect(res.status).toBe(500);
    } finally {
      await svc.db.query('ALTER TABLE transactions DROP CONSTRAINT refuse_4242');
    }
    expect(await writtenFor(m)).toEqual(NOTHING);
    expect(await allJobs()).toBe(jobs);
    await create(pixBody({ amount: 4242 }), m.sandboxKey);
    expect(await writtenFor(m)).toEqual({ customers: 1, events: ['customer.created', 'transaction.created'], transactions: 1, jobs: 1 });
  });

  it.each([
    ['the same document', payer('same.doc@example.com', CPF)],
    ['the same e-mail, without a document', payer('same.mail@example.com', null)],
  ])('charges at once for one new payer with %s make one customer, charged by all', async (_what, customer) => {
    const m = await svc.newMerchant();
    const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => create(pixBody({ amount: 1000 + i, customer }), m.sandboxKey)));
    const w = await writtenFor(m);
    expect(w.customers).toBe(1);
    expect(w.events.filter((e) => e === 'customer.created')).toHaveLength(1);
    expect(w.events.filter((e) => e === 'transaction.created')).toHaveLength(6);
    const payers = await svc.db.query<{ customer_id: string }>('SELECT DISTINCT customer_id FROM transactions WHERE id = ANY($1)', [ids]);
    expect(payers.rows).toHaveLength(1);
  });
});

describe.each(ENGINES)('a payer created by another request while the charge is under way, on $name', (engine) => {
  let svc: TestService;
  /** Runs once inside the next tokenization: between the charge's decision on the payer and its write. */
  let meanwhile: (() => Promise<void>) | null = null;
  const routes = (db: Db): PaymentRoutes => ({
    ...defaultRoutes(db),
    vaults: {
      sandbox: {
        async tokenize(card) {
          const run = meanwhile;
          meanwhile = null;
          await run?.();
          return sandboxVault.tokenize(card);
        },
      },
    },
  });
  beforeAll(async () => {
    svc = await startTestService(engine, {}, { routes });
  });
  afterAll(async () => svc?.close());
  const { create, post, refused } = transactionsApi(() => svc);
  const maria = payer('maria.race@example.com', CPF);
  const createCustomer = async (key: string) => {
    const res = await post('/v1/customers', maria, key);
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };

  it('charges the customer the other request created, announcing no second customer', async () => {
    const m = await svc.newMerchant();
    let other = '';
    meanwhile = async () => {
      other = await createCustomer(m.sandboxKey);
    };
    const id = await create(cardBody(undefined, {}, { customer: maria }), m.sandboxKey);
    expect(other).toMatch(/^cus_/);
    expect(await written(svc.db, m)).toEqual({ customers: 1, events: ['customer.created', 'transaction.created'], transactions: 1, jobs: 1 });
    const t = await svc.db.query<{ customer_id: string }>('SELECT customer_id FROM transactions WHERE id = $1', [id]);
    expect(t.rows[0]!.customer_id).toBe(other);
  });

  it('refuses, writing nothing, when the customer created meanwhile is retired', async () => {
    const m = await svc.newMerchant();
    meanwhile = async () => {
      const id = await createCustomer(m.sandboxKey);
      const res = await svc.call(`/v1/customers/${id}`, { method: 'PUT', json: { ...maria, available: false }, key: m.sandboxKey });
      expect(res.status).toBe(200);
    };
    const err = await refused(await post('/v1/transactions', cardBody(undefined, {}, { customer: maria }), m.sandboxKey), 422, 'unprocessableEntity');
    expect(err.params).toEqual([{ customer: 'is retired' }]);
    expect(await written(svc.db, m)).toEqual({ customers: 1, events: ['customer.created', 'customer.updated'], transactions: 0, jobs: 0 });
  });
});
