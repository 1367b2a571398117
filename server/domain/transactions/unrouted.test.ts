/**
 * A route that is no longer configured when a capture, cancel or refund is asked on a charge it holds (an operator
 * removed it): that is our error, found before anything is sent, not a provider that did not answer. The request
 * fails as an internal error, records no operation, and writes nothing on the timeline; the charge stays as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Orchestrator } from '../../payments/orchestrator';
import { operationsOf } from '../../payments/operations';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { cardBody, TEST_CARDS } from '../../testing/payments';
import { transactionsApi } from '../../testing/transactions-api';
import { createRefund } from './refunds';
import { cancelTransaction, captureTransaction } from './service';

describe.each(ENGINES)('an operation on a route no longer configured, on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000' });
  });
  afterAll(async () => svc?.close());
  const api = transactionsApi(() => svc);
  const scope = () => ({ merchantId: svc.merchant.merchantId, mode: 'sandbox' as const });
  /** The engine with every route but the one that holds the charge. */
  const without = (route: string) => {
    const routes = svc.payments.orchestrator.routes;
    return { ...svc.payments, orchestrator: new Orchestrator({ ...routes, providers: routes.providers.filter((p) => p.id !== route) }, 5_000) };
  };
  const charged = async (capture: boolean) => {
    const id = await api.create(cardBody(TEST_CARDS.visa, { capture }));
    await svc.drain();
    const t = await api.read(id);
    expect(t.status).toBe(capture ? 'approved' : 'pre-authorized');
    return { id, route: t.payment.provider!, timeline: t.timeline.length };
  };
  const opsOf = async (id: string) => (await operationsOf(svc.db, id)).map((o) => o.kind);

  it('capture and cancel: an internal error, no operation recorded, nothing on the timeline', async () => {
    const { id, route, timeline } = await charged(false);
    await expect(captureTransaction(without(route), scope(), id, undefined)).rejects.toThrow(`no payment provider ${route}`);
    await expect(cancelTransaction(without(route), scope(), id, 'gone')).rejects.toThrow(`no payment provider ${route}`);
    expect(await opsOf(id)).toEqual(['authorize']);
    const t = await api.read(id);
    expect(t.status).toBe('pre-authorized');
    expect(t.timeline).toHaveLength(timeline);
  });

  it('refund: an internal error, no refund kept, no operation recorded', async () => {
    const { id, route, timeline } = await charged(true);
    await expect(createRefund(without(route), scope(), id, { amount: 1000 })).rejects.toThrow(`no payment provider ${route}`);
    expect(await opsOf(id)).toEqual(['authorize']);
    const t = await api.read(id);
    expect(t.refunds ?? []).toEqual([]);
    expect(t.timeline).toHaveLength(timeline);
  });
});
