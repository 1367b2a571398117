import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../server/testing/harness';
import { pixBody } from '../server/testing/payments';
import type { Schemas } from '../client/src/index';
import { contractContext, expectAuthRefusals, idem, type ContractContext } from './support/context';
import { flushCoverage } from './support/coverage';

afterAll(() => flushCoverage('balance'));

describe.each(ENGINES)('Balance contract on $name', (engine) => {
  let c: ContractContext;
  beforeAll(async () => {
    c = await contractContext(engine);
  });
  afterAll(async () => c?.close());

  it('getBalance 200: zeros before the first sale, then a paid PIX in available net of its fee', async () => {
    const empty = await c.api.GET('/v1/balance');
    expect(empty.response.status).toBe(200);
    expect(empty.data).toMatchObject({ mode: 'sandbox', balances: [{ currency: 'BRL', available: 0, pending: 0 }] });

    const created = await c.api.POST('/v1/transactions', { body: pixBody() as Schemas['CreateTransactionRequest'], params: idem() });
    expect(created.response.status).toBe(201);
    const transactionId = created.data!.id;
    await c.svc.drain();
    const paid = await c.api.POST('/v1/sandbox/transactions/{transactionId}/simulate', { params: { path: { transactionId } }, body: { action: 'pay' } });
    expect(paid.response.status).toBe(200);
    const [receivable] = paid.data!.receivables;
    // What the receivable settled (its gross less its fee) is what the balance holds now.
    const after = await c.api.GET('/v1/balance');
    expect(after.data?.balances).toEqual([{ currency: 'BRL', available: receivable!.amount, pending: 0, reserved: 0 }]);
  });

  it('getBalance 200 for every role and mode: the production side and another merchant are apart', async () => {
    expect((await c.live.GET('/v1/balance')).data).toMatchObject({ mode: 'production', balances: [{ currency: 'BRL', available: 0, pending: 0 }] });
    expect((await c.other.GET('/v1/balance')).data).toMatchObject({ mode: 'sandbox', balances: [{ currency: 'BRL', available: 0, pending: 0 }] });
    expect((await c.readOnly.GET('/v1/balance')).response.status).toBe(200);
  });

  it('getBalance 401 for an unknown key, 403 outside the IP allow-list', async () => {
    await expectAuthRefusals(c, (client) => client.GET('/v1/balance'), true);
  });
});
