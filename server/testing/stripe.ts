/**
 * What the Stripe route's tests share: the charge's PaymentIntent, the background run until a charge has its route's
 * answer, a customer with the address a boleto needs, and the check that every request the fake Stripe received came
 * from the official SDK (nothing else speaks to Stripe).
 */
import { expect } from 'vitest';
import type { Queryable } from '../db/types';
import type { PixRouteService } from './api-pix';
import type { FakeStripe } from './fake-stripe';
import { payer, type Transaction } from './payments';

/** The SDK's own user agent: `Stripe/v1 NodeBindings/<version>`, with its client user agent beside it. */
export function expectOnlySdk(stripe: FakeStripe): void {
  const foreign = stripe.requests.filter(
    (r) => !/^Stripe\/v1 NodeBindings\/23\.2\.0\b/.test(r.headers['user-agent'] ?? '') || !r.headers['x-stripe-client-user-agent'],
  );
  expect(foreign.map((r) => `${r.method} ${r.path} (${r.headers['user-agent'] ?? 'no user agent'})`)).toEqual([]);
}

/** The PaymentIntent the charge stands on (the one of its recorded route's key). */
export async function intentOf(q: Queryable, transactionId: string): Promise<string> {
  const res = await q.query<{ intent_id: string }>(
    `SELECT s.intent_id FROM stripe_intents s JOIN transactions t ON t.id = s.transaction_id
      WHERE s.transaction_id = $1 AND t.processing -> 'route' ->> 'key' = s.idempotency_key`,
    [transactionId],
  );
  if (!res.rows[0]?.intent_id) throw new Error(`no PaymentIntent recorded for ${transactionId}`);
  return res.rows[0].intent_id;
}

/**
 * Runs the background work until the charge has its route's answer (approved, pre-authorized, failed, or a code
 * issued) and returns it as the API shows it; a retry round due later is run now (at most `ms`).
 */
export async function settled(svc: PixRouteService, transactionId: string, ms = 60_000): Promise<Transaction> {
  const deadline = Date.now() + ms;
  for (;;) {
    await svc.drain();
    const t = (await (await svc.call(`/v1/transactions/${transactionId}`)).json()) as Transaction;
    const answered = !['pending', 'awaiting', 'analyzing', 'fraud-review'].includes(t.status) || Boolean(t.payment.billetBarcode || t.payment.pixQrCodeEmv);
    if (answered) return t;
    if (Date.now() > deadline) throw new Error(`${transactionId} got no route's answer within ${ms} ms (${t.status})`);
    await svc.db.query(
      `UPDATE jobs SET run_at = now() WHERE status = 'pending' AND kind IN ('transaction.process', 'transaction.void') AND payload ->> 'transactionId' = $1`,
      [transactionId],
    );
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A random CPF with its two check digits right (a customer's document is unique per merchant). */
export function randomCpf(): string {
  const d = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  for (const len of [9, 10]) {
    const sum = d.slice(0, len).reduce((n, x, i) => n + x * (len + 1 - i), 0);
    d.push(((sum * 10) % 11) % 10);
  }
  return d.join('');
}

/** A customer with a primary address (a boleto at Stripe is issued to the payer's name, e-mail, CPF and address). */
export async function withAddress(svc: PixRouteService): Promise<string> {
  const email = `pagador.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const customer = await svc.call('/v1/customers', { method: 'POST', json: payer(email, randomCpf()) });
  expect(customer.status).toBe(201);
  const { id } = (await customer.json()) as { id: string };
  const address = await svc.call('/v1/addresses', {
    method: 'POST',
    json: { ownerType: 'customer', ownerId: id, street: 'Av. Paulista', number: '1578', district: 'Bela Vista', city: 'São Paulo', state: 'SP', postcode: '01310-200', primary: true },
  });
  expect(address.status).toBe(201);
  return id;
}
