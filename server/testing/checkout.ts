/** Fixtures of the checkout tests: payment link rows written directly (the links API is another module's), and reads. */
import type { Db, Queryable } from '../db/types';
import type { Scope } from '../core/tenancy';
import { ApiError } from '../core/errors';
import { newId, randomBase62 } from '../ids';
import { createProduct } from '../domain/catalog/products';
import { createVariant } from '../domain/catalog/variants';
import type { VariantInput } from '../domain/catalog/input';
import type { LinkRow } from '../domain/checkout/links-repo';
import { findLink } from '../domain/checkout/links-repo';
import { offerOf, openSession, type CheckoutPayer } from '../domain/checkout/sessions';
import type { SessionRow } from '../domain/checkout/sessions-repo';
import { CPF } from './payments';

export type LinkFixture = Partial<Pick<LinkRow, 'items' | 'amount' | 'methods' | 'max_installments' | 'available_at' | 'expires_at'
  | 'max_payments' | 'completed_payments' | 'recurring' | 'metadata' | 'enabled' | 'name'>>;

/** A payment link of `scope` (a fixed 10 000 cents, every method, 3 installments unless `over` says otherwise). */
export async function insertLink(db: Db, scope: Scope, over: LinkFixture = {}): Promise<LinkRow> {
  const id = newId('link');
  const items = over.items ?? null;
  const amount = items ? null : (over.amount ?? 10000);
  await db.query(
    `INSERT INTO payment_links (id, merchant_id, mode, access_id, name, enabled, items, amount, methods, max_installments,
       available_at, expires_at, max_payments, completed_payments, recurring, metadata, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9::jsonb, $10, $11, $12, $13, $14, $15, $16::jsonb, now(), now())`,
    [
      id, scope.merchantId, scope.mode, `acc_${randomBase62(24)}`, over.name ?? 'Camiseta Acme', over.enabled ?? true,
      items ? JSON.stringify(items) : null, amount, JSON.stringify(over.methods ?? ['pix', 'credit', 'billet']),
      over.max_installments ?? 3, over.available_at ?? null, over.expires_at ?? null, over.max_payments ?? null,
      over.completed_payments ?? 0, over.recurring ?? false, JSON.stringify(over.metadata ?? {}),
    ],
  );
  return (await findLink(db, scope, id))!;
}

/** A payer's session on `link`, opened on the link's offer as it stands at `now` (what a visit of its page does). */
export async function openOnOffer(engine: Parameters<typeof openSession>[0], link: LinkRow, now = new Date()): Promise<SessionRow> {
  return openSession(engine, (await offerOf(engine.db, link.access_id, now))!, now);
}

/** A variant on sale (its product created with it): one-time at `unitPrice`, or monthly when `recurring`. */
export async function insertVariant(db: Db, scope: Scope, unitPrice: number, recurring = false): Promise<string> {
  const productId = (await createProduct(db, scope, { name: 'Camiseta' })).id;
  const pricing = recurring
    ? { type: 'recurring', unitPrice, billingFrequency: 'monthly', cycles: 0 }
    : { type: 'one-time', unitPrice };
  return (await createVariant(db, scope, { productId, name: recurring ? 'Clube mensal' : 'Camiseta (M)', pricing } as VariantInput)).id;
}

export const PAYER: CheckoutPayer = { name: 'Maria da Silva', email: 'maria.silva@example.com', document: CPF };

export const CARD = (number = '4111111111111111') => ({ number, holderName: 'MARIA SILVA', expMonth: 12, expYear: 2035, cvv: '987' });

export async function sessionRow(q: Queryable, id: string) {
  const res = await q.query<{ status: string; method: string | null; transaction_id: string | null; subscription_id: string | null; approved_amount: number; completed_at: Date | null; abandoned_at: Date | null }>(
    'SELECT status, method, transaction_id, subscription_id, approved_amount::int AS approved_amount, completed_at, abandoned_at FROM checkout_sessions WHERE id = $1',
    [id],
  );
  return res.rows[0]!;
}

export async function completedPayments(q: Queryable, linkId: string): Promise<number> {
  const res = await q.query<{ n: number }>('SELECT completed_payments AS n FROM payment_links WHERE id = $1', [linkId]);
  return res.rows[0]!.n;
}

/** The transactions a session made, oldest first. */
export async function chargesOf(q: Queryable, sessionId: string) {
  const res = await q.query<{ id: string; status: string; method: string; amount: number; payment_link_id: string; items: { variantId: string | null }[]; metadata: Record<string, string>; installments: number }>(
    `SELECT id, status, method, amount::int AS amount, payment_link_id, items, metadata, installments FROM transactions
      WHERE checkout_session_id = $1 ORDER BY created_at, id`,
    [sessionId],
  );
  return res.rows;
}

/** The refusal's code, message and params, or the error itself when it is not an `ApiError`. */
export async function refusal(p: Promise<unknown>): Promise<{ code: string; message: string; params: unknown } | unknown> {
  try {
    await p;
  } catch (err) {
    return err instanceof ApiError ? { code: err.code, message: err.message, params: err.params } : err;
  }
  throw new Error('expected a refusal');
}
