import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../testing/harness';
import { Distiller } from './distil';

const card = { number: '4111111111111111', holderName: 'Maria Silva', expMonth: 12, expYear: 2030, cvv: '123' };
const customer = { firstName: 'Maria', lastName: 'Silva', email: 'maria@example.com' };

describe('oneOf failures, distilled', () => {
  const d = new Distiller();
  const pointer = d.bodyPointer('createTransaction')!;
  const explain = (body: unknown) => d.explain(pointer, body, true);

  it('reports the one contradiction of a card charge naming customer and customerId', () => {
    const body = { amount: 1000, customer, customerId: 'cus_3Jd9QwE5rTy2UiOp', payment: { method: 'credit', card } };
    expect(explain(body)).toEqual([{ customer: 'customer and customerId are exclusive: send only one of them' }]);
  });

  it('reports what is wrong in the branch payment.method selects, and nothing about the others', () => {
    const body = { amount: 'ten', customerId: 'cus_3Jd9QwE5rTy2UiOp', payment: { method: 'credit', card: { ...card, cvv: 123 }, expiresIn: 60 } };
    expect(explain(body)).toEqual([
      { amount: 'must be integer' },
      { 'payment[expiresIn]': 'must NOT have additional properties' },
      { 'payment[card][cvv]': 'must be string' },
    ]);
  });

  it('names the discriminator when it selects no branch, and the missing one of two alternatives', () => {
    expect(explain({ amount: 1000, customer, payment: { method: 'bitcoin' } })).toEqual([{ 'payment[method]': 'must be one of pix, credit, billet' }]);
    expect(explain({ amount: 1000, customer })).toEqual([{ payment: 'is required' }]);
    expect(explain({ amount: 1000, payment: { method: 'pix' } })).toEqual([{ customer: 'is required (or customerId)' }]);
  });

  it('reports a nullable object by its object shape, without "must be null"', () => {
    const body = { amount: 1000, customer: { ...customer, document: { type: 'passport', number: '52998224725' } }, payment: { method: 'pix' } };
    expect(explain(body)).toEqual([{ 'customer[document][type]': 'must be one of cpf, cnpj' }]);
  });

  it('explains each of several choices of one body (customer or customerId, and variantId or plan) on its own', () => {
    const sub = d.bodyPointer('createSubscription')!;
    const plan = { amount: 1000, billingFrequency: 'monthly' };
    const both = { customer, variantId: 'var_9Kl3MnB6vCx1ZaQw', plan, payment: { method: 'pix' } };
    expect(d.explain(sub, both, true)).toEqual([{ variantId: 'variantId and plan are exclusive: send only one of them' }]);
    expect(d.explain(sub, { plan, payment: { method: 'pix' } }, true)).toEqual([
      { customer: 'is required (or customerId)' }, { customerId: 'is required (or customer)' },
    ]);
    // A choice left out names each of its fields, so the one a caller dropped (plan here) is among them.
    expect(d.explain(sub, { customer, payment: { method: 'pix' } }, true)).toEqual([
      { variantId: 'is required (or plan)' }, { plan: 'is required (or variantId)' },
    ]);
    expect(d.explain(sub, { customer, plan: { ...plan, billingFrequency: 'fortnightly' }, payment: { method: 'pix' } }, true))
      .toEqual([{ 'plan[billingFrequency]': 'must be one of daily, weekly, monthly, yearly' }]);
    expect(d.explain(sub, { customer, customerId: 'cus_3Jd9QwE5rTy2UiOp', plan, payment: { method: 'pix' } }, true))
      .toEqual([{ customer: 'customer and customerId are exclusive: send only one of them' }]);
    // Both sent, the second one's own value wrong too: said, though the shape of the first is the one explained.
    expect(d.explain(sub, { customer, customerId: 12, plan, payment: { method: 'pix' } }, true))
      .toEqual([{ customer: 'customer and customerId are exclusive: send only one of them' }, { customerId: 'must be string' }]);
    expect(d.explain(sub, { payment: { method: 'pix', card: 'no' } }, true)).toEqual([
      { customer: 'is required (or customerId)' }, { customerId: 'is required (or customer)' },
      { variantId: 'is required (or plan)' }, { plan: 'is required (or variantId)' }, { 'payment[card]': 'must be object' },
    ]);
    expect(d.explain(sub, { customer, plan, payment: { method: 'pix' } }, true)).toEqual([]);
  });

  it('finds nothing wrong with a valid body', () => {
    expect(explain({ amount: 1000, customer, payment: { method: 'pix' } })).toEqual([]);
  });
});

describe.each(ENGINES)('oneOf answers on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine);
  });
  afterAll(async () => svc?.close());

  it('answers a card charge with both customer and customerId with the contradiction alone', async () => {
    const res = await svc.call('/v1/transactions', {
      method: 'POST',
      json: { amount: 1000, customer, customerId: 'cus_3Jd9QwE5rTy2UiOp', payment: { method: 'credit', card } },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; params: Record<string, string>[] } };
    expect(body.error.code).toBe('invalidParameters');
    expect(body.error.params).toEqual([{ customer: 'customer and customerId are exclusive: send only one of them' }]);
  });
});
