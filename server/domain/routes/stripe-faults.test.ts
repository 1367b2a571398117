/**
 * What goes wrong between the service and Stripe, on both engines: an event delivered twice, before the answer it
 * follows, or out of order, is applied once; an event lost is applied by the sweep; Stripe answering 500 leaves the
 * charge `awaiting` (nothing charged) or sends a PIX to the next route; a confirmation that times out is uncertain and
 * settled by reading the PaymentIntent, never charged twice (one PaymentIntent per key, every extra one given back).
 */
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../testing/harness';
import { startFakePsp, type FakePsp } from '../../testing/fake-psp';
import { startFakeStripe, type FakeStripe } from '../../testing/fake-stripe';
import { startPixRouteService, type PixRouteService } from '../../testing/api-pix';
import { expectLedgerConsistent } from '../../testing/ledger';
import { billetBody, cardBody, eventTypes, pixBody, timelineOf, type Transaction } from '../../testing/payments';
import { until } from '../../testing/until';
import { expectOnlySdk, intentOf, settled, withAddress } from '../../testing/stripe';
import { runAdmin } from '../../admin/run';
import { sweepRoute } from './sweep';
import { startReceiver, type Receiver } from '../../testing/receiver';

const silent = pino({ level: 'silent' });

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}


describe.each(ENGINES)('Stripe events that repeat, overtake or go missing, on $name', (engine) => {
  let stripe: FakeStripe;
  let svc: PixRouteService;
  beforeAll(async () => {
    stripe = await startFakeStripe({ livemode: true });
    svc = await startPixRouteService(engine, [{ id: 'stripe-main', stripe }], { ROUTES_SWEEP_SECONDS: '1' });
  });
  afterAll(async () => {
    await svc?.close();
    await stripe?.close();
  });
  afterEach(async () => {
    await expectLedgerConsistent(svc.db);
    expectOnlySdk(stripe);
  });

  const get = async (id: string) => json<Transaction>(await svc.call(`/v1/transactions/${id}`));

  it('holds a payment event that overtook the answer it follows, and applies it once the answer is recorded', async () => {
    const customerId = await withAddress(svc);
    // Stripe issues the boleto at once but its answer to the confirmation comes late.
    stripe.hang({ method: 'POST', pathPrefix: '/v1/payment_intents/', ms: 1500, times: 1 });
    const t = await json<Transaction>(await svc.call('/v1/transactions', { method: 'POST', json: billetBody({ customer: undefined, customerId }) }));
    const running = svc.drain();
    await until('the confirmation to reach Stripe', () => stripe.requests.some((r) => r.path.endsWith('/confirm')));
    const id = stripe.requests.find((r) => r.path.endsWith('/confirm'))!.path.split('/')[3]!;
    await until('the boleto to be issued at Stripe', () => stripe.paymentIntent(id)?.status === 'requires_action');
    const paid = await stripe.pay(id);
    expect(paid.statuses.every((s) => s === 200)).toBe(true);
    const held = await svc.db.query<{ outcome: string }>(`SELECT outcome FROM stripe_events WHERE route_id = 'stripe-main' AND type = 'payment_intent.succeeded' AND transaction_id = $1`, [t.id]);
    expect(held.rows.map((r) => r.outcome)).toEqual(['held']);
    await running;
    // The sweep applies it (the drain may have run one already: applied once either way).
    await sweepRoute(svc.payments, 'stripe-main', silent);
    const after = await get(t.id);
    expect(after.status).toBe('approved');
    expect((await eventTypes(svc.db, t.id)).filter((e) => e === 'transaction.approved')).toHaveLength(1);
    // A late copy of the event changes nothing.
    expect(await stripe.resend(paid.events.find((e) => e.type === 'payment_intent.succeeded')!.id)).toBe(200);
    await svc.drain();
    expect((await eventTypes(svc.db, t.id)).filter((e) => e === 'transaction.approved')).toHaveLength(1);
  });

  it('applies a payment whose event was lost at the next sweep', async () => {
    const customerId = await withAddress(svc);
    const t = await settled(svc, (await json<Transaction>(await svc.call('/v1/transactions', { method: 'POST', json: billetBody({ customer: undefined, customerId }) }))).id);
    await stripe.pay(await intentOf(svc.db, t.id), { delivery: 'lost' });
    expect((await get(t.id)).status).toBe('pending');
    await sweepRoute(svc.payments, 'stripe-main', silent);
    await svc.drain();
    expect((await get(t.id)).status).toBe('approved');
    const kept = await svc.db.query<{ source: string }>(`SELECT source FROM stripe_events WHERE transaction_id = $1 AND type = 'payment_intent.succeeded'`, [t.id]);
    expect(kept.rows).toEqual([{ source: 'sweep' }]);
  });

  it('closes a dispute whose closing came before its opening, once, and ignores the opening then', async () => {
    const t = await settled(svc, (await json<Transaction>(await svc.call('/v1/transactions', { method: 'POST', json: cardBody('4242424242424242', {}, { amount: 8000 }) }))).id);
    const id = await intentOf(svc.db, t.id);
    const { dispute, report: opened } = await stripe.openDispute(id, { reason: 'product_not_received', delivery: 'keep' });
    const closed = await stripe.closeDispute(dispute.id, 'won', { delivery: 'keep' });
    const closing = closed.events.find((e) => e.type === 'charge.dispute.closed')!;
    const opening = opened.events.find((e) => e.type === 'charge.dispute.created')!;
    expect(await stripe.deliverKept([closing.id, opening.id, closing.id])).toEqual([200, 200, 200]);
    await svc.drain();
    const after = await get(t.id);
    expect(after.status).toBe('approved');
    expect(await eventTypes(svc.db, t.id)).toEqual(['transaction.created', 'transaction.approved', 'transaction.dispute', 'transaction.approved']);
    const ours = await svc.db.query<{ status: string; reason: string }>(`SELECT status, reason FROM disputes WHERE transaction_id = $1`, [t.id]);
    expect(ours.rows).toEqual([{ status: 'won', reason: 'product-not-received' }]);
  });

  it('reads a capture Stripe answered 500 (and keeps answering under its key) back from the payment, and captures under a key of its own', async () => {
    const t = await settled(svc, (await json<Transaction>(await svc.call('/v1/transactions', { method: 'POST', json: cardBody('4242424242424242', { capture: false }, { amount: 5000 }) }))).id);
    const id = await intentOf(svc.db, t.id);
    stripe.fail({ status: 500, saved: true, method: 'POST', pathPrefix: `/v1/payment_intents/${id}/capture`, times: 1 });
    const res = await svc.call(`/v1/transactions/${t.id}/capture`, { method: 'POST', json: { amount: 4000 } });
    expect(res.status).toBe(200);
    expect((await json<Transaction>(res)).capturedAmount).toBe(4000);
    expect(stripe.paymentIntent(id)).toMatchObject({ status: 'succeeded', amount_received: 4000 });
    const captures = stripe.requests.filter((r) => r.path === `/v1/payment_intents/${id}/capture`);
    expect(captures.map((r) => r.status)).toEqual([500, 200]);
    expect(captures[1]!.headers['idempotency-key']).toMatch(/:again:[0-9a-f]{12}$/);
  });

  it('keeps a refund Stripe answered 500 pending, its amount reserved, and never makes a second one', async () => {
    const t = await settled(svc, (await json<Transaction>(await svc.call('/v1/transactions', { method: 'POST', json: cardBody('4242424242424242', {}, { amount: 6000 }) }))).id);
    const id = await intentOf(svc.db, t.id);
    stripe.fail({ status: 500, saved: true, method: 'POST', pathPrefix: '/v1/refunds', times: 1 });
    const res = await svc.call(`/v1/transactions/${t.id}/refunds`, { method: 'POST', json: { amount: 1000 } });
    expect(res.status).toBe(201);
    const refund = await json<{ id: string; status: string }>(res);
    expect(refund.status).toBe('pending');
    await svc.drain();
    // Its confirmation looked for it among the payment's refunds, asked again under its key, and got the same 500.
    expect(stripe.requests.some((r) => r.method === 'GET' && r.path === '/v1/refunds' && r.query.payment_intent === id)).toBe(true);
    expect(stripe.refunds().filter((r) => r.payment_intent === id)).toEqual([]);
    const stored = await svc.db.query<{ status: string }>(`SELECT status FROM refunds WHERE id = $1`, [refund.id]);
    expect(stored.rows).toEqual([{ status: 'pending' }]);
    const more = await svc.call(`/v1/transactions/${t.id}/refunds`, { method: 'POST', json: { amount: 5001 } });
    expect(more.status).toBe(422);
  });

  it('gives a voided card payment back once, however many voids and releases ask for it', async () => {
    const t = await settled(svc, (await json<Transaction>(await svc.call('/v1/transactions', { method: 'POST', json: cardBody('4242424242424242', {}, { amount: 7700 }) }))).id);
    const id = await intentOf(svc.db, t.id);
    const key = (await svc.db.query<{ idempotency_key: string }>(`SELECT idempotency_key FROM stripe_intents WHERE intent_id = $1`, [id])).rows[0]!.idempotency_key;
    const route = svc.payments.orchestrator.provider('stripe-main');
    const ask = { authorizeKey: key, transactionId: t.id, amount: 7700 };
    expect(await route.cancel({ ...ask, idempotencyKey: `${key}:void` })).toEqual({ kind: 'canceled' });
    expect(await route.cancel({ ...ask, idempotencyKey: `${key}:release` })).toEqual({ kind: 'canceled' });
    expect(await route.cancel({ ...ask, idempotencyKey: `${key}:void` })).toEqual({ kind: 'canceled' });
    const given = stripe.refunds().filter((r) => r.payment_intent === id);
    expect(given.map((r) => r.amount)).toEqual([7700]);
  });

  it('reads a confirmation Stripe answered 500 back, leaves it to the engine\'s void, and a key asked again after the void is unavailable', async () => {
    const t = await settled(svc, (await json<Transaction>(await svc.call('/v1/transactions', { method: 'POST', json: pixBody({ amount: 1500 }) }))).id);
    const route = svc.payments.orchestrator.provider('stripe-main');
    const req = { idempotencyKey: `${t.id}:authorize:stripe-main:99`, transactionId: t.id, merchant: { id: 'bus_x', name: 'Acme' }, method: 'pix' as const, amount: 1500, installments: 1, capture: true };
    stripe.fail({ status: 500, saved: true, method: 'POST', pathPrefix: '/v1/payment_intents/', times: 1 });
    // Not confirmed, as the intent read back shows: uncertain, and nothing canceled by the route itself.
    await expect(route.authorize(req)).rejects.toThrow(/no answer Stripe stands behind/);
    const [made] = stripe.paymentIntents().filter((p) => p.metadata.authorize_key === req.idempotencyKey);
    expect(made!.status).toBe('requires_payment_method');
    expect(await route.cancel({ idempotencyKey: `${req.idempotencyKey}:void`, authorizeKey: req.idempotencyKey, transactionId: t.id, amount: 1500 })).toEqual({ kind: 'canceled' });
    expect((await route.authorize(req)).kind).toBe('unavailable');
    expect(stripe.paymentIntent(made!.id)!.status).toBe('canceled');
    expect(stripe.paymentIntents().filter((p) => p.metadata.authorize_key === req.idempotencyKey)).toHaveLength(1);
  });

  it('waits for a confirmation another run has at Stripe, and both read the same issued code', async () => {
    const t = await settled(svc, (await json<Transaction>(await svc.call('/v1/transactions', { method: 'POST', json: pixBody({ amount: 1700 }) }))).id);
    const route = svc.payments.orchestrator.provider('stripe-main');
    const req = { idempotencyKey: `${t.id}:authorize:stripe-main:77`, transactionId: t.id, merchant: { id: 'bus_x', name: 'Acme' }, method: 'pix' as const, amount: 1700, installments: 1, capture: true };
    // Stripe is slow on the first confirmation: its key is in progress and the payment untouched for 600 ms.
    stripe.hang({ method: 'POST', pathPrefix: '/v1/payment_intents/', ms: 600, times: 1, slow: true });
    const a = route.authorize(req);
    await until('the first confirmation to reach Stripe', () => stripe.requests.some((r) => r.headers['idempotency-key'] === `${req.idempotencyKey}:confirm`));
    const [first, second] = await Promise.all([a, route.authorize(req)]);
    expect(first.kind).toBe('issued');
    expect(second).toEqual(first);
    const made = stripe.paymentIntents().filter((p) => p.metadata.authorize_key === req.idempotencyKey);
    expect(made.map((p) => p.status)).toEqual(['requires_action']);
    expect(stripe.requests.filter((r) => r.headers['idempotency-key'] === `${req.idempotencyKey}:confirm`).map((r) => r.status)).toContain(409);
  });

  it('answers a 3-D Secure refusal again when its key is asked again, not the canceled payment\'s unavailable', async () => {
    const t = await settled(svc, (await json<Transaction>(await svc.call('/v1/transactions', { method: 'POST', json: cardBody('4000002760003184', {}, { amount: 2300 }) }))).id);
    expect(t.payment.refused?.code).toBe('authenticationRequired');
    const key = (await svc.db.query<{ idempotency_key: string }>(`SELECT idempotency_key FROM stripe_intents WHERE transaction_id = $1`, [t.id])).rows[0]!.idempotency_key;
    const route = svc.payments.orchestrator.provider('stripe-main');
    const card = (await svc.db.query<{ token: string }>(`SELECT processing -> 'card' ->> 'token' AS token FROM transactions WHERE id = $1`, [t.id])).rows[0]!.token;
    const again = await route.authorize({
      idempotencyKey: key, transactionId: t.id, merchant: { id: 'bus_x', name: 'Acme' }, method: 'credit', amount: 2300, installments: 1, capture: true,
      card: { token: card, brand: 'visa', firstDigits: '400000', lastDigits: '3184' },
    });
    expect(again).toMatchObject({ kind: 'declined', code: 'authenticationRequired' });
  });

  it('keeps for review a refund Stripe failed that is none of the charge\'s pending refunds (a void\'s give-back)', async () => {
    const t = await settled(svc, (await json<Transaction>(await svc.call('/v1/transactions', { method: 'POST', json: cardBody('4242424242424242', {}, { amount: 3100 }) }))).id);
    const id = await intentOf(svc.db, t.id);
    const key = (await svc.db.query<{ idempotency_key: string }>(`SELECT idempotency_key FROM stripe_intents WHERE intent_id = $1`, [id])).rows[0]!.idempotency_key;
    const route = svc.payments.orchestrator.provider('stripe-main');
    expect(await route.cancel({ authorizeKey: key, transactionId: t.id, amount: 3100, idempotencyKey: `${key}:void` })).toEqual({ kind: 'canceled' });
    const given = stripe.refunds().find((r) => r.payment_intent === id)!;
    await stripe.settleRefund(given.id, 'failed');
    const kept = await svc.db.query<{ outcome: string }>(`SELECT outcome FROM stripe_events WHERE transaction_id = $1 AND type = 'refund.failed'`, [t.id]);
    expect(kept.rows).toEqual([{ outcome: 'review' }]);
  });

  it('keeps for review a dispute of a charge with nothing left to hold, and answers Stripe 200', async () => {
    const t = await settled(svc, (await json<Transaction>(await svc.call('/v1/transactions', { method: 'POST', json: cardBody('4242424242424242', {}, { amount: 4400 }) }))).id);
    expect((await svc.call(`/v1/transactions/${t.id}/refunds`, { method: 'POST', json: {} })).status).toBe(201);
    const { report } = await stripe.openDispute(await intentOf(svc.db, t.id), { reason: 'duplicate' });
    expect(report.statuses.every((s) => s === 200)).toBe(true);
    const kept = await svc.db.query<{ outcome: string }>(`SELECT outcome FROM stripe_events WHERE transaction_id = $1 AND type = 'charge.dispute.created'`, [t.id]);
    expect(kept.rows).toEqual([{ outcome: 'review' }]);
    expect((await get(t.id)).status).toBe('approved');
    // The operator's list shows it.
    const listed = await runAdmin(['routes', 'events', '--id', 'stripe-main'], svc.db);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^stripe-main\\s+evt_\\w+\\s+charge\\.dispute\\.created\\s+pi_\\w+\\s+review\\s+${t.id}\\s+notification\\s`, 'm'));
  });

  it('refuses a notification whose signature does not verify, and applies nothing of it', async () => {
    const res = await fetch(`${svc.url}/hooks/routes/stripe-main/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: JSON.stringify({ id: 'evt_forged', type: 'payment_intent.succeeded', data: { object: {} } }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('malformedRequest');
    const none = await svc.db.query(`SELECT 1 FROM stripe_events WHERE event_id = 'evt_forged'`);
    expect(none.rows).toHaveLength(0);
    expect((await fetch(`${svc.url}/hooks/routes/stripe-nope/stripe`, { method: 'POST', body: '{}' })).status).toBe(404);
  });
});

describe.each(ENGINES)('Stripe failing or slow, on $name', (engine) => {
  let stripe: FakeStripe;
  let psp: FakePsp;
  let svc: PixRouteService;
  beforeAll(async () => {
    stripe = await startFakeStripe({ livemode: true });
    psp = await startFakePsp({ allowHttpWebhook: true });
    // PIX goes to the API Pix route first and to Stripe second; cards and boletos to Stripe alone. A call gets 2 s.
    svc = await startPixRouteService(engine, [{ id: 'pix-main', fake: psp }, { id: 'stripe-main', stripe }], { PROVIDER_TIMEOUT_MS: '2000', ROUTE_RETRY_SECONDS: '1,1,1' });
  });
  afterAll(async () => {
    await svc?.close();
    await stripe?.close();
    await psp?.close();
  });
  afterEach(async () => {
    await expectLedgerConsistent(svc.db);
    expectOnlySdk(stripe);
    expect(Object.values(stripe.intentsCreatedPerKey()).filter((n) => n !== 1)).toEqual([]);
  });

  it('sends a PIX to Stripe when the API Pix route is down, and the timeline names both', async () => {
    psp.fail({ status: 503, method: 'PUT', pathPrefix: '/cob' });
    const t = await settled(svc, (await json<Transaction>(await svc.call('/v1/transactions', { method: 'POST', json: pixBody({ amount: 4321 }) }))).id);
    expect(timelineOf(t)).toEqual(expect.arrayContaining(['route:pix-main:unavailable', 'route:stripe-main:sent']));
    expect(t.payment.provider).toBe('stripe-main');
    const id = await intentOf(svc.db, t.id);
    const pi = stripe.paymentIntent(id)!;
    expect(t.payment.pixQrCodeEmv).toBe(pi.next_action!.pix_display_qr_code!.data);
    await stripe.pay(id);
    await svc.drain();
    expect((await json<Transaction>(await svc.call(`/v1/transactions/${t.id}`))).status).toBe('approved');
  });

  it('leaves a card awaiting when Stripe answers 500 (the payment canceled, nothing charged), then charges it on the retry', async () => {
    stripe.fail({ status: 500, method: 'POST', pathPrefix: '/v1/payment_intents/', times: 1 });
    const created = await json<Transaction>(await svc.call('/v1/transactions', { method: 'POST', json: cardBody('4242424242424242', {}, { amount: 7000 }) }));
    await svc.drain();
    const waiting = await json<Transaction>(await svc.call(`/v1/transactions/${created.id}`));
    expect(waiting.status).toBe('awaiting');
    const first = stripe.paymentIntents().find((p) => p.metadata.transaction_id === created.id)!;
    expect(first.status).toBe('canceled');
    const t = await settled(svc, created.id);
    expect(t.status).toBe('approved');
    const all = stripe.paymentIntents().filter((p) => p.metadata.transaction_id === created.id);
    expect(all.map((p) => p.status).sort()).toEqual(['canceled', 'succeeded']);
  });

  it('reads a confirmation that timed out as uncertain, and settles it from the PaymentIntent: charged once', async () => {
    // Stripe charges the card at once and answers after the service's 2 s time-out.
    stripe.hang({ method: 'POST', pathPrefix: '/v1/payment_intents/', ms: 4000, times: 1 });
    const created = await json<Transaction>(await svc.call('/v1/transactions', { method: 'POST', json: cardBody('4242424242424242', {}, { amount: 9100 }) }));
    const t = await settled(svc, created.id, 90_000);
    expect(t.status).toBe('approved');
    expect(t.capturedAmount).toBe(9100);
    const all = stripe.paymentIntents().filter((p) => p.metadata.transaction_id === created.id);
    // The first PaymentIntent was charged under the key that timed out, and given back in full by its void; the
    // charge stands on a second one: the payer paid 9100 once.
    const kept = all.reduce((n, p) => n + p.amount_received, 0) - stripe.refunds().filter((r) => all.some((p) => p.id === r.payment_intent) && r.status !== 'failed' && r.status !== 'canceled').reduce((n, r) => n + r.amount, 0);
    expect(kept).toBe(9100);
    const ops = await svc.db.query<{ kind: string; state: string }>(`SELECT kind, state FROM provider_operations WHERE subject_id = $1 ORDER BY created_at, id`, [created.id]);
    expect(ops.rows).toEqual(expect.arrayContaining([{ kind: 'authorize', state: 'failed' }, { kind: 'void', state: 'succeeded' }, { kind: 'authorize', state: 'succeeded' }]));
  }, 120_000);
});

describe.each(ENGINES)("a sandbox route on Stripe's test mode, on $name", (engine) => {
  let stripe: FakeStripe;
  let svc: PixRouteService;
  let receiver: Receiver;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    svc = await startPixRouteService(engine, [{ id: 'stripe-test', stripe, mode: 'sandbox' }]);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await svc?.close();
    await stripe?.close();
    await receiver?.close();
  });
  afterEach(async () => {
    await expectLedgerConsistent(svc.db);
    expectOnlySdk(stripe);
  });

  const sandbox = (path: string, init: Parameters<PixRouteService['call']>[1] = {}) => svc.call(path, { ...init, key: svc.merchant.sandboxKey });

  it('tokenizes sandbox cards at Stripe, and the simulator never approves a card Stripe holds', async () => {
    const t = await json<Transaction>(await sandbox('/v1/transactions', { method: 'POST', json: cardBody('4242424242424242', {}, { amount: 2100 }) }));
    await svc.drain();
    const approved = await json<Transaction>(await sandbox(`/v1/transactions/${t.id}`));
    expect(approved).toMatchObject({ status: 'approved', payment: { provider: 'stripe-test' } });
    // Stripe limits the account: the simulator's routes come next, and answer that this card is not theirs.
    stripe.fail({ status: 429, method: 'POST', pathPrefix: '/v1/payment_intents', times: 1 });
    const other = await json<Transaction>(await sandbox('/v1/transactions', { method: 'POST', json: cardBody('4242424242424242', {}, { amount: 2200 }) }));
    await svc.drain();
    const waiting = await json<Transaction>(await sandbox(`/v1/transactions/${other.id}`));
    expect(waiting.status).toBe('awaiting');
    expect(timelineOf(waiting)).toEqual(expect.arrayContaining(['route:stripe-test:unavailable', 'route:sandbox:unavailable', 'route:sandbox-fallback:unavailable']));
    // A dispute of a charge Stripe holds is opened at Stripe, not simulated.
    const refused = await sandbox(`/v1/sandbox/transactions/${t.id}/simulate`, { method: 'POST', json: { action: 'dispute' } });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('route stripe-test is a real provider');
  });

  it('announces each step of a card at Stripe to a webhook endpoint, signed, once: approved, disputed, charged back', async () => {
    // Production endpoints must be public https: a sandbox key's endpoint on this machine shows the same deliveries.
    const hook = await sandbox('/v1/webhooks', { method: 'POST', json: { name: 'Orders', endpoint: receiver.url, events: ['transaction.approved', 'transaction.dispute', 'transaction.chargeback'] } });
    expect(hook.status).toBe(201);
    const t = await json<Transaction>(await sandbox('/v1/transactions', { method: 'POST', json: cardBody('5555555555554444', {}, { amount: 3900 }) }));
    await svc.drain();
    const id = await intentOf(svc.db, t.id);
    const { dispute } = await stripe.openDispute(id, { reason: 'unrecognized', delivery: 'twice' });
    await stripe.closeDispute(dispute.id, 'lost', { delivery: 'twice' });
    await svc.drain();
    const delivered = receiver.received
      .map((r) => JSON.parse(r.body) as { type: string; payload: { object: { id: string } } })
      .filter((e) => e.payload.object.id === t.id)
      .map((e) => e.type);
    expect(delivered).toEqual(['transaction.approved', 'transaction.dispute', 'transaction.chargeback']);
    expect(receiver.received.every((r) => /^sha256=[0-9a-f]{64}$/.test(String(r.headers['x-service-signature'] ?? '')))).toBe(true);
  });
});
