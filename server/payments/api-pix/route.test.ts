/**
 * The API Pix route's answers, read from a fake PSP that speaks the standard: what each PSP answer becomes for the
 * engine (issued, declined, unavailable, uncertain), the same txid for a retried authorization, the token fetched
 * once and again once on a 401, a cancel that finds the charge paid, and the devolução asked twice under one id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePsp, type FakePsp } from '../../testing/fake-psp';
import { startPixRouteService, type PixRouteService } from '../../testing/api-pix';
import { ENGINES } from '../../testing/harness';
import { pixBody, type Transaction } from '../../testing/payments';
import type { AuthorizeRequest } from '../provider';
import type { ApiPixClient } from './client';
import type { ReceivingRoute } from './route';
import { pino } from 'pino';
import { sweepRoute } from '../../domain/routes/sweep';
import { centsOf, devolucaoIdOf, txidOf, valorOf } from './settings';

describe('the standard formats', () => {
  it('writes and reads amounts as decimal strings with two places, exactly', () => {
    expect([valorOf(0), valorOf(5), valorOf(12345), valorOf(999_999_999_999)]).toEqual(['0.00', '0.05', '123.45', '9999999999.99']);
    expect([centsOf('123.45'), centsOf('0.05'), centsOf('9999999999.99')]).toEqual([12345, 5, 999_999_999_999]);
    expect([centsOf('1.5'), centsOf('1,50'), centsOf(150), centsOf('-1.00')]).toEqual([null, null, null, null]);
    expect(() => valorOf(1.5)).toThrow(RangeError);
  });

  it('derives a txid and a devolução id of the standard from a key, the same every time', () => {
    expect(txidOf('tra_x:authorize:pix-main:0')).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    expect(txidOf('tra_x:authorize:pix-main:0')).toBe(txidOf('tra_x:authorize:pix-main:0'));
    expect(txidOf('tra_x:authorize:pix-main:1')).not.toBe(txidOf('tra_x:authorize:pix-main:0'));
    expect(devolucaoIdOf('rfd_1')).toMatch(/^[a-zA-Z0-9]{1,35}$/);
    expect(devolucaoIdOf('rfd_1')).not.toBe(txidOf('rfd_1'));
  });
});

describe.each(ENGINES)('an API Pix route answering the engine on $name', (engine) => {
  let fake: FakePsp;
  let svc: PixRouteService;
  let route: ReceivingRoute & { client: ApiPixClient };
  beforeAll(async () => {
    fake = await startFakePsp({ allowHttpWebhook: true });
    svc = await startPixRouteService(engine, [{ id: 'pix-main', fake }]);
    route = svc.payments.orchestrator.configuredRoute('pix-main')!.provider as typeof route;
  });
  afterAll(async () => {
    await svc?.close();
    await fake?.close();
  });

  /** A charge of ours the route can be asked about (the tests call the route directly, not through the engine). */
  async function request(key: string, amount = 2500): Promise<AuthorizeRequest> {
    const t = (await (await svc.call('/v1/transactions', { method: 'POST', json: pixBody({ amount }) })).json()) as Transaction;
    return {
      idempotencyKey: key, transactionId: t.id, merchant: { id: svc.merchant.merchantId, name: 'Acme Comércio Ltda' }, method: 'pix', amount,
      installments: 1, capture: true, payer: { name: 'Maria Silva', document: { type: 'cpf', number: '52998224725' } },
      details: { kind: 'pix', expiresAt: new Date(Date.now() + 600_000) },
    };
  }

  it('creates one charge per key: a retried authorization is the same txid and the same code', async () => {
    const req = await request('k-retry:authorize:pix-main:0');
    const first = await route.authorize(req);
    const again = await route.authorize(req);
    expect(first).toMatchObject({ kind: 'issued', acquirerTransactionNumber: txidOf(req.idempotencyKey) });
    expect(again).toEqual(first);
    expect(fake.requests.filter((r) => r.method === 'PUT' && r.path === `/cob/${txidOf(req.idempotencyKey)}`)).toHaveLength(2);
    expect(fake.cob(txidOf(req.idempotencyKey))?.revisao).toBe(0);
  });

  it('reads 503 and 429 as unavailable, 500 and 504 as no answer, and a refused request as declined', async () => {
    const req = await request('k-faults:authorize:pix-main:0');
    for (const status of [503, 429] as const) {
      fake.fail({ status, method: 'PUT', pathPrefix: '/cob' });
      expect(await route.authorize(req)).toMatchObject({ kind: 'unavailable', reason: expect.stringContaining(`answered ${status}`) });
    }
    for (const status of [500, 504] as const) {
      fake.fail({ status, method: 'PUT', pathPrefix: '/cob' });
      await expect(route.authorize(req)).rejects.toThrow(`answered ${status}`);
    }
    const tooBig = await route.authorize({ ...(await request('k-big:authorize:pix-main:0')), payer: { name: 'X'.repeat(201), document: { type: 'cnpj', number: '123' } } });
    expect(tooBig).toMatchObject({ kind: 'declined', code: 'processingFailed', message: expect.stringContaining('The PIX institution refused the charge') });
  });

  it('cancels an unpaid charge, treats an unknown one as canceled, and does not cancel one the payer paid', async () => {
    const unpaid = await request('k-cancel:authorize:pix-main:0');
    await route.authorize(unpaid);
    const base = { idempotencyKey: 'c1', transactionId: unpaid.transactionId, amount: unpaid.amount };
    expect(await route.cancel({ ...base, authorizeKey: unpaid.idempotencyKey })).toEqual({ kind: 'canceled' });
    expect(fake.cob(txidOf(unpaid.idempotencyKey))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(await route.cancel({ ...base, authorizeKey: 'never-sent' })).toEqual({ kind: 'canceled' });
    const paid = await request('k-paid:authorize:pix-main:0');
    await route.authorize(paid);
    await fake.pay(txidOf(paid.idempotencyKey), { callback: 'lost' });
    expect(await route.cancel({ ...base, transactionId: paid.transactionId, authorizeKey: paid.idempotencyKey })).toMatchObject({
      kind: 'declined', message: expect.stringContaining('paid PIX charge'),
    });
    expect(fake.cob(txidOf(paid.idempotencyKey))?.status).toBe('CONCLUIDA');
  });

  it('fetches one token for calls at once, and one more when the PSP answers 401', async () => {
    const before = fake.tokensIssued;
    route.client.bearer(true);
    await Promise.all([route.readCharge('NoSuchTxid0000000000000000000001'), route.readCharge('NoSuchTxid0000000000000000000002'), route.webhook()]);
    expect(fake.tokensIssued).toBe(before + 1);
    fake.expireTokens();
    expect(await route.readCharge('NoSuchTxid0000000000000000000003')).toBeNull();
    expect(fake.tokensIssued).toBe(before + 2);
    // Calls that meet the expired token at once fetch one new token between them.
    fake.expireTokens();
    const ids = ['4', '5', '6', '7'].map((n) => `NoSuchTxid000000000000000000000${n}`);
    expect(await Promise.all(ids.map((id) => route.readCharge(id)))).toEqual([null, null, null, null]);
    expect(fake.tokensIssued).toBe(before + 3);
  });

  it('fails a refused devolução only on its first PUT; a later one the PSP does not show yet stays pending for an hour', async () => {
    const req = await request('k-refund:authorize:pix-main:0', 3000);
    const issued = await route.authorize(req);
    expect(issued.kind).toBe('issued');
    // The Pix as the engine keeps it (the route finds the end-to-end id to return in pix_received).
    const paid = await fake.pay(txidOf(req.idempotencyKey), { callback: 'lost' });
    await svc.db.query(
      `INSERT INTO pix_received (route_id, end_to_end_id, txid, amount, transaction_id, outcome, source, payload, received_at, updated_at)
       VALUES ('pix-main', $1, $2, 3000, $3, 'applied', 'poll', '{}', now(), now())`,
      [paid.pix.endToEndId, txidOf(req.idempotencyKey), req.transactionId],
    );
    const refund = (key: string, amount: number) => route.refund({ idempotencyKey: key, transactionId: req.transactionId, amount, authorizeKey: req.idempotencyKey, method: 'pix' });
    // More than the Pix, asked the first time: the PSP refused it, and has none under its id.
    expect(await refund('rfd_big1', 9999)).toMatchObject({ kind: 'failed', reason: expect.stringContaining('refused the refund') });
    // The first PUT broke (the PSP may have it); the second is refused and the GET finds none: not failed yet.
    fake.fail({ status: 500, method: 'PUT', pathPrefix: '/pix/' });
    await expect(refund('rfd_big2', 9999)).rejects.toThrow('answered 500');
    expect(await refund('rfd_big2', 9999)).toEqual({ kind: 'pending' });
    expect(await route.refundStatus({ idempotencyKey: 'rfd_big2' })).toEqual({ kind: 'pending' });
    await svc.db.query(`UPDATE api_pix_refunds SET sent_at = now() - interval '2 hours' WHERE idempotency_key = 'rfd_big2'`);
    expect(await route.refundStatus({ idempotencyKey: 'rfd_big2' })).toMatchObject({ kind: 'failed' });
    // A devolução the PSP took is followed to its end.
    expect(await refund('rfd_ok', 1000)).toEqual({ kind: 'pending' });
    expect(await refund('rfd_ok', 1000)).toEqual({ kind: 'pending' });
    expect(fake.received().find((p) => p.endToEndId === paid.pix.endToEndId)?.devolucoes).toHaveLength(1);
  });

  it('backs off its reads of a pending charge without end, and never reads one the PSP reported paid', async () => {
    const req = await request('k-poll:authorize:pix-main:0');
    await route.authorize(req);
    const txid = txidOf(req.idempotencyKey);
    // Long past any doubling: the gap stays at its ceiling (an exponent left to grow would overflow the statement).
    await svc.db.query(`UPDATE api_pix_charges SET polls = 5000, next_poll_at = now() - interval '1 second' WHERE txid = $1`, [txid]);
    await svc.db.query(`UPDATE transactions SET processing = jsonb_set(processing, '{route}', $2::jsonb) WHERE id = $1`, [req.transactionId, JSON.stringify({ provider: 'pix-main', key: req.idempotencyKey })]);
    const reads = () => fake.requests.filter((r) => r.method === 'GET' && r.path === `/cob/${txid}`).length;
    const before = reads();
    await sweepRoute(svc.payments, 'pix-main', pino({ level: 'silent' }));
    expect(reads()).toBe(before + 1);
    const next = await svc.db.query<{ gap: number }>(`SELECT extract(epoch FROM next_poll_at - now())::int AS gap FROM api_pix_charges WHERE txid = $1`, [txid]);
    expect(next.rows[0]!.gap).toBeGreaterThan(590);
    expect(next.rows[0]!.gap).toBeLessThanOrEqual(600);
  });

  it('refunds a Pix it holds as a devolução, and reads the same devolução when asked again under its id', async () => {
    const none = await route.refund({ idempotencyKey: 'rfd_none', transactionId: 'tra_none', amount: 100, authorizeKey: 'x', method: 'pix' });
    expect(none).toMatchObject({ kind: 'failed' });
    expect(await route.refundStatus({ idempotencyKey: 'rfd_unknown' })).toMatchObject({ kind: 'failed' });
  });
});
