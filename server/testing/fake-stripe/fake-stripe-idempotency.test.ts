/**
 * The fake Stripe's idempotency (replays, idempotency_error, 409 while in flight, nothing saved for a refused
 * request) and its faults (fail, hang, drop), through the SDK and raw HTTP.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { cardIntent, cardParams, raw, until, withFake } from './test-support';

const card = (number: string) => cardParams(number) as Stripe.PaymentIntentCreateParams.PaymentMethodData;
/** The PaymentIntent a card error or an unexpected-state error names. */
const intentOf = (e: Stripe.errors.StripeError) => (e.raw as { payment_intent: Stripe.PaymentIntent }).payment_intent;
const FORM = 'amount=1500&currency=brl&allowed_payment_method_types[0]=card';

describe('idempotent requests', () => {
  it('replays the first answer verbatim to a retry with the same key and parameters, doing nothing again', async () => {
    await withFake({}, async (fake, stripe) => {
      const first = await raw(fake, 'POST', '/v1/payment_intents', { form: FORM, headers: { 'idempotency-key': 'order-1' } });
      const second = await raw(fake, 'POST', '/v1/payment_intents', { form: FORM, headers: { 'idempotency-key': 'order-1' } });
      expect(second.status).toBe(first.status);
      expect(second.json).toEqual(first.json);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(second.headers.get('original-request')).toBe(first.headers.get('request-id'));
      expect(second.headers.get('request-id')).not.toBe(first.headers.get('request-id'));
      // The SDK's own call with the same key gets the same PaymentIntent.
      const viaSdk = await stripe.paymentIntents.create({ amount: 1500, currency: 'brl', allowed_payment_method_types: ['card'] }, { idempotencyKey: 'order-1' });
      expect(viaSdk.id).toBe(first.json.id);
      expect(fake.intentsCreatedPerKey()).toEqual({ 'order-1': 1 });
      expect(fake.events().map((e) => e.type)).toEqual(['payment_intent.created']);
      expect(fake.requests.map((r) => r.replayed)).toEqual([false, true, true]);
    });
  });

  it('keeps a saved 5xx under its key, replayed to every retry, while a new key is executed', async () => {
    await withFake({}, async (fake) => {
      fake.fail({ status: 500, saved: true, method: 'POST', pathPrefix: '/v1/payment_intents' });
      const first = await raw(fake, 'POST', '/v1/payment_intents', { form: FORM, headers: { 'idempotency-key': 'k500' } });
      const again = await raw(fake, 'POST', '/v1/payment_intents', { form: FORM, headers: { 'idempotency-key': 'k500' } });
      expect([first.status, again.status]).toEqual([500, 500]);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(fake.paymentIntents()).toEqual([]);
      const other = await raw(fake, 'POST', '/v1/payment_intents', { form: FORM, headers: { 'idempotency-key': 'k500-b' } });
      expect(other.status).toBe(200);
      expect(fake.intentsCreatedPerKey()).toEqual({ 'k500-b': 1 });
    });
  });

  it('replays a decline too: the same 402 and the same PaymentIntent, one charge attempt', async () => {
    await withFake({}, async (fake, stripe) => {
      const params = cardIntent(1000, { payment_method_data: card('4000000000000002'), confirm: true });
      const a = (await stripe.paymentIntents.create(params, { idempotencyKey: 'k' }).catch((e: unknown) => e)) as Stripe.errors.StripeCardError;
      const b = (await stripe.paymentIntents.create(params, { idempotencyKey: 'k' }).catch((e: unknown) => e)) as Stripe.errors.StripeCardError;
      expect([a.statusCode, b.statusCode]).toEqual([402, 402]);
      expect(intentOf(b).id).toBe(intentOf(a).id);
      expect(fake.intentsCreatedPerKey()).toEqual({ k: 1 });
      expect(fake.events().filter((e) => e.type === 'charge.failed')).toHaveLength(1);
    });
  });

  it('answers idempotency_error for the same key with other parameters or on another endpoint', async () => {
    await withFake({}, async (fake, stripe) => {
      const pi = await stripe.paymentIntents.create(cardIntent(1000), { idempotencyKey: 'same' });
      const other = await stripe.paymentIntents.create(cardIntent(2000), { idempotencyKey: 'same' }).catch((e: unknown) => e);
      expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
      expect(other).toMatchObject({ statusCode: 400, rawType: 'idempotency_error', message: expect.stringMatching(/same parameters/) });
      const elsewhere = await stripe.paymentIntents.cancel(pi.id, {}, { idempotencyKey: 'same' }).catch((e: unknown) => e);
      expect(elsewhere).toMatchObject({ statusCode: 400, rawType: 'idempotency_error', message: expect.stringMatching(/same endpoint/) });
      expect(fake.paymentIntent(pi.id)?.status).toBe('requires_payment_method');
      expect(fake.intentsCreatedPerKey()).toEqual({ same: 1 });
    });
  });

  it('saves nothing for a request refused for its parameters, so a corrected retry under the same key executes', async () => {
    await withFake({}, async (fake) => {
      const refused = await raw(fake, 'POST', '/v1/payment_intents', { form: 'amount=1500', headers: { 'idempotency-key': 'fix-me' } });
      expect(refused.status).toBe(400);
      expect(refused.json.error).toMatchObject({ code: 'parameter_missing', param: 'currency' });
      const retried = await raw(fake, 'POST', '/v1/payment_intents', { form: FORM, headers: { 'idempotency-key': 'fix-me' } });
      expect([retried.status, retried.json.object]).toEqual([200, 'payment_intent']);
      expect(fake.intentsCreatedPerKey()).toEqual({ 'fix-me': 1 });
    });
  });

  it('answers 409 idempotency_key_in_use while the first request with the key is still executing, then replays it', async () => {
    await withFake({}, async (fake, stripe) => {
      fake.hang({ ms: 300, method: 'POST', pathPrefix: '/v1/payment_intents' });
      const first = stripe.paymentIntents.create({ amount: 1500, currency: 'brl', allowed_payment_method_types: ['card'] }, { idempotencyKey: 'busy' });
      await until(() => fake.requests.length === 1);
      const during = await raw(fake, 'POST', '/v1/payment_intents', { form: FORM, headers: { 'idempotency-key': 'busy' } });
      expect(during.status).toBe(409);
      expect(during.json.error).toMatchObject({ type: 'invalid_request_error', code: 'idempotency_key_in_use' });
      const pi = await first;
      const after = await raw(fake, 'POST', '/v1/payment_intents', { form: FORM, headers: { 'idempotency-key': 'busy' } });
      expect([after.status, after.json.id, after.headers.get('idempotent-replayed')]).toEqual([200, pi.id, 'true']);
      expect(fake.intentsCreatedPerKey()).toEqual({ busy: 1 });
    });
  });
});

describe('faults', () => {
  it("fail: Stripe's error body for the status, no effect, nothing saved under the key", async () => {
    await withFake({}, async (fake, stripe) => {
      fake.fail({ status: 500, method: 'POST' });
      fake.fail({ status: 429, method: 'POST' });
      const params = cardIntent(1000);
      const e500 = await stripe.paymentIntents.create(params, { idempotencyKey: 'f' }).catch((e: unknown) => e);
      expect(e500).toBeInstanceOf(Stripe.errors.StripeAPIError);
      expect(e500).toMatchObject({ statusCode: 500, rawType: 'api_error' });
      const e429 = await stripe.paymentIntents.create(params, { idempotencyKey: 'f' }).catch((e: unknown) => e);
      expect(e429).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
      expect(e429).toMatchObject({ statusCode: 429, code: 'rate_limit' });
      expect(fake.paymentIntents()).toEqual([]);
      const pi = await stripe.paymentIntents.create(params, { idempotencyKey: 'f' });
      expect(pi.status).toBe('requires_payment_method');
      expect(fake.intentsCreatedPerKey()).toEqual({ f: 1 });
      fake.fail({ status: 503, pathPrefix: '/v1/account' });
      expect((await raw(fake, 'GET', '/v1/account')).status).toBe(503);
    });
  });

  it('hang: the request takes effect, the answer comes late; a retry under the key after it replays the one PaymentIntent', async () => {
    await withFake({}, async (fake) => {
      fake.hang({ ms: 200, method: 'POST' });
      const impatient = new Stripe(fake.secretKey, { host: fake.host, port: fake.port, protocol: 'http', maxNetworkRetries: 0, timeout: 50 });
      const err = await impatient.paymentIntents.create(cardIntent(1000), { idempotencyKey: 'slow' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Stripe.errors.StripeConnectionError);
      expect(fake.paymentIntents()).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 250));
      const retry = await impatient.paymentIntents.create(cardIntent(1000), { idempotencyKey: 'slow' });
      expect(retry.id).toBe(fake.paymentIntents()[0]!.id);
      expect(fake.intentsCreatedPerKey()).toEqual({ slow: 1 });
    });
  });

  it('hang without ms never answers; close() drops the connection', async () => {
    await withFake({}, async (fake, stripe) => {
      fake.hang({ pathPrefix: '/v1/account' });
      const pending = stripe.accounts.retrieveCurrent().catch((e: unknown) => e);
      await until(() => fake.requests.length === 1);
      await fake.close();
      expect(await pending).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    });
  });

  it("drop: with effect, the SDK's one automatic retry under the same key gets the replay; without, nothing happens", async () => {
    await withFake({}, async (fake, stripe) => {
      fake.drop({ effect: true, method: 'POST' });
      const pi = await stripe.paymentIntents.create(cardIntent(1000, { payment_method_data: card('4242424242424242'), confirm: true }));
      expect(pi.status).toBe('succeeded');
      expect(fake.requests.map((r) => [r.status, r.replayed])).toEqual([[0, false], [200, true]]);
      expect(Object.values(fake.intentsCreatedPerKey())).toEqual([1]);
      fake.drop({ effect: false, method: 'POST', times: 2 });
      const lost = await stripe.paymentIntents.create(cardIntent(1000)).catch((e: unknown) => e);
      expect(lost).toBeInstanceOf(Stripe.errors.StripeConnectionError);
      expect(fake.paymentIntents()).toHaveLength(1);
    });
  });
});
