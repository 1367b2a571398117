/** Fixtures of the payments tests: request bodies, and readers of what the engine recorded. */
import type { components } from '../../generated/schema';
import type { Queryable } from '../db/types';
import type { PaymentProvider } from '../payments/provider';

export type Transaction = components['schemas']['Transaction'];
export type CreateTransactionRequest = components['schemas']['CreateTransactionRequest'];

/** Valid CPFs (check digits computed by hand from the published algorithm). */
export const CPF = '52998224725';

export const TEST_CARDS = {
  visa: '4111111111111111',
  mastercard: '5555555555554444',
  declined: '4000000000000002',
  noFunds: '4000000000009995',
  review: '4000000000000259',
  fraud: '4000000000000267',
  fallback: '4000000000000119',
} as const;

export function payer(email = 'maria.silva@example.com', document: string | null = CPF) {
  return {
    firstName: 'Maria',
    lastName: 'Silva',
    email,
    ...(document ? { document: { type: 'cpf' as const, number: document } } : {}),
  };
}

export function pixBody(over: Partial<Record<string, unknown>> = {}): Record<string, unknown> {
  return { amount: 20000, customer: payer(), payment: { method: 'pix' }, ...over };
}

export function cardBody(number: string = TEST_CARDS.visa, payment: Record<string, unknown> = {}, over: Record<string, unknown> = {}) {
  return {
    amount: 30000,
    customer: payer(),
    payment: { method: 'credit', card: { number, holderName: 'MARIA SILVA', expMonth: 12, expYear: 2035, cvv: '987' }, ...payment },
    ...over,
  };
}

export function billetBody(over: Partial<Record<string, unknown>> = {}): Record<string, unknown> {
  return { amount: 15000, customer: payer(), payment: { method: 'billet' }, ...over };
}

/** The event types recorded for a resource, oldest first. */
export async function eventTypes(q: Queryable, resourceId: string): Promise<string[]> {
  const res = await q.query<{ type: string }>('SELECT type FROM events WHERE resource_id = $1 ORDER BY seq', [resourceId]);
  return res.rows.map((r) => r.type);
}

/** What the sandbox provider did for a transaction, by operation. */
export async function providerOperations(q: Queryable, transactionId: string): Promise<Record<string, number>> {
  const res = await q.query<{ operation: string; n: number }>(
    'SELECT operation, count(*)::int AS n FROM sandbox_operations WHERE transaction_id = $1 GROUP BY operation',
    [transactionId],
  );
  return Object.fromEntries(res.rows.map((r) => [r.operation, r.n]));
}

/** The timeline's entries oldest first, as `type:detail` strings (`status:pending>approved`, `route:sandbox:authorized`). */
export function timelineOf(t: Transaction): string[] {
  return [...t.timeline].reverse().map((e) => {
    const d = (e.details ?? {}) as Record<string, unknown>;
    if (e.type === 'status') return `status:${String(d.from)}>${String(d.to)}`;
    if (e.type === 'route') return `route:${String(d.provider)}:${String(d.outcome)}`;
    return `${e.type}`;
  });
}

/** `provider`, except that its first authorization acts and then never answers: the worker holding it is as good as dead. */
export function hangingFirstAuthorize(provider: PaymentProvider): PaymentProvider {
  let hung = false;
  return {
    ...provider,
    async authorize(req) {
      const answer = await provider.authorize(req);
      if (hung) return answer;
      hung = true;
      return new Promise<never>(() => undefined);
    },
  };
}
