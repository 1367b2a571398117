/**
 * A cancel that found no route (the charge still on its way to a provider) and meets one recorded by the time it
 * moves: the charge is not canceled locally, since a provider now holds a QR code, a billet or an authorization that
 * only the void path releases; the caller is told to retry, and the retry goes through that path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { expectLedgerConsistent } from '../../testing/ledger';
import { pixBody, providerOperations } from '../../testing/payments';
import { applyCancel } from './settle';
import { OPERATIONS } from './status';

describe.each(ENGINES)('a cancel racing the route of its charge, on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000' });
  });
  afterAll(async () => svc?.close());

  it('is not applied locally once a route is recorded; the retried cancel voids at the provider', async () => {
    const res = await svc.call('/v1/transactions', { method: 'POST', json: pixBody() });
    const { id } = (await res.json()) as { id: string };
    await svc.drain(); // the QR code is issued: the route is recorded, as it would be between reserve and move
    const moved = await applyCancel(svc.payments, id, null, 'Order withdrawn', OPERATIONS.cancel);
    expect(moved?.moved).toBe(false);
    expect(moved?.row.status).toBe('pending');

    const retry = await svc.call(`/v1/transactions/${id}/cancel`, { method: 'POST', json: { reason: 'Order withdrawn' } });
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as { status: string }).status).toBe('canceled');
    expect(await providerOperations(svc.db, id)).toEqual({ authorize: 1, cancel: 1 });
    await expectLedgerConsistent(svc.db);
  });
});
