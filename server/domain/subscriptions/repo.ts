/** SQL of subscriptions and their billing cycles. API reads are scoped by merchant and mode; jobs read by id. */
import { Conditions, countRows, selectPage, type PageQuery } from '../../db/page';
import type { Queryable } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import type { ListParams } from '../../core/lists';
import { listPage, type SortColumns } from '../../db/lists';
import type { CardRef, PaymentMethod } from '../../payments/provider';
import type { Frequency } from './calendar';
import type { CycleStatus, SubscriptionStatus } from './status';
import type { TypedPayer } from '../transactions/build-charge';

export interface Dunning {
  retryDays: number[];
  endAs: 'canceled' | 'unpaid';
  billetToleranceDays: number;
}

export interface SubscriptionRow {
  id: string;
  merchant_id: string;
  mode: Scope['mode'];
  customer_id: string;
  variant_id: string | null;
  status: SubscriptionStatus;
  amount: number;
  payment_method: PaymentMethod;
  card: CardRef | null;
  billing_frequency: Frequency;
  billing_frequency_count: number;
  billing_exact_day: number | null;
  total_cycles: number | null;
  current_cycle: number;
  trial_ends_at: Date | null;
  next_billing_at: Date | null;
  cancel_at_period_end: boolean;
  canceled_at: Date | null;
  paused_at: Date | null;
  clock_id: string | null;
  billing_anchor: string;
  anchor_day: number | null;
  dunning: Dunning;
  ever_active: boolean;
  metadata: Record<string, string>;
  /** The payment link and checkout session that started the subscription; its first cycle's charge carries them. */
  payment_link_id: string | null;
  checkout_session_id: string | null;
  /** The payer as typed on the checkout page, copied over the customer's stored identity on every charge. */
  checkout_payer: TypedPayer | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, merchant_id, mode, customer_id, variant_id, status, amount::float8 AS amount, payment_method, card,
  billing_frequency, billing_frequency_count, billing_exact_day, total_cycles, current_cycle, trial_ends_at,
  next_billing_at, cancel_at_period_end, canceled_at, paused_at, clock_id, to_char(billing_anchor, 'YYYY-MM-DD') AS billing_anchor,
  anchor_day, dunning, ever_active, metadata, payment_link_id, checkout_session_id, checkout_payer, created_at, updated_at`;

export type NewSubscription = Omit<
  SubscriptionRow,
  'merchant_id' | 'mode' | 'current_cycle' | 'cancel_at_period_end' | 'canceled_at' | 'paused_at' | 'ever_active' | 'updated_at'
  | 'payment_link_id' | 'checkout_session_id' | 'checkout_payer'
> & {
  /** Started on a payment link's checkout page: the link, the payer's session and the payer as typed. */
  checkout?: { paymentLinkId: string; checkoutSessionId: string; payer: TypedPayer | null };
};

export async function insertSubscription(q: Queryable, scope: Scope, s: NewSubscription): Promise<SubscriptionRow> {
  const res = await q.query<SubscriptionRow>(
    `INSERT INTO subscriptions (id, merchant_id, mode, customer_id, variant_id, status, amount, payment_method, card,
       billing_frequency, billing_frequency_count, billing_exact_day, total_cycles, trial_ends_at, next_billing_at,
       clock_id, billing_anchor, anchor_day, dunning, metadata, created_at, updated_at, payment_link_id, checkout_session_id,
       checkout_payer)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19::jsonb,
       $20::jsonb, $21, $21, $22, $23, $24::jsonb)
     RETURNING ${COLUMNS}`,
    [
      s.id, scope.merchantId, scope.mode, s.customer_id, s.variant_id, s.status, s.amount, s.payment_method,
      s.card ? JSON.stringify(s.card) : null, s.billing_frequency, s.billing_frequency_count, s.billing_exact_day,
      s.total_cycles, s.trial_ends_at, s.next_billing_at, s.clock_id, s.billing_anchor, s.anchor_day,
      JSON.stringify(s.dunning), JSON.stringify(s.metadata), s.created_at, s.checkout?.paymentLinkId ?? null,
      s.checkout?.checkoutSessionId ?? null, s.checkout?.payer ? JSON.stringify(s.checkout.payer) : null,
    ],
  );
  return res.rows[0]!;
}

export async function findSubscription(q: Queryable, scope: Scope, id: string, forUpdate = false): Promise<SubscriptionRow | null> {
  const res = await q.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM subscriptions WHERE merchant_id = $1 AND mode = $2 AND id = $3${forUpdate ? ' FOR UPDATE' : ''}`,
    [scope.merchantId, scope.mode, id],
  );
  return res.rows[0] ?? null;
}

export async function findSubscriptionById(q: Queryable, id: string, forUpdate = false): Promise<SubscriptionRow | null> {
  const res = await q.query<SubscriptionRow>(`SELECT ${COLUMNS} FROM subscriptions WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return res.rows[0] ?? null;
}

export interface SubscriptionPatch {
  status?: SubscriptionStatus;
  currentCycle?: number;
  /** `null` clears it. */
  nextBillingAt?: Date | null;
  cancelAtPeriodEnd?: boolean;
  canceledAt?: Date;
  pausedAt?: Date | null;
  everActive?: boolean;
  payment?: { method: PaymentMethod; card: CardRef | null };
  dunning?: Dunning;
}

export async function updateSubscription(q: Queryable, id: string, p: SubscriptionPatch, at: Date): Promise<SubscriptionRow> {
  const res = await q.query<SubscriptionRow>(
    `UPDATE subscriptions SET
       status = COALESCE($2, status),
       current_cycle = COALESCE($3, current_cycle),
       next_billing_at = CASE WHEN $4::boolean THEN $5::timestamptz ELSE next_billing_at END,
       cancel_at_period_end = COALESCE($6, cancel_at_period_end),
       canceled_at = COALESCE($7, canceled_at),
       paused_at = CASE WHEN $8::boolean THEN $9::timestamptz ELSE paused_at END,
       ever_active = COALESCE($10, ever_active),
       payment_method = CASE WHEN $11::boolean THEN $12 ELSE payment_method END,
       card = CASE WHEN $11::boolean THEN $13::jsonb ELSE card END,
       dunning = COALESCE($15::jsonb, dunning),
       updated_at = $14
     WHERE id = $1
     RETURNING ${COLUMNS}`,
    [
      id, p.status ?? null, p.currentCycle ?? null, p.nextBillingAt !== undefined, p.nextBillingAt ?? null,
      p.cancelAtPeriodEnd ?? null, p.canceledAt ?? null, p.pausedAt !== undefined, p.pausedAt ?? null, p.everActive ?? null,
      p.payment !== undefined, p.payment?.method ?? null, p.payment?.card ? JSON.stringify(p.payment.card) : null, at,
      p.dunning ? JSON.stringify(p.dunning) : null,
    ],
  );
  const row = res.rows[0];
  if (!row) throw new Error(`subscription ${id} vanished`);
  return row;
}

export const SORTABLE = ['amount'] as const;
const SORT_COLUMNS: SortColumns<(typeof SORTABLE)[number]> = { amount: 'amount' };

export interface ListFilter {
  list: ListParams<(typeof SORTABLE)[number]>;
  status?: SubscriptionStatus;
  customerId?: string;
  variantId?: string;
}

function pageQuery(scope: Scope, f: ListFilter): PageQuery {
  const c = new Conditions([scope.merchantId, scope.mode], ['merchant_id = $1', 'mode = $2'])
    .add(f.status, (p) => `status = ${p}`)
    .add(f.customerId, (p) => `customer_id = ${p}`)
    .add(f.variantId, (p) => `variant_id = ${p}`);
  return listPage({ from: 'subscriptions', columns: COLUMNS }, c, f.list, SORT_COLUMNS);
}

export function listSubscriptions(q: Queryable, scope: Scope, f: ListFilter): Promise<SubscriptionRow[]> {
  return selectPage<SubscriptionRow>(q, pageQuery(scope, f));
}

export function countSubscriptions(q: Queryable, scope: Scope, f: ListFilter): Promise<number> {
  return countRows(q, pageQuery(scope, f));
}

export interface CycleRow {
  id: string;
  subscription_id: string;
  merchant_id: string;
  mode: Scope['mode'];
  cycle: number;
  status: CycleStatus;
  amount: number;
  transaction_id: string | null;
  start_date: string;
  end_date: string;
  due_date: string;
  billed_at: Date | null;
  attempts: number;
  next_retry_at: Date | null;
  failed_at: Date | null;
  /** The attempts made before the current dunning run (a resume restarts it): retry n is attempt dunning_from + n + 1. */
  dunning_from: number;
  created_at: Date;
  updated_at: Date;
}

const CYCLE_COLUMNS = `id, subscription_id, merchant_id, mode, cycle, status, amount::float8 AS amount, transaction_id,
  to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date,
  to_char(due_date, 'YYYY-MM-DD') AS due_date, billed_at, attempts, next_retry_at, failed_at, dunning_from, created_at, updated_at`;

/** A new cycle; null when the subscription already has this cycle (a re-run). */
export async function insertCycle(
  q: Queryable,
  s: Pick<SubscriptionRow, 'id' | 'merchant_id' | 'mode' | 'amount'>,
  c: { id: string; cycle: number; start: string; end: string; at: Date },
): Promise<CycleRow | null> {
  const res = await q.query<CycleRow>(
    `INSERT INTO billing_cycles (id, subscription_id, merchant_id, mode, cycle, status, amount, start_date, end_date,
       due_date, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'scheduled', $6, $7, $8, $7, $9, $9)
     ON CONFLICT (subscription_id, cycle) DO NOTHING
     RETURNING ${CYCLE_COLUMNS}`,
    [c.id, s.id, s.merchant_id, s.mode, c.cycle, s.amount, c.start, c.end, c.at],
  );
  return res.rows[0] ?? null;
}

export async function findCycle(q: Queryable, id: string, forUpdate = false): Promise<CycleRow | null> {
  const res = await q.query<CycleRow>(`SELECT ${CYCLE_COLUMNS} FROM billing_cycles WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return res.rows[0] ?? null;
}

export async function findCycleByNumber(q: Queryable, subscriptionId: string, cycle: number): Promise<CycleRow | null> {
  const res = await q.query<CycleRow>(`SELECT ${CYCLE_COLUMNS} FROM billing_cycles WHERE subscription_id = $1 AND cycle = $2`, [subscriptionId, cycle]);
  return res.rows[0] ?? null;
}

/** The cycles of a subscription that are not final yet (at most the one in progress), newest first. */
export async function openCycles(q: Queryable, subscriptionId: string): Promise<CycleRow[]> {
  const res = await q.query<CycleRow>(
    `SELECT ${CYCLE_COLUMNS} FROM billing_cycles WHERE subscription_id = $1 AND status IN ('scheduled', 'billing', 'failed')
      ORDER BY cycle DESC FOR UPDATE`,
    [subscriptionId],
  );
  return res.rows;
}

export interface CyclePatch {
  status?: CycleStatus;
  transactionId?: string;
  billedAt?: Date;
  attempts?: number;
  nextRetryAt?: Date | null;
  failedAt?: Date;
  dates?: { start: string; end: string };
  /** Starts the dunning run afresh: the next failure is its first (clears `failed_at`, counts from the attempts made). */
  restartDunning?: boolean;
}

export async function updateCycle(q: Queryable, id: string, p: CyclePatch, at: Date): Promise<CycleRow> {
  const res = await q.query<CycleRow>(
    `UPDATE billing_cycles SET
       status = COALESCE($2, status),
       transaction_id = COALESCE($3, transaction_id),
       billed_at = COALESCE(billed_at, $4),
       attempts = COALESCE($5, attempts),
       next_retry_at = CASE WHEN $6::boolean THEN $7::timestamptz ELSE next_retry_at END,
       failed_at = CASE WHEN $12::boolean THEN NULL ELSE COALESCE(failed_at, $8) END,
       dunning_from = CASE WHEN $12::boolean THEN attempts ELSE dunning_from END,
       start_date = COALESCE($9::date, start_date),
       end_date = COALESCE($10::date, end_date),
       due_date = COALESCE($9::date, due_date),
       updated_at = $11
     WHERE id = $1
     RETURNING ${CYCLE_COLUMNS}`,
    [
      id, p.status ?? null, p.transactionId ?? null, p.billedAt ?? null, p.attempts ?? null, p.nextRetryAt !== undefined,
      p.nextRetryAt ?? null, p.failedAt ?? null, p.dates?.start ?? null, p.dates?.end ?? null, at,
      p.restartDunning ?? false,
    ],
  );
  const row = res.rows[0];
  if (!row) throw new Error(`billing cycle ${id} vanished`);
  return row;
}

export const CYCLE_SORTABLE = ['cycle', 'dueDate'] as const;
const CYCLE_SORT: SortColumns<(typeof CYCLE_SORTABLE)[number]> = { cycle: 'cycle', dueDate: 'due_date' };

export interface CycleFilter {
  list: ListParams<(typeof CYCLE_SORTABLE)[number]>;
  status?: CycleStatus;
}

function cyclePage(subscriptionId: string, f: CycleFilter): PageQuery {
  const c = new Conditions([subscriptionId], ['subscription_id = $1']).add(f.status, (p) => `status = ${p}`);
  return listPage({ from: 'billing_cycles', columns: CYCLE_COLUMNS }, c, f.list, CYCLE_SORT);
}

export function listCycles(q: Queryable, subscriptionId: string, f: CycleFilter): Promise<CycleRow[]> {
  return selectPage<CycleRow>(q, cyclePage(subscriptionId, f));
}

export function countCycles(q: Queryable, subscriptionId: string, f: CycleFilter): Promise<number> {
  return countRows(q, cyclePage(subscriptionId, f));
}
