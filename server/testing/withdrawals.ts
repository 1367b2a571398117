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
 * Credits `amount` cents to the merchant's balance as a settlement would. Settlement entries are written by the
 * settlement of charges (another part of the ledger); a withdrawal test needs only money there.
 */
export async function fund(q: Queryable, merchantId: string, amount: number, mode: Mode = 'sandbox'): Promise<void> {
  const at = new Date();
  await post(q, { merchantId, mode }, { type: 'settlement', amount, source: { kind: 'receivable', id: newId('rec') }, description: 'Test funding' }, at);
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
