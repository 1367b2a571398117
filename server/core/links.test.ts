import { describe, expect, it } from 'vitest';
import { pageLinks, simulationLinks, transactionLinks } from './links';

describe('links', () => {
  it('offers on a transaction only what its status allows next', () => {
    const rels = (status: Parameters<typeof transactionLinks>[0]['status']) => Object.keys(transactionLinks({ id: 'tra_1', status })).sort();
    expect(rels('pre-authorized')).toEqual(['cancel', 'capture', 'list', 'self']);
    expect(rels('pending')).toEqual(['cancel', 'list', 'self']);
    expect(rels('awaiting')).toEqual(['cancel', 'list', 'self']);
    expect(rels('approved')).toEqual(['list', 'refunds', 'self']);
    for (const s of ['failed', 'refused', 'canceled', 'refunded'] as const) expect(rels(s)).toEqual(['list', 'self']);
    expect(transactionLinks({ id: 'tra_1', status: 'approved' }).refunds).toEqual({ href: '/v1/transactions/tra_1/refunds', method: 'POST', description: 'Refund this transaction' });
  });

  it('links a page to itself and, while more follow, to the next one, keeping the query', () => {
    const q = { status: 'approved', sort: undefined };
    expect(pageLinks('/v1/transactions', q, { offset: 0, limit: 2, next: 2, hasMore: true }, 'This page')).toEqual({
      self: { href: '/v1/transactions?status=approved&offset=0&limit=2', method: 'GET', description: 'This page' },
      next: { href: '/v1/transactions?status=approved&offset=2&limit=2', method: 'GET', description: 'Next page' },
    });
    expect(Object.keys(pageLinks('/v1/wallets', {}, { offset: 4, limit: 2, next: 4, hasMore: false }, 'This page'))).toEqual(['self']);
  });

  it('writes a simulation in canonical form: installment 1 left out of self, the most allowed in installments', () => {
    const links = simulationLinks({ amount: 1000, method: 'credit', installment: 1, brand: 'visa' }, 12);
    expect(links.self!.href).toBe('/v1/simulators/payment-methods?amount=1000&method=credit&brand=visa');
    expect(links.installment!.href).toBe('/v1/simulators/payment-methods?amount=1000&method=credit&installment=1&brand=visa');
    expect(links.installments!.href).toBe('/v1/simulators/payment-methods?amount=1000&method=credit&installment=12&brand=visa');
  });
});
