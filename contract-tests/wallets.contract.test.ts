import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../client/src/index';
import type { PaymentsClient } from './support/client';
import { fund } from '../server/testing/withdrawals';
import { ENGINES } from '../server/testing/harness';
import { contractContext, errorOf, idem, idemKey, type ContractContext } from './support/context';
import { flushCoverage } from './support/coverage';

afterAll(() => flushCoverage('wallets'));

const CNPJ = '11.222.333/0001-81';
let seq = Math.floor(Math.random() * 1e6);

/** A valid registration of an account of its own. */
function walletBody(over: Partial<Schemas['CreateWalletRequest']> = {}): Schemas['CreateWalletRequest'] {
  seq += 1;
  return {
    name: `Conta ${seq}`,
    bankCode: '341',
    routingNumber: '0912',
    accountNumber: `${1_000_000 + seq}${seq % 10}`,
    accountType: 'checking',
    holderName: 'Acme Comércio Ltda',
    holderDocument: { type: 'cnpj', number: CNPJ },
    ...over,
  };
}

const UNKNOWN = 'wall_0000000000000000';

describe.each(ENGINES)('Wallets contract on $name', (engine) => {
  let c: ContractContext;
  beforeAll(async () => {
    c = await contractContext(engine);
  });
  afterAll(async () => c?.close());

  async function create(client: PaymentsClient = c.api, over: Partial<Schemas['CreateWalletRequest']> = {}): Promise<Schemas['Wallet']> {
    const { data, response } = await client.POST('/v1/wallets', { body: walletBody(over), params: idem() });
    expect(response.status).toBe(201);
    return data!;
  }
  const read = (walletId: string, client: PaymentsClient = c.api) => client.GET('/v1/wallets/{walletId}', { params: { path: { walletId } } });
  const remove = (walletId: string, client: PaymentsClient = c.api) =>
    client.DELETE('/v1/wallets/{walletId}', { params: { path: { walletId } } });

  it('createWallet 201 and getWallet 200: bank name derived, account hyphenated, document as digits', async () => {
    const w = await create(c.api, { bankCode: '260', routingNumber: '0001', accountNumber: '12345678' });
    expect(w).toMatchObject({ bankName: 'Nu Pagamentos S.A.', accountNumber: '1234567-8', enabled: true });
    expect(w.holderDocument).toEqual({ type: 'cnpj', number: '11222333000181' });
    const { data, response } = await read(w.id);
    expect(response.status).toBe(200);
    expect(data).toEqual(w);
  });

  it('listWallets 200 and listWalletsAll 200 list the wallet, filtered by id', async () => {
    const w = await create();
    const page = await c.api.GET('/v1/wallets', { params: { query: { id: w.id } } });
    expect(page.response.status).toBe(200);
    expect(page.data).toMatchObject({ total: 1, hasMore: false, data: [{ id: w.id }] });
    const all = await c.api.GET('/v1/wallets/listall', { params: { query: { id: w.id, limit: 1000 } } });
    expect(all.response.status).toBe(200);
    expect(all.data?.map((x) => x.id)).toEqual([w.id]);
    const none = await c.api.GET('/v1/wallets/listall', { params: { query: { id: UNKNOWN } } });
    expect(none.data).toEqual([]);
  });

  it('createWallet replays a retry with its key (201, Idempotent-Replayed) and refuses another body with it (409)', async () => {
    const key = idemKey();
    const body = walletBody();
    const first = await c.api.POST('/v1/wallets', { body, params: idem(key) });
    const again = await c.api.POST('/v1/wallets', { body, params: idem(key) });
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data?.id).toBe(first.data?.id);
    const other = await c.api.POST('/v1/wallets', { body: { ...body, name: 'Outra' }, params: idem(key) });
    expect(other.response.status).toBe(409);
    expect(errorOf(other).code).toBe('idempotencyMismatch');
  });

  it('createWallet 409 walletAlreadyExists for an account already registered, naming it', async () => {
    const body = walletBody();
    const first = await c.api.POST('/v1/wallets', { body, params: idem() });
    const dup = await c.api.POST('/v1/wallets', { body: { ...body, name: 'De novo' }, params: idem() });
    expect(dup.response.status).toBe(409);
    expect(errorOf(dup)).toMatchObject({ code: 'walletAlreadyExists', resource: 'wallet' });
    expect(errorOf(dup).details).toContain(first.data!.id);
  });

  it('createWallet 422: unknown bank code (unprocessableEntity) and wrong check digits (invalidDocument)', async () => {
    const bank = await c.api.POST('/v1/wallets', { body: walletBody({ bankCode: '999' }), params: idem() });
    expect(bank.response.status).toBe(422);
    expect(errorOf(bank)).toMatchObject({ code: 'unprocessableEntity', resource: 'wallet' });
    const doc = await c.api.POST('/v1/wallets', {
      body: walletBody({ holderDocument: { type: 'cnpj', number: '11.222.333/0001-00' } }),
      params: idem(),
    });
    expect(doc.response.status).toBe(422);
    expect(errorOf(doc)).toMatchObject({ code: 'invalidDocument', resource: 'wallet' });
  });

  it('400 invalidParameters in bracket notation: body pattern, query range, path prefix', async () => {
    const body = await c.api.POST('/v1/wallets', { body: walletBody({ bankCode: '34' }), params: idem() });
    expect(body.response.status).toBe(400);
    expect(errorOf(body).params?.flatMap(Object.keys)).toContain('bankCode');
    const doc = await c.api.POST('/v1/wallets', { body: walletBody({ holderDocument: { type: 'cnpj', number: '123' } }), params: idem() });
    expect(errorOf(doc).params?.flatMap(Object.keys)).toContain('holderDocument[number]');
    const list = await c.api.GET('/v1/wallets', { params: { query: { limit: 500 } } });
    expect(list.response.status).toBe(400);
    expect(errorOf(list).params?.flatMap(Object.keys)).toContain('limit');
    const all = await c.api.GET('/v1/wallets/listall', { params: { query: { limit: 1001 } } });
    expect(all.response.status).toBe(400);
    for (const res of [await read('cus_3Jd9QwE5rTy2UiOp'), await remove('abc')]) {
      expect(res.response.status).toBe(400);
      expect(errorOf(res).params?.flatMap(Object.keys)).toContain('walletId');
    }
  });

  it('createWallet 413 payloadTooLarge for a body over the limit', async () => {
    const res = await c.api.POST('/v1/wallets', { body: walletBody({ name: 'x'.repeat(1_100_000) }), params: idem() });
    expect(res.response.status).toBe(413);
    expect(errorOf(res).code).toBe('payloadTooLarge');
  });

  it('listWallets and listWalletsAll 422 when the lower daterange bound is after the upper one', async () => {
    const query = { daterangegte: '2026-03-15', daterangelte: '2026-03-14' };
    const page = await c.api.GET('/v1/wallets', { params: { query } });
    expect(page.response.status).toBe(422);
    expect(errorOf(page).code).toBe('unprocessableEntity');
    const all = await c.api.GET('/v1/wallets/listall', { params: { query } });
    expect(all.response.status).toBe(422);
  });

  it('getWallet 404 walletNotFound: unknown, another merchant, the other mode', async () => {
    const mine = await create();
    for (const res of [await read(UNKNOWN), await read(mine.id, c.other), await read(mine.id, c.live)]) {
      expect(res.response.status).toBe(404);
      expect(errorOf(res)).toMatchObject({ code: 'walletNotFound', resource: 'wallet' });
    }
  });

  it('deleteWallet 200 with the delete body; then getWallet and deleteWallet are 404', async () => {
    const w = await create();
    const { data, response } = await remove(w.id);
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ id: w.id, resource: 'wallet', deleted: true });
    expect((await read(w.id)).response.status).toBe(404);
    const again = await remove(w.id);
    expect(again.response.status).toBe(404);
    expect(errorOf(again).code).toBe('walletNotFound');
    expect((await remove(w.id, c.other)).response.status).toBe(404);
  });

  it('deleteWallet 422 walletHasPendingWithdrawals while a withdrawal is pending', async () => {
    const w = await create();
    await fund(c.svc.db, c.svc.merchant.merchantId, 10_000);
    // The sandbox bank holds a transfer whose amount ends in 02 until it is simulated: it stays pending.
    const withdrawal = await c.api.POST('/v1/withdrawals', { body: { walletId: w.id, amount: 1_002 }, params: idem() });
    expect(withdrawal.response.status).toBe(201);
    await c.svc.drain();
    const res = await remove(w.id);
    expect(res.response.status).toBe(422);
    expect(errorOf(res)).toMatchObject({ code: 'walletHasPendingWithdrawals', resource: 'wallet' });
    expect((await read(w.id)).response.status).toBe(200);
  });

  const calls: Record<string, (cl: PaymentsClient) => Promise<{ response: Response; error?: unknown }>> = {
    listWallets: (cl) => cl.GET('/v1/wallets'),
    listWalletsAll: (cl) => cl.GET('/v1/wallets/listall'),
    getWallet: (cl) => read(UNKNOWN, cl),
    createWallet: (cl) => cl.POST('/v1/wallets', { body: walletBody(), params: idem() }),
    deleteWallet: (cl) => remove(UNKNOWN, cl),
  };
  const writes = new Set(['createWallet', 'deleteWallet']);

  it.each(Object.keys(calls))('%s 401 with an unknown key, 403 with a key that may not call it', async (op) => {
    const call = calls[op]!;
    const unknown = await call(c.stranger);
    expect(unknown.response.status).toBe(401);
    expect(errorOf(unknown).code).toBe('unauthorized');
    const refused = await call(writes.has(op) ? c.readOnly : c.fenced);
    expect(refused.response.status).toBe(403);
    expect(errorOf(refused).code).toBe('forbidden');
  });
});
