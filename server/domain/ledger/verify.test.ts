/**
 * `verifyLedger` and `npm run admin -- verify-ledger`: consistent books pass; each kind of damage, written into the
 * database the way a bug would, is found by its check, and the command then exits 1 with a report. On every engine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../admin/run';
import { newId } from '../../ids';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { pixBody } from '../../testing/payments';
import { admin } from '../../testing/processes';
import { transactionsApi } from '../../testing/transactions-api';
import { post } from './entries';
import { verifyLedger } from './verify';

describe.each(ENGINES)('verifyLedger on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' });
  });
  afterAll(async () => svc?.close());
  const api = transactionsApi(() => svc);
  const scope = () => ({ merchantId: svc.merchant.merchantId, mode: 'sandbox' as const });
  const checks = async () => [...new Set((await verifyLedger(svc.db)).map((v) => v.check))].sort();

  async function paidPix(): Promise<string> {
    const id = await api.create(pixBody());
    await svc.drain();
    await api.act(id, 'pay');
    return id;
  }

  it('passes healthy books, then finds each kind of damage by its own check', async () => {
    const id = await paidPix();
    const refunded = await paidPix();
    expect((await api.post(`/v1/transactions/${refunded}/refunds`, { amount: 700 })).status).toBe(201);
    expect(await verifyLedger(svc.db)).toEqual([]);
    const ok = await runAdmin(['verify-ledger'], svc.db);
    expect(ok).toMatchObject({ code: 0, stderr: '' });
    expect(ok.stdout).toMatch(/^ledger consistent: \d+ checks, no violations\n$/);

    // A debit with no refund behind it: the charge's money no longer adds up, and the entry has no cause.
    const ghost = newId('rfd');
    await post(svc.db, scope(), { type: 'refund', amount: -100, source: { kind: 'refund', id: ghost }, transactionId: id, description: 'ghost' }, new Date());
    expect(await checks()).toEqual(['entry-cause', 'transaction-money']);
    const violations = await verifyLedger(svc.db);
    expect(violations.find((v) => v.check === 'transaction-money')).toMatchObject({ subject: id });
    expect(violations.find((v) => v.check === 'entry-cause')?.detail).toContain(ghost);

    // A second live receivable for the same installment of the other charge.
    await svc.db.query(
      `INSERT INTO receivables (id, transaction_id, recipient, status, amount, gross_amount, fee, installment_number, description,
         expected_on, created_at, updated_at)
       SELECT $2, transaction_id, recipient, 'pending', 1, 1, 0, installment_number, description, expected_on, now(), now()
         FROM receivables WHERE transaction_id = $1`,
      [refunded, newId('rec')],
    );
    expect(await checks()).toEqual(['entry-cause', 'receivable-twice', 'transaction-money']);

    // Two succeeded captures of one charge under different keys.
    for (const n of [1, 2]) {
      await svc.db.query(
        `INSERT INTO provider_operations (id, merchant_id, mode, subject_kind, subject_id, kind, provider, idempotency_key, amount,
           state, created_at, updated_at)
         VALUES ($1, $2, 'sandbox', 'transaction', $3, 'capture', 'sandbox', $4, 20000, 'succeeded', now(), now())`,
        [newId('pop'), svc.merchant.merchantId, id, `${id}:capture:${n}`],
      );
    }
    expect(await checks()).toEqual(['capture-twice', 'entry-cause', 'receivable-twice', 'transaction-money']);

    // A failed withdrawal that was debited and never given back.
    const wallet = await svc.call('/v1/wallets', {
      method: 'POST',
      json: { name: 'Conta', bankCode: '341', routingNumber: '0912', accountNumber: '45678-9', accountType: 'checking', holderName: 'Acme', holderDocument: { type: 'cnpj', number: '11222333000181' } },
    });
    expect(wallet.status).toBe(201);
    const walletId = ((await wallet.json()) as { id: string }).id;
    const withdrawal = newId('wdr');
    await svc.db.query(`INSERT INTO withdrawals (id, merchant_id, mode, wallet_id, amount, status, failure_reason, updated_at) VALUES ($1, $2, 'sandbox', $3, 500, 'failed', 'refused', now())`, [
      withdrawal, svc.merchant.merchantId, walletId,
    ]);
    await post(svc.db, scope(), { type: 'withdrawal', amount: -500, source: { kind: 'withdrawal', id: withdrawal }, description: 'payout' }, new Date());
    expect(await checks()).toEqual(['capture-twice', 'entry-cause', 'receivable-twice', 'transaction-money', 'withdrawal-entries']);
    await post(svc.db, scope(), { type: 'withdrawal_reversal', amount: 500, source: { kind: 'withdrawal', id: withdrawal }, description: 'payout failed' }, new Date());
    expect(await checks()).toEqual(['capture-twice', 'entry-cause', 'receivable-twice', 'transaction-money']);

    const bad = await runAdmin(['verify-ledger'], svc.db);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('admin: verify-ledger: 5 violation(s)\n');
    expect(bad.stdout).toContain('ledger inconsistent: 5 violation(s)');
    expect(bad.stdout).toContain('  capture-twice: 1');
    expect(bad.stdout).toContain('  transaction-money: 2');
    expect(bad.stdout).toContain('  entry-twice: 0');
    const json = await runAdmin(['verify-ledger', '--json'], svc.db);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, violations: expect.arrayContaining([expect.objectContaining({ check: 'capture-twice', subject: id })]) });
  });

  it('finds an entry written twice once the unique constraint that guards it is gone', async () => {
    const id = await paidPix();
    const [entry] = (await svc.db.query<{ constraint_name: string }>(
      `SELECT constraint_name FROM information_schema.table_constraints
        WHERE table_name = 'ledger_entries' AND constraint_type = 'UNIQUE' AND table_schema = current_schema()`,
    )).rows;
    await svc.db.query(`ALTER TABLE ledger_entries DROP CONSTRAINT ${entry!.constraint_name}`);
    await svc.db.query(
      `INSERT INTO ledger_entries (id, merchant_id, mode, currency, amount, type, source_kind, source_id, transaction_id, description, created_at)
       SELECT $2, merchant_id, mode, currency, amount, type, source_kind, source_id, transaction_id, description, created_at
         FROM ledger_entries WHERE transaction_id = $1 AND type = 'settlement'`,
      [id, newId('led')],
    );
    const found = await verifyLedger(svc.db);
    expect(found.map((v) => v.check)).toContain('entry-twice');
    expect(found.filter((v) => v.check === 'transaction-money').map((v) => v.subject)).toContain(id);
  });
});

describe('npm run admin -- verify-ledger', { timeout: 120_000 }, () => {
  const root = mkdtempSync(join(tmpdir(), 'payments-verify-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('prints the summary and exits 0 on consistent books', async () => {
    const ran = await admin(join(root, 'data'), ['verify-ledger']);
    expect(ran).toMatchObject({ code: 0, stderr: '' });
    expect(ran.stdout).toMatch(/ledger consistent: \d+ checks, no violations/);
  });
});
