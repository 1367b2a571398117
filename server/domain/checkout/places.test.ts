/**
 * `maxPayments` under concurrent payers: a payment takes one of the link's places when it starts, so however many
 * payers start at once, approved payments never exceed the cap; a place given back (a payment that failed, was
 * refused or expired) is taken by the next payer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../../core/tenancy';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { CARD, insertLink, insertVariant, PAYER, refusal, openOnOffer } from '../../testing/checkout';
import { TEST_CARDS } from '../../testing/payments';
import type { LinkMethod, LinkRow } from './links-repo';
import { offerOf, startPayment, type PaymentChoice } from './sessions';
import { abandonCheckout } from './outcome';
import { createProduct } from '../catalog/products';
import { createVariant } from '../catalog/variants';
import type { VariantInput } from '../catalog/input';

const METHODS: LinkMethod[] = ['pix', 'credit', 'billet'];

/** Payer `i`'s choice of `method` (each payer their own e-mail; a card's number picks its outcome). */
function choiceOf(method: LinkMethod, i: number, card: string = TEST_CARDS.visa): PaymentChoice {
  const payer = { ...PAYER, email: `payer${i}@example.com` };
  return method === 'credit' ? { method, payer, card: CARD(card), installments: 1 } : { method, payer };
}

describe.each(ENGINES)('payment link places on $name', (engine) => {
  let svc: TestService;
  let scope: Scope;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' });
    scope = { merchantId: svc.merchant.merchantId, mode: 'sandbox' };
  });
  afterAll(async () => svc?.close());

  const open = (link: LinkRow) => openOnOffer(svc.payments, link);
  const simulate = (id: string, action: 'pay' | 'expire') => svc.call(`/v1/sandbox/transactions/${id}/simulate`, { method: 'POST', json: { action } });
  const linkState = async (link: LinkRow) => {
    const res = await svc.db.query<{ completed: number; reserved: number; approved: number }>(
      `SELECT completed_payments AS completed, reserved_payments AS reserved,
              (SELECT count(*)::int FROM transactions WHERE payment_link_id = l.id AND status = 'approved') AS approved
         FROM payment_links l WHERE id = $1`,
      [link.id],
    );
    return res.rows[0]!;
  };
  const apiLink = async (link: LinkRow) => (await (await svc.call(`/v1/checkouts/payment-links/${link.id}`)).json()) as Record<string, unknown>;

  /** What a payer does once their payment started: a card is processed by the worker, a PIX or billet is paid. */
  async function payAll(method: LinkMethod, transactionIds: string[]): Promise<void> {
    if (method !== 'credit') await Promise.all(transactionIds.map((id) => simulate(id, 'pay')));
    await svc.drain();
  }

  for (const method of METHODS) {
    for (const payers of [2, 10]) {
      it(`${payers} payers by ${method} at once on a link of maxPayments 1: one payment starts and is approved`, async () => {
        const link = await insertLink(svc.db, scope, { max_payments: 1, methods: [method] });
        const sessions = await Promise.all(Array.from({ length: payers }, () => open(link)));
        const results = await Promise.allSettled(sessions.map((s, i) => startPayment(svc.payments, s.id, choiceOf(method, i))));
        const started = results.flatMap((r) => (r.status === 'fulfilled' && r.value.transactionId ? [r.value.transactionId] : []));
        const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
        expect(started).toHaveLength(1);
        for (const err of refused) expect(err).toMatchObject({ code: 'unprocessableEntity', params: [{ paymentLink: 'fullyReserved' }] });
        expect(await linkState(link)).toEqual({ completed: 0, reserved: 1, approved: 0 });
        expect(await apiLink(link)).toMatchObject({ availability: 'fullyReserved', reservedPayments: 1, completedPayments: 0 });

        // Every payer tries to pay whatever they started, and those refused try again: still one approval.
        await payAll(method, started);
        const again = await Promise.allSettled(sessions.map((s, i) => startPayment(svc.payments, s.id, choiceOf(method, i))));
        await payAll(method, again.flatMap((r) => (r.status === 'fulfilled' && r.value.transactionId ? [r.value.transactionId] : [])));
        expect(await linkState(link)).toEqual({ completed: 1, reserved: 0, approved: 1 });
        expect(await apiLink(link)).toMatchObject({ availability: 'soldOut', reservedPayments: 0, completedPayments: 1 });
      });
    }
  }

  it('ten payers at once on a link of maxPayments 3, by every method: three start and are approved', async () => {
    const link = await insertLink(svc.db, scope, { max_payments: 3 });
    const sessions = await Promise.all(Array.from({ length: 10 }, () => open(link)));
    const methodOf = (i: number) => METHODS[i % 3]!;
    const results = await Promise.allSettled(sessions.map((s, i) => startPayment(svc.payments, s.id, choiceOf(methodOf(i), i))));
    const started = results.flatMap((r, i) => (r.status === 'fulfilled' ? [{ id: r.value.transactionId!, method: methodOf(i) }] : []));
    expect(started).toHaveLength(3);
    await Promise.all(started.filter((s) => s.method !== 'credit').map((s) => simulate(s.id, 'pay')));
    await svc.drain();
    expect(await linkState(link)).toEqual({ completed: 3, reserved: 0, approved: 3 });
  });

  /** How each method's payment ends without being paid: a declined card, a PIX or billet expired unpaid. */
  async function failPayment(method: LinkMethod, transactionId: string): Promise<void> {
    if (method !== 'credit') expect((await simulate(transactionId, 'expire')).status).toBe(200);
    await svc.drain();
    const res = await svc.db.query<{ status: string }>('SELECT status FROM transactions WHERE id = $1', [transactionId]);
    expect(res.rows[0]!.status).toBe(method === 'credit' ? 'failed' : 'canceled');
  }

  for (const method of METHODS) {
    it(`a place given back by a ${method} payment that ended unpaid is taken by the next payer, and only one is approved`, async () => {
      const link = await insertLink(svc.db, scope, { max_payments: 1, methods: [method] });
      const [first, second] = [await open(link), await open(link)];
      const card = method === 'credit' ? TEST_CARDS.declined : TEST_CARDS.visa;
      const held = await startPayment(svc.payments, first.id, choiceOf(method, 1, card));
      // While the first payment is under way, the place is held: the second payer is told to come back.
      expect(await refusal(startPayment(svc.payments, second.id, choiceOf(method, 2)))).toMatchObject({ params: [{ paymentLink: 'fullyReserved' }] });
      expect((await offerOf(svc.db, link.access_id, new Date()))!.availability).toBe('fullyReserved');

      await failPayment(method, held.transactionId!);
      expect(await linkState(link)).toEqual({ completed: 0, reserved: 0, approved: 0 });
      // Its place was given back for good: a PIX or billet expired is canceled, and can no longer be paid.
      if (method !== 'credit') expect((await simulate(held.transactionId!, 'pay')).status).toBe(422);
      expect((await offerOf(svc.db, link.access_id, new Date()))!.availability).toBe('open');
      const taken = await startPayment(svc.payments, second.id, choiceOf(method, 2));
      expect(await linkState(link)).toEqual({ completed: 0, reserved: 1, approved: 0 });
      // The first payer tries again in their session: the place is the second payer's now.
      expect(await refusal(startPayment(svc.payments, first.id, choiceOf(method, 1)))).toMatchObject({ params: [{ paymentLink: 'fullyReserved' }] });
      await payAll(method, [taken.transactionId!]);
      expect(await linkState(link)).toEqual({ completed: 1, reserved: 0, approved: 1 });
    });
  }

  it("a recurring link's subscription holds a place until its first charge: declined, the place goes back; approved, it is the link's one", async () => {
    const variantId = await insertVariant(svc.db, scope, 4900, true);
    const link = await insertLink(svc.db, scope, { items: [{ variantId, quantity: 1 }], recurring: true, methods: ['credit'], max_installments: 1, max_payments: 1 });
    const [first, second] = [await open(link), await open(link)];
    await startPayment(svc.payments, first.id, choiceOf('credit', 1, TEST_CARDS.declined));
    expect(await linkState(link)).toEqual({ completed: 0, reserved: 1, approved: 0 });
    expect(await refusal(startPayment(svc.payments, second.id, choiceOf('credit', 2)))).toMatchObject({ params: [{ paymentLink: 'fullyReserved' }] });
    await svc.drain();
    expect(await linkState(link)).toEqual({ completed: 0, reserved: 0, approved: 0 });
    await startPayment(svc.payments, second.id, choiceOf('credit', 2));
    await svc.drain();
    expect(await linkState(link)).toEqual({ completed: 1, reserved: 0, approved: 1 });
  });

  it("a recurring link's subscription canceled before its first charge, its session abandoned meanwhile, gives its place back", async () => {
    const variantId = await insertVariant(svc.db, scope, 4900, true);
    const link = await insertLink(svc.db, scope, { items: [{ variantId, quantity: 1 }], recurring: true, methods: ['credit'], max_installments: 1, max_payments: 1 });
    const s = await open(link);
    const { subscriptionId } = await startPayment(svc.payments, s.id, choiceOf('credit', 1));
    // The session's time runs out while its subscription still waits for its first charge: the place is kept for it.
    await abandonCheckout(svc.db, s.id);
    expect(await linkState(link)).toEqual({ completed: 0, reserved: 1, approved: 0 });
    const canceled = await svc.call(`/v1/subscriptions/${subscriptionId}/cancel`, { method: 'POST', json: { atPeriodEnd: false } });
    expect(canceled.status, await canceled.clone().text()).toBe(200);
    expect(await linkState(link)).toEqual({ completed: 0, reserved: 0, approved: 0 });
    await svc.drain();
    expect(await linkState(link)).toEqual({ completed: 0, reserved: 0, approved: 0 });
    await startPayment(svc.payments, (await open(link)).id, choiceOf('credit', 2));
    await svc.drain();
    expect(await linkState(link)).toEqual({ completed: 1, reserved: 0, approved: 1 });
  });

  it("a recurring link's plan with a trial: the place taken at the start is the link's one completed payment at once", async () => {
    const productId = (await createProduct(svc.db, scope, { name: 'Clube' })).id;
    const pricing = { type: 'recurring', unitPrice: 2990, billingFrequency: 'monthly', cycles: 0, trialInterval: 'day', trialIntervalCount: 7 };
    const variantId = (await createVariant(svc.db, scope, { productId, name: 'Clube com teste', pricing } as VariantInput)).id;
    const link = await insertLink(svc.db, scope, { items: [{ variantId, quantity: 1 }], recurring: true, methods: ['credit'], max_installments: 1, max_payments: 2 });
    await startPayment(svc.payments, (await open(link)).id, choiceOf('credit', 1));
    expect(await linkState(link)).toEqual({ completed: 1, reserved: 0, approved: 0 });
  });

  it('a card refused by the anti-fraud analysis gives its place back', async () => {
    const link = await insertLink(svc.db, scope, { max_payments: 1, methods: ['credit'] });
    const s = await open(link);
    await startPayment(svc.payments, s.id, choiceOf('credit', 1, TEST_CARDS.fraud));
    expect(await linkState(link)).toMatchObject({ reserved: 1 });
    await svc.drain();
    expect(await linkState(link)).toEqual({ completed: 0, reserved: 0, approved: 0 });
  });

  it("a session abandoned while its card is still being processed keeps the place for that card: approved late, it is the link's one", async () => {
    const link = await insertLink(svc.db, scope, { max_payments: 1, methods: ['credit'] });
    const s = await open(link);
    await startPayment(svc.payments, s.id, choiceOf('credit', 1));
    await abandonCheckout(svc.db, s.id);
    expect(await linkState(link)).toEqual({ completed: 0, reserved: 1, approved: 0 });
    const late = await open(link).catch((err: unknown) => err);
    expect(late).toMatchObject({ params: [{ paymentLink: 'fullyReserved' }] });
    await svc.drain();
    expect(await linkState(link)).toEqual({ completed: 1, reserved: 0, approved: 1 });
  });

  it('a session abandoned with its PIX expired gives nothing back twice: the expiry released the place once', async () => {
    const link = await insertLink(svc.db, scope, { max_payments: 2, methods: ['pix'] });
    const s = await open(link);
    const { transactionId } = await startPayment(svc.payments, s.id, choiceOf('pix', 1));
    await failPayment('pix', transactionId!);
    await abandonCheckout(svc.db, s.id);
    await abandonCheckout(svc.db, s.id);
    expect(await linkState(link)).toEqual({ completed: 0, reserved: 0, approved: 0 });
  });
});
