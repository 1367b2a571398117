/**
 * A payer who comes back: after an approved payment the page (and the same form posted again) shows that payment,
 * never a new form; a HEAD of the page opens no session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../../core/tenancy';
import { insertLink, PAYER } from '../../testing/checkout';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { CPF, TEST_CARDS } from '../../testing/payments';
import { expectPageHeaders, getPage, openCheckout, postCheckout, roleText, sessionsOf, cardFields } from '../../testing/pages';

const CARD = cardFields(TEST_CARDS.visa);

describe.each(ENGINES)('a checkout page visited again on $name', (engine) => {
  let svc: TestService;
  let scope: Scope;
  beforeAll(async () => {
    svc = await startTestService(engine);
    scope = { merchantId: svc.merchant.merchantId, mode: 'sandbox' };
  });
  afterAll(async () => svc?.close());

  it('after an approved card, the page and the form posted again send the payer to that payment (a sold-out link too)', async () => {
    const link = await insertLink(svc.db, scope, { max_payments: 1 });
    const { cookie, csrf } = await openCheckout(svc, link.access_id);
    const form = { csrf, method: 'credit', ...PAYER, ...CARD };
    const paid = await postCheckout(svc, link.access_id, form, { cookie });
    expect(paid.status).toBe(303);
    // The post's own redirect carries `#return` (the approval it shows sends the payer on); a later visit does not.
    const posted = paid.headers.get('location')!;
    const invoice = posted.replace(/#return$/, '');
    expect(posted).toBe(`${invoice}#return`);
    await svc.drain();
    expect(await sessionsOf(svc, link.id)).toEqual([expect.objectContaining({ status: 'completed' })]);

    const again = await getPage(svc, `/c/${link.access_id}`, cookie);
    expect([again.res.status, again.res.headers.get('location')]).toEqual([303, invoice]);
    expectPageHeaders(again.res);
    // The same form sent again (a double click, the back button): the same payment, no second charge.
    const twice = await postCheckout(svc, link.access_id, form, { cookie });
    expect([twice.status, twice.headers.get('location')]).toEqual([303, posted]);
    const charges = await svc.db.query('SELECT id FROM transactions WHERE payment_link_id = $1', [link.id]);
    expect(charges.rows).toHaveLength(1);
    // Without the session's token it is still refused, and a stranger (no cookie) sees the sold-out page.
    expect((await postCheckout(svc, link.access_id, { ...form, csrf: 'x' }, { cookie })).status).toBe(403);
    expect((await getPage(svc, `/c/${link.access_id}`)).res.status).toBe(410);
  });

  it('after its session ran out, a billet still payable is what its page shows', async () => {
    const link = await insertLink(svc.db, scope, { methods: ['billet'] });
    const { cookie, csrf } = await openCheckout(svc, link.access_id);
    const res = await postCheckout(svc, link.access_id, { csrf, method: 'billet', ...PAYER }, { cookie });
    expect(res.status).toBe(303);
    // The session ended (its time ran out) while the billet is payable: the payer returning is shown the billet.
    await svc.db.query(`UPDATE checkout_sessions SET expires_at = now() - interval '1 minute' WHERE payment_link_id = $1`, [link.id]);
    const again = await getPage(svc, `/c/${link.access_id}`, cookie);
    expect([again.res.status, again.res.headers.get('location')]).toEqual([303, res.headers.get('location')!.replace(/#return$/, '')]);
  });

  it('a HEAD of the page answers its status and opens no session', async () => {
    const link = await insertLink(svc.db, scope);
    const head = await fetch(`${svc.url}/c/${link.access_id}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expectPageHeaders(head);
    expect(head.headers.get('set-cookie')).toBeNull();
    expect(await sessionsOf(svc, link.id)).toEqual([]);
    await openCheckout(svc, link.access_id);
    expect(await sessionsOf(svc, link.id)).toHaveLength(1);
  });
});

describe.each(ENGINES)('a total changed between the page and the payment on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine);
  });
  afterAll(async () => svc?.close());

  it('charges nothing and shows the form again (422) with the new total, which then pays', async () => {
    const link = await insertLink(svc.db, { merchantId: svc.merchant.merchantId, mode: 'sandbox' }, { amount: 10000, methods: ['pix'] });
    const { html, cookie, csrf } = await openCheckout(svc, link.access_id);
    expect(html).toContain('<input type="hidden" name="amount" value="10000">');
    await svc.db.query('UPDATE payment_links SET amount = 12990 WHERE id = $1', [link.id]);
    const changed = await postCheckout(svc, link.access_id, { csrf, amount: '10000', method: 'pix', ...PAYER }, { cookie });
    expect(changed.status).toBe(422);
    const page = await changed.text();
    expect(roleText(page, 'alert')).toContain('O valor mudou para R$ 129,90. Confira e pague novamente.');
    expect(page).toContain('<p class="total"><span>Total</span> <strong>R$ 129,90</strong></p>');
    expect(page).toContain('<input type="hidden" name="amount" value="12990">');
    expect(page).toContain('value="Maria da Silva"');
    expect((await svc.db.query('SELECT id FROM transactions WHERE payment_link_id = $1', [link.id])).rows).toEqual([]);

    const paid = await postCheckout(svc, link.access_id, { csrf, amount: '12990', method: 'pix', ...PAYER }, { cookie });
    expect(paid.status).toBe(303);
    const charges = await svc.db.query<{ amount: number }>('SELECT amount::int AS amount FROM transactions WHERE payment_link_id = $1', [link.id]);
    expect(charges.rows).toEqual([{ amount: 12990 }]);
  });
});
