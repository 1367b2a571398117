/**
 * PIX in production through an API Pix route, end to end against a fake PSP speaking the standard (mutual TLS,
 * OAuth, cob, Pix received, devolução, webhook and callbacks), on both engines: the charge is created at the PSP under
 * our txid and approved by the PSP's notification exactly once; a lost notification is made good by the sweep; a
 * wrong amount is flagged; a PSP down falls back or waits; an expired token is fetched again once; a refund is a
 * devolução followed to its end. Every request the route sent is checked against the standard's schemas by the fake.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../testing/harness';
import { startFakePsp, type FakePsp } from '../../testing/fake-psp';
import { startPixRouteService, type PixRouteService } from '../../testing/api-pix';
import { expectLedgerConsistent } from '../../testing/ledger';
import { eventTypes, pixBody, timelineOf, type Transaction } from '../../testing/payments';
import { sweepRoute } from './sweep';

const ROUTE = 'pix-main';

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

describe.each(ENGINES)('an API Pix route on $name', (engine) => {
  let fake: FakePsp;
  let svc: PixRouteService;
  beforeAll(async () => {
    fake = await startFakePsp({ allowHttpWebhook: true });
    svc = await startPixRouteService(engine, [{ id: ROUTE, fake }], { ROUTES_SWEEP_SECONDS: '1' });
    // The first sweep registers the route's webhook at the PSP.
    await svc.drain();
  });
  afterAll(async () => {
    await svc?.close();
    await fake?.close();
  });
  afterEach(async () => {
    await expectLedgerConsistent(svc.db);
    // Every request the route sent met the standard's schemas, as the fake reads them.
    expect(fake.requests.filter((r) => r.violations.length > 0).map((r) => `${r.method} ${r.path}: ${r.violations.join('; ')}`)).toEqual([]);
  });

  async function charge(amount = 12345): Promise<{ t: Transaction; txid: string }> {
    const created = await svc.call('/v1/transactions', { method: 'POST', json: pixBody({ amount }) });
    expect(created.status).toBe(201);
    const t = await json<Transaction>(created);
    expect(t.status).toBe('pending');
    const txid = await svc.issued(t.id);
    const issued = await json<Transaction>(await svc.call(`/v1/transactions/${t.id}`));
    return { t: issued, txid };
  }

  const get = async (id: string) => json<Transaction>(await svc.call(`/v1/transactions/${id}`));

  it('registers its webhook, naming the service and the route, never in the log', async () => {
    const hook = fake.webhook();
    expect(hook?.webhookUrl).toMatch(new RegExp(`^${svc.url}/hooks/routes/${ROUTE}/[0-9A-Za-z_-]{20,}$`));
    expect(svc.logs.join('\n')).not.toContain(hook!.webhookUrl.split('/').pop());
  });

  it('creates the charge at the PSP under its txid, and is approved by the notification once, however often it comes', async () => {
    const { t, txid } = await charge(12345);
    expect(txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    const cob = fake.cob(txid)!;
    expect(cob.status).toBe('ATIVA');
    expect((cob.valor as { original: string }).original).toBe('123.45');
    expect(cob.chave).toBe(fake.pixKey);
    expect(cob.devedor).toEqual({ cpf: '52998224725', nome: 'Maria Silva' });
    expect(t.status).toBe('pending');
    expect(t.payment.pixQrCodeEmv).toBe(cob.pixCopiaECola);

    const paid = await fake.pay(txid, { callback: 'twice' });
    expect(paid.callbackStatuses).toEqual([200, 200]);
    await svc.drain();
    const after = await get(t.id);
    expect(after.status).toBe('approved');
    expect(after.capturedAmount).toBe(12345);
    expect((await eventTypes(svc.db, t.id)).filter((e) => e === 'transaction.approved')).toHaveLength(1);
    const received = await svc.db.query<{ outcome: string; source: string }>(`SELECT outcome, source FROM pix_received WHERE transaction_id = $1`, [t.id]);
    expect(received.rows).toEqual([{ outcome: 'applied', source: 'notification' }]);
    // Receivables and ledger: one PIX credit for the charge (D+0), whatever repeated.
    const entries = await svc.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM receivables WHERE transaction_id = $1`, [t.id]);
    expect(entries.rows[0]!.n).toBe(1);
    // A third notification of the same Pix, later, changes nothing either.
    const again = await fetch(fake.webhook()!.webhookUrl + '/pix', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pix: [paid.pix] }),
    });
    expect(again.status).toBe(200);
    expect((await eventTypes(svc.db, t.id)).filter((e) => e === 'transaction.approved')).toHaveLength(1);
  });

  it('makes a lost notification good at the next sweep, within the sweep interval', async () => {
    const { t, txid } = await charge(5000);
    await fake.pay(txid, { callback: 'lost' });
    expect((await get(t.id)).status).toBe('pending');
    // ROUTES_SWEEP_SECONDS is 1: the next sweep is due within a second.
    await new Promise((r) => setTimeout(r, 1100));
    await svc.drain();
    expect((await get(t.id)).status).toBe('approved');
    const received = await svc.db.query<{ source: string }>(`SELECT source FROM pix_received WHERE transaction_id = $1`, [t.id]);
    expect(['sweep', 'poll']).toContain(received.rows[0]!.source);
  });

  it('approves, not cancels, a charge paid at the PSP whose notification was lost and whose expiry came first', async () => {
    const { t, txid } = await charge(4321);
    await fake.pay(txid, { callback: 'lost' });
    // Its expiry is due before any sweep: the cancel finds the charge paid at the PSP and does not cancel it.
    await svc.db.query(`UPDATE transactions SET payment = jsonb_set(payment, '{expirationDate}', to_jsonb($2::text)) WHERE id = $1`, [t.id, new Date(Date.now() - 1000).toISOString()]);
    await svc.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'transaction.expire' AND payload ->> 'transactionId' = $1 AND status = 'pending'`, [t.id]);
    await svc.drain();
    expect(fake.cob(txid)?.status).toBe('CONCLUIDA');
    // Whichever came first, the expiry's cancel or the sweep, the paid charge ends approved and never canceled.
    await new Promise((r) => setTimeout(r, 1100));
    await svc.drain();
    const after = await get(t.id);
    expect(after.status).toBe('approved');
    expect(after.capturedAmount).toBe(4321);
    expect(await eventTypes(svc.db, t.id)).not.toContain('transaction.canceled');
  });

  it('refuses the cancel of a PIX the payer paid (422, the same on a retry), and the Pix approves it', async () => {
    const { t, txid } = await charge(2600);
    await fake.pay(txid, { callback: 'lost' });
    const cancel = () => svc.call(`/v1/transactions/${t.id}/cancel`, { method: 'POST', json: { reason: 'changed my mind' }, headers: { 'X-Idempotency-Key': `cancel-${t.id}` } });
    for (const attempt of ['first', 'retry']) {
      const res = await cancel();
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect([attempt, res.status, body.error.code]).toEqual([attempt, 422, 'invalidTransition']);
      expect(body.error.message).toContain('before it could be removed');
    }
    expect(fake.cob(txid)?.status).toBe('CONCLUIDA');
    await new Promise((r) => setTimeout(r, 1100));
    await svc.drain();
    const after = await get(t.id);
    expect(after.status).toBe('approved');
    expect(after.timeline.map((e) => e.message)).toContain('Cancel refused by the provider');
    expect(await eventTypes(svc.db, t.id)).not.toContain('transaction.canceled');
  });

  it('flags a Pix of another amount instead of approving the charge', async () => {
    const { t, txid } = await charge(10000);
    await fake.pay(txid, { amount: 9999 });
    await svc.drain();
    const after = await get(t.id);
    expect(after.status).toBe('pending');
    expect(after.timeline.map((e) => e.message).join('\n')).toContain('PIX of BRL 99.99 received for a charge of BRL 100.00');
    const kept = await svc.db.query<{ outcome: string }>(`SELECT outcome FROM pix_received WHERE transaction_id = $1`, [t.id]);
    expect(kept.rows).toEqual([{ outcome: 'amount-mismatch' }]);
  });

  it('keeps a Pix of an unknown txid for an operator, once', async () => {
    const before = await svc.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pix_received WHERE outcome = 'unknown'`);
    const paid = await fake.payUnknown('UnknownTxid0000000000000000000001', 777);
    expect(paid.callbackStatuses).toEqual([200]);
    const again = await fetch(fake.webhook()!.webhookUrl + '/pix', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pix: [paid.pix] }),
    });
    expect(again.status).toBe(200);
    const after = await svc.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pix_received WHERE outcome = 'unknown'`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n + 1);
  });

  it('refuses a notification with a wrong secret or route, with the same 404', async () => {
    const url = fake.webhook()!.webhookUrl;
    const wrongSecret = url.replace(/[^/]+$/, 'x'.repeat(32));
    const wrongRoute = url.replace(`/routes/${ROUTE}/`, '/routes/pix-other/');
    for (const u of [wrongSecret, wrongRoute]) {
      const res = await fetch(`${u}/pix`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"pix":[]}' });
      expect(res.status).toBe(404);
    }
    const bad = await fetch(`${url}/pix`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"nope":1}' });
    expect(bad.status).toBe(400);
  });

  it('fetches a new token once when the PSP says the cached one expired', async () => {
    const before = fake.tokensIssued;
    fake.expireTokens();
    const { txid } = await charge(2000);
    expect(fake.cob(txid)?.status).toBe('ATIVA');
    expect(fake.tokensIssued).toBe(before + 1);
  });

  it('waits (awaiting) while the only route is down, and issues once it is back', async () => {
    fake.fail({ status: 503, method: 'PUT', pathPrefix: '/cob', times: 1 });
    const created = await svc.call('/v1/transactions', { method: 'POST', json: pixBody({ amount: 3000 }) });
    const t = await json<Transaction>(created);
    await svc.drain();
    const waiting = await get(t.id);
    expect(waiting.status).toBe('awaiting');
    expect(timelineOf(waiting)).toContain(`route:${ROUTE}:unavailable`);
    // The retry round runs later (ROUTE_RETRY_SECONDS); run it now.
    await svc.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'transaction.process' AND payload ->> 'transactionId' = $1 AND status = 'pending'`, [t.id]);
    await svc.drain();
    const issued = await get(t.id);
    const txid = await svc.txidOf(t.id);
    // Issued in the retry round (the status stays as the round left it, as on the simulator's routes), and payable.
    expect(issued.payment.pixQrCodeEmv).toBe(fake.cob(txid)!.pixCopiaECola);
    await fake.pay(txid);
    await svc.drain();
    expect((await get(t.id)).status).toBe('approved');
  });

  it('refunds as a devolução that ends succeeded when the PSP says DEVOLVIDO', async () => {
    const { t, txid } = await charge(8000);
    const paid = await fake.pay(txid);
    await svc.drain();
    expect((await get(t.id)).status).toBe('approved');
    const res = await svc.call(`/v1/transactions/${t.id}/refunds`, { method: 'POST', json: { amount: 3000 } });
    expect(res.status).toBe(201);
    const refund = await json<{ id: string; status: string }>(res);
    expect(refund.status).toBe('pending');
    const sent = fake.requests.filter((r) => r.method === 'PUT' && r.path.startsWith(`/pix/${String(paid.pix.endToEndId)}/devolucao/`));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ valor: '30.00' });
    const devolucaoId = sent[0]!.path.split('/').pop()!;
    await fake.settleRefund(String(paid.pix.endToEndId), devolucaoId, 'DEVOLVIDO');
    await svc.drain();
    const after = await get(t.id);
    expect(after.refundedAmount).toBe(3000);
    const stored = await svc.db.query<{ status: string }>(`SELECT status FROM refunds WHERE id = $1`, [refund.id]);
    expect(stored.rows[0]!.status).toBe('succeeded');
    expect(await eventTypes(svc.db, t.id)).toContain('transaction.partially-refunded');
  });

  it('writes no certificate, key, client secret or token in any log line, even at trace', async () => {
    const text = svc.logs.join('\n');
    const pemBody = (pem: string) => pem.split('\n').filter((l) => l && !l.startsWith('-----'))[1]!;
    expect(text.length).toBeGreaterThan(0);
    for (const secret of [fake.clientSecret, pemBody(fake.clientKey), pemBody(fake.clientCert), pemBody(fake.ca)]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/Bearer\s+[A-Za-z0-9._-]{8,}/);
  });
});

describe.each(ENGINES)('two API Pix routes on $name', (engine) => {
  let first: FakePsp;
  let second: FakePsp;
  let svc: PixRouteService;
  beforeAll(async () => {
    first = await startFakePsp({ allowHttpWebhook: true });
    second = await startFakePsp({ allowHttpWebhook: true });
    svc = await startPixRouteService(engine, [{ id: 'pix-first', fake: first }, { id: 'pix-second', fake: second }]);
    await svc.drain();
  });
  afterAll(async () => {
    await svc?.close();
    await first?.close();
    await second?.close();
  });

  it('falls back to the second route when the first is down, and the timeline names each', async () => {
    first.fail({ status: 503, method: 'PUT', pathPrefix: '/cob' });
    const created = await svc.call('/v1/transactions', { method: 'POST', json: pixBody({ amount: 4200 }) });
    const t = await json<Transaction>(created);
    const txid = await svc.issued(t.id);
    const issued = await json<Transaction>(await svc.call(`/v1/transactions/${t.id}`));
    expect(issued.status).toBe('pending');
    expect(timelineOf(issued)).toEqual(expect.arrayContaining(['route:pix-first:unavailable', 'route:pix-second:sent']));
    expect(first.cob(txid)).toBeUndefined();
    await second.pay(txid);
    await svc.drain();
    expect((await json<Transaction>(await svc.call(`/v1/transactions/${t.id}`))).status).toBe('approved');
    // The sweep of each route runs without error and keeps each one's webhook.
    await sweepRoute(svc.payments, 'pix-first', (await import('pino')).pino({ level: 'silent' }));
    expect(first.webhook()?.webhookUrl).toContain('/hooks/routes/pix-first/');
    expect(second.webhook()?.webhookUrl).toContain('/hooks/routes/pix-second/');
  });
});

describe.each(ENGINES)('a route whose PSP cannot be reached on $name', (engine) => {
  let gone: FakePsp;
  let alive: FakePsp;
  let svc: PixRouteService;
  beforeAll(async () => {
    gone = await startFakePsp({ allowHttpWebhook: true });
    alive = await startFakePsp({ allowHttpWebhook: true });
    svc = await startPixRouteService(engine, [{ id: 'pix-gone', fake: gone }, { id: 'pix-alive', fake: alive }]);
    // The first PSP stops answering at all: its port refuses connections.
    await gone.close();
  });
  afterAll(async () => {
    await svc?.close();
    await alive?.close();
  });

  it('is unavailable (nothing was sent), so the charge goes to the next route at once', async () => {
    const t = await json<Transaction>(await svc.call('/v1/transactions', { method: 'POST', json: pixBody({ amount: 1999 }) }));
    const txid = await svc.issued(t.id);
    const issued = await json<Transaction>(await svc.call(`/v1/transactions/${t.id}`));
    expect(timelineOf(issued)).toEqual(expect.arrayContaining(['route:pix-gone:unavailable', 'route:pix-alive:sent']));
    expect(alive.cob(txid)?.status).toBe('ATIVA');
    const entry = issued.timeline.find((e) => (e.details as { provider?: string } | null)?.provider === 'pix-gone');
    expect(JSON.stringify(entry)).toContain('ECONNREFUSED');
  });
});
