/**
 * The public side of a charge: what its invoice page, QR code image, printable billet and status stream show, read by
 * the charge's random public token. Any transaction has one (made through the API or on a payment link's page). Only
 * what the payer needs leaves this module: no ids of the merchant, no customer record beyond the payer's name.
 */
import type { components } from '../../../generated/schema';
import type { Queryable } from '../../db/types';
import type { Mode } from '../access/keys';
import type { TransactionStatus } from '../transactions/status';
import { returnUrl } from './return-url';

type Payment = components['schemas']['TransactionPayment'];

/** A public token as `newPublicToken` draws them (older rows: 64 hex characters, see migration 023). */
const TOKEN = /^[0-9A-Za-z]{32,64}$/;

export interface InvoiceLine {
  name: string;
  quantity: number;
  unitPrice: number;
}

export interface PublicCharge {
  /** The transaction's id: for the status stream's in-process wake-ups only, never shown on a page. */
  transactionId: string;
  token: string;
  mode: Mode;
  status: TransactionStatus;
  method: components['schemas']['PaymentMethod'];
  amount: number;
  installments: number;
  lines: InvoiceLine[];
  merchantName: string;
  payerName: string;
  payment: Pick<Payment, 'pixQrCodeEmv' | 'pixQrCodeImage' | 'billetBarcode' | 'billetSequence' | 'billetDocumentNumber'
    | 'expirationDate' | 'refused' | 'cardBrand' | 'cardLastDigits'>;
  /** The billet's due date (YYYY-MM-DD), once issued. */
  billetDueDate: string | null;
  /**
   * The payment link whose page made the charge; `retry`: its session is still open, so the payer may try again;
   * `returnUrl`: where an approved payer is sent (`successUrl` with the session id, see `return-url.ts`), or null.
   */
  link: { accessId: string; returnUrl: string | null; retry: boolean } | null;
}

/** Statuses after which nothing the payer waits for happens: the invoice page opens no status stream for them, and a
 * stream that reports one ends. */
export const SETTLED: readonly TransactionStatus[] = ['approved', 'failed', 'refused', 'canceled', 'refunded', 'chargeback', 'dispute'];

/** What the status stream compares: the status, and whether the QR code or billet is issued yet (a pending charge
 * changes what its page shows when they arrive, without a change of status). */
export interface ChargeState {
  status: TransactionStatus;
  issued: boolean;
}

interface Row {
  id: string;
  public_token: string;
  mode: Mode;
  status: TransactionStatus;
  method: PublicCharge['method'];
  amount: number;
  installments: number;
  items: components['schemas']['TransactionItem'][];
  customer: components['schemas']['TransactionCustomer'];
  payment: Payment;
  processing: { billet?: { dueDate?: string } };
  merchant_name: string;
  access_id: string | null;
  success_url: string | null;
  session_id: string | null;
  session_status: string | null;
}

/** The charge behind `token`, or null (also for anything not shaped like a token: no query is made for it). */
export async function chargeByToken(q: Queryable, token: string): Promise<PublicCharge | null> {
  if (!TOKEN.test(token)) return null;
  // One round trip: the charge, its merchant's name, and the link and session it was made on.
  const res = await q.query<Row>(
    `SELECT t.id, t.public_token, t.mode, t.status, t.method, t.amount::int AS amount, t.installments, t.items,
            t.customer, t.payment, t.processing, m.name AS merchant_name, l.access_id, l.success_url,
            s.id AS session_id, s.status AS session_status
       FROM transactions t
       JOIN merchants m ON m.id = t.merchant_id
       LEFT JOIN payment_links l ON l.id = t.payment_link_id
       LEFT JOIN checkout_sessions s ON s.id = t.checkout_session_id
      WHERE t.public_token = $1`,
    [token],
  );
  const r = res.rows[0];
  if (!r) return null;
  const p = r.payment;
  return {
    transactionId: r.id,
    token: r.public_token,
    mode: r.mode,
    status: r.status,
    method: r.method,
    amount: r.amount,
    installments: r.installments,
    lines: r.items.map((i) => ({ name: i.name, quantity: i.quantity, unitPrice: i.unitPrice })),
    merchantName: r.merchant_name,
    payerName: [r.customer.firstName, r.customer.lastName].filter(Boolean).join(' '),
    payment: {
      pixQrCodeEmv: p.pixQrCodeEmv,
      pixQrCodeImage: p.pixQrCodeImage,
      billetBarcode: p.billetBarcode,
      billetSequence: p.billetSequence,
      billetDocumentNumber: p.billetDocumentNumber,
      expirationDate: p.expirationDate,
      refused: p.refused,
      cardBrand: p.cardBrand,
      cardLastDigits: p.cardLastDigits,
    },
    billetDueDate: r.processing.billet?.dueDate ?? null,
    link: r.access_id ? { accessId: r.access_id, returnUrl: returnUrl(r.success_url, r.session_id), retry: r.session_status === 'open' } : null,
  };
}

/** The state the status stream reports, by transaction id (its re-reads); null when the charge is gone. */
export async function chargeState(q: Queryable, transactionId: string): Promise<ChargeState | null> {
  const res = await q.query<{ status: TransactionStatus; issued: boolean }>(
    `SELECT status, (payment->>'pixQrCodeEmv' IS NOT NULL OR payment->>'billetBarcode' IS NOT NULL) AS issued
       FROM transactions WHERE id = $1`,
    [transactionId],
  );
  return res.rows[0] ?? null;
}

export function stateOf(c: Pick<PublicCharge, 'status' | 'payment'>): ChargeState {
  return { status: c.status, issued: c.payment.pixQrCodeEmv !== null || c.payment.billetBarcode !== null };
}

/** The public token and status of a charge by its id: where a checkout session's charge is shown. */
export async function chargeRef(q: Queryable, transactionId: string): Promise<{ token: string; status: TransactionStatus } | null> {
  const res = await q.query<{ public_token: string; status: TransactionStatus }>(
    'SELECT public_token, status FROM transactions WHERE id = $1',
    [transactionId],
  );
  const r = res.rows[0];
  return r ? { token: r.public_token, status: r.status } : null;
}
