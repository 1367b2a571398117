/** SQL of the money after approval: receivables, refunds and disputes of a transaction. */
import type { components } from '../../../generated/schema';
import type { Queryable } from '../../db/types';
import { newId } from '../../ids';
import { sourcesOf, sqlStates } from '../../core/state-machine';
import { REFUND_TRANSITIONS, type RefundStatus } from './status';

/**
 * A row as `json_agg` hands it back inside a larger read: its timestamps are ISO strings with their offset, the rest is
 * as the column list selected it (integer cents cast to int, dates formatted by SQL, jsonb as objects).
 */
export type JsonRow<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

/** A timestamp of a `JsonRow` as the driver would have given it: a Date, cut to the millisecond as both drivers do. */
export const jsonDate = (s: string): Date => new Date(s);
export const jsonDateOrNull = (s: string | null): Date | null => (s === null ? null : new Date(s));

/** `SELECT coalesce(json_agg(x ORDER BY …), '[]')` over `select`: one JSON array in place of a query of its own. */
export function jsonArray(select: string, orderBy: string): string {
  return `(SELECT coalesce(json_agg(x ORDER BY ${orderBy}), '[]'::json) FROM (${select}) x)`;
}

export type ReceivableStatus = components['schemas']['Receivable']['status'];

export type RefundReason = components['schemas']['Refund']['reason'];
export type DisputeStatus = components['schemas']['Dispute']['status'];
export type DisputeReason = components['schemas']['Dispute']['reason'];

export interface ReceivableRow {
  id: string;
  recipient: string;
  split: string | null;
  status: ReceivableStatus;
  amount: number;
  gross_amount: number;
  fee: number;
  anticipation_fee: number;
  installment_number: number;
  description: string;
  authorization_code: string | null;
  paid_at: Date | null;
  refunded_at: Date | null;
  canceled_at: Date | null;
  /** `YYYY-MM-DD`, formatted by SQL so no driver time zone can shift the day. */
  expected_on: string;
  liable: boolean;
  charge_processing_fee: boolean;
  created_at: Date;
  updated_at: Date;
}

const RECEIVABLE_COLUMNS = `id, recipient, split, status, amount::int AS amount, gross_amount::int AS gross_amount,
  fee::int AS fee, anticipation_fee::int AS anticipation_fee, installment_number, description, authorization_code,
  paid_at, refunded_at, canceled_at, to_char(expected_on, 'YYYY-MM-DD') AS expected_on, liable, charge_processing_fee,
  created_at, updated_at`;

export interface NewReceivable {
  recipient: string;
  status: 'pending' | 'paid';
  grossAmount: number;
  fee: number;
  installmentNumber: number;
  description: string;
  authorizationCode: string | null;
  paidAt: Date | null;
  expectedOn: string;
  /** The split this receivable pays, with its flags; absent for the merchant's own share (which bears its fee and answers for refunds). */
  split?: { id: string; liable: boolean; chargeProcessingFee: boolean };
}

/** Inserts a receivable; returns its id (the cause of the ledger entries of its settlement). */
export async function insertReceivable(q: Queryable, transactionId: string, r: NewReceivable, at: Date): Promise<string> {
  const id = newId('rec');
  await q.query(
    `INSERT INTO receivables (id, transaction_id, recipient, status, amount, gross_amount, fee, installment_number,
       description, authorization_code, paid_at, expected_on, created_at, updated_at, split, liable, charge_processing_fee)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::date, $13, $13, $14, $15, $16)`,
    [
      id, transactionId, r.recipient, r.status, r.grossAmount - r.fee, r.grossAmount, r.fee, r.installmentNumber,
      r.description, r.authorizationCode, r.paidAt, r.expectedOn, at, r.split?.id ?? null, r.split?.liable ?? true,
      r.split?.chargeProcessingFee ?? true,
    ],
  );
  return id;
}

/** Receivables in installment order (and, within one installment, oldest first). */
export async function listReceivables(q: Queryable, transactionId: string): Promise<ReceivableRow[]> {
  const res = await q.query<ReceivableRow>(
    `SELECT ${RECEIVABLE_COLUMNS} FROM receivables WHERE transaction_id = $1 ORDER BY installment_number, created_at, id`,
    [transactionId],
  );
  return res.rows;
}

/** `listReceivables` of the transaction `idSql` (an SQL expression) as one JSON array, for a larger read. */
export function receivablesJson(idSql: string): string {
  return jsonArray(`SELECT ${RECEIVABLE_COLUMNS} FROM receivables WHERE transaction_id = ${idSql}`, 'x.installment_number, x.created_at, x.id');
}

export function receivableFromJson(r: JsonRow<ReceivableRow>): ReceivableRow {
  return {
    ...r,
    paid_at: jsonDateOrNull(r.paid_at),
    refunded_at: jsonDateOrNull(r.refunded_at),
    canceled_at: jsonDateOrNull(r.canceled_at),
    created_at: jsonDate(r.created_at),
    updated_at: jsonDate(r.updated_at),
  };
}

/** Moves receivables to a closing status, stamping the column that goes with it. */
export async function closeReceivable(
  q: Queryable,
  id: string,
  status: 'refunded' | 'canceled' | 'chargeback',
  at: Date,
): Promise<void> {
  const stamp = status === 'canceled' ? 'canceled_at' : 'refunded_at';
  await q.query(`UPDATE receivables SET status = $2, ${stamp} = $3, updated_at = $3 WHERE id = $1`, [id, status, at]);
}

export interface SettledReceivable {
  id: string;
  /** Whose balance it settles into (the charge's merchant, or a split's recipient). */
  recipient: string;
  gross_amount: number;
  fee: number;
}

/**
 * Settles the pending receivables due on or before `day` (`YYYY-MM-DD`); returns those it settled (none on a re-run:
 * only `pending` ones move, so their entries are posted once).
 */
export async function settleReceivables(q: Queryable, transactionId: string, day: string, at: Date): Promise<SettledReceivable[]> {
  const res = await q.query<SettledReceivable>(
    `UPDATE receivables SET status = 'paid', paid_at = $3, updated_at = $3
      WHERE transaction_id = $1 AND status = 'pending' AND expected_on <= $2::date
      RETURNING id, recipient, gross_amount::int AS gross_amount, fee::int AS fee`,
    [transactionId, day, at],
  );
  return res.rows;
}

export interface RefundRow {
  id: string;
  transaction_id: string;
  amount: number;
  status: RefundStatus;
  reason: RefundReason;
  failure_reason: string | null;
  metadata: Record<string, string>;
  refunded_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const REFUND_COLUMNS = `id, transaction_id, amount::int AS amount, status, reason, failure_reason, metadata, refunded_at,
  created_at, updated_at`;

export async function insertRefund(
  q: Queryable,
  r: { id: string; transactionId: string; amount: number; reason: RefundReason; metadata: Record<string, string> },
  at: Date,
): Promise<RefundRow> {
  const res = await q.query<RefundRow>(
    `INSERT INTO refunds (id, transaction_id, amount, status, reason, metadata, created_at, updated_at)
     VALUES ($1, $2, $3, 'pending', $4, $5::jsonb, $6, $6) RETURNING ${REFUND_COLUMNS}`,
    [r.id, r.transactionId, r.amount, r.reason, JSON.stringify(r.metadata), at],
  );
  return res.rows[0]!;
}

export async function findRefund(q: Queryable, id: string, forUpdate = false): Promise<RefundRow | null> {
  const res = await q.query<RefundRow>(`SELECT ${REFUND_COLUMNS} FROM refunds WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return res.rows[0] ?? null;
}

export async function deleteRefund(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM refunds WHERE id = $1', [id]);
}

export async function setRefundStatus(
  q: Queryable,
  id: string,
  status: Exclude<RefundStatus, 'pending'>,
  failureReason: string | null,
  at: Date,
): Promise<RefundRow> {
  const res = await q.query<RefundRow>(
    `UPDATE refunds SET status = $2, failure_reason = $3, refunded_at = CASE WHEN $2 = 'succeeded' THEN $4::timestamptz END,
       updated_at = $4 WHERE id = $1 AND status IN (${sqlStates(sourcesOf(REFUND_TRANSITIONS, status))}) RETURNING ${REFUND_COLUMNS}`,
    [id, status, failureReason, at],
  );
  const row = res.rows[0];
  if (!row) throw new Error(`refund ${id} cannot become ${status}: it is not in a status that moves there`);
  return row;
}

/** Refunds newest first. */
export async function listRefunds(q: Queryable, transactionId: string): Promise<RefundRow[]> {
  const res = await q.query<RefundRow>(
    `SELECT ${REFUND_COLUMNS} FROM refunds WHERE transaction_id = $1 ORDER BY created_at DESC, id DESC`,
    [transactionId],
  );
  return res.rows;
}

/** `listRefunds` of the transaction `idSql` as one JSON array, for a larger read. */
export function refundsJson(idSql: string): string {
  return jsonArray(`SELECT ${REFUND_COLUMNS} FROM refunds WHERE transaction_id = ${idSql}`, 'x.created_at DESC, x.id DESC');
}

export function refundFromJson(r: JsonRow<RefundRow>): RefundRow {
  return { ...r, refunded_at: jsonDateOrNull(r.refunded_at), created_at: jsonDate(r.created_at), updated_at: jsonDate(r.updated_at) };
}

export interface DisputeRow {
  id: string;
  status: DisputeStatus;
  reason: DisputeReason;
  amount: number;
  evidence_due_by: Date | null;
  closed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const DISPUTE_COLUMNS = 'id, status, reason, amount::int AS amount, evidence_due_by, closed_at, created_at, updated_at';

export async function insertDispute(
  q: Queryable,
  d: { transactionId: string; reason: DisputeReason; amount: number; evidenceDueBy: Date; providerDisputeId?: string | null },
  at: Date,
): Promise<DisputeRow> {
  const res = await q.query<DisputeRow>(
    `INSERT INTO disputes (id, transaction_id, status, reason, amount, evidence_due_by, created_at, updated_at, provider_dispute_id)
     VALUES ($1, $2, 'open', $3, $4, $5, $6, $6, $7) RETURNING ${DISPUTE_COLUMNS}`,
    [newId('dsp'), d.transactionId, d.reason, d.amount, d.evidenceDueBy, at, d.providerDisputeId ?? null],
  );
  return res.rows[0]!;
}

/** Closes the open dispute of a transaction as won or lost; returns it. */
export async function closeDispute(q: Queryable, transactionId: string, status: 'won' | 'lost', at: Date): Promise<DisputeRow> {
  const res = await q.query<DisputeRow>(
    `UPDATE disputes SET status = $2, closed_at = $3, evidence_due_by = NULL, updated_at = $3
      WHERE transaction_id = $1 AND status = 'open' RETURNING ${DISPUTE_COLUMNS}`,
    [transactionId, status, at],
  );
  const row = res.rows[0];
  if (!row) throw new Error(`transaction ${transactionId} has no open dispute`);
  return row;
}

/** Disputes newest first. */
export async function listDisputes(q: Queryable, transactionId: string): Promise<DisputeRow[]> {
  const res = await q.query<DisputeRow>(
    `SELECT ${DISPUTE_COLUMNS} FROM disputes WHERE transaction_id = $1 ORDER BY created_at DESC, id DESC`,
    [transactionId],
  );
  return res.rows;
}

/** `listDisputes` of the transaction `idSql` as one JSON array, for a larger read. */
export function disputesJson(idSql: string): string {
  return jsonArray(`SELECT ${DISPUTE_COLUMNS} FROM disputes WHERE transaction_id = ${idSql}`, 'x.created_at DESC, x.id DESC');
}

export function disputeFromJson(d: JsonRow<DisputeRow>): DisputeRow {
  return {
    ...d,
    evidence_due_by: jsonDateOrNull(d.evidence_due_by),
    closed_at: jsonDateOrNull(d.closed_at),
    created_at: jsonDate(d.created_at),
    updated_at: jsonDate(d.updated_at),
  };
}
