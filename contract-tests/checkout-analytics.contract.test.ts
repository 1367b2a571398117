/** `getCheckoutSessionAnalytics` of the Checkouts tag (the payment link operations have their own file). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../server/testing/harness';
import { CARD, insertLink, PAYER } from '../server/testing/checkout';
import { offerOf, openSession, startPayment } from '../server/domain/checkout/sessions';
import type { PaymentsClient } from './support/client';
import { contractContext, errorOf, expectAuthRefusals, expectError, type ContractContext } from './support/context';
import { flushCoverage } from './support/coverage';

afterAll(() => flushCoverage('checkout-analytics'));

const PATH = '/v1/checkouts/sessions/analytics';
type Query = { initdate?: string; enddate?: string; sort?: 'date' | '-date' | 'ascending' | 'descending' };
const read = (client: PaymentsClient, query: Query = {}) => client.GET(PATH, { params: { query } });

describe.each(ENGINES)('Checkout analytics contract on $name', (engine) => {
  let c: ContractContext;
  beforeAll(async () => {
    c = await contractContext(engine);
  });
  afterAll(async () => c?.close());

  it('getCheckoutSessionAnalytics 200: the figures of sessions completed, abandoned and still open today', async () => {
    const scope = { merchantId: c.svc.merchant.merchantId, mode: 'sandbox' as const };
    const link = await insertLink(c.svc.db, scope, { amount: 12345 });
    const open = async () => openSession(c.svc.payments, (await offerOf(c.svc.db, link.access_id, new Date()))!, new Date());
    const [paid, gone, waiting] = [await open(), await open(), await open()];
    const day = paid.started_at.toISOString().slice(0, 10);
    await startPayment(c.svc.payments, paid.id, { method: 'credit', payer: PAYER, card: CARD(), installments: 1 });
    await startPayment(c.svc.payments, waiting.id, { method: 'pix', payer: PAYER });
    await c.svc.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'checkout.abandon' AND payload->>'sessionId' = $1`, [gone.id]);
    await c.svc.drain();

    const res = await read(c.api, { initdate: day, enddate: day });
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({
      period: { initdate: day, enddate: day },
      sessions: { started: 3, completed: 1, abandoned: 1 },
      conversionRate: 0.3333,
      amounts: { approvedAmount: 12345, currency: 'BRL' },
      byMethod: [
        { method: 'pix', sessions: 1, approved: 0, amount: 0 },
        { method: 'credit', sessions: 1, approved: 1, amount: 12345 },
        { method: 'billet', sessions: 0, approved: 0, amount: 0 },
      ],
      byDay: [{ date: day, sessions: 3, completed: 1 }],
      merchant: { name: 'Acme Comércio Ltda', merchantId: scope.merchantId, isSubAccount: false },
      _links: {
        self: { href: `${PATH}?initdate=${day}&enddate=${day}`, method: 'GET', description: 'These figures' },
        paymentLinks: { href: '/v1/checkouts/payment-links', method: 'GET', description: 'List payment links' },
      },
    });

    // The defaults: 30 days ending today (the day the sessions started, unless the test ran across midnight UTC), oldest first; `-date` turns the days round.
    const month = await read(c.api);
    expect(month.data!.byDay).toHaveLength(30);
    expect(month.data!.byDay[29]).toEqual({ date: day, sessions: 3, completed: 1 });
    const newest = await read(c.api, { sort: '-date' });
    expect(newest.data!.byDay[0]).toEqual({ date: day, sessions: 3, completed: 1 });
    expect(newest.data!._links.self!.href).toContain('sort=-date');

    // Another merchant, the production side and a read-only key of the merchant.
    expect((await read(c.other)).data!.sessions).toEqual({ started: 0, completed: 0, abandoned: 0 });
    expect((await read(c.live)).data!.sessions.started).toBe(0);
    expect((await read(c.readOnly, { initdate: day, enddate: day })).data!.sessions.started).toBe(3);
  });

  it('getCheckoutSessionAnalytics 400 for a sort or a date the schema refuses', async () => {
    const sort = await c.api.GET(PATH, { params: { query: { sort: 'amount' as Query['sort'] } } });
    expectError(sort, 400, 'invalidParameters');
    expect(errorOf(sort).params).toEqual([expect.objectContaining({ sort: expect.any(String) })]);
    expectError(await read(c.api, { initdate: '01/03/2026' }), 400, 'invalidParameters');
  });

  it('getCheckoutSessionAnalytics 422 for initdate after enddate, or a period over 366 days', async () => {
    const backwards = await read(c.api, { initdate: '2026-03-02', enddate: '2026-03-01' });
    expectError(backwards, 422, 'unprocessableEntity');
    expect(errorOf(backwards).params).toEqual([{ initdate: 'is after enddate' }]);
    expectError(await read(c.api, { initdate: '2025-01-01', enddate: '2026-01-02' }), 422, 'unprocessableEntity');
    expect((await read(c.api, { initdate: '2025-01-01', enddate: '2026-01-01' })).response.status).toBe(200);
  });

  it('getCheckoutSessionAnalytics 401 for an unknown key, 403 outside the IP allow-list', async () => {
    await expectAuthRefusals(c, (client) => read(client), true);
  });
});

describe.each(ENGINES)('Checkout analytics contract under a tight quota on $name', (engine) => {
  let c: ContractContext;
  beforeAll(async () => {
    c = await contractContext(engine, { RATE_LIMIT_POINTS: '2', RATE_LIMIT_WINDOW_SECONDS: '60' });
  });
  afterAll(async () => c?.close());

  it('getCheckoutSessionAnalytics 429 once the quota is spent, with Retry-After', async () => {
    expect((await read(c.api)).response.status).toBe(200);
    expect((await read(c.api)).response.status).toBe(200);
    const res = await read(c.api);
    expectError(res, 429, 'tooManyRequests');
    expect(Number(res.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
