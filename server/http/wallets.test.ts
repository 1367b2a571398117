import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/schema';
import { newId } from '../ids';
import { fund } from '../testing/withdrawals';
import { ENGINES, startTestService, type TestService } from '../testing/harness';

type Wallet = components['schemas']['Wallet'];
type WalletList = components['schemas']['WalletList'];
type Item = components['schemas']['WalletListItem'];
type ErrorBody = components['schemas']['Error']['error'];

const CNPJ = '11.222.333/0001-81';
let seq = 0;

/** A valid registration with an account number of its own. */
function walletBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  seq += 1;
  return {
    name: `Conta ${seq}`,
    bankCode: '341',
    routingNumber: '0912',
    accountNumber: `${100000 + seq}-${seq % 10}`,
    accountType: 'checking',
    holderName: 'Acme Comércio Ltda',
    holderDocument: { type: 'cnpj', number: CNPJ },
    ...over,
  };
}

describe.each(ENGINES)('wallets on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine);
  });
  afterAll(async () => svc?.close());

  const post = (json: unknown, key?: string) => svc.call('/v1/wallets', { method: 'POST', json, ...(key ? { key } : {}) });
  const get = (path: string, key?: string) => svc.call(path, key ? { key } : {});
  const del = (id: string, key?: string) => svc.call(`/v1/wallets/${id}`, { method: 'DELETE', ...(key ? { key } : {}) });

  async function create(over: Record<string, unknown> = {}, key?: string): Promise<Wallet> {
    const res = await post(walletBody(over), key);
    expect(res.status).toBe(201);
    return (await res.json()) as Wallet;
  }
  async function error(res: Response, status: number, code: string): Promise<ErrorBody> {
    expect(res.status).toBe(status);
    const body = (await res.json()) as { error: ErrorBody };
    expect(body.error.code).toBe(code);
    return body.error;
  }
  async function primaries(key: string): Promise<string[]> {
    const all = (await (await get('/v1/wallets/listall', key)).json()) as Item[];
    return all.filter((w) => w.primary).map((w) => w.id);
  }

  it('registers a wallet: bank name derived, branch and account hyphenated, document as digits', async () => {
    const { sandboxKey } = await svc.newMerchant();
    const res = await post(walletBody({ bankCode: '260', routingNumber: '09127', accountNumber: '1234567x', primary: false }), sandboxKey);
    expect(res.status).toBe(201);
    const w = (await res.json()) as Wallet;
    expect(w).toMatchObject({
      bankName: 'Nu Pagamentos S.A.',
      bankCode: '260',
      routingNumber: '0912-7',
      accountNumber: '1234567-X',
      accountType: 'checking',
      holderDocument: { type: 'cnpj', number: '11222333000181' },
      primary: true, // the first wallet, whatever the request said
      enabled: true,
    });
    expect(w.id).toMatch(/^wall_[0-9A-Za-z]{16}$/);
    expect(w.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(w._links.self).toEqual({ href: `/v1/wallets/${w.id}`, method: 'GET', description: 'Read this wallet' });
    expect(await (await get(`/v1/wallets/${w.id}`, sandboxKey)).json()).toEqual(w);
  });

  it('refuses an unknown bank, a bad document and malformed fields', async () => {
    const bank = await error(await post(walletBody({ bankCode: '999' })), 422, 'unprocessableEntity');
    expect(bank).toMatchObject({ resource: 'wallet', params: [{ bankCode: 'is not a known COMPE bank code' }] });
    const doc = walletBody({ holderDocument: { type: 'cnpj', number: '11.222.333/0001-00' } });
    expect((await error(await post(doc), 422, 'invalidDocument')).resource).toBe('wallet');
    const cpfAsCnpj = walletBody({ holderDocument: { type: 'cpf', number: '11222333000181' } });
    await error(await post(cpfAsCnpj), 422, 'invalidDocument');
    const bad = await error(await post(walletBody({ accountNumber: '12-34', accountType: 'gold', extra: 1 })), 400, 'invalidParameters');
    const names = (bad.params ?? []).flatMap((p) => Object.keys(p));
    expect(names).toEqual(expect.arrayContaining(['accountNumber', 'accountType']));
  });

  it('moves the primary mark on primary: true and to the newest remaining wallet on delete', async () => {
    const { sandboxKey: key } = await svc.newMerchant();
    const w1 = await create({ primary: false }, key);
    const w2 = await create({}, key);
    expect([w1.primary, w2.primary]).toEqual([true, false]);
    const w3 = await create({ primary: true }, key);
    expect(w3.primary).toBe(true);
    expect(await primaries(key)).toEqual([w3.id]);
    const old = (await (await get(`/v1/wallets/${w1.id}`, key)).json()) as Wallet;
    expect(old.primary).toBe(false);
    expect(old.updatedAt >= w3.createdAt).toBe(true);

    // w1 was registered first but is made the most recently created: "newest" follows createdAt.
    await svc.db.query(`UPDATE wallets SET created_at = now() + interval '1 hour' WHERE id = $1`, [w1.id]);
    expect((await del(w3.id, key)).status).toBe(200);
    expect(await primaries(key)).toEqual([w1.id]);
    expect((await del(w2.id, key)).status).toBe(200);
    expect(await primaries(key)).toEqual([w1.id]);
    expect((await del(w1.id, key)).status).toBe(200);
    expect(await (await get('/v1/wallets/listall', key)).json()).toEqual([]);
    expect((await create({}, key)).primary).toBe(true);
  });

  it('deletes softly: 200 with the delete body, then 404 and unlisted; the account may be registered again', async () => {
    const w = await create();
    const res = await del(w.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: w.id, resource: 'wallet', deleted: true, _links: { list: { href: '/v1/wallets' } } });
    const gone = await error(await get(`/v1/wallets/${w.id}`), 404, 'walletNotFound');
    expect(gone).toMatchObject({ resource: 'wallet', message: `Wallet ${w.id} was not found.` });
    await error(await del(w.id), 404, 'walletNotFound');
    expect(((await (await get(`/v1/wallets?id=${w.id}`)).json()) as WalletList).total).toBe(0);
    const again = await post({ ...walletBody(), routingNumber: w.routingNumber, accountNumber: w.accountNumber });
    expect(again.status).toBe(201);
  });

  it('refuses to delete a wallet with a pending withdrawal until it is paid', async () => {
    const m = await svc.newMerchant();
    await fund(svc.db, m.merchantId, 50_000);
    const w = await create({}, m.sandboxKey);
    const withdraw = async (amount: number) => {
      const res = await svc.call('/v1/withdrawals', { method: 'POST', json: { walletId: w.id, amount }, key: m.sandboxKey });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    await withdraw(1_001); // the sandbox bank refuses amounts ending in 01: failed, not pending
    const pending = await withdraw(2_002); // and holds those ending in 02 until simulated
    await svc.drain();
    const e = await error(await del(w.id, m.sandboxKey), 422, 'walletHasPendingWithdrawals');
    expect(e).toMatchObject({ resource: 'wallet', message: `Wallet ${w.id} has 1 withdrawal still pending.` });
    expect((await get(`/v1/wallets/${w.id}`, m.sandboxKey)).status).toBe(200);
    const paid = await svc.call(`/v1/sandbox/withdrawals/${pending}/simulate`, { method: 'POST', json: { action: 'pay' }, key: m.sandboxKey });
    expect(paid.status).toBe(200);
    expect((await del(w.id, m.sandboxKey)).status).toBe(200);
    // A deleted wallet receives nothing more.
    const after = await svc.call('/v1/withdrawals', { method: 'POST', json: { walletId: w.id, amount: 100 }, key: m.sandboxKey });
    await error(after, 404, 'walletNotFound');
  });

  it('a delete racing a withdrawal to the wallet: either the withdrawal is refused or the delete is', async () => {
    const m = await svc.newMerchant();
    await fund(svc.db, m.merchantId, 50_000);
    for (let i = 0; i < 3; i++) {
      const w = await create({}, m.sandboxKey);
      const [removed, withdrawn] = await Promise.all([
        del(w.id, m.sandboxKey),
        svc.call('/v1/withdrawals', { method: 'POST', json: { walletId: w.id, amount: 1_002 }, key: m.sandboxKey }),
      ]);
      expect([[200, 404], [422, 201]]).toContainEqual([removed.status, withdrawn.status]);
    }
  });

  it('isolates merchants and modes: 404 across them, separate lists, duplicates and primaries', async () => {
    const w = await create();
    const other = await svc.newMerchant();
    for (const key of [other.sandboxKey, svc.merchant.productionKey]) {
      await error(await get(`/v1/wallets/${w.id}`, key), 404, 'walletNotFound');
      await error(await del(w.id, key), 404, 'walletNotFound');
      expect(((await (await get(`/v1/wallets?id=${w.id}`, key)).json()) as WalletList).data).toEqual([]);
      expect(await (await get(`/v1/wallets/listall?id=${w.id}`, key)).json()).toEqual([]);
      // The same account is new to another merchant or mode, and is its first (primary) wallet there.
      const same = await post({ ...walletBody(), routingNumber: w.routingNumber, accountNumber: w.accountNumber }, key);
      expect(same.status).toBe(201);
      expect(((await same.json()) as Wallet).primary).toBe(true);
    }
    expect((await get(`/v1/wallets/${w.id}`)).status).toBe(200);
  });

  it('answers 409 walletAlreadyExists for the same account, however it is spelled', async () => {
    const w = await create({ routingNumber: '0912', accountNumber: '45678-9', bankCode: '001' });
    for (const spelling of [
      { routingNumber: '0912', accountNumber: '456789' },
      { routingNumber: '0912-3', accountNumber: '45678-9' },
      { routingNumber: '0912', accountNumber: '0045678-9' },
    ]) {
      const e = await error(await post(walletBody({ bankCode: '001', ...spelling })), 409, 'walletAlreadyExists');
      expect(e).toMatchObject({ resource: 'wallet', details: `Existing wallet: ${w.id}.` });
    }
    expect((await post(walletBody({ bankCode: '237', routingNumber: '0912', accountNumber: '45678-9' }))).status).toBe(201);
  });

  it('replays a retried registration with the same idempotency key instead of answering 409', async () => {
    const init = { method: 'POST', json: walletBody(), headers: { 'X-Idempotency-Key': `wallet-${newId('key')}` } };
    const first = await svc.call('/v1/wallets', init);
    const retry = await svc.call('/v1/wallets', init);
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(((await retry.json()) as Wallet).id).toBe(((await first.json()) as Wallet).id);
  });

  it('lets exactly one of 10 concurrent identical registrations through', async () => {
    const { sandboxKey: key } = await svc.newMerchant();
    const body = walletBody();
    const results = await Promise.all(Array.from({ length: 10 }, () => post(body, key)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(((await r.json()) as { error: ErrorBody }).error.code).toBe('walletAlreadyExists');
    }
    expect((await (await get('/v1/wallets/listall', key)).json()) as Item[]).toHaveLength(1);
  });

  it('keeps exactly one primary when 10 different first wallets are registered at once', async () => {
    const { sandboxKey: key } = await svc.newMerchant();
    const results = await Promise.all(Array.from({ length: 10 }, () => post(walletBody({ primary: true }), key)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(await primaries(key)).toHaveLength(1);
  });

  describe('lists', () => {
    let key: string;
    let ids: string[]; // oldest first
    const at = ['2026-03-10T10:00:00.000Z', '2026-03-11T00:00:00.000Z', '2026-03-11T23:59:59.999Z', '2026-03-12T00:00:00.000Z', '2026-03-13T08:00:00.000Z'];

    beforeAll(async () => {
      key = (await svc.newMerchant()).sandboxKey;
      ids = [];
      for (const [i, t] of at.entries()) {
        const w = await create({ name: `Wallet ${'EDCBA'[i]}` }, key);
        await svc.db.query('UPDATE wallets SET created_at = $2, updated_at = $2 WHERE id = $1', [w.id, t]);
        ids.push(w.id);
      }
      const gone = await create({}, key);
      expect((await del(gone.id, key)).status).toBe(200);
    });
    const page = async (qs: string) => {
      const res = await get(`/v1/wallets?${qs}`, key);
      expect(res.status).toBe(200);
      return (await res.json()) as WalletList;
    };

    it('pages newest first with the envelope arithmetic and a next link only before the last page', async () => {
      const first = await page('limit=2');
      expect(first.data.map((w) => w.id)).toEqual([ids[4], ids[3]]);
      expect(first).toMatchObject({ offset: 0, limit: 2, total: 5, hasMore: true });
      expect(first.page).toEqual({ current: 1, total: 3, offset: { first: 0, prev: 0, next: 2, last: 4 } });
      const next = new URLSearchParams(first._links.next?.href.split('?')[1]);
      expect([next.get('offset'), next.get('limit')]).toEqual(['2', '2']);
      expect(first._links.create).toMatchObject({ href: '/v1/wallets', method: 'POST' });
      expect(first.data[0]).not.toHaveProperty('holderDocument');
      const middle = await page('limit=2&offset=2');
      expect(middle.data.map((w) => w.id)).toEqual([ids[2], ids[1]]);
      expect(middle.page).toEqual({ current: 2, total: 3, offset: { first: 0, prev: 0, next: 4, last: 4 } });
      const last = await page('limit=2&offset=4');
      expect(last.data.map((w) => w.id)).toEqual([ids[0]]);
      expect(last.hasMore).toBe(false);
      expect(last.page).toEqual({ current: 3, total: 3, offset: { first: 0, prev: 2, next: 4, last: 4 } });
      expect(last._links.next).toBeUndefined();
      expect(last._links.self?.href).toMatch(/^\/v1\/wallets\?.*offset=4/);
    });

    it('sorts by createdAt both ways, by name, and refuses an unknown field', async () => {
      expect((await page('sort=createdAt')).data.map((w) => w.id)).toEqual(ids);
      expect((await page('sort=ascending')).data.map((w) => w.id)).toEqual(ids);
      expect((await page('sort=-createdAt')).data.map((w) => w.id)).toEqual([...ids].reverse());
      expect((await page('sort=name')).data.map((w) => w.id)).toEqual([...ids].reverse());
      const e = await error(await get('/v1/wallets?sort=iban', key), 400, 'invalidParameters');
      expect(Object.keys(e.params?.[0] ?? {})).toEqual(['sort']);
    });

    it('filters by one UTC day, by bounds and by id', async () => {
      expect((await page('daterange=2026-03-11&sort=createdAt')).data.map((w) => w.id)).toEqual([ids[1], ids[2]]);
      // `:` is reserved in a query value: a timestamp bound is sent percent-encoded.
      const bounds = new URLSearchParams({ daterangegt: at[0]!, daterangelte: at[3]! });
      const bounded = await page(bounds.toString());
      expect(bounded.data.map((w) => w.id)).toEqual([ids[3], ids[2], ids[1]]);
      expect((await page(`id=${ids[2]}`)).data.map((w) => w.id)).toEqual([ids[2]]);
      const none = await page('id=wall_0000000000000000');
      expect(none).toMatchObject({ total: 0, hasMore: false, data: [], page: { current: 1, total: 1 } });
      await error(await get('/v1/wallets?daterangegte=2026-03-12&daterangelt=2026-03-11', key), 422, 'unprocessableEntity');
      await error(await get('/v1/wallets/listall?daterange=2026-03-11&daterangegt=2026-03-13', key), 422, 'unprocessableEntity');
      await error(await get('/v1/wallets?daterange=yesterday', key), 400, 'invalidParameters');
    });

    it('lists all as a bare array with the same filters, capped at 1000', async () => {
      const res = await get('/v1/wallets/listall', key);
      expect(res.status).toBe(200);
      const all = (await res.json()) as Item[];
      expect(Array.isArray(all)).toBe(true);
      expect(all.map((w) => w.id)).toEqual([...ids].reverse());
      const two = (await (await get('/v1/wallets/listall?sort=createdAt&limit=2&offset=1', key)).json()) as Item[];
      expect(two.map((w) => w.id)).toEqual([ids[1], ids[2]]);
      const day = (await (await get('/v1/wallets/listall?daterange=2026-03-13', key)).json()) as Item[];
      expect(day.map((w) => w.id)).toEqual([ids[4]]);
      await error(await get('/v1/wallets/listall?limit=1001', key), 400, 'invalidParameters');
      expect((await get('/v1/wallets/listall?limit=1000', key)).status).toBe(200);
    });
  });
});
