/**
 * A payment link as the merchant writes it (a creation, or a change merged onto the link), checked and put in column
 * terms. Shape (types, ranges, unknown fields) is the validator's; here are the rules between fields and against the
 * catalogue, in the spec's words (`CreatePaymentLinkRequest`, `UpdatePaymentLinkRequest`).
 */
import type { components } from '../../../generated/schema';
import { ApiError } from '../../core/errors';
import type { Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import { CONTRACT_METHODS } from '../../payments/methods';
import { variantDisabled, variantNotRecurring } from '../catalog/errors';
import { findVariants } from '../catalog/repo';
import type { LinkRow, LinkValues } from './links-repo';

export type CreateLinkInput = components['schemas']['CreatePaymentLinkRequest'];
export type UpdateLinkInput = components['schemas']['UpdatePaymentLinkRequest'];

/** A link offers every method of the contract unless it says otherwise. */
export const DEFAULT_METHODS: LinkRow['methods'] = [...CONTRACT_METHODS];

/** The bounds of one charge (`CreateCardTransactionRequest.amount`): what the items of a link may add up to. */
export const CHARGE_MIN = 100;
export const CHARGE_MAX = 1_000_000_000;

function unprocessable(param: string, reason: string): ApiError {
  return new ApiError('unprocessableEntity', { resource: 'paymentLink', message: `The payment link is not valid: ${param} ${reason}.`, params: [{ [param]: reason }] });
}

/** Neither or both of `items` and `amount` is a malformed request (the spec's 400), before any rule is looked at. */
export function requireOneOfItemsAndAmount(input: { items?: unknown; amount?: unknown }, creating: boolean): void {
  const both = input.items !== undefined && input.amount !== undefined;
  if (both || (creating && input.items === undefined && input.amount === undefined)) {
    const reason = both ? 'give either items or amount, not both' : 'give either items or amount';
    throw new ApiError('invalidParameters', { resource: 'paymentLink', params: [{ items: reason }, { amount: reason }] });
  }
}

const itemsOf = (items: NonNullable<CreateLinkInput['items']>): LinkRow['items'] =>
  // Only what the link stores: `name` and `unitPrice` are read from the catalogue when it is shown.
  items.map((i) => ({ variantId: i.variantId, quantity: i.quantity }));

const instant = (value: string | null | undefined): Date | null => (value === undefined || value === null ? null : new Date(value));

/** The values of a new link, with the request's defaults. */
export function creationValues(input: CreateLinkInput): LinkValues {
  return {
    name: input.name,
    description: input.description ?? '',
    items: input.items === undefined ? null : itemsOf(input.items),
    amount: input.amount ?? null,
    methods: input.methods ?? DEFAULT_METHODS,
    max_installments: input.maxInstallments ?? 1,
    available_at: instant(input.availableAt),
    expires_at: instant(input.expiresAt),
    max_payments: input.maxPayments ?? null,
    success_url: input.successUrl ?? null,
    cancel_url: input.cancelUrl ?? null,
    template_id: input.templateId ?? null,
    metadata: input.metadata ?? {},
  };
}

/** `current` with the fields `input` sends: an omitted field is kept, `null` clears, `items` and `amount` replace each other. */
export function changedValues(current: LinkRow, input: UpdateLinkInput): LinkValues {
  const pick = <K extends keyof LinkValues>(key: K, sent: LinkValues[K] | undefined): LinkValues[K] => (sent === undefined ? current[key] : sent);
  const sold =
    input.items !== undefined ? { items: itemsOf(input.items), amount: null } : input.amount !== undefined ? { items: null, amount: input.amount } : { items: current.items, amount: current.amount };
  return {
    name: pick('name', input.name),
    description: pick('description', input.description),
    ...sold,
    methods: pick('methods', input.methods),
    max_installments: pick('max_installments', input.maxInstallments),
    available_at: input.availableAt === undefined ? current.available_at : instant(input.availableAt),
    expires_at: input.expiresAt === undefined ? current.expires_at : instant(input.expiresAt),
    max_payments: pick('max_payments', input.maxPayments),
    success_url: pick('success_url', input.successUrl),
    cancel_url: pick('cancel_url', input.cancelUrl),
    template_id: pick('template_id', input.templateId),
    metadata: pick('metadata', input.metadata),
  };
}

/**
 * True when the change sets an `expiresAt` other than the link's: only such a date must be in the future, so an
 * expired link can still be renamed, and a client that sends the whole link back with its past date is not refused.
 */
export function expiryChanged(current: Pick<LinkRow, 'expires_at'>, input: UpdateLinkInput, v: Pick<LinkValues, 'expires_at'>): boolean {
  return input.expiresAt !== undefined && v.expires_at?.getTime() !== current.expires_at?.getTime();
}

/**
 * The rules between fields of the link as it would be. `newExpiry` is true when the request sets a new `expiresAt`
 * (`expiryChanged`): only a date the merchant changes now must be in the future.
 */
export function checkShape(v: LinkValues, recurring: boolean, newExpiry: boolean, now: Date): void {
  if (recurring) {
    if (v.items === null) throw unprocessable('amount', 'cannot be given on a recurring link: it sells one recurring variant in items');
    if (v.items.length !== 1) throw unprocessable('items', 'must hold exactly one recurring variant on a recurring link');
    if (v.items[0]!.quantity !== 1) throw unprocessable('items[0][quantity]', 'must be 1 on a recurring link');
    if (v.max_installments !== 1) throw unprocessable('maxInstallments', 'must be 1 on a recurring link');
  }
  const seen = new Set<string>();
  for (const [i, item] of (v.items ?? []).entries()) {
    if (seen.has(item.variantId)) throw unprocessable(`items[${i}][variantId]`, 'names a variant already listed: give its quantity instead');
    seen.add(item.variantId);
  }
  if (v.expires_at !== null) {
    if (newExpiry && v.expires_at <= now) throw unprocessable('expiresAt', 'must be in the future');
    if (v.available_at !== null && v.expires_at <= v.available_at) throw unprocessable('expiresAt', 'must be after availableAt');
  }
}

/**
 * The items against the catalogue, in one query: each names a variant of this merchant and mode, enabled as is its
 * product, of the kind of price the link sells (recurring on a recurring link, one-time otherwise), and their total
 * is an amount one charge can carry.
 */
export async function checkItems(q: Queryable, scope: Scope, items: NonNullable<LinkRow['items']>, recurring: boolean): Promise<void> {
  const rows = new Map((await findVariants(q, scope, items.map((i) => i.variantId))).map((r) => [r.id, r]));
  let total = 0;
  for (const [i, item] of items.entries()) {
    const param = `items[${i}][variantId]`;
    const v = rows.get(item.variantId);
    // As for a transaction's items (catalog/sale.ts): a body naming something missing is a 422, never a 404.
    if (!v) throw unprocessable(param, 'names no variant of this merchant and mode');
    if (!v.enabled || !v.product_enabled) throw variantDisabled(v.id, v.enabled, param);
    if (recurring && v.price_type !== 'recurring') throw variantNotRecurring(v.id);
    if (!recurring && v.price_type === 'recurring') throw unprocessable(param, 'has a recurring price: only a recurring link sells it');
    total += v.unit_price * item.quantity;
  }
  if (total < CHARGE_MIN || total > CHARGE_MAX) throw unprocessable('items', `must add up to ${CHARGE_MIN} to ${CHARGE_MAX} cents at current prices (they add up to ${total})`);
}
