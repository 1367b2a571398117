/**
 * A link changed by its merchant while a payer pays: between the page and the start (`shownAmount`), and between the
 * card's trip to the vault and the claim (the claim judges the link again as it is then).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../../core/tenancy';
import type { CardVault } from '../../payments/provider';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { CARD, chargesOf, refusal, insertLink, insertVariant, PAYER, openOnOffer } from '../../testing/checkout';
import { findSession, offerOf, openSession, startPayment } from './sessions';
import type { LinkRow } from './links-repo';

describe.each(ENGINES)('checkout sessions against a changing link on $name', (engine) => {
  let svc: TestService;
  let scope: Scope;
  let restoreVault: (() => void) | null = null;
  beforeAll(async () => {
    svc = await startTestService(engine);
    scope = { merchantId: svc.merchant.merchantId, mode: 'sandbox' };
  });
  afterEach(() => {
    restoreVault?.();
    restoreVault = null;
  });
  afterAll(async () => svc?.close());

  const open = (link: LinkRow) => openOnOffer(svc.payments, link);
  const setPrice = (variantId: string, cents: number) => svc.db.query('UPDATE variants SET unit_price = $2 WHERE id = $1', [variantId, cents]);
  const patchLink = async (id: string, json: unknown) => {
    const res = await svc.call(`/v1/checkouts/payment-links/${id}`, { method: 'PATCH', json, headers: { 'X-Idempotency-Key': randomUUID() } });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  /** Runs `between` once the card came back from the vault, before the claim: a merchant's change in that window. */
  const betweenVaultAndClaim = (between: () => Promise<unknown>) => {
    const orchestrator = svc.payments.orchestrator;
    const own = orchestrator.vault;
    orchestrator.vault = (mode): CardVault => {
      const vault = own.call(orchestrator, mode);
      return { tokenize: async (card) => { const ref = await vault.tokenize(card); await between(); return ref; } };
    };
    restoreVault = () => { orchestrator.vault = own; };
  };

  it('a variant repriced after the page showed its total: refused with the new total, which the session takes', async () => {
    const variantId = await insertVariant(svc.db, scope, 2500);
    const link = await insertLink(svc.db, scope, { items: [{ variantId, quantity: 2 }] });
    const s = await open(link);
    await setPrice(variantId, 3000);
    expect(await refusal(startPayment(svc.payments, s.id, { method: 'pix', payer: PAYER, shownAmount: 5000 }))).toEqual({
      code: 'unprocessableEntity', message: 'The total changed from R$ 50,00 to R$ 60,00.', params: [{ amount: 'changed' }],
    });
    expect(await chargesOf(svc.db, s.id)).toEqual([]);
    expect((await findSession(svc.db, s.id))!.amount).toBe(6000);
    // The payer saw the new total: it is charged.
    const { transactionId } = await startPayment(svc.payments, s.id, { method: 'pix', payer: PAYER, shownAmount: 6000 });
    expect((await chargesOf(svc.db, s.id)).map((t) => [t.id, t.amount])).toEqual([[transactionId, 6000]]);
  });

  it("a fixed amount changed by PATCH after the page showed it is refused the same way", async () => {
    const link = await insertLink(svc.db, scope, { amount: 10000 });
    const s = await open(link);
    await patchLink(link.id, { amount: 12000 });
    expect(await refusal(startPayment(svc.payments, s.id, { method: 'billet', payer: PAYER, shownAmount: 10000 }))).toMatchObject({
      message: 'The total changed from R$ 100,00 to R$ 120,00.', params: [{ amount: 'changed' }],
    });
    expect(await chargesOf(svc.db, s.id)).toEqual([]);
    expect((await findSession(svc.db, s.id))!.amount).toBe(12000);
  });

  it('a price changed while the card went to the vault is caught by the claim: nothing charged, the session has the new total', async () => {
    const variantId = await insertVariant(svc.db, scope, 4000);
    const link = await insertLink(svc.db, scope, { items: [{ variantId, quantity: 1 }] });
    const s = await open(link);
    betweenVaultAndClaim(() => setPrice(variantId, 4500));
    expect(await refusal(startPayment(svc.payments, s.id, { method: 'credit', payer: PAYER, card: CARD(), installments: 1, shownAmount: 4000 }))).toEqual({
      code: 'unprocessableEntity', message: 'The total changed from R$ 40,00 to R$ 45,00.', params: [{ amount: 'changed' }],
    });
    expect(await chargesOf(svc.db, s.id)).toEqual([]);
    expect(await findSession(svc.db, s.id)).toMatchObject({ amount: 4500, transaction_id: null, method: null });
  });

  it('credit dropped from the link while the card went to the vault: the claim refuses the card', async () => {
    const link = await insertLink(svc.db, scope, { methods: ['pix', 'credit'] });
    const s = await open(link);
    betweenVaultAndClaim(() => patchLink(link.id, { methods: ['pix'] }));
    expect(await refusal(startPayment(svc.payments, s.id, { method: 'credit', payer: PAYER, card: CARD(), installments: 1 }))).toMatchObject({
      code: 'unprocessableEntity', params: [{ method: 'is not offered by the link' }],
    });
    expect(await chargesOf(svc.db, s.id)).toEqual([]);
  });

  it('fewer installments allowed while the card went to the vault: the claim refuses the installments', async () => {
    const link = await insertLink(svc.db, scope, { max_installments: 6 });
    const s = await open(link);
    betweenVaultAndClaim(() => patchLink(link.id, { maxInstallments: 2 }));
    expect(await refusal(startPayment(svc.payments, s.id, { method: 'credit', payer: PAYER, card: CARD(), installments: 6 }))).toMatchObject({
      message: 'Choose 1 to 2 installments.',
    });
    expect(await chargesOf(svc.db, s.id)).toEqual([]);
  });

  it.each([
    ['above one charge', 400_000_000, 3],
    ['past 32 bits', 1_000_000_000, 5],
    ['below one charge', 99, 1],
    ['zero', 0, 2],
  ])('a total %s after a price change makes the link unavailable, on the offer and at the start', async (_name, price, quantity) => {
    const variantId = await insertVariant(svc.db, scope, 5000);
    const link = await insertLink(svc.db, scope, { items: [{ variantId, quantity }] });
    const s = await open(link);
    await setPrice(variantId, price);
    const offer = (await offerOf(svc.db, link.access_id, new Date()))!;
    expect(offer).toMatchObject({ availability: 'unavailable', amount: price * quantity });
    expect(await refusal(openSession(svc.payments, offer, new Date()))).toMatchObject({ message: 'What this payment link sells is not available right now.' });
    expect(await refusal(startPayment(svc.payments, s.id, { method: 'pix', payer: PAYER }))).toMatchObject({ message: 'What this payment link sells is not available right now.' });
    expect(await chargesOf(svc.db, s.id)).toEqual([]);
    const api = await svc.call(`/v1/checkouts/payment-links/${link.id}`);
    expect(await api.json()).toMatchObject({ availability: 'unavailable', amount: price * quantity });
  });

  it('the claim re-checks the range: a price pushed past one charge while the card went to the vault is refused', async () => {
    const variantId = await insertVariant(svc.db, scope, 5000);
    const link = await insertLink(svc.db, scope, { items: [{ variantId, quantity: 3 }] });
    const s = await open(link);
    betweenVaultAndClaim(() => setPrice(variantId, 900_000_000));
    expect(await refusal(startPayment(svc.payments, s.id, { method: 'credit', payer: PAYER, card: CARD(), installments: 1 }))).toMatchObject({
      message: 'What this payment link sells is not available right now.',
    });
    expect(await chargesOf(svc.db, s.id)).toEqual([]);
  });

  it('a fixed amount and a session amount past 32 bits are read exactly', async () => {
    const link = await insertLink(svc.db, scope);
    const s = await open(link);
    await svc.db.query('UPDATE payment_links SET amount = 5000000000 WHERE id = $1', [link.id]);
    await svc.db.query('UPDATE checkout_sessions SET amount = 5000000001 WHERE id = $1', [s.id]);
    expect(await offerOf(svc.db, link.access_id, new Date())).toMatchObject({ amount: 5_000_000_000, availability: 'unavailable' });
    expect((await findSession(svc.db, s.id))!.amount).toBe(5_000_000_001);
  });
});
