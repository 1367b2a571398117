import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/errors';
import { changedValues, checkShape, creationValues, requireOneOfItemsAndAmount } from './link-input';
import type { LinkRow } from './links-repo';

const now = new Date('2026-11-24T12:00:00.000Z');
const later = (h: number) => new Date(now.getTime() + h * 3_600_000);

const ROW: LinkRow = {
  id: 'link_1', merchant_id: 'bus_1', mode: 'sandbox', access_id: 'acc_1', name: 'Camiseta', description: 'd', enabled: true,
  items: [{ variantId: 'var_1', quantity: 2 }], amount: null, methods: ['pix'], max_installments: 3, available_at: null,
  expires_at: later(-1), max_payments: 5, completed_payments: 0, reserved_payments: 0, success_url: 'https://loja.example/ok', cancel_url: null,
  recurring: false, template_id: null, metadata: { a: '1' }, created_at: now, updated_at: now,
};

/** The code and the one field a refusal names. */
function refusal(fn: () => void): [string, string] | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return [e.code, Object.keys(e.params?.[0] ?? {})[0] ?? ''];
    throw e;
  }
  return undefined;
}

describe('payment link input', () => {
  it('asks for exactly one of items and amount: both is 400 always, neither only at creation', () => {
    expect(refusal(() => requireOneOfItemsAndAmount({}, true))).toEqual(['invalidParameters', 'items']);
    expect(refusal(() => requireOneOfItemsAndAmount({ items: [], amount: 1 }, false))).toEqual(['invalidParameters', 'items']);
    expect(refusal(() => requireOneOfItemsAndAmount({}, false))).toBeUndefined();
  });

  it('fills the defaults of a creation and keeps only variant and quantity of items', () => {
    const items = [{ variantId: 'var_1', quantity: 1, name: 'ignored', unitPrice: 1 }];
    expect(creationValues({ name: 'x', items })).toEqual({
      name: 'x', description: '', items: [{ variantId: 'var_1', quantity: 1 }], amount: null, methods: ['pix', 'credit', 'billet'],
      max_installments: 1, available_at: null, expires_at: null, max_payments: null, success_url: null, cancel_url: null,
      template_id: null, metadata: {},
    });
  });

  it('merges a change: omitted kept, null cleared, items and amount replace each other, metadata replaced whole', () => {
    const v = changedValues(ROW, { amount: 1500, successUrl: null, metadata: { b: '2' }, expiresAt: null });
    expect(v).toMatchObject({ name: 'Camiseta', items: null, amount: 1500, success_url: null, metadata: { b: '2' }, expires_at: null, max_payments: 5 });
    expect(changedValues({ ...ROW, items: null, amount: 900 }, { items: [{ variantId: 'var_2', quantity: 1 }] })).toMatchObject({
      items: [{ variantId: 'var_2', quantity: 1 }], amount: null,
    });
    expect(changedValues(ROW, {})).toMatchObject({ items: ROW.items, amount: null, expires_at: ROW.expires_at });
  });

  it.each([
    ['a past expiresAt sent now', { expires_at: later(-1) }, false, true, ['unprocessableEntity', 'expiresAt']],
    ['a past expiresAt kept from before', { expires_at: later(-1) }, false, false, undefined],
    ['expiresAt at availableAt', { available_at: later(2), expires_at: later(2) }, false, true, ['unprocessableEntity', 'expiresAt']],
    ['a past availableAt', { available_at: later(-5), expires_at: later(5) }, false, true, undefined],
    ['a variant twice', { items: [{ variantId: 'v', quantity: 1 }, { variantId: 'v', quantity: 1 }] }, false, false, ['unprocessableEntity', 'items[1][variantId]']],
    ['recurring with an amount', { items: null, amount: 100, max_installments: 1 }, true, false, ['unprocessableEntity', 'amount']],
    ['recurring with two items', { items: [{ variantId: 'a', quantity: 1 }, { variantId: 'b', quantity: 1 }], max_installments: 1 }, true, false, ['unprocessableEntity', 'items']],
    ['recurring with quantity 2', { items: [{ variantId: 'a', quantity: 2 }], max_installments: 1 }, true, false, ['unprocessableEntity', 'items[0][quantity]']],
    ['recurring in installments', { items: [{ variantId: 'a', quantity: 1 }], max_installments: 2 }, true, false, ['unprocessableEntity', 'maxInstallments']],
    ['recurring, one plan', { items: [{ variantId: 'a', quantity: 1 }], max_installments: 1 }, true, false, undefined],
  ] as const)('checkShape: %s', (_name, over, recurring, newExpiry, expected) => {
    const values = { ...creationValues({ name: 'x', amount: 1000 }), ...over } as Parameters<typeof checkShape>[0];
    expect(refusal(() => checkShape(values, recurring, newExpiry, now))).toEqual(expected);
  });
});
