/**
 * A payer whose open session holds the last place of a link sees the link as the claim of their next payment will
 * judge it: open to them (the form is offered and a form posted is accepted), while every other payer is told that
 * every place is held.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../../core/tenancy';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { insertLink, PAYER } from '../../testing/checkout';
import { takePlace } from './places';
import { offerOf, openSession, startPayment } from './sessions';
import { checkoutForPayment, visitCheckout } from './visit';

describe.each(ENGINES)('a session holding its own place on $name', (engine) => {
  let svc: TestService;
  let scope: Scope;
  beforeAll(async () => {
    svc = await startTestService(engine);
    scope = { merchantId: svc.merchant.merchantId, mode: 'sandbox' };
  });
  afterAll(async () => svc?.close());

  it('is offered the form on the last place it holds; any other payer is told every place is held', async () => {
    const link = await insertLink(svc.db, scope, { max_payments: 1, methods: ['pix'] });
    const now = () => new Date();
    const s = await openSession(svc.payments, (await offerOf(svc.db, link.access_id, now()))!, now());
    // The session holds the link's only place with nothing under way (a payment of it ended without giving it back yet).
    expect(await svc.db.transaction((q) => takePlace(q, s))).toBeNull();

    expect((await offerOf(svc.db, link.access_id, now()))!.availability).toBe('fullyReserved');
    expect((await offerOf(svc.db, link.access_id, now(), { ...s, holds_place: true }))!.availability).toBe('open');
    expect(await visitCheckout(svc.payments, link.access_id, null, now())).toMatchObject({ kind: 'closed', offer: { availability: 'fullyReserved' } });
    expect(await visitCheckout(svc.payments, link.access_id, s.id, now())).toMatchObject({ kind: 'form', session: { id: s.id } });
    expect(await checkoutForPayment(svc.payments, link.access_id, s.id, now())).toMatchObject({ kind: 'open', session: { id: s.id } });

    const started = await startPayment(svc.payments, s.id, { method: 'pix', payer: PAYER });
    expect(started.transactionId).toMatch(/^tra_/);
    const res = await svc.db.query<{ reserved: number }>('SELECT reserved_payments AS reserved FROM payment_links WHERE id = $1', [link.id]);
    expect(res.rows[0]!.reserved).toBe(1);
  });
});
