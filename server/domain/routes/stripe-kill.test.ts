/**
 * A worker process killed with SIGKILL while its confirmation is at Stripe (Stripe charged the card; the answer never
 * came back): another worker takes the job over once the lease runs out, asks again under the same keys, and the
 * charge stands on the one PaymentIntent Stripe made, charged once and approved once. PostgreSQL only (two processes
 * on one database).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES, requirePostgres } from '../../testing/harness';
import { startFakeStripe, type FakeStripe } from '../../testing/fake-stripe';
import { spawnRouteWorker, startPixRouteService, type PixRouteService } from '../../testing/api-pix';
import { expectLedgerConsistent } from '../../testing/ledger';
import { cardBody, eventTypes, type Transaction } from '../../testing/payments';
import { until } from '../../testing/until';
import { expectOnlySdk, intentOf, settled } from '../../testing/stripe';


describe.skipIf(!POSTGRES)('a worker killed inside the Stripe call, on postgres', () => {
  let stripe: FakeStripe;
  let svc: PixRouteService;
  beforeAll(async () => {
    stripe = await startFakeStripe({ livemode: true });
    svc = await startPixRouteService(requirePostgres(), [{ id: 'stripe-main', stripe }], { JOB_LEASE_SECONDS: '2' });
  });
  afterAll(async () => {
    await svc?.close();
    await stripe?.close();
  });

  it('leaves one PaymentIntent, charged once, and the charge approved once', async () => {
    // Stripe confirms (charges the card) and never answers: the worker holding the job is as good as dead.
    stripe.hang({ method: 'POST', pathPrefix: '/v1/payment_intents/', times: 1 });
    const created = await svc.call('/v1/transactions', { method: 'POST', json: cardBody('4242424242424242', {}, { amount: 6100 }) });
    const t = (await created.json()) as Transaction;
    const child = spawnRouteWorker(svc);
    await until('the worker to confirm the payment at Stripe', () => stripe.requests.some((r) => r.path.endsWith('/confirm')), 90_000, 50);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    const [first] = stripe.paymentIntents().filter((p) => p.metadata.transaction_id === t.id);
    expect(first?.status).toBe('succeeded');

    // Another worker (the test's) takes the job over once the dead one's lease has run out.
    await new Promise((r) => setTimeout(r, 2500));
    const after = await settled(svc, t.id, 90_000);
    expect(after.status).toBe('approved');
    const all = stripe.paymentIntents().filter((p) => p.metadata.transaction_id === t.id);
    expect(all.map((p) => p.id)).toEqual([first!.id]);
    expect(await intentOf(svc.db, t.id)).toBe(first!.id);
    expect(Object.values(stripe.intentsCreatedPerKey())).toEqual([1]);
    expect(stripe.refunds().filter((r) => r.payment_intent === first!.id)).toEqual([]);
    expect((await eventTypes(svc.db, t.id)).filter((e) => e === 'transaction.approved')).toHaveLength(1);
    expectOnlySdk(stripe);
    await expectLedgerConsistent(svc.db);
  }, 180_000);
});
