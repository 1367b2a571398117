/**
 * Cards, boletos and PIX in production through a Stripe route, end to end against the fake Stripe (the official SDK
 * pointed at it), on both engines: a card approved, pre-authorized and partly captured, declined with each refusal
 * code, refunded in part and in full; a boleto issued and paid by Stripe's event; a dispute opened and lost; every
 * step announced by our events and the ledger consistent. Every request the fake received came from the SDK.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../testing/harness';
import { startFakeStripe, type FakeStripe } from '../../testing/fake-stripe';
import { startPixRouteService, type PixRouteService } from '../../testing/api-pix';
import { expectLedgerConsistent } from '../../testing/ledger';
import { billetBody, cardBody, eventTypes, timelineOf, type Transaction } from '../../testing/payments';
import { everyRow } from '../../testing/browser';
import { expectOnlySdk, intentOf, settled, withAddress } from '../../testing/stripe';

const ROUTE = 'stripe-main';

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

describe.each(ENGINES)('a Stripe route on $name', (engine) => {
  let stripe: FakeStripe;
  let svc: PixRouteService;
  beforeAll(async () => {
    stripe = await startFakeStripe({ livemode: true });
    svc = await startPixRouteService(engine, [{ id: ROUTE, stripe }], { ROUTES_SWEEP_SECONDS: '1' });
  });
  afterAll(async () => {
    await svc?.close();
    await stripe?.close();
  });
  afterEach(async () => {
    await expectLedgerConsistent(svc.db);
    expectOnlySdk(stripe);
    // One PaymentIntent per authorization key, whatever was retried.
    expect(Object.values(stripe.intentsCreatedPerKey()).filter((n) => n !== 1)).toEqual([]);
  });

  const get = async (id: string) => json<Transaction>(await svc.call(`/v1/transactions/${id}`));

  async function create(body: unknown): Promise<Transaction> {
    const res = await svc.call('/v1/transactions', { method: 'POST', json: body });
    expect(res.status).toBe(201);
    const t = await json<Transaction>(res);
    return settled(svc, t.id);
  }

  it('charges a card at once: approved, one PaymentIntent, the card number never sent anywhere else', async () => {
    // Stripe offers installments on cards issued in Brazil: its Brazilian test card.
    const t = await create(cardBody('4000000760000002', { installments: 3 }, { amount: 30000 }));
    expect(t.status).toBe('approved');
    expect(t.payment.provider).toBe(ROUTE);
    const pi = stripe.paymentIntent(await intentOf(svc.db, t.id))!;
    expect(pi).toMatchObject({ amount: 30000, currency: 'brl', status: 'succeeded', capture_method: 'automatic', metadata: { transaction_id: t.id } });
    expect(t.payment.acquirerTransactionNumber).toBe(pi.id);
    // Three installments, asked at confirmation as Stripe takes them.
    const confirm = stripe.requests.find((r) => r.path === `/v1/payment_intents/${pi.id}/confirm`)!;
    expect(confirm.params).toMatchObject({ payment_method_options: { card: { installments: { plan: { count: '3', interval: 'month', type: 'fixed_count' } } } } });
    expect(await eventTypes(svc.db, t.id)).toEqual(['transaction.created', 'transaction.approved']);
    const everything = [JSON.stringify(stripe.requests), svc.logs.join('\n'), JSON.stringify((await svc.db.query(`SELECT * FROM transactions WHERE id = $1`, [t.id])).rows)].join('\n');
    expect(everything).not.toContain('4000000760000002');
    expect(everything).not.toContain('"987"');
  });

  it('pre-authorizes with capture false, captures part, and Stripe releases the rest', async () => {
    const t = await create(cardBody('4242424242424242', { capture: false }, { amount: 10000 }));
    expect(t.status).toBe('pre-authorized');
    const id = await intentOf(svc.db, t.id);
    expect(stripe.paymentIntent(id)).toMatchObject({ status: 'requires_capture', capture_method: 'manual', amount_capturable: 10000 });
    const res = await svc.call(`/v1/transactions/${t.id}/capture`, { method: 'POST', json: { amount: 6000 } });
    expect(res.status).toBe(200);
    const after = await json<Transaction>(res);
    expect(after.status).toBe('approved');
    expect(after.capturedAmount).toBe(6000);
    expect(stripe.paymentIntent(id)).toMatchObject({ status: 'succeeded', amount_received: 6000 });
    expect(await eventTypes(svc.db, t.id)).toEqual(['transaction.created', 'transaction.pre-authorized', 'transaction.approved']);
  });

  it.each([
    ['4000000000000002', 'issuerDeclined'],
    ['4000000000009995', 'insufficientFunds'],
    ['4000000000009987', 'cardBlocked'],
    ['4000000000009979', 'cardBlocked'],
    ['4000000000000069', 'expiredCard'],
    ['4000000000000127', 'invalidSecurityCode'],
    ['4000000000000119', 'issuerDeclined'],
    ['4100000000000019', 'issuerDeclined'],
    ['4000002760003184', 'authenticationRequired'],
  ])('declines card %s as %s: failed, nothing charged', async (number, code) => {
    const t = await create(cardBody(number, {}, { amount: 5000 }));
    expect(t.status).toBe('failed');
    expect(t.payment.refused).toMatchObject({ code, provider: ROUTE });
    const pi = stripe.paymentIntent(await intentOf(svc.db, t.id))!;
    expect(pi.amount_received).toBe(0);
    // The refusal leads an operator to the PaymentIntent that holds it at Stripe.
    expect(t.payment.acquirerTransactionNumber).toBe(pi.id);
    // A 3-D Secure challenge nobody can take is not left open at Stripe.
    if (code === 'authenticationRequired') expect(pi.status).toBe('canceled');
    expect(await eventTypes(svc.db, t.id)).toEqual(['transaction.created', 'transaction.failed']);
  });

  it('refunds in part, then the rest: pending until Stripe settles each, then refunded', async () => {
    const t = await create(cardBody('4242424242424242', {}, { amount: 20000 }));
    const part = await json<{ id: string; status: string }>(await svc.call(`/v1/transactions/${t.id}/refunds`, { method: 'POST', json: { amount: 5000 } }));
    expect(part.status).toBe('pending');
    const first = stripe.refunds().find((r) => r.metadata?.refund_id === part.id)!;
    expect(first).toMatchObject({ amount: 5000, status: 'pending' });
    await stripe.settleRefund(first.id, 'succeeded');
    await svc.drain();
    expect((await get(t.id)).refundedAmount).toBe(5000);
    const rest = await json<{ id: string }>(await svc.call(`/v1/transactions/${t.id}/refunds`, { method: 'POST', json: {} }));
    const second = stripe.refunds().find((r) => r.metadata?.refund_id === rest.id)!;
    expect(second.amount).toBe(15000);
    await stripe.settleRefund(second.id, 'succeeded');
    await svc.drain();
    const after = await get(t.id);
    expect(after.status).toBe('refunded');
    expect(after.refundedAmount).toBe(20000);
    expect(await eventTypes(svc.db, t.id)).toEqual(['transaction.created', 'transaction.approved', 'transaction.partially-refunded', 'transaction.refunded']);
  });

  it("issues a boleto with Stripe's voucher, approved by Stripe's event once however often it comes", async () => {
    const customerId = await withAddress(svc);
    const t = await create(billetBody({ amount: 15000, customer: undefined, customerId }));
    expect(t.status).toBe('pending');
    const id = await intentOf(svc.db, t.id);
    const pi = stripe.paymentIntent(id)!;
    const shown = pi.next_action!.boleto_display_details!;
    expect(t.payment.billetSequence).toBe(shown.number!.replace(/\D/g, ''));
    expect(t.payment.billetBarcode).toMatch(/^\d{44}$/);
    expect(t.payment.billetUrl).toBe(shown.hosted_voucher_url);
    const paid = await stripe.pay(id, { delivery: 'twice' });
    expect(paid.statuses.every((s) => s === 200)).toBe(true);
    await svc.drain();
    const after = await get(t.id);
    expect(after.status).toBe('approved');
    expect((await eventTypes(svc.db, t.id)).filter((e) => e === 'transaction.approved')).toHaveLength(1);
    const kept = await svc.db.query<{ outcome: string }>(`SELECT outcome FROM stripe_events WHERE transaction_id = $1 AND type = 'payment_intent.succeeded'`, [t.id]);
    expect(kept.rows.map((r) => r.outcome)).toEqual(['applied']);
    // What is kept of Stripe's events is what they told us, not Stripe's objects with the payer's details.
    const stored = await svc.db.query<{ j: string }>(`SELECT payload::text AS j FROM stripe_events WHERE transaction_id = $1`, [t.id]);
    expect(stored.rows.length).toBeGreaterThan(0);
    for (const r of stored.rows) expect(r.j).not.toMatch(/billing_details|tax_id|Paulista|pagador\./);
  });

  it('cancels a boleto not yet paid at Stripe first, and a PIX charge is issued with its QR code', async () => {
    const customerId = await withAddress(svc);
    const t = await create(billetBody({ amount: 9900, customer: undefined, customerId }));
    const id = await intentOf(svc.db, t.id);
    const res = await svc.call(`/v1/transactions/${t.id}/cancel`, { method: 'POST', json: {} });
    expect(res.status).toBe(200);
    expect((await json<Transaction>(res)).status).toBe('canceled');
    expect(stripe.paymentIntent(id)!.status).toBe('canceled');
    const pix = await create({ amount: 2500, customer: { firstName: 'Ana', lastName: 'Lima', email: 'ana@example.com' }, payment: { method: 'pix' } });
    expect(pix.payment.provider).toBe(ROUTE);
    expect(pix.payment.pixQrCodeEmv).toMatch(/^000201/);
    expect(pix.payment.pixQrCodeEmv).toBe(stripe.paymentIntent(await intentOf(svc.db, pix.id))!.next_action!.pix_display_qr_code!.data);
  });

  it('does not cancel a boleto whose payment Stripe is still confirming, and its payment approves it', async () => {
    const customerId = await withAddress(svc);
    const t = await create(billetBody({ amount: 9900, customer: undefined, customerId }));
    const id = await intentOf(svc.db, t.id);
    // Paid at the bank on its last day: Stripe holds it `processing` until the bank confirms.
    await stripe.expire(id, { holdProcessing: true });
    expect(stripe.paymentIntent(id)!.status).toBe('processing');
    const res = await svc.call(`/v1/transactions/${t.id}/cancel`, { method: 'POST', json: {} });
    expect(res.status).toBe(503);
    expect(stripe.paymentIntent(id)!.status).toBe('processing');
    await stripe.pay(id);
    await svc.drain();
    expect((await get(t.id)).status).toBe('approved');
  });

  it("opens the dispute Stripe's test card 4000000000000259 brings after its charge", async () => {
    const t = await create(cardBody('4000000000000259', {}, { amount: 3300 }));
    // Stripe opens it moments after the charge (it may already have come).
    await stripe.idle();
    await svc.drain();
    expect((await get(t.id)).status).toBe('dispute');
    expect(await eventTypes(svc.db, t.id)).toEqual(['transaction.created', 'transaction.approved', 'transaction.dispute']);
  });

  it('refuses a boleto for a payer without an address before asking Stripe, saying what is missing', async () => {
    const t = await create(billetBody({ amount: 15000 }));
    expect(t.status).toBe('failed');
    expect(t.payment.refused).toMatchObject({ code: 'processingFailed', provider: ROUTE });
    expect(t.payment.refused!.message).toContain('this payer has no address');
    expect(stripe.paymentIntents().filter((p) => p.metadata.transaction_id === t.id)).toEqual([]);
  });

  it('opens a dispute from its event and, lost, makes it a chargeback with its ledger entries', async () => {
    const t = await create(cardBody('4242424242424242', {}, { amount: 25000 }));
    const id = await intentOf(svc.db, t.id);
    const { dispute } = await stripe.openDispute(id, { reason: 'fraudulent' });
    await svc.drain();
    const open = await get(t.id);
    expect(open.status).toBe('dispute');
    await stripe.closeDispute(dispute.id, 'lost');
    await svc.drain();
    const after = await get(t.id);
    expect(after.status).toBe('chargeback');
    // The disputed amount was held, then taken back from what the charge had still to settle (a card settles at D+30).
    const entries = await svc.db.query<{ type: string; amount: string }>(`SELECT type, amount::text AS amount FROM ledger_entries WHERE transaction_id = $1 ORDER BY seq`, [t.id]);
    expect(entries.rows.map((r) => r.type)).toEqual(['dispute_hold', 'dispute_release']);
    const receivables = await svc.db.query<{ status: string }>(`SELECT DISTINCT status FROM receivables WHERE transaction_id = $1`, [t.id]);
    expect(receivables.rows.map((r) => r.status)).not.toContain('pending');
    expect(await eventTypes(svc.db, t.id)).toEqual(['transaction.created', 'transaction.approved', 'transaction.dispute', 'transaction.chargeback']);
    const ours = await svc.db.query<{ reason: string; status: string; provider_dispute_id: string }>(`SELECT reason, status, provider_dispute_id FROM disputes WHERE transaction_id = $1`, [t.id]);
    expect(ours.rows).toEqual([{ reason: 'fraudulent', status: 'lost', provider_dispute_id: dispute.id }]);
    expect(timelineOf(after)).toContain('dispute');
  });

  it('keeps no Stripe key, signing secret, card number or CVV in any log line, table or response, even at trace', async () => {
    const number = '4929395804151466';
    const created = await svc.call('/v1/transactions', { method: 'POST', json: cardBody(number, {}, { amount: 4567 }) });
    const answers = [await created.text()];
    const { id } = JSON.parse(answers[0]!) as { id: string };
    await settled(svc, id);
    for (const path of [`/v1/transactions/${id}`, '/v1/transactions?limit=100']) answers.push(await (await svc.call(path)).text());
    const text = [svc.logs.join('\n'), await everyRow(svc.db), ...answers].join('\n');
    expect(svc.logs.length).toBeGreaterThan(0);
    expect(text).toContain(id);
    for (const secret of [stripe.secretKey, stripe.webhookSecret, number, stripe.secretKey.slice(8)]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"(cvv|cvc)"\s*:\s*"987"|cvc=987|card\[cvc\]/);
  });
});
