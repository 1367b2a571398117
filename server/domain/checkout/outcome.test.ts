import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../../core/tenancy';
import { errorsOf, validatorAt } from '../../../contract-tests/support/spec';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { CARD, chargesOf, completedPayments, insertLink, insertVariant, PAYER, sessionRow, openOnOffer } from '../../testing/checkout';
import { eventTypes } from '../../testing/payments';
import { offerOf, startPayment } from './sessions';
import { abandonCheckout } from './outcome';
import type { LinkRow } from './links-repo';
import { createProduct } from '../catalog/products';
import { createVariant } from '../catalog/variants';
import type { VariantInput } from '../catalog/input';

const sessionSchema = validatorAt('/components/schemas/CheckoutSession');

describe.each(ENGINES)('checkout session outcomes on $name', (engine) => {
  let svc: TestService;
  let scope: Scope;
  beforeAll(async () => {
    svc = await startTestService(engine);
    scope = { merchantId: svc.merchant.merchantId, mode: 'sandbox' };
  });
  afterAll(async () => svc?.close());

  const open = (link: LinkRow) => openOnOffer(svc.payments, link);
  const simulate = async (id: string, action: string) => {
    const res = await svc.call(`/v1/sandbox/transactions/${id}/simulate`, { method: 'POST', json: { action } });
    expect(res.status, await res.clone().text()).toBe(200);
    await svc.drain();
  };
  const payloads = async (sessionId: string) =>
    (await svc.db.query<{ type: string; payload: { object: Record<string, unknown> } }>('SELECT type, payload FROM events WHERE resource_id = $1 ORDER BY seq', [sessionId])).rows;
  /** Runs the session's `checkout.abandon` job through the queue now, as its time had come. */
  const abandonNow = async (sessionId: string) => {
    await svc.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'checkout.abandon' AND payload->>'sessionId' = $1`, [sessionId]);
    await svc.drain();
  };

  it('an approved payment completes the session once: amount, link count, one checkout.completed; a dispute won changes nothing', async () => {
    const link = await insertLink(svc.db, scope, { amount: 15980 });
    const s = await open(link);
    const { transactionId } = await startPayment(svc.payments, s.id, { method: 'credit', payer: PAYER, card: CARD(), installments: 1 });
    await svc.drain();
    const done = await sessionRow(svc.db, s.id);
    expect(done).toMatchObject({ status: 'completed', approved_amount: 15980, transaction_id: transactionId, method: 'credit', abandoned_at: null });
    expect(done.completed_at).toBeInstanceOf(Date);
    expect(await completedPayments(svc.db, link.id)).toBe(1);
    // A payer's payment is not the merchant's change: the link's updatedAt stays the time of its last edit.
    const after = await svc.db.query<{ updated_at: Date }>('SELECT updated_at FROM payment_links WHERE id = $1', [link.id]);
    expect(after.rows[0]!.updated_at).toEqual(link.updated_at);
    const [event, ...more] = await payloads(s.id);
    expect(more).toEqual([]);
    expect(event!.type).toBe('checkout.completed');
    expect(event!.payload.object).toMatchObject({
      id: s.id, paymentLinkId: link.id, status: 'completed', method: 'credit', amount: 15980, approvedAmount: 15980,
      transactionId, subscriptionId: null, merchant: { name: 'Acme Comércio Ltda', merchantId: scope.merchantId },
      _links: { paymentLink: { href: `/v1/checkouts/payment-links/${link.id}` }, transaction: { href: `/v1/transactions/${transactionId}` } },
    });
    expect(sessionSchema(event!.payload.object) ? [] : errorsOf(sessionSchema)).toEqual([]);

    await simulate(transactionId!, 'dispute');
    await simulate(transactionId!, 'win-dispute');
    expect(await eventTypes(svc.db, transactionId!)).toContain('transaction.dispute');
    expect((await eventTypes(svc.db, transactionId!)).filter((t) => t === 'transaction.approved')).toHaveLength(2);
    expect((await payloads(s.id)).map((e) => e.type)).toEqual(['checkout.completed']);
    expect(await completedPayments(svc.db, link.id)).toBe(1);
  });

  it('abandonment: an open session is abandoned once (a re-run and a second worker change nothing)', async () => {
    const link = await insertLink(svc.db, scope);
    const s = await open(link);
    await abandonNow(s.id);
    const first = await sessionRow(svc.db, s.id);
    expect(first).toMatchObject({ status: 'abandoned', completed_at: null });
    await Promise.all([abandonCheckout(svc.db, s.id), abandonCheckout(svc.db, s.id)]);
    await abandonCheckout(svc.db, s.id);
    expect(await sessionRow(svc.db, s.id)).toEqual(first);
    const events = await payloads(s.id);
    expect(events.map((e) => e.type)).toEqual(['checkout.abandoned']);
    expect(events[0]!.payload.object).toMatchObject({ status: 'abandoned', method: null, transactionId: null, approvedAmount: 0 });
    expect(sessionSchema(events[0]!.payload.object) ? [] : errorsOf(sessionSchema)).toEqual([]);
  });

  it('two sessions abandoned by concurrent jobs record one event each', async () => {
    const link = await insertLink(svc.db, scope);
    const [a, b] = [await open(link), await open(link)];
    await Promise.all([abandonCheckout(svc.db, a.id), abandonCheckout(svc.db, b.id), abandonCheckout(svc.db, a.id), abandonCheckout(svc.db, b.id)]);
    expect((await payloads(a.id)).map((e) => e.type)).toEqual(['checkout.abandoned']);
    expect((await payloads(b.id)).map((e) => e.type)).toEqual(['checkout.abandoned']);
  });

  it('a completed session is left alone by its abandonment job', async () => {
    const link = await insertLink(svc.db, scope);
    const s = await open(link);
    await startPayment(svc.payments, s.id, { method: 'credit', payer: PAYER, card: CARD(), installments: 1 });
    await svc.drain();
    await abandonNow(s.id);
    expect(await sessionRow(svc.db, s.id)).toMatchObject({ status: 'completed', abandoned_at: null });
    expect((await payloads(s.id)).map((e) => e.type)).toEqual(['checkout.completed']);
  });

  /** The `run_at` of the session's `checkout.abandon` job, and whether it is still to run. */
  const abandonJob = async (sessionId: string) =>
    (await svc.db.query<{ run_at: Date; status: string }>(`SELECT run_at, status FROM jobs WHERE kind = 'checkout.abandon' AND payload->>'sessionId' = $1`, [sessionId])).rows;
  const expiryOf = async (transactionId: string) =>
    (await svc.db.query<{ e: string }>(`SELECT payment->>'expirationDate' AS e FROM transactions WHERE id = $1`, [transactionId])).rows[0]!.e;

  it('a billet still payable at the TTL keeps its session open: paid on its second day, it completes it, counted once', async () => {
    const link = await insertLink(svc.db, scope, { amount: 12345 });
    const s = await open(link);
    const { transactionId } = await startPayment(svc.payments, s.id, { method: 'billet', payer: PAYER });
    await svc.drain();
    await abandonNow(s.id);
    expect(await sessionRow(svc.db, s.id)).toMatchObject({ status: 'open', abandoned_at: null });
    // The job comes back a minute after the billet's expiry (its due date's end), when the expiry job has run.
    const [job] = await abandonJob(s.id);
    expect(job!.run_at.getTime()).toBe(Date.parse(await expiryOf(transactionId!)) + 60_000);
    expect(await payloads(s.id)).toEqual([]);

    await simulate(transactionId!, 'pay');
    expect(await sessionRow(svc.db, s.id)).toMatchObject({ status: 'completed', approved_amount: 12345, transaction_id: transactionId });
    expect(await completedPayments(svc.db, link.id)).toBe(1);
    await abandonNow(s.id);
    expect(await sessionRow(svc.db, s.id)).toMatchObject({ status: 'completed', abandoned_at: null });
    expect((await payloads(s.id)).map((e) => e.type)).toEqual(['checkout.completed']);
    expect(await completedPayments(svc.db, link.id)).toBe(1);
  });

  it('a PIX that expires unpaid: the session waits for its expiry, then is abandoned', async () => {
    const link = await insertLink(svc.db, scope);
    const s = await open(link);
    const { transactionId } = await startPayment(svc.payments, s.id, { method: 'pix', payer: PAYER });
    await svc.drain();
    await abandonNow(s.id);
    expect(await sessionRow(svc.db, s.id)).toMatchObject({ status: 'open' });
    // The QR code's hour passes: the expiry job cancels the charge, and the session's job finds nothing payable.
    await svc.db.query(`UPDATE transactions SET payment = jsonb_set(payment, '{expirationDate}', to_jsonb((now() - interval '1 minute')::timestamptz)) WHERE id = $1`, [transactionId]);
    await svc.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'transaction.expire' AND payload->>'transactionId' = $1`, [transactionId]);
    await svc.drain();
    expect((await chargesOf(svc.db, s.id)).map((t) => t.status)).toEqual(['canceled']);
    await abandonNow(s.id);
    expect(await sessionRow(svc.db, s.id)).toMatchObject({ status: 'abandoned', approved_amount: 0 });
    expect((await payloads(s.id)).map((e) => e.type)).toEqual(['checkout.abandoned']);
    expect(await completedPayments(svc.db, link.id)).toBe(0);
  });

  it('a PIX still pending an hour past its expiry (its expiry job stuck) no longer holds its session open', async () => {
    const link = await insertLink(svc.db, scope);
    const s = await open(link);
    const { transactionId } = await startPayment(svc.payments, s.id, { method: 'pix', payer: PAYER });
    await svc.drain();
    await svc.db.query(`UPDATE transactions SET payment = jsonb_set(payment, '{expirationDate}', to_jsonb((now() - interval '61 minutes')::timestamptz)) WHERE id = $1`, [transactionId]);
    await abandonNow(s.id);
    expect((await chargesOf(svc.db, s.id)).map((t) => t.status)).toEqual(['pending']);
    expect(await sessionRow(svc.db, s.id)).toMatchObject({ status: 'abandoned' });
  });

  it('a charge approved after its session was abandoned stays an abandoned session, but the link counts it once', async () => {
    const link = await insertLink(svc.db, scope, { amount: 20000 });
    const s = await open(link);
    // A card still unprocessed when the session's time runs out (a worker behind): the session is abandoned.
    const { transactionId } = await startPayment(svc.payments, s.id, { method: 'credit', payer: PAYER, card: CARD(), installments: 1 });
    await abandonCheckout(svc.db, s.id);
    expect(await sessionRow(svc.db, s.id)).toMatchObject({ status: 'abandoned', approved_amount: 0 });
    await svc.drain();
    expect((await chargesOf(svc.db, s.id)).map((t) => t.status)).toEqual(['approved']);
    expect(await sessionRow(svc.db, s.id)).toMatchObject({ status: 'abandoned', approved_amount: 20000, transaction_id: transactionId, completed_at: null });
    expect(await completedPayments(svc.db, link.id)).toBe(1);
    await simulate(transactionId!, 'dispute');
    await simulate(transactionId!, 'win-dispute');
    expect(await completedPayments(svc.db, link.id)).toBe(1);
    expect((await payloads(s.id)).map((e) => e.type)).toEqual(['checkout.abandoned']);
  });

  it('a recurring link whose plan starts with a trial completes its session at once: nothing charged, counted, checkout.completed', async () => {
    const productId = (await createProduct(svc.db, scope, { name: 'Clube' })).id;
    const pricing = { type: 'recurring', unitPrice: 2990, billingFrequency: 'monthly', cycles: 0, trialInterval: 'day', trialIntervalCount: 7 };
    const variantId = (await createVariant(svc.db, scope, { productId, name: 'Clube com teste', pricing } as VariantInput)).id;
    const link = await insertLink(svc.db, scope, { items: [{ variantId, quantity: 1 }], recurring: true, methods: ['credit'], max_installments: 1, max_payments: 1 });
    const s = await open(link);
    const started = await startPayment(svc.payments, s.id, { method: 'credit', payer: PAYER, card: CARD(), installments: 1 });
    expect(await sessionRow(svc.db, s.id)).toMatchObject({ status: 'completed', approved_amount: 0, transaction_id: null, subscription_id: started.subscriptionId, method: 'credit' });
    expect(await completedPayments(svc.db, link.id)).toBe(1);
    const [event, ...more] = await payloads(s.id);
    expect(more).toEqual([]);
    expect(event!.payload.object).toMatchObject({ status: 'completed', approvedAmount: 0, transactionId: null, subscriptionId: started.subscriptionId });
    expect(sessionSchema(event!.payload.object) ? [] : errorsOf(sessionSchema)).toEqual([]);
    await svc.drain();
    expect(await chargesOf(svc.db, s.id)).toEqual([]);
    const sub = await svc.db.query<{ status: string }>('SELECT status FROM subscriptions WHERE id = $1', [started.subscriptionId]);
    expect(sub.rows).toEqual([{ status: 'trialing' }]);
    // The cap counts it: the link is sold out, and the session's abandonment job changes nothing.
    expect((await offerOf(svc.db, link.access_id, new Date()))!.availability).toBe('soldOut');
    await abandonNow(s.id);
    expect((await payloads(s.id)).map((e) => e.type)).toEqual(['checkout.completed']);
  });

  it('a recurring link starts a subscription whose first charge carries link and session, and completes it', async () => {
    const variantId = await insertVariant(svc.db, scope, 4900, true);
    const link = await insertLink(svc.db, scope, { items: [{ variantId, quantity: 1 }], recurring: true, methods: ['credit', 'pix'], max_installments: 1 });
    const s = await open(link);
    const started = await startPayment(svc.payments, s.id, { method: 'credit', payer: PAYER, card: CARD(), installments: 1 });
    expect(started.transactionId).toBeNull();
    const sub = await svc.db.query<{ payment_link_id: string; checkout_session_id: string }>('SELECT payment_link_id, checkout_session_id FROM subscriptions WHERE id = $1', [started.subscriptionId]);
    expect(sub.rows).toEqual([{ payment_link_id: link.id, checkout_session_id: s.id }]);
    expect(await sessionRow(svc.db, s.id)).toMatchObject({ status: 'open', subscription_id: started.subscriptionId, method: 'credit' });
    // A second start while the subscription's first charge is under way answers the same subscription.
    expect(await startPayment(svc.payments, s.id, { method: 'pix', payer: PAYER })).toEqual(started);
    await svc.drain();
    const [charge, ...more] = await chargesOf(svc.db, s.id);
    expect(more).toEqual([]);
    expect(charge).toMatchObject({ status: 'approved', amount: 4900, payment_link_id: link.id });
    expect(await sessionRow(svc.db, s.id)).toMatchObject({ status: 'completed', transaction_id: charge!.id, subscription_id: started.subscriptionId, approved_amount: 4900 });
    expect(await completedPayments(svc.db, link.id)).toBe(1);
    const [event] = await payloads(s.id);
    expect(event!.payload.object).toMatchObject({
      status: 'completed', transactionId: charge!.id, subscriptionId: started.subscriptionId,
      _links: { subscription: { href: `/v1/subscriptions/${started.subscriptionId}` } },
    });
    expect(sessionSchema(event!.payload.object) ? [] : errorsOf(sessionSchema)).toEqual([]);
  });
});
