/** Fixtures of the withdrawal tests: a wallet to withdraw to, money in the balance, and readers of the ledger. */
import type { components } from '../../generated/schema';
import type { Mode } from '../core/tenancy';
import type { Queryable } from '../db/types';
import { available, post } from '../domain/ledger/entries';
import { newId } from '../ids';

export type Withdrawal = components['schemas']['Withdrawal'];
export type WithdrawalList = components['schemas']['WithdrawalList'];

let seq = Math.floor(Math.random() * 1e6);

/** A valid wallet registration with an account number of its own. */
export function walletBody(): components['schemas']['CreateWalletRequest'] {
  seq += 1;
  return {
    name: `Conta ${seq}`,
    bankCode: '341',
    routingNumber: '0912',
    accountNumber: `${1_000_000 + seq}-${seq % 10}`,
    accountType: 'checking',
    holderName: 'Acme Comércio Ltda',
    holderDocument: { type: 'cnpj', number: '11.222.333/0001-81' },
  };
}

/**
 * Credits `amount` cents to the merchant's balance as a settled charge would: an approved PIX of `amount` with one
 * receivable settled today, fee-free, and its `settlement` entry. Written directly (production has no provider to
 * charge through), but whole, so the ledger check finds every entry's cause and the charge's money adding up.
 */
export async function fund(q: Queryable, merchantId: string, amount: number, mode: Mode = 'sandbox'): Promise<void> {
  const at = new Date();
  const transactionId = newId('tra');
  const receivableId = newId('rec');
  await q.query(
    `INSERT INTO transactions (id, merchant_id, mode, status, method, amount, original_amount, captured_amount, customer_id,
       customer, payment, paid_at, created_at, updated_at)
     VALUES ($1, $2, $3, 'approved', 'pix', $4, $4, $4, 'cus_funding', '{}', '{}', $5, $5, $5)`,
    [transactionId, merchantId, mode, amount, at],
  );
  await q.query(
    `INSERT INTO receivables (id, transaction_id, recipient, status, amount, gross_amount, fee, installment_number,
       description, paid_at, expected_on, created_at, updated_at)
     VALUES ($1, $2, $3, 'paid', $4, $4, 0, 1, 'Test funding', $5, $6::date, $5, $5)`,
    [receivableId, transactionId, merchantId, amount, at, at.toISOString().slice(0, 10)],
  );
  await post(
    q,
    { merchantId, mode },
    { type: 'settlement', amount, source: { kind: 'receivable', id: receivableId }, transactionId, description: 'Test funding' },
    at,
  );
}

/** The merchant's available balance in reais, in cents. */
export async function balance(q: Queryable, merchantId: string, mode: Mode = 'sandbox'): Promise<number> {
  return (await available(q, { merchantId, mode })).get('BRL') ?? 0;
}

/** The ledger entries a withdrawal caused, as `type amount` strings, oldest first. */
export async function entriesOfWithdrawal(q: Queryable, withdrawalId: string): Promise<string[]> {
  const res = await q.query<{ type: string; amount: string }>(
    'SELECT type, amount::text AS amount FROM ledger_entries WHERE source_id = $1 ORDER BY seq',
    [withdrawalId],
  );
  return res.rows.map((r) => `${r.type} ${r.amount}`);
}

/** The payouts the sandbox bank made for a withdrawal (its memory holds one row per transfer key). */
export async function sandboxPayouts(q: Queryable, withdrawalId: string): Promise<unknown[]> {
  const res = await q.query<{ result: unknown }>(
    `SELECT result FROM sandbox_operations WHERE transaction_id = $1 AND operation = 'payout'`,
    [withdrawalId],
  );
  return res.rows.map((r) => r.result);
}
