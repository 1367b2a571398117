import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/types';
import { ENGINES } from '../../testing/harness';
import type { AuthorizeRequest } from '../provider';
import { brCodeValid, parseBrCode } from './brcode';
import { sandboxVault } from './cards';
import { sandboxProvider } from './provider';

describe.each(ENGINES)('sandbox provider on $name', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await engine.open());
  });
  afterAll(async () => drop?.());

  const card = (number: string) => sandboxVault.tokenize({ number, holderName: 'M S', expMonth: 12, expYear: 2035, cvv: '123' });
  const request = (over: Partial<AuthorizeRequest>): AuthorizeRequest => ({
    idempotencyKey: `k_${Math.random()}`,
    transactionId: 'tra_Test0000000001',
    merchant: { id: 'bus_x', name: 'Acme Comércio Ltda' },
    method: 'credit',
    amount: 10000,
    installments: 1,
    capture: true,
    ...over,
  });
  const ledgerRows = async (key: string) =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sandbox_operations WHERE idempotency_key = $1', [key])).rows[0]!.n;

  it('answers a repeated key with the first answer and acts once, even when two calls race', async () => {
    const provider = sandboxProvider(db, 'sandbox');
    const req = request({ card: await card('4111111111111111') });
    const [a, b] = await Promise.all([provider.authorize(req), provider.authorize(req)]);
    const c = await provider.authorize(req);
    expect(a.kind).toBe('approved');
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(await ledgerRows(req.idempotencyKey)).toBe(1);
  });

  it('the fallback test card finds the primary route down, without recording anything there', async () => {
    const req = request({ card: await card('4000000000000119') });
    expect((await sandboxProvider(db, 'sandbox').authorize(req)).kind).toBe('unavailable');
    expect(await ledgerRows(req.idempotencyKey)).toBe(0);
    expect((await sandboxProvider(db, 'sandbox-fallback').authorize(req)).kind).toBe('approved');
  });

  it('names a merchant whose name has nothing ASCII as the generic payee in the BR Code', async () => {
    const out = await sandboxProvider(db, 'sandbox').authorize(request({ method: 'pix', merchant: { id: 'bus_x', name: '東京商店' } }));
    if (out.kind !== 'issued' || out.instructions.kind !== 'pix') throw new Error(`expected a PIX, got ${out.kind}`);
    expect(brCodeValid(out.instructions.emv)).toBe(true);
    expect(parseBrCode(out.instructions.emv)['59']).toBe('RECEBEDOR');
  });

  it('captures at most what was authorized, and only an authorization', async () => {
    const provider = sandboxProvider(db, 'sandbox');
    const auth = request({ card: await card('4111111111111111'), capture: false });
    expect((await provider.authorize(auth)).kind).toBe('authorized');
    const base = { transactionId: auth.transactionId, authorizeKey: auth.idempotencyKey };
    expect(await provider.capture({ ...base, idempotencyKey: `${auth.idempotencyKey}:c1`, amount: 10001 })).toMatchObject({ kind: 'declined' });
    expect(await provider.capture({ ...base, idempotencyKey: `${auth.idempotencyKey}:c2`, amount: 10000 })).toEqual({ kind: 'captured' });
    expect(await provider.capture({ ...base, authorizeKey: 'nothing', idempotencyKey: 'c3', amount: 1 })).toMatchObject({ kind: 'declined' });
  });

  it('confirms a billet refund (a PIX transfer) later, when asked', async () => {
    const provider = sandboxProvider(db, 'sandbox');
    const refund = { idempotencyKey: 'rfd_sandboxtest0001', authorizeKey: 'x', transactionId: 'tra_x', amount: 100, method: 'billet' as const };
    expect(await provider.refund(refund)).toEqual({ kind: 'pending' });
    expect(await provider.refundStatus({ idempotencyKey: refund.idempotencyKey })).toEqual({ kind: 'succeeded' });
    expect(await provider.refundStatus({ idempotencyKey: 'rfd_unknown' })).toMatchObject({ kind: 'failed' });
  });
});
