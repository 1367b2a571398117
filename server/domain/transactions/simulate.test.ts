/**
 * The sandbox simulator right after a PIX or billet is created, before the background has issued its QR code or
 * billet: `pay` and `expire` issue it first (as the job would), then act, and the job (run after, or beside the
 * call) finds the work done. Every effect once: one authorization at the sandbox, one event, one timeline entry per
 * fact. On every engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/types';
import type { PaymentRoutes } from '../../payments/orchestrator';
import { sandboxAntiFraud, sandboxVault } from '../../payments/sandbox/cards';
import { sandboxProvider } from '../../payments/sandbox/provider';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { billetBody, eventTypes, pixBody, providerOperations, timelineOf, type Transaction } from '../../testing/payments';
import { processTransaction } from './processing';

/** The two sandbox routes, with a switch that makes both answer "unavailable". */
function routesWithSwitch(down: { on: boolean }) {
  return (db: Db): PaymentRoutes => ({
    providers: (['sandbox', 'sandbox-fallback'] as const).map((id) => {
      const real = sandboxProvider(db, id);
      return { ...real, authorize: async (req) => (down.on ? { kind: 'unavailable' as const, reason: 'down for the test' } : real.authorize(req)) };
    }),
    vaults: { sandbox: sandboxVault },
    antifraud: { sandbox: sandboxAntiFraud },
  });
}

describe.each(ENGINES)('sandbox pay and expire right after the 201, on $name', (engine) => {
  let svc: TestService;
  const down = { on: false };
  beforeAll(async () => {
    // The worker runs jobs only when the test drains it: nothing is issued in the background unless the test says so.
    svc = await startTestService(engine, { RATE_LIMIT_POLL_POINTS: '100000' }, { routes: routesWithSwitch(down) });
  });
  afterAll(async () => svc?.close());

  async function create(body: unknown): Promise<string> {
    const res = await svc.call('/v1/transactions', { method: 'POST', json: body });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const t = await read(id);
    expect(t.status).toBe('pending');
    expect(t.payment.pixQrCodeEmv ?? t.payment.billetBarcode ?? null).toBeNull();
    return id;
  }
  const simulate = (id: string, action: string) => svc.call(`/v1/sandbox/transactions/${id}/simulate`, { method: 'POST', json: { action } });
  const read = async (id: string) => (await (await svc.call(`/v1/transactions/${id}`)).json()) as Transaction;
  const processJob = async (id: string) =>
    (await svc.db.query<{ status: string }>(`SELECT status FROM jobs WHERE kind = 'transaction.process' AND payload->>'transactionId' = $1`, [id])).rows[0]?.status;

  it.each([
    ['PIX', pixBody(), 'pixQrCodeEmv'],
    ['billet', billetBody(), 'billetBarcode'],
  ] as const)('%s: pay before any worker ran → 200 approved, issued once, one event; the job then does nothing', async (_, body, field) => {
    const id = await create(body);
    const res = await simulate(id, 'pay');
    const paid = (await res.json()) as Transaction;
    expect(res.status, JSON.stringify(paid)).toBe(200);
    expect(paid.status).toBe('approved');
    expect(paid.payment[field]).toEqual(expect.any(String));
    expect(timelineOf(paid)).toEqual(['status:null>pending', 'route:sandbox:sent', 'note', 'status:pending>approved']);
    expect(await processJob(id)).toBe('pending');

    await svc.drain();
    expect(await processJob(id)).toBe('done');
    expect(await read(id)).toEqual(paid);
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1 });
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.approved']);
  });

  it.each([
    ['PIX', pixBody()],
    ['billet', billetBody()],
  ] as const)('%s: expire before any worker ran → 200 canceled, issued and voided once', async (_, body) => {
    const id = await create(body);
    const res = await simulate(id, 'expire');
    const expired = (await res.json()) as Transaction;
    expect(res.status, JSON.stringify(expired)).toBe(200);
    expect(expired.status).toBe('canceled');
    expect(timelineOf(expired)).toEqual(['status:null>pending', 'route:sandbox:sent', 'note', 'status:pending>canceled', 'note']);
    await svc.drain();
    expect(await read(id)).toEqual(expired);
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, cancel: 1 });
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.canceled']);
  });

  it('pay while the job issues the same QR code (both at once): every effect once', async () => {
    for (let i = 0; i < 3; i++) {
      const id = await create(pixBody());
      const [res] = await Promise.all([simulate(id, 'pay'), processTransaction(svc.payments, id)]);
      expect(res.status).toBe(200);
      await svc.drain();
      const t = await read(id);
      expect(t.status).toBe('approved');
      expect(timelineOf(t)).toEqual(['status:null>pending', 'route:sandbox:sent', 'note', 'status:pending>approved']);
      expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1 });
      expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.approved']);
    }
  });

  it('pay while the worker drains: every effect once', async () => {
    const id = await create(billetBody());
    const [res] = await Promise.all([simulate(id, 'pay'), svc.drain()]);
    expect(res.status).toBe(200);
    const t = await read(id);
    expect(t.status).toBe('approved');
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1 });
    expect(await eventTypes(svc.db, id)).toEqual(['transaction.created', 'transaction.approved']);
  });

  it('no route can issue it now: 503 providerUnavailable, nothing paid, no retry round spent', async () => {
    const id = await create(pixBody());
    down.on = true;
    try {
      const res = await simulate(id, 'pay');
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('providerUnavailable');
    } finally {
      down.on = false;
    }
    const t = await read(id);
    expect(t.status).toBe('pending');
    expect(timelineOf(t)).toEqual(['status:null>pending', 'route:sandbox:unavailable', 'route:sandbox-fallback:unavailable']);
    expect((await svc.db.query<{ route_rounds: number }>('SELECT route_rounds FROM transactions WHERE id = $1', [id])).rows[0]?.route_rounds).toBe(0);
    // The routes are back: the job issues it, meeting the same facts of round 0 without writing them again.
    await svc.drain();
    expect(timelineOf(await read(id))).toEqual(['status:null>pending', 'route:sandbox:unavailable', 'route:sandbox-fallback:unavailable', 'route:sandbox:sent', 'note']);
    expect((await simulate(id, 'pay')).status).toBe(200);
  });
});
