/**
 * The narrow interface of a payout provider: the bank (or payment institution) that transfers a withdrawal to the
 * merchant's account. Like a payment provider, it answers a repeated idempotency key with its first answer and does
 * nothing again, which is what lets a job ask again after a time-out or a crash without paying twice.
 */
import type { Mode } from '../core/tenancy';

/** The account a payout is sent to (a wallet of the merchant), as the bank needs it. */
export interface PayoutAccount {
  bankCode: string;
  routingNumber: string;
  accountNumber: string;
  accountType: 'checking' | 'savings' | 'payment';
  holderName: string;
  holderDocument: { type: 'cpf' | 'cnpj'; number: string };
}

export interface PayoutRequest {
  /** The withdrawal's id: one transfer per withdrawal, however often it is asked for. */
  idempotencyKey: string;
  withdrawalId: string;
  merchantId: string;
  amount: number;
  currency: string;
  account: PayoutAccount;
}

export type PayoutResult =
  /** The transfer reached the account. */
  | { kind: 'paid' }
  /** The bank refused or returned the transfer: nothing left the merchant's balance for good. */
  | { kind: 'failed'; reason: string }
  /** Accepted, not yet settled: ask again later under the same key. */
  | { kind: 'processing' }
  /** The provider did nothing (down, refused to take the call): ask again later. */
  | { kind: 'unavailable'; reason: string };

/** What a sandbox tester makes the bank answer (`POST /v1/sandbox/withdrawals/{id}/simulate`). */
export type SimulatedPayout = 'pay' | 'fail';

export interface PayoutProvider {
  readonly id: string;
  /** The modes it serves: a sandbox provider never sees a production withdrawal. */
  readonly modes: readonly Mode[];
  /** Sends the transfer, or answers where the transfer made under `idempotencyKey` stands. */
  payout(req: PayoutRequest): Promise<PayoutResult>;
  /**
   * Sandbox only: the bank settles a transfer as the tester says, unless it has already settled it (the answer that
   * stands is returned either way). The background payout, asking under the same key, finds this answer.
   */
  simulate?(req: PayoutRequest, action: SimulatedPayout): Promise<PayoutResult>;
}
