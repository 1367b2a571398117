/**
 * The split scenario through the API, in sandbox, on every engine: sub-accounts made by the admin function,
 * a subscription created with its splits, a cycle billed on a test clock, paid, and its
 * receivables settled; the receivables add up to the charge to the cent and every party's balance (read with its own
 * key) holds exactly its share.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../generated/schema';
import { ENGINES, startTestService, type TestService, type TestMerchant } from '../../testing/harness';
import { expectLedgerConsistent } from '../../testing/ledger';
import { payer, TEST_CARDS } from '../../testing/payments';
import { subAccount } from '../../testing/split-fixtures';
import { advanceClock, createClock } from '../../testing/clock';
import { card, type BillingCycle, type Subscription } from '../../testing/subscriptions';

type Transaction = components['schemas']['Transaction'];
type Receivable = components['schemas']['Receivable'];
type Party = { merchantId: string; sandboxKey: string };

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe.each(ENGINES)('subscription splits end to end on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' });
  });
  afterAll(async () => svc?.close());

  async function api<T>(path: string, key: string, init: { method?: string; json?: unknown } = {}, status = 200): Promise<T> {
    const res = await svc.call(path, { key, ...init });
    const body = (await res.json()) as T;
    expect(res.status, JSON.stringify(body)).toBe(status);
    return body;
  }
  async function subscribe(m: TestMerchant, body: Record<string, unknown>): Promise<Subscription> {
    const customer = payer(`${m.merchantId}@example.com`);
    return api<Subscription>('/v1/subscriptions', m.sandboxKey, { method: 'POST', json: { customer, ...body } }, 201);
  }
  /** The charge of the subscription's first cycle, read through the API. */
  async function chargeOfFirstCycle(m: TestMerchant, subscriptionId: string): Promise<Transaction> {
    const cycles = await api<{ data: BillingCycle[] }>(`/v1/subscriptions/${subscriptionId}/cycles?sort=createdAt`, m.sandboxKey);
    const first = cycles.data.find((c) => c.cycle === 1);
    expect(first?.transactionId).toBeTruthy();
    return api<Transaction>(`/v1/transactions/${first!.transactionId}`, m.sandboxKey);
  }
  /** Per recipient: its receivables' gross, fee and net, and their statuses. */
  function byRecipient(receivables: Receivable[]) {
    const out = new Map<string, { gross: number; fee: number; net: number; statuses: string[] }>();
    for (const r of receivables) {
      const p = out.get(r.recipient) ?? { gross: 0, fee: 0, net: 0, statuses: [] };
      p.gross += r.grossAmount;
      p.fee += r.grossAmount - r.amount;
      p.net += r.amount;
      p.statuses.push(r.status);
      out.set(r.recipient, p);
    }
    return out;
  }
  async function balance(p: Party): Promise<{ available: number; pending: number }> {
    const b = await api<{ balances: { available: number; pending: number }[] }>('/v1/balance', p.sandboxKey);
    return { available: b.balances[0]!.available, pending: b.balances[0]!.pending };
  }
  /** The ledger entries of one party for one charge, as (type, amount). */
  async function ledgerOf(transactionId: string, merchantId: string): Promise<[string, number][]> {
    const res = await svc.db.query<{ type: string; amount: number }>(
      'SELECT type, amount::int AS amount FROM ledger_entries WHERE transaction_id = $1 AND merchant_id = $2 ORDER BY seq',
      [transactionId, merchantId],
    );
    return res.rows.map((r) => [r.type, r.amount]);
  }

  it('70/30 of a card subscription on a test clock: receivables add up to the cent, settlement credits each ledger its share', async () => {
    const m = await svc.newMerchant('Escola de Música Ltda');
    const teacher = await subAccount(svc.db, m.merchantId, 'Professora Parceira');
    const clock = await createClock(svc, { now: '2027-03-10T15:00:00.000Z' }, m.sandboxKey);
    const sub = await subscribe(m, {
      plan: { amount: 10001, billingFrequency: 'monthly' },
      payment: { method: 'credit', card: card(TEST_CARDS.visa) },
      splits: [{ recipient: teacher.merchantId, type: 'percentage', value: 30, chargeProcessingFee: true, liable: true }],
      clockId: clock.id,
    });
    expect(sub.status).toBe('pending');
    const splitId = sub.splits[0]!.id;

    // A minute on the clock: the first cycle is billed and its card charge processed, all inside the advance.
    await advanceClock(svc, clock.id, '2027-03-10T15:01:00.000Z', m.sandboxKey);
    const t = await chargeOfFirstCycle(m, sub.id);
    expect(t).toMatchObject({ status: 'approved', amount: 10001, subscriptionId: sub.id, spplited: true });
    // 30 % of 10001 = 3000.3 → 3000 to the teacher; the merchant keeps the rest, 7001 (70 % and the rounding cent).
    expect(t.splits).toEqual([{ id: splitId, recipient: teacher.merchantId, type: 'percentage', value: 30, amount: 3000, chargeProcessingFee: true, liable: true }]);
    expect(sum(t.receivables.map((r) => r.grossAmount))).toBe(10001);
    // Card fee 3.99 % of 10001 = 399; the teacher bears ⌊399 × 3000 / 10001⌋ = 119, the merchant the other 280.
    const planned = byRecipient(t.receivables);
    expect(planned.get(teacher.merchantId)).toEqual({ gross: 3000, fee: 119, net: 2881, statuses: ['pending'] });
    expect(planned.get(m.merchantId)).toEqual({ gross: 7001, fee: 280, net: 6721, statuses: ['pending'] });
    expect(t.receivables.find((r) => r.recipient === teacher.merchantId)!.split).toBe(splitId);
    // Not settled yet: each balance shows its share as pending, no ledger entry exists.
    expect(await balance(teacher)).toEqual({ available: 0, pending: 2881 });
    expect(await balance(m)).toEqual({ available: 0, pending: 6721 });
    expect(await ledgerOf(t.id, teacher.merchantId)).toEqual([]);

    // A card's receivables settle 30 days after payment: on the clock, before the second cycle falls due (10 April).
    await advanceClock(svc, clock.id, '2027-04-09T20:00:00.000Z', m.sandboxKey);
    const settled = await api<Transaction>(`/v1/transactions/${t.id}`, m.sandboxKey);
    const paid = byRecipient(settled.receivables);
    expect(paid.get(teacher.merchantId)).toEqual({ gross: 3000, fee: 119, net: 2881, statuses: ['paid'] });
    expect(paid.get(m.merchantId)).toEqual({ gross: 7001, fee: 280, net: 6721, statuses: ['paid'] });
    expect(await ledgerOf(t.id, teacher.merchantId)).toEqual([['settlement', 3000], ['fee', -119]]);
    expect(await ledgerOf(t.id, m.merchantId)).toEqual([['settlement', 7001], ['fee', -280]]);
    expect(await balance(teacher)).toEqual({ available: 2881, pending: 0 });
    expect(await balance(m)).toEqual({ available: 6721, pending: 0 });
    await expectLedgerConsistent(svc.db);
  });

  it('a fixed split beside a percentage split of a PIX subscription, paid by simulate: every cent accounted for', async () => {
    const m = await svc.newMerchant('Clube do Livro Ltda');
    const author = await subAccount(svc.db, m.merchantId, 'Autora Parceira');
    const shipper = await subAccount(svc.db, m.merchantId, 'Transportadora Parceira');
    const clock = await createClock(svc, { now: '2027-03-10T15:00:00.000Z' }, m.sandboxKey);
    const sub = await subscribe(m, {
      clockId: clock.id,
      plan: { amount: 10001, billingFrequency: 'monthly' },
      payment: { method: 'pix' },
      splits: [
        { recipient: author.merchantId, type: 'percentage', value: 30 },
        { recipient: shipper.merchantId, type: 'fixed', value: 2500, chargeProcessingFee: true },
      ],
    });
    await advanceClock(svc, clock.id, '2027-03-10T15:01:00.000Z', m.sandboxKey);
    const t = await chargeOfFirstCycle(m, sub.id);
    expect(t).toMatchObject({ status: 'pending', method: 'pix', spplited: true });
    await api(`/v1/sandbox/transactions/${t.id}/simulate`, m.sandboxKey, { method: 'POST', json: { action: 'pay' } });

    const paid = await api<Transaction>(`/v1/transactions/${t.id}`, m.sandboxKey);
    expect(paid.status).toBe('approved');
    expect(paid.splits!.map((s) => [s.recipient, s.amount])).toEqual([[author.merchantId, 3000], [shipper.merchantId, 2500]]);
    expect(sum(paid.receivables.map((r) => r.grossAmount))).toBe(10001);
    // PIX fee 0.99 % of 10001 = 99. The author bears none of it; the shipper bears ⌊99 × 2500 / 10001⌋ = 24; the
    // merchant, left with 10001 − 3000 − 2500 = 4501, bears the other 75. A PIX receivable is paid at once.
    const parties = byRecipient(paid.receivables);
    expect(parties.get(author.merchantId)).toEqual({ gross: 3000, fee: 0, net: 3000, statuses: ['paid'] });
    expect(parties.get(shipper.merchantId)).toEqual({ gross: 2500, fee: 24, net: 2476, statuses: ['paid'] });
    expect(parties.get(m.merchantId)).toEqual({ gross: 4501, fee: 75, net: 4426, statuses: ['paid'] });
    expect(await ledgerOf(t.id, author.merchantId)).toEqual([['settlement', 3000]]);
    expect(await ledgerOf(t.id, shipper.merchantId)).toEqual([['settlement', 2500], ['fee', -24]]);
    expect(await ledgerOf(t.id, m.merchantId)).toEqual([['settlement', 4501], ['fee', -75]]);
    expect(await balance(author)).toEqual({ available: 3000, pending: 0 });
    expect(await balance(shipper)).toEqual({ available: 2476, pending: 0 });
    expect(await balance(m)).toEqual({ available: 4426, pending: 0 });

    // The cycle is paid and the subscription active: the split is part of billing, not beside it.
    expect(await api<Subscription>(`/v1/subscriptions/${sub.id}`, m.sandboxKey)).toMatchObject({ status: 'active', currentCycle: 1 });
    await expectLedgerConsistent(svc.db);
  });
});
