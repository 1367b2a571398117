/**
 * A recurring link's subscription canceled by the merchant while its first charge is still being processed: the
 * charge can still be approved, so its session keeps its place and starts no other payment until the charge ends,
 * whether the session is still open (the payer posts again) or abandoned meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../../core/tenancy';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { CARD, insertLink, insertVariant, PAYER, openOnOffer } from '../../testing/checkout';
import { TEST_CARDS } from '../../testing/payments';
import { billCycle } from '../subscriptions/billing';
import { processTransaction } from '../transactions/processing';
import type { LinkMethod, LinkRow } from './links-repo';
import { abandonCheckout } from './outcome';
import { startPayment, type PaymentChoice } from './sessions';

function choiceOf(method: LinkMethod, i: number, card: string = TEST_CARDS.visa): PaymentChoice {
  const payer = { ...PAYER, email: `payer${i}@example.com` };
  return method === 'credit' ? { method, payer, card: CARD(card), installments: 1 } : { method, payer };
}

describe.each(ENGINES)('places of a subscription canceled during its first charge on $name', (engine) => {
  let svc: TestService;
  let scope: Scope;
  beforeAll(async () => {
    svc = await startTestService(engine);
    scope = { merchantId: svc.merchant.merchantId, mode: 'sandbox' };
  });
  afterAll(async () => svc?.close());

  const open = (link: LinkRow) => openOnOffer(svc.payments, link);
  const recurringLink = async (method: LinkMethod) => {
    const variantId = await insertVariant(svc.db, scope, 4900, true);
    return insertLink(svc.db, scope, { items: [{ variantId, quantity: 1 }], recurring: true, methods: [method], max_installments: 1, max_payments: 1 });
  };
  const linkState = async (link: LinkRow) =>
    (await svc.db.query<{ completed: number; reserved: number; approved: number }>(
      `SELECT completed_payments AS completed, reserved_payments AS reserved,
              (SELECT count(*)::int FROM transactions WHERE payment_link_id = l.id AND status = 'approved') AS approved
         FROM payment_links l WHERE id = $1`,
      [link.id],
    )).rows[0]!;
  const chargesOf = async (link: LinkRow) =>
    (await svc.db.query<{ id: string; status: string }>('SELECT id, status FROM transactions WHERE payment_link_id = $1 ORDER BY created_at', [link.id])).rows;
  const cancel = async (subscriptionId: string) => {
    const res = await svc.call(`/v1/subscriptions/${subscriptionId}/cancel`, { method: 'POST', json: { atPeriodEnd: false } });
    expect(res.status, await res.clone().text()).toBe(200);
  };

  it('the payer posts again in the open session while the PIX of the canceled subscription is unpaid: no second payment starts', async () => {
    const link = await recurringLink('pix');
    const s = await open(link);
    const first = await startPayment(svc.payments, s.id, choiceOf('pix', 1));
    await svc.drain(); // the subscription's first charge: a PIX waiting to be paid
    const [pix] = await chargesOf(link);
    expect(pix).toMatchObject({ status: 'pending' });
    await cancel(first.subscriptionId!);
    expect(await linkState(link)).toEqual({ completed: 0, reserved: 1, approved: 0 });

    // The form posted again answers with the payment under way, not a second subscription on the same place.
    const again = await startPayment(svc.payments, s.id, choiceOf('pix', 1));
    expect(again.subscriptionId).toBe(first.subscriptionId);
    await svc.drain();
    expect(await chargesOf(link)).toHaveLength(1);

    // Paid late, the PIX is the link's one payment, counted once, and its place is spent.
    const paid = await svc.call(`/v1/sandbox/transactions/${pix!.id}/simulate`, { method: 'POST', json: { action: 'pay' } });
    expect(paid.status, await paid.clone().text()).toBe(200);
    await svc.drain();
    expect(await linkState(link)).toEqual({ completed: 1, reserved: 0, approved: 1 });
  });

  it('the session abandoned while the card of the canceled subscription is in analysis keeps its place for that card', async () => {
    const link = await recurringLink('credit');
    const s = await open(link);
    const { subscriptionId } = await startPayment(svc.payments, s.id, choiceOf('credit', 1, TEST_CARDS.review));
    // The first charge made and sent to the anti-fraud analysis, by hand: a drain would run the analysis to its end.
    const job = (await svc.db.query<{ payload: { cycleId: string; attempts: number; at: string } }>(
      `SELECT payload FROM jobs WHERE kind = 'subscription.bill' AND payload->>'subscriptionId' = $1`, [subscriptionId],
    )).rows[0]!;
    await billCycle(svc.payments, job.payload);
    const [card] = await chargesOf(link);
    await processTransaction(svc.payments, card!.id);
    expect((await chargesOf(link))[0]).toMatchObject({ status: 'analyzing' });

    await cancel(subscriptionId!);
    await abandonCheckout(svc.db, s.id);
    expect(await linkState(link)).toEqual({ completed: 0, reserved: 1, approved: 0 });
    // The card may still be approved: nobody else takes its place meanwhile.
    expect(await open(link).catch((err: unknown) => err)).toMatchObject({ params: [{ paymentLink: 'fullyReserved' }] });

    await svc.drain(); // the analysis clears the card: it is approved, late, and counted from the place kept for it
    expect(await linkState(link)).toEqual({ completed: 1, reserved: 0, approved: 1 });
  });
});
