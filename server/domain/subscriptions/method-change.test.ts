/**
 * A change of payment method re-derives what creation checks, on every engine: the dunning schedule follows the new
 * method's limits, and a method the merchant's fee plan has no rate for is refused (422) with nothing changed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { expectLedgerConsistent } from '../../testing/ledger';
import { subscriptionBody, type Subscription } from '../../testing/subscriptions';
import { setFeePlan } from '../fees/service';

describe.each(ENGINES)('change of payment method on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POLL_POINTS: '1000' });
  });
  afterAll(async () => svc?.close());
  afterEach(async () => expectLedgerConsistent(svc.db));

  async function create(body: unknown, key?: string): Promise<Subscription> {
    const res = await svc.call('/v1/subscriptions', { method: 'POST', json: body, key });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as Subscription;
  }
  const toPix = (id: string, key?: string) => svc.call(`/v1/subscriptions/${id}/payment-method`, { method: 'PUT', json: { payment: { method: 'pix' } }, key });
  async function stored(id: string) {
    const res = await svc.db.query<{ payment_method: string; dunning: { retryDays: number[]; endAs: string } }>(
      'SELECT payment_method, dunning FROM subscriptions WHERE id = $1', [id],
    );
    return res.rows[0]!;
  }

  it('card to PIX: the card defaults become PIX defaults; a schedule of the merchant\'s own is kept when it fits', async () => {
    const s = await create(subscriptionBody({ dunning: { endAs: 'unpaid' } }));
    expect((await toPix(s.id)).status).toBe(200);
    expect(await stored(s.id)).toEqual({ payment_method: 'pix', dunning: { retryDays: [1, 3, 5], endAs: 'unpaid', billetToleranceDays: 3 } });
    const own = await create(subscriptionBody({ dunning: { retryDays: [2, 6] } }));
    expect((await toPix(own.id)).status).toBe(200);
    expect((await stored(own.id)).dunning.retryDays).toEqual([2, 6]);
  });

  it('a schedule of the merchant\'s own beyond the new method\'s limits gives way to its defaults', async () => {
    const s = await create(subscriptionBody({ dunning: { retryDays: [2, 4, 6, 10, 20] } }));
    expect((await toPix(s.id)).status).toBe(200);
    expect((await stored(s.id)).dunning.retryDays).toEqual([1, 3, 5]);
  });

  it('refuses a method the fee plan has no rate for: 422, the subscription unchanged', async () => {
    const m = await svc.newMerchant('Cards Only Assinaturas Ltda');
    await setFeePlan(svc.db, m.merchantId, {
      pix: null,
      billet: null,
      credit: { percent: 2.99, fixed: 0, installmentPercent: 1.5, brands: { visa: 3.19, mastercard: 3.09 } },
    });
    const s = await create(subscriptionBody(), m.sandboxKey);
    const res = await toPix(s.id, m.sandboxKey);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: { code: 'unprocessableEntity', message: expect.stringContaining('has no rate for pix') } });
    expect(await stored(s.id)).toMatchObject({ payment_method: 'credit', dunning: { retryDays: [1, 3, 5, 7] } });
  });
});
