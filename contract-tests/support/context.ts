/**
 * What every contract-test file starts with: a real service on one engine and typed contract clients for the
 * callers a contract test needs (owner keys in both modes, another merchant, a read-only key, a key refused by
 * its IP allow-list, a key the service never issued).
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { ErrorEnvelope } from '../../client/src/index';
import type { PaymentsClient } from './client';
import { createKey } from '../../server/domain/access/keys';
import { randomBase62 } from '../../server/ids';
import type { ServiceOptions } from '../../server/service';
import { startTestService, type Engine, type TestService } from '../../server/testing/harness';
import { contractClient } from './client';

export interface ContractContext {
  svc: TestService;
  /** The merchant's sandbox owner key. */
  api: PaymentsClient;
  /** The same merchant in production. */
  live: PaymentsClient;
  /** Another merchant, sandbox. */
  other: PaymentsClient;
  /** A read-only sandbox key of the merchant: its writes are 403. */
  readOnly: PaymentsClient;
  /** An owner key usable only from 203.0.113.0/24: every call from the test is 403. */
  fenced: PaymentsClient;
  /** A well-formed key the service never issued: 401. */
  stranger: PaymentsClient;
  close(): Promise<void>;
}

/** `options` reach the service (tests plug in payment routes that fail on purpose). */
export async function contractContext(
  engine: Engine,
  env: Record<string, string> = {},
  options: ServiceOptions = {},
): Promise<ContractContext> {
  const svc = await startTestService(engine, env, options);
  const { merchantId } = svc.merchant;
  const other = await svc.newMerchant();
  const readOnly = await createKey(svc.db, { merchantId, mode: 'sandbox', role: 'read-only' });
  const fenced = await createKey(svc.db, { merchantId, mode: 'sandbox', role: 'owner', ipAllowlist: ['203.0.113.0/24'] });
  const client = (key: string) => contractClient(svc.url, key);
  return {
    svc,
    api: client(svc.merchant.sandboxKey),
    live: client(svc.merchant.productionKey),
    other: client(other.sandboxKey),
    readOnly: client(readOnly.key),
    fenced: client(fenced.key),
    stranger: client(`sk_test_${randomBase62(32)}`),
    close: () => svc.close(),
  };
}

/** A fresh `X-Idempotency-Key`. */
export function idemKey(): string {
  return randomUUID();
}

/** The `X-Idempotency-Key` header parameter of the typed client. */
export function idem(key: string = idemKey()): { header: { 'X-Idempotency-Key': string } } {
  return { header: { 'X-Idempotency-Key': key } };
}

function mod11(digits: number[], firstWeight: number): number {
  const sum = digits.reduce((acc, d, i) => acc + d * (firstWeight - i), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

let cpfSeq = Math.floor(Math.random() * 1e6);

/** A CPF with valid check digits, different on each call (digits only). */
export function newCpf(): string {
  cpfSeq += 1;
  const base = [...String(100_000_000 + (cpfSeq % 800_000_000)).padStart(9, '0').slice(-9)].map(Number);
  const first = mod11(base, 10);
  const second = mod11([...base, first], 11);
  return [...base, first, second].join('');
}

/** The same CPF with a wrong second check digit. */
export function badCpf(valid: string): string {
  return valid.slice(0, 10) + String((Number(valid[10]) + 1) % 10);
}

/** What every call of the typed client answers, seen by the assertions below. */
export type Answer = { response: Response; error?: unknown };

/** The call answered `status` with the error envelope of `code` (and of `resource`, when given). */
export function expectError(res: Answer, status: number, code: string, resource?: string): void {
  expect(res.response.status, JSON.stringify(res.error)).toBe(status);
  expect(errorOf(res)).toMatchObject({ code, statusCode: status, ...(resource ? { resource } : {}) });
}

/**
 * A caller the service does not know is 401; a read-only key is 403 on writes and a key fenced by its IP allow-list
 * is 403 on everything. `call` makes the operation as the given client.
 */
export async function expectAuthRefusals(c: ContractContext, call: (client: PaymentsClient) => Promise<Answer>, read: boolean): Promise<void> {
  expectError(await call(c.stranger), 401, 'unauthorized');
  for (const client of read ? [c.fenced] : [c.readOnly, c.fenced]) {
    const res = await call(client);
    expectError(res, 403, 'forbidden');
    expect(errorOf(res).category).toBe('authorization');
  }
}

/** The error body of a failed call of the typed client (throws when there is none). */
export function errorOf(result: { error?: unknown }): ErrorEnvelope['error'] {
  const e = (result.error as Partial<ErrorEnvelope> | undefined)?.error;
  if (!e) throw new Error(`expected an error envelope, got ${JSON.stringify(result.error)}`);
  return e;
}
