/**
 * A payment link's `maxPayments` places as payers meet them on the checkout page: while every place left is held by
 * a payment under way the page says so (and a form posted then is refused), and once a payment ends unpaid its place
 * is the next payer's. Then the race the places exist for, on PostgreSQL behind two service instances: payers who
 * post at once, by every method, never have more payments approved than `maxPayments`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../../core/tenancy';
import type { Db } from '../../db/types';
import { createMerchantWithKeys } from '../../domain/access/keys';
import type { LinkMethod, LinkRow } from '../../domain/checkout/links-repo';
import { ENGINES, POSTGRES, requirePostgres, startTestService, type TestService } from '../../testing/harness';
import { insertLink, PAYER } from '../../testing/checkout';
import { cardFields, h1Of, openCheckout, postCheckout, roleText } from '../../testing/pages';
import { TEST_CARDS } from '../../testing/payments';
import { startProcess, stopProcess, type Started } from '../../testing/processes';

const HELD = 'Este link de pagamento está esgotado no momento';
const HELD_TEXT = 'Todas as unidades estão reservadas para pagamentos em andamento';
/** What a payer refused in a race for the last place reads: held by the winner's payment, or already sold by it. */
const HELD_OR_SOLD = new RegExp(`${HELD_TEXT}|Este link de pagamento não aceita mais pagamentos|Este link de pagamento esgotou`);

/** The form a payer posts for `method` (a card: `card`'s number). */
function formOf(method: LinkMethod, csrf: string, i: number, card: string = TEST_CARDS.visa): Record<string, string> {
  const payer = { ...PAYER, email: `payer${i}@example.com` };
  return { csrf, method, ...payer, ...(method === 'credit' ? cardFields(card) : {}) };
}

/** What the link's places and charges are now. */
async function linkState(db: Db, linkId: string): Promise<{ completed: number; reserved: number; approved: number }> {
  const res = await db.query<{ completed: number; reserved: number; approved: number }>(
    `SELECT completed_payments AS completed, reserved_payments AS reserved,
            (SELECT count(*)::int FROM transactions WHERE payment_link_id = l.id AND status = 'approved') AS approved
       FROM payment_links l WHERE id = $1`,
    [linkId],
  );
  return res.rows[0]!;
}

describe.each(ENGINES)('payment link places on the checkout page on $name', (engine) => {
  let svc: TestService;
  let scope: Scope;
  beforeAll(async () => {
    svc = await startTestService(engine);
    scope = { merchantId: svc.merchant.merchantId, mode: 'sandbox' };
  });
  afterAll(async () => svc?.close());

  const simulate = (id: string, action: 'pay' | 'expire') => svc.call(`/v1/sandbox/transactions/${id}/simulate`, { method: 'POST', json: { action } });
  const chargeOfLink = async (link: LinkRow) =>
    (await svc.db.query<{ id: string }>('SELECT id FROM transactions WHERE payment_link_id = $1 ORDER BY created_at DESC LIMIT 1', [link.id])).rows[0]!.id;

  it('a PIX under way holds the last place: the page says so, a form posted meanwhile is refused; expired, its place is the next payer\'s', async () => {
    const link = await insertLink(svc.db, scope, { max_payments: 1, methods: ['pix'] });
    const first = await openCheckout(svc, link.access_id);
    const second = await openCheckout(svc, link.access_id);
    const started = await postCheckout(svc, link.access_id, formOf('pix', first.csrf, 1), { cookie: first.cookie });
    expect(started.status).toBe(303);

    // A new visitor: the page, not a form (200: not gone for good).
    const res = await fetch(`${svc.url}/c/${link.access_id}`, { redirect: 'manual' });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(h1Of(html)).toBe(HELD);
    expect(html).toContain(HELD_TEXT);
    expect(html).not.toContain('name="csrf"');
    // The payer whose form was already open: refused, with the same words.
    const refused = await postCheckout(svc, link.access_id, formOf('pix', second.csrf, 2), { cookie: second.cookie });
    const refusedHtml = await refused.text();
    expect(refused.status).toBe(200);
    expect(h1Of(refusedHtml)).toBe(HELD);
    expect(await linkState(svc.db, link.id)).toEqual({ completed: 0, reserved: 1, approved: 0 });

    expect((await simulate(await chargeOfLink(link), 'expire')).status).toBe(200);
    await svc.drain();
    expect(await linkState(svc.db, link.id)).toEqual({ completed: 0, reserved: 0, approved: 0 });
    const taken = await postCheckout(svc, link.access_id, formOf('pix', second.csrf, 2), { cookie: second.cookie });
    expect(taken.status).toBe(303);
    expect((await simulate(await chargeOfLink(link), 'pay')).status).toBe(200);
    await svc.drain();
    expect(await linkState(svc.db, link.id)).toEqual({ completed: 1, reserved: 0, approved: 1 });
    expect(h1Of(await (await fetch(`${svc.url}/c/${link.access_id}`)).text())).toBe('Este link de pagamento esgotou');
  });

  it('a form that reaches the payment as the last place is taken comes back with the reason in its alert', async () => {
    const link = await insertLink(svc.db, scope, { max_payments: 1, methods: ['billet'] });
    const first = await openCheckout(svc, link.access_id);
    const second = await openCheckout(svc, link.access_id);
    // Both posted at once: whichever loses is refused, by the page's check or by the place's own.
    const answers = await Promise.all([
      postCheckout(svc, link.access_id, formOf('billet', first.csrf, 1), { cookie: first.cookie }),
      postCheckout(svc, link.access_id, formOf('billet', second.csrf, 2), { cookie: second.cookie }),
    ]);
    expect(answers.filter((r) => r.status === 303)).toHaveLength(1);
    const loser = answers.find((r) => r.status !== 303)!;
    const html = await loser.text();
    if (loser.status === 422) expect(roleText(html, 'alert')).toContain(HELD_TEXT);
    else expect([loser.status, h1Of(html)]).toEqual([200, HELD]);
    expect(await linkState(svc.db, link.id)).toEqual({ completed: 0, reserved: 1, approved: 0 });
  });
});

describe.skipIf(!POSTGRES)('payment link places behind two service instances on postgres (needs TEST_DATABASE_URL)', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let key: string;
  let scope: Scope;
  const instances: Started[] = [];
  const base = (i: number) => `http://127.0.0.1:${instances[i % instances.length]!.port}`;

  beforeAll(async () => {
    const opened = await requirePostgres().open();
    db = opened.db;
    drop = opened.drop;
    const merchant = await createMerchantWithKeys(db, 'Acme Comércio Ltda');
    key = merchant.sandboxKey;
    scope = { merchantId: merchant.merchantId, mode: 'sandbox' };
    // One after the other: the first creates the database's secrets key, which the second (and its CSRF tokens) shares.
    // Payers come from addresses of their own through a trusted proxy, as behind a load balancer.
    const env = { DATABASE_URL: opened.url!, HOST: '127.0.0.1', HTTP_TRUST_PROXY: 'loopback', JOB_POLL_MS: '50', RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' };
    for (let i = 0; i < 2; i++) instances.push(await startProcess('/nonexistent-data-dir', env));
  }, 180_000);
  afterAll(async () => {
    for (const s of instances) await stopProcess(s);
    await drop?.();
  });

  let payerNumber = 0;
  /** A payer of their own address: opens the page on one instance and posts the form to the other. */
  async function payer(link: LinkRow, i: number): Promise<{ post(form: (csrf: string) => Record<string, string>): Promise<Response> }> {
    const ip = `10.1.${Math.floor(payerNumber / 250)}.${(payerNumber++ % 250) + 1}`;
    const res = await fetch(`${base(i)}/c/${link.access_id}`, { redirect: 'manual', headers: { 'x-forwarded-for': ip } });
    const html = await res.text();
    expect(res.status, html).toBe(200);
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1]!;
    return {
      post: (form) =>
        fetch(`${base(i + 1)}/c/${link.access_id}/pay`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, 'x-forwarded-for': ip },
          body: new URLSearchParams(form(csrf)).toString(),
        }),
    };
  }

  const simulate = (i: number, id: string, action: 'pay' | 'expire') =>
    fetch(`${base(i)}/v1/sandbox/transactions/${id}/simulate`, {
      method: 'POST',
      headers: { ServiceKey: key, 'content-type': 'application/json' },
      body: JSON.stringify({ action }),
    });
  const charges = async (link: LinkRow) =>
    (await db.query<{ id: string; status: string }>('SELECT id, status FROM transactions WHERE payment_link_id = $1 ORDER BY created_at', [link.id])).rows;

  /** Waits (polling, with a generous deadline) until every charge of the link is settled one way or the other. */
  async function settled(link: LinkRow): Promise<void> {
    const deadline = Date.now() + 60_000;
    while ((await charges(link)).some((t) => !['approved', 'failed', 'refused', 'canceled'].includes(t.status))) {
      if (Date.now() > deadline) throw new Error(`charges of ${link.id} not settled: ${JSON.stringify(await charges(link))}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  for (const method of ['pix', 'credit', 'billet'] as const) {
    for (const payers of [2, 10]) {
      it(`${payers} payers by ${method} post at once across both instances on a link of maxPayments 1: one is approved`, { timeout: 120_000 }, async () => {
        const link = await insertLink(db, scope, { max_payments: 1, methods: [method] });
        const visitors = await Promise.all(Array.from({ length: payers }, (_, i) => payer(link, i)));
        const answers = await Promise.all(visitors.map((v, i) => v.post((csrf) => formOf(method, csrf, i))));
        const bodies = await Promise.all(answers.map((r) => r.text()));
        expect(answers.filter((r) => r.status === 303)).toHaveLength(1);
        // Refused with the place held, or, a card approved by a worker before a slower payer's claim, sold out.
        for (const [i, r] of answers.entries()) if (r.status !== 303) expect(bodies[i]).toMatch(HELD_OR_SOLD);

        // Every charge made is paid (a PIX or billet by its payer; a card by the workers of both instances).
        if (method !== 'credit') for (const [i, t] of (await charges(link)).entries()) expect((await simulate(i, t.id, 'pay')).status).toBe(200);
        await settled(link);
        expect(await linkState(db, link.id)).toEqual({ completed: 1, reserved: 0, approved: 1 });
      });
    }
  }

  it('a place given back by a declined card is taken by a payer on the other instance, and only that one is approved', { timeout: 120_000 }, async () => {
    const link = await insertLink(db, scope, { max_payments: 1, methods: ['credit'] });
    const [first, second] = [await payer(link, 0), await payer(link, 1)];
    expect((await first.post((csrf) => formOf('credit', csrf, 1, TEST_CARDS.declined))).status).toBe(303);
    await settled(link);
    expect(await linkState(db, link.id)).toEqual({ completed: 0, reserved: 0, approved: 0 });
    expect((await second.post((csrf) => formOf('credit', csrf, 2))).status).toBe(303);
    await settled(link);
    expect(await linkState(db, link.id)).toEqual({ completed: 1, reserved: 0, approved: 1 });
    expect((await charges(link)).map((t) => t.status)).toEqual(['failed', 'approved']);
  });
});
