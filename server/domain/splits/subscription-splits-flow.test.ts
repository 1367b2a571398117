/**
 * The split scenario through the API, in sandbox, on every engine: sub-accounts made by the admin function,
 * a subscription created with its splits, a cycle billed by its own job, paid, and its receivables settled by the
 * settlement job; the receivables add up to the charge to the cent and every party's balance (read with its own
 * key) holds exactly its share.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../generated/schema';
import { ENGINES, startTestService, type TestService, type TestMerchant } from '../../testing/harness';
import { expectLedgerConsistent } from '../../testing/ledger';
import { payer, TEST_CARDS } from '../../testing/payments';
import { subAccount } from '../../testing/split-fixtures';
import { card, runNextBilling, type BillingCycle, type Subscription } from '../../testing/subscriptions';
import { saoPauloDate } from '../fees/plan';

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
  /** Bills the subscription's next cycle by its own job and returns the cycle's charge. */
  async function billNext(m: TestMerchant, subscriptionId: string): Promise<Transaction> {
    expect(await runNextBilling(svc, subscriptionId)).toBe(true);
    const cycles = await api<{ data: BillingCycle[] }>(`/v1/subscriptions/${subscriptionId}/cycles?sort=createdAt`, m.sandboxKey);
    const billed = cycles.data.find((c) => c.transactionId !== null);
    expect(billed).toBeDefined();
    return api<Transaction>(`/v1/transactions/${billed!.transactionId}`, m.sandboxKey);
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

  it('70/30 of a card subscription: receivables add up to the cent, the settlement job credits each ledger its share', async () => {
    const m = await svc.newMerchant('Escola de Música Ltda');
    const teacher = await subAccount(svc.db, m.merchantId, 'Professora Parceira');
    const sub = await subscribe(m, {
      plan: { amount: 10001, billingFrequency: 'monthly' },
      payment: { method: 'credit', card: card(TEST_CARDS.visa) },
      splits: [{ recipient: teacher.merchantId, type: 'percentage', value: 30, chargeProcessingFee: true, liable: true }],
    });
    expect(sub.status).toBe('pending');
    const splitId = sub.splits[0]!.id;

    const t = await billNext(m, sub.id);
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

    // The card's receivables fall due in 30 days: their day comes (the schedule moved to today), and the
    // settlement job queued for the charge runs as it would on that day.
    const today = saoPauloDate(new Date());
    await svc.db.query('UPDATE receivables SET expected_on = $2::date WHERE transaction_id = $1', [t.id, today]);
    const jobs = await svc.db.query(
      `UPDATE jobs SET run_at = now(), payload = jsonb_set(payload, '{day}', to_jsonb($2::text))
        WHERE kind = 'receivables.settle' AND status = 'pending' AND payload->>'transactionId' = $1 RETURNING id`,
      [t.id, today],
    );
    expect(jobs.rows).toHaveLength(1);
    await svc.drain();

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
    const sub = await subscribe(m, {
      plan: { amount: 10001, billingFrequency: 'monthly' },
      payment: { method: 'pix' },
      splits: [
        { recipient: author.merchantId, type: 'percentage', value: 30 },
        { recipient: shipper.merchantId, type: 'fixed', value: 2500, chargeProcessingFee: true },
      ],
    });
    const t = await billNext(m, sub.id);
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
