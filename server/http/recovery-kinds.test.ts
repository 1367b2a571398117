/**
 * Every kind of resource the registry marks `recovered` (`core/resources.ts`) is answered on the retry of a request
 * that wrote one and failed after its work committed: the resource as reading it answers now, with the operation's
 * success status. The table has one write per kind, typed by the registry, so a kind marked `recovered` does not
 * compile here until it has a write, and its handler module's recovery is then walked like the others'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCpf } from '../../contract-tests/support/context';
import type { RecoverableKind } from '../core/resources';
import { ENGINES, type TestService } from '../testing/harness';
import { cardBody, payer, TEST_CARDS } from '../testing/payments';
import { startRecoveryService, type RecoveryService, type WriteMethod } from '../testing/recovery';
import { insertSubscription, subAccount } from '../testing/split-fixtures';
import { subscriptionBody } from '../testing/subscriptions';
import { fund, walletBody } from '../testing/withdrawals';

type Body = Record<string, unknown>;

/** A write of one resource, and what its retry must answer. */
interface Write {
  method: WriteMethod;
  path: string;
  json?: unknown;
  status: 200 | 201;
  /** What the answer must hold, given it: the resource as reading it answers now (or, unreadable alone, its row). */
  expected(answer: Body): Promise<Body>;
}

describe.each(ENGINES)('the recovered answer of every recoverable kind on $name', (engine) => {
  let svc: TestService;
  let recovery: RecoveryService;
  beforeAll(async () => {
    recovery = await startRecoveryService(engine);
    svc = recovery.svc;
  });
  afterAll(async () => recovery?.close());

  async function created(path: string, json: unknown): Promise<string> {
    const res = await svc.call(path, { method: 'POST', json });
    const body = (await res.json()) as Body;
    expect(res.status, `${path}: ${JSON.stringify(body)}`).toBe(201);
    return String(body.id);
  }
  const read = async (path: string) => (await (await svc.call(path)).json()) as Body;
  const customer = () => created('/v1/customers', payer(`recovered-${newCpf()}@example.com`, newCpf()));
  async function cardCharge(capture: boolean): Promise<string> {
    const id = await created('/v1/transactions', cardBody(TEST_CARDS.visa, { capture }));
    await svc.drain();
    return id;
  }

  const WRITES: Record<RecoverableKind, () => Promise<Write>> = {
    transaction: async () => {
      const id = await cardCharge(false);
      return { method: 'POST', path: `/v1/transactions/${id}/capture`, json: {}, status: 200, expected: () => read(`/v1/transactions/${id}`) };
    },
    refund: async () => {
      const id = await cardCharge(true);
      const expected = async () => {
        const rows = await svc.db.query<{ id: string }>('SELECT id FROM refunds WHERE transaction_id = $1', [id]);
        expect(rows.rows).toHaveLength(1);
        return { id: rows.rows[0]!.id, amount: 900 };
      };
      return { method: 'POST', path: `/v1/transactions/${id}/refunds`, json: { amount: 900 }, status: 201, expected };
    },
    customer: async () => ({
      method: 'POST',
      path: '/v1/customers',
      json: payer(`recovered-${newCpf()}@example.com`, newCpf()),
      status: 201,
      expected: (b) => read(`/v1/customers/${String(b.id)}`),
    }),
    address: async () => ({
      method: 'POST',
      path: '/v1/addresses',
      json: { ownerType: 'customer', ownerId: await customer(), street: 'Av. Paulista', number: '1578', district: 'Bela Vista', city: 'São Paulo', state: 'SP', country: 'BR', postcode: '01310200' },
      status: 201,
      expected: (b) => read(`/v1/addresses/${String(b.id)}`),
    }),
    wallet: async () => ({ method: 'POST', path: '/v1/wallets', json: walletBody(), status: 201, expected: (b) => read(`/v1/wallets/${String(b.id)}`) }),
    withdrawal: async () => {
      const walletId = await created('/v1/wallets', walletBody());
      await fund(svc.db, svc.merchant.merchantId, 20_000);
      return { method: 'POST', path: '/v1/withdrawals', json: { walletId, amount: 10_000 }, status: 201, expected: (b) => read(`/v1/withdrawals/${String(b.id)}`) };
    },
    product: async () => ({ method: 'POST', path: '/v1/products', json: { name: `Produto ${newCpf()}` }, status: 201, expected: (b) => read(`/v1/products/${String(b.id)}`) }),
    variant: async () => ({
      method: 'POST',
      path: '/v1/variants',
      json: { productId: await created('/v1/products', { name: 'Base' }), name: 'Variante', pricing: { type: 'one-time', unitPrice: 990 } },
      status: 201,
      expected: (b) => read(`/v1/variants/${String(b.id)}`),
    }),
    subscription: async () => ({
      method: 'POST',
      path: '/v1/subscriptions',
      json: subscriptionBody({ customer: payer(`recovered-${newCpf()}@example.com`, newCpf()) }),
      status: 201,
      expected: (b) => read(`/v1/subscriptions/${String(b.id)}`),
    }),
    subscriptionSplit: async () => {
      const { merchantId } = svc.merchant;
      const sub = await insertSubscription(svc.db, { merchantId, amount: 5000 });
      const partner = await subAccount(svc.db, merchantId);
      const expected = async (b: Body) => {
        const { splits } = (await read(`/v1/subscriptions/${sub}/splits`)) as { splits: Body[] };
        return splits.find((s) => s.id === b.id) ?? { id: 'the split read through its subscription' };
      };
      return { method: 'POST', path: `/v1/subscriptions/${sub}/splits`, json: { recipient: partner.merchantId, type: 'percentage', value: 10 }, status: 201, expected };
    },
    paymentLink: async () => ({
      method: 'POST',
      path: '/v1/checkouts/payment-links',
      json: { name: 'Consultoria', amount: 25_000, methods: ['pix'] },
      status: 201,
      expected: (b) => read(`/v1/checkouts/payment-links/${String(b.id)}`),
    }),
    webhookEndpoint: async () => ({
      method: 'POST',
      path: '/v1/webhooks',
      json: { name: 'Recovered', endpoint: `http://127.0.0.1:9/recovered/${newCpf()}`, events: ['transaction.approved'] },
      status: 201,
      // The registration's answer is the endpoint as read, and its signing secret besides.
      expected: async (b) => ({ ...(await read(`/v1/webhooks/${String(b.id)}`)), secret: expect.stringMatching(/.{16,}/) }),
    }),
  };

  it.each(Object.entries(WRITES))('%s: the retry answers the resource as it stands', async (_kind, write) => {
    const w = await write();
    const retried = await recovery.failThenRetry(w.method, w.path, w.json);
    expect(retried.status).toBe(w.status);
    expect(retried.body).toMatchObject(await w.expected(retried.body));
  });
});
