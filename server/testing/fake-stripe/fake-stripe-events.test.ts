/**
 * The fake Stripe's events and webhooks: signatures the SDK's `webhooks.constructEvent` accepts (and refuses once
 * tampered), snapshots, the request an event came from, delivery after the answer and in the modes a test asks for,
 * the events list with its filters and cursors; and that no card number or CVC is kept anywhere.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { cardIntent, cardParams, hookTypes, raw, startHooks, withFake } from './test-support';

const card = (number: string) => cardParams(number) as Stripe.PaymentIntentCreateParams.PaymentMethodData;

describe('webhooks', () => {
  it('delivers each event after the answer, signed so that constructEvent accepts it and refuses a tampered one', async () => {
    const hooks = await startHooks();
    try {
      await withFake({}, async (fake, stripe) => {
        fake.setWebhookUrl(hooks.url);
        const pi = await stripe.paymentIntents.create(cardIntent(1000, { payment_method_data: card('4242424242424242'), confirm: true }), { idempotencyKey: 'w-1' });
        await fake.idle();
        expect(hookTypes(hooks)).toEqual(['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded']);
        for (const h of hooks.received) {
          const header = h.headers['stripe-signature'] as string;
          expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v0=[0-9a-f]{64}$/);
          const event = stripe.webhooks.constructEvent(h.body, header, fake.webhookSecret);
          expect(event.livemode).toBe(false);
          expect(event.request).toEqual({ id: expect.stringMatching(/^req_/), idempotency_key: 'w-1' });
          expect(event.api_version).toBe('2026-11-18.endive');
        }
        const first = hooks.received[0]!;
        const created = JSON.parse(first.body) as Stripe.PaymentIntentCreatedEvent;
        // A snapshot of the object when the event happened, not as it is now.
        expect([created.data.object.id, created.data.object.status]).toEqual([pi.id, 'requires_confirmation']);
        const tampered = first.body.replace('"amount": 1000', '"amount": 1');
        expect(tampered).not.toBe(first.body);
        expect(() => stripe.webhooks.constructEvent(tampered, first.headers['stripe-signature'] as string, fake.webhookSecret)).toThrow(Stripe.errors.StripeSignatureVerificationError);
        expect(() => stripe.webhooks.constructEvent(first.body, first.headers['stripe-signature'] as string, 'whsec_other')).toThrow(Stripe.errors.StripeSignatureVerificationError);
        expect(fake.deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
        expect((await stripe.events.retrieve(created.id)).pending_webhooks).toBe(0);
      });
    } finally {
      await hooks.close();
    }
  });

  it('keeps events without an endpoint and delivers them in the order asked; sends twice, loses, resends on demand', async () => {
    const hooks = await startHooks();
    try {
      await withFake({}, async (fake, stripe) => {
        const a = await stripe.paymentIntents.create(cardIntent(1000));
        const b = await stripe.paymentIntents.create(cardIntent(2000));
        await fake.idle();
        expect(hooks.received).toEqual([]);
        fake.setWebhookUrl(hooks.url);
        const [ea, eb] = fake.events();
        expect(await fake.deliverKept([eb!.id, ea!.id])).toEqual([200, 200]);
        expect(hooks.received.map((h) => (JSON.parse(h.body) as Stripe.Event).id)).toEqual([eb!.id, ea!.id]);
        fake.setDelivery('twice');
        await stripe.paymentIntents.cancel(a.id);
        await fake.idle();
        expect(hooks.received.slice(2).map((h) => h.body)).toEqual([hooks.received[2]!.body, hooks.received[2]!.body]);
        fake.setDelivery('lost');
        await stripe.paymentIntents.cancel(b.id);
        await fake.idle();
        expect(hooks.received).toHaveLength(4);
        const lost = fake.events().at(-1)!;
        expect([lost.type, (await stripe.events.retrieve(lost.id)).pending_webhooks]).toEqual(['payment_intent.canceled', 1]);
        hooks.status = 500;
        expect(await fake.resend(lost.id)).toBe(500);
        hooks.status = 200;
        expect(await fake.resend(lost.id)).toBe(200);
        expect((await stripe.events.retrieve(lost.id)).pending_webhooks).toBe(0);
        fake.setDelivery('keep');
        const paid = await stripe.paymentIntents.create(cardIntent(3000, { payment_method_data: card('4242424242424242'), confirm: true }));
        await fake.idle();
        expect(hooks.received).toHaveLength(6);
        expect(await fake.deliverKept()).toEqual([200, 200, 200]);
        expect(JSON.parse(hooks.received.at(-1)!.body).data.object.id).toBe(paid.id);
      });
    } finally {
      await hooks.close();
    }
  });

  it('marks live-mode objects and events, and signs them without the test-mode v0', async () => {
    const hooks = await startHooks();
    try {
      await withFake({ livemode: true }, async (fake, stripe) => {
        expect(fake.secretKey).toMatch(/^sk_live_/);
        fake.setWebhookUrl(hooks.url);
        const pi = await stripe.paymentIntents.create(cardIntent(1000));
        await fake.idle();
        expect(pi.livemode).toBe(true);
        expect(hooks.received[0]!.headers['stripe-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        expect(stripe.webhooks.constructEvent(hooks.received[0]!.body, hooks.received[0]!.headers['stripe-signature'] as string, fake.webhookSecret).livemode).toBe(true);
      });
    } finally {
      await hooks.close();
    }
  });
});

describe('GET /v1/events', () => {
  it('lists newest first with limit and cursors, and filters by type (with wildcard), types[] and created', async () => {
    await withFake({}, async (fake, stripe) => {
      for (const amount of [1000, 2000, 3000]) await stripe.paymentIntents.create(cardIntent(amount));
      const paid = await stripe.paymentIntents.create(cardIntent(4000, { payment_method_data: card('4242424242424242'), confirm: true }));
      const all = fake.events().map((e) => e.id).reverse();
      expect(all).toHaveLength(6);
      const first = await stripe.events.list({ limit: 2 });
      expect([first.data.map((e) => e.id), first.has_more, first.url]).toEqual([all.slice(0, 2), true, '/v1/events']);
      const next = await stripe.events.list({ limit: 2, starting_after: first.data[1]!.id });
      expect(next.data.map((e) => e.id)).toEqual(all.slice(2, 4));
      const back = await stripe.events.list({ limit: 2, ending_before: next.data[0]!.id });
      expect(back.data.map((e) => e.id)).toEqual(all.slice(0, 2));
      const auto: string[] = [];
      for await (const e of stripe.events.list({ limit: 4 })) auto.push(e.id);
      expect(auto).toEqual(all);
      expect((await stripe.events.list({ type: 'charge.*' })).data.map((e) => e.type)).toEqual(['charge.succeeded']);
      expect((await stripe.events.list({ types: ['payment_intent.succeeded', 'charge.succeeded'] })).data).toHaveLength(2);
      const created = fake.events()[0]!.created;
      expect((await stripe.events.list({ created: { gte: created } })).data).toHaveLength(6);
      expect((await stripe.events.list({ created: { lt: created } })).data).toHaveLength(0);
      expect((await stripe.events.retrieve(all[0]!)).data.object).toMatchObject({ id: paid.id, status: 'succeeded' });
      await expect(stripe.events.list({ limit: 101 })).rejects.toMatchObject({ statusCode: 400, param: 'limit' });
      await expect(stripe.events.list({ starting_after: 'evt_nope' })).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
      const both = await raw(fake, 'GET', '/v1/events?type=charge.succeeded&types[0]=charge.failed');
      expect([both.status, both.json.error?.code]).toEqual([400, 'parameters_exclusive']);
    });
  });
});

describe('card data', () => {
  it('keeps no card number or CVC: requests record the last four digits, state and events only what Stripe shows', async () => {
    await withFake({}, async (fake, stripe) => {
      const numbers = ['4242424242424242', '4000000000009995', '4000000760000002'];
      await stripe.paymentMethods.create(cardParams(numbers[0]!, { cvc: '731' }));
      await stripe.paymentIntents.create(cardIntent(1000, { payment_method_data: cardParams(numbers[1]!, { cvc: '731' }) as never, confirm: true })).catch(() => undefined);
      await stripe.paymentIntents.create(cardIntent(1000, { payment_method_data: cardParams(numbers[2]!, { cvc: '731' }) as never, confirm: true }));
      const recorded = JSON.stringify(fake.requests);
      const kept = JSON.stringify([fake.paymentIntents(), fake.events(), fake.requests.map((r) => r.params)]);
      for (const n of numbers) {
        expect(recorded).not.toContain(n);
        expect(kept).not.toContain(n);
      }
      expect(recorded).not.toContain('cvc');
      expect(fake.requests[0]!.params).toMatchObject({ card: { number: '************4242', exp_month: '12' } });
      expect(fake.requests[1]!.params).toMatchObject({ payment_method_data: { card: { number: '************9995' } } });
    });
  });
});
