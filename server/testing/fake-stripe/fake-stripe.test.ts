/**
 * The fake Stripe through the official SDK (and raw HTTP where the SDK hides the wire): authentication and Stripe's
 * error bodies, card PaymentMethods and the test cards' outcomes, 3-D Secure, manual capture, cancellation and
 * installments. Idempotency and faults are in fake-stripe-idempotency.test.ts, boleto, Pix, refunds and disputes in
 * fake-stripe-async.test.ts, events and webhooks in fake-stripe-events.test.ts.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { cardIntent, cardParams, raw, sdk, withFake } from './test-support';

/** The PaymentIntent a card error or an unexpected-state error names. */
const intentOf = (e: Stripe.errors.StripeError) => (e.raw as { payment_intent: Stripe.PaymentIntent }).payment_intent;
const card = (number: string) => cardParams(number) as Stripe.PaymentIntentCreateParams.PaymentMethodData;

describe('the wire', () => {
  it("answers a wrong key with Stripe's 401 body, accepts Bearer and Basic, and names every answer with a Request-Id", async () => {
    await withFake({}, async (fake) => {
      const wrong = await raw(fake, 'GET', '/v1/account', { auth: 'Bearer sk_test_wrongwrongwrong1234' });
      expect(wrong.status).toBe(401);
      expect(wrong.json.error).toEqual({ type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****1234' });
      expect(wrong.headers.get('request-id')).toMatch(/^req_\w{14}$/);
      const basic = await raw(fake, 'GET', '/v1/account', { auth: `Basic ${Buffer.from(`${fake.secretKey}:`).toString('base64')}` });
      expect([basic.status, basic.json.country, basic.json.default_currency]).toEqual([200, 'BR', 'brl']);
      await expect(sdk(fake, 'sk_test_nope').paymentIntents.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      const nowhere = await raw(fake, 'GET', '/v1/nothing');
      expect(nowhere.status).toBe(404);
      expect(nowhere.json.error).toMatchObject({ type: 'invalid_request_error', message: expect.stringMatching(/^Unrecognized request URL \(GET: \/v1\/nothing\)/) });
      expect(fake.requests.map((r) => [r.path, r.authorized, r.status])).toEqual([
        ['/v1/account', false, 401], ['/v1/account', true, 200], ['/v1/payment_intents', false, 401], ['/v1/nothing', true, 404],
      ]);
      expect(fake.requests[2]!.headers['user-agent']).toMatch(/^Stripe\/v1 NodeBindings\//);
      expect(fake.requests[2]!.headers['stripe-version']).toBe('2026-11-18.endive');
    });
  });

  it('refuses payment_method_types under API version 2026-09-30 and later, and reads it for older versions', async () => {
    await withFake({}, async (fake) => {
      const form = 'amount=1000&currency=brl&payment_method_types[0]=card';
      const now = await raw(fake, 'POST', '/v1/payment_intents', { form });
      expect(now.status).toBe(400);
      expect(now.json.error).toMatchObject({ code: 'parameter_unknown', param: 'payment_method_types' });
      const old = await raw(fake, 'POST', '/v1/payment_intents', { form, headers: { 'stripe-version': '2025-08-27.basil' } });
      expect([old.status, old.json.payment_method_types, old.json.automatic_payment_methods]).toEqual([200, ['card'], null]);
    });
  });
});

describe('card PaymentMethods', () => {
  it('shows brand, last four, expiry and a stable fingerprint, and refuses a bad number or expiry with 402 card errors', async () => {
    await withFake({}, async (_fake, stripe) => {
      const pm = await stripe.paymentMethods.create(cardParams('4242424242424242'));
      expect(pm).toMatchObject({ type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12, funding: 'credit' } });
      expect((await stripe.paymentMethods.create(cardParams('4242424242424242'))).card?.fingerprint).toBe(pm.card?.fingerprint);
      expect((await stripe.paymentMethods.create(cardParams('5555555555554444'))).card?.brand).toBe('mastercard');
      expect((await stripe.paymentMethods.retrieve(pm.id)).id).toBe(pm.id);
      const refusals: Array<[Stripe.PaymentMethodCreateParams, string, string]> = [
        [cardParams('4242424242424241'), 'incorrect_number', 'number'],
        [cardParams('4242424242424242', { exp_year: 2019 }), 'invalid_expiry_year', 'exp_year'],
        [cardParams('4242424242424242', { exp_month: 13 }), 'invalid_expiry_month', 'exp_month'],
        [cardParams('4242424242424242', { cvc: '12' }), 'invalid_cvc', 'cvc'],
      ];
      for (const [params, code, param] of refusals) {
        const err = await stripe.paymentMethods.create(params).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);
        expect(err).toMatchObject({ statusCode: 402, code, param, type: 'StripeCardError' });
      }
      await expect(stripe.paymentMethods.retrieve('pm_nope')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    });
  });
});

describe("Stripe's test cards", () => {
  it('declines with the documented codes: HTTP 402 naming the PaymentIntent, back to requires_payment_method', async () => {
    const cases: Array<[string, string, string]> = [
      ['4000000000000002', 'card_declined', 'generic_decline'],
      ['4000000000009995', 'card_declined', 'insufficient_funds'],
      ['4000000000009987', 'card_declined', 'lost_card'],
      ['4000000000009979', 'card_declined', 'stolen_card'],
      ['4000000000000069', 'expired_card', 'expired_card'],
      ['4000000000000127', 'incorrect_cvc', 'incorrect_cvc'],
      ['4000000000000119', 'processing_error', 'processing_error'],
      ['4100000000000019', 'card_declined', 'fraudulent'],
    ];
    await withFake({}, async (fake, stripe) => {
      for (const [number, code, declineCode] of cases) {
        const err = await stripe.paymentIntents.create(cardIntent(1000, { payment_method_data: card(number), confirm: true })).catch((e: unknown) => e);
        expect(err, number).toBeInstanceOf(Stripe.errors.StripeCardError);
        const e = err as Stripe.errors.StripeCardError;
        expect([e.statusCode, e.code, e.decline_code], number).toEqual([402, code, declineCode]);
        const pi = intentOf(e);
        expect(pi.status).toBe('requires_payment_method');
        expect(pi.payment_method).toBeNull();
        expect(pi.last_payment_error).toMatchObject({ type: 'card_error', code, decline_code: declineCode });
        const charge = await stripe.charges.retrieve(pi.latest_charge as string);
        expect([charge.status, charge.paid, charge.failure_code]).toEqual(['failed', false, code]);
      }
      expect(fake.paymentIntents()).toHaveLength(cases.length);
      const types = fake.events().map((e) => e.type);
      expect(types.filter((t) => t === 'payment_intent.payment_failed')).toHaveLength(cases.length);
      expect(types.filter((t) => t === 'charge.failed')).toHaveLength(cases.length);
    });
  });

  it('approves the success cards and any other Luhn-valid number, capturing at once by default', async () => {
    await withFake({}, async (_fake, stripe) => {
      for (const number of ['4242424242424242', '5555555555554444', '4000000760000002', '4111111111111111']) {
        const pi = await stripe.paymentIntents.create(cardIntent(2500, { payment_method_data: card(number), confirm: true, expand: ['latest_charge'] }));
        expect([pi.status, pi.amount_received, pi.capture_method], number).toEqual(['succeeded', 2500, 'automatic_async']);
        const charge = pi.latest_charge as Stripe.Charge;
        expect([charge.captured, charge.amount_captured, charge.paid, charge.payment_intent]).toEqual([true, 2500, true, pi.id]);
      }
    });
  });

  it('sends 3-D Secure cards to requires_action (use_stripe_sdk, or redirect_to_url with a return_url) until the payer authenticates', async () => {
    await withFake({}, async (fake, stripe) => {
      const sdkFlow = await stripe.paymentIntents.create(cardIntent(1000, { payment_method_data: card('4000002760003184'), confirm: true }));
      expect([sdkFlow.status, sdkFlow.next_action?.type, sdkFlow.latest_charge]).toEqual(['requires_action', 'use_stripe_sdk', null]);
      const redirect = await stripe.paymentIntents.create(
        cardIntent(1000, { payment_method_data: card('4000002500003155'), confirm: true, return_url: 'https://shop.example/back' }),
      );
      expect(redirect.next_action).toEqual({ type: 'redirect_to_url', redirect_to_url: { return_url: 'https://shop.example/back', url: `${fake.url}/fake/3ds/${redirect.id}` } });
      const passed = await fake.authenticate(sdkFlow.id, 'succeeded');
      expect(passed.events.map((e) => e.type)).toEqual(['charge.succeeded', 'payment_intent.succeeded']);
      const charge = await stripe.charges.retrieve((await stripe.paymentIntents.retrieve(sdkFlow.id)).latest_charge as string);
      expect(charge.payment_method_details?.card?.three_d_secure).toMatchObject({ result: 'authenticated' });
      await fake.authenticate(redirect.id, 'failed');
      expect(await stripe.paymentIntents.retrieve(redirect.id)).toMatchObject({
        status: 'requires_payment_method',
        last_payment_error: { code: 'payment_intent_authentication_failure' },
      });
    });
  });

  it('refuses to confirm an intent with automatic payment methods without a return_url, creating nothing', async () => {
    await withFake({}, async (fake, stripe) => {
      const err = await stripe.paymentIntents.create({ amount: 1000, currency: 'brl', payment_method_data: card('4242424242424242'), confirm: true }).catch((e: unknown) => e);
      expect(err).toMatchObject({ statusCode: 400, param: 'return_url', type: 'StripeInvalidRequestError' });
      expect(fake.paymentIntents()).toEqual([]);
      const never = await stripe.paymentIntents.create({
        amount: 1000, currency: 'brl', automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        payment_method_data: card('4242424242424242'), confirm: true,
      });
      expect(never.status).toBe('succeeded');
    });
  });
});

describe('capture and cancel', () => {
  it('captures part of a manual authorization; the rest is released and counted as refunded on the charge', async () => {
    await withFake({}, async (fake, stripe) => {
      const pi = await stripe.paymentIntents.create(cardIntent(1000, { capture_method: 'manual', payment_method_data: card('4242424242424242'), confirm: true }));
      expect([pi.status, pi.amount_capturable]).toEqual(['requires_capture', 1000]);
      await expect(stripe.paymentIntents.capture(pi.id, { amount_to_capture: 1001 })).rejects.toMatchObject({ statusCode: 400, code: 'amount_too_large' });
      const captured = await stripe.paymentIntents.capture(pi.id, { amount_to_capture: 600 }, { idempotencyKey: 'cap-1' });
      expect([captured.status, captured.amount_received, captured.amount_capturable]).toEqual(['succeeded', 600, 0]);
      const charge = await stripe.charges.retrieve(captured.latest_charge as string);
      expect([charge.captured, charge.amount_captured, charge.amount_refunded, charge.refunded]).toEqual([true, 600, 400, false]);
      const again = await stripe.paymentIntents.capture(pi.id).catch((e: unknown) => e);
      expect(again).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
      const event = fake.events().find((e) => e.type === 'charge.captured')!;
      expect(event.data.previous_attributes).toMatchObject({ captured: false, amount_captured: 0 });
      expect(fake.events().map((e) => e.type)).toEqual([
        'payment_intent.created', 'charge.succeeded', 'payment_intent.amount_capturable_updated', 'charge.captured', 'payment_intent.succeeded',
      ]);
    });
  });

  it('cancels from the documented statuses and refuses succeeded or canceled intents with the intent in the error', async () => {
    await withFake({}, async (_fake, stripe) => {
      const open = await stripe.paymentIntents.create(cardIntent(1000));
      expect(await stripe.paymentIntents.cancel(open.id, { cancellation_reason: 'abandoned' })).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
      const held = await stripe.paymentIntents.create(cardIntent(1000, { capture_method: 'manual', payment_method_data: card('4242424242424242'), confirm: true }));
      const released = await stripe.paymentIntents.cancel(held.id, {}, { idempotencyKey: 'c-1' });
      expect(released.status).toBe('canceled');
      expect(await stripe.charges.retrieve(released.latest_charge as string)).toMatchObject({ captured: false, refunded: true, amount_refunded: 1000 });
      const paid = await stripe.paymentIntents.create(cardIntent(1000, { payment_method_data: card('4242424242424242'), confirm: true }));
      for (const id of [paid.id, open.id]) {
        const err = (await stripe.paymentIntents.cancel(id).catch((e: unknown) => e)) as Stripe.errors.StripeInvalidRequestError;
        expect([err.statusCode, err.code]).toEqual([400, 'payment_intent_unexpected_state']);
        expect(intentOf(err).id).toBe(id);
        expect(err.message).toMatch(/requires_payment_method, requires_capture, requires_confirmation, requires_action, processing/);
      }
    });
  });
});

describe('update and list', () => {
  it('updates an unpaid intent (metadata merged, a key unset by an empty value), refuses a paid one, and lists newest first', async () => {
    await withFake({}, async (_fake, stripe) => {
      const a = await stripe.paymentIntents.create(cardIntent(1000, { metadata: { order: '42', note: 'x' } }));
      const updated = await stripe.paymentIntents.update(a.id, { amount: 1200, metadata: { note: '', channel: 'web' } });
      expect([updated.amount, updated.metadata]).toEqual([1200, { order: '42', channel: 'web' }]);
      const b = await stripe.paymentIntents.create(cardIntent(1000, { payment_method_data: card('4242424242424242'), confirm: true }));
      await expect(stripe.paymentIntents.update(b.id, { amount: 5 })).rejects.toMatchObject({ statusCode: 400, code: 'amount_too_small' });
      await expect(stripe.paymentIntents.update(b.id, { amount: 900 })).rejects.toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
      expect((await stripe.paymentIntents.update(b.id, { description: 'Pedido 42' })).description).toBe('Pedido 42');
      const list = await stripe.paymentIntents.list({ limit: 1 });
      expect([list.data.map((p) => p.id), list.has_more]).toEqual([[b.id], true]);
      await expect(stripe.paymentIntents.retrieve('pi_nope')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id' });
    });
  });
});

describe('installments (Brazil)', () => {
  it('offers 2 to 12 monthly plans for a Brazilian card, takes a plan only at confirmation, and shows it on the charge', async () => {
    await withFake({}, async (fake, stripe) => {
      const options = { card: { installments: { enabled: true } } };
      const pm = await stripe.paymentMethods.create(cardParams('4000000760000002'));
      const pi = await stripe.paymentIntents.create(cardIntent(12000, { payment_method: pm.id, payment_method_options: options }));
      expect(pi.status).toBe('requires_confirmation');
      const plans = pi.payment_method_options?.card?.installments?.available_plans ?? [];
      expect(plans.map((p) => p.count)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect(plans[0]).toEqual({ count: 2, interval: 'month', type: 'fixed_count' });
      const plan = 'payment_method_options[card][installments][plan]';
      const early = await raw(fake, 'POST', `/v1/payment_intents/${pi.id}`, { form: `${plan}[type]=fixed_count&${plan}[count]=3&${plan}[interval]=month` });
      expect([early.status, early.json.error?.param]).toEqual([400, plan]);
      const tooMany = { card: { installments: { plan: { type: 'fixed_count' as const, count: 13, interval: 'month' as const } } } };
      await expect(stripe.paymentIntents.confirm(pi.id, { payment_method_options: tooMany })).rejects.toMatchObject({ statusCode: 400, param: 'payment_method_options[card][installments][plan]' });
      const three = { card: { installments: { plan: { type: 'fixed_count' as const, count: 3, interval: 'month' as const } } } };
      const paid = await stripe.paymentIntents.confirm(pi.id, { payment_method_options: three, expand: ['latest_charge'] });
      expect(paid.status).toBe('succeeded');
      expect((paid.latest_charge as Stripe.Charge).payment_method_details?.card?.installments).toEqual({ plan: { count: 3, interval: 'month', type: 'fixed_count' } });
      const foreign = await stripe.paymentIntents.create(cardIntent(12000, { payment_method: (await stripe.paymentMethods.create(cardParams('4242424242424242'))).id, payment_method_options: options }));
      expect(foreign.payment_method_options?.card?.installments?.available_plans).toEqual([]);
      await expect(stripe.paymentIntents.confirm(foreign.id, { payment_method_options: three })).rejects.toMatchObject({ statusCode: 400 });
    });
  });
});
