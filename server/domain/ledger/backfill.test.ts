/**
 * Migration 015 on every engine: a database of before the ledger (migrations up to 010), holding what the old code
 * wrote — settled charges, refunds from the schedule and from settled money, open, lost and won disputes — is
 * migrated to the end; the books are then consistent and the balance is the money settled less what was taken
 * and held. A dispute of before the ledger decided afterwards never credits more than was held for it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../db/migrate';
import type { Db } from '../../db/types';
import { ENGINES } from '../../testing/harness';
import { changeTransaction } from '../transactions/change';
import { chargeBack, releaseDispute } from '../transactions/money';
import * as ledgerRepo from '../transactions/ledger-repo';
import { balanceOf } from './balance';
import { verifyLedger } from './verify';

const BEFORE_LEDGER = loadMigrations().filter((m) => m.version <= 10);
/**
 * A database on today's shapes whose backfill (015) never ran. 018 and later stay out: 018 widens the ledger's
 * one-entry-per-cause key to one per cause and merchant, and 015's SQL names the key it was written against, so
 * 015 is only ever applied before 018 (as `migrate` applies them, in order).
 */
const WITHOUT_BACKFILL = loadMigrations().filter((m) => m.version !== 15 && m.version < 18);
/** Every shape of today but 015's data: for running today's code (which reads every column) on such a database. */
const TODAY_WITHOUT_BACKFILL = loadMigrations().filter((m) => m.version !== 15);
const AT = '2026-10-01T12:00:00Z';

let n = 0;
const id = (prefix: string) => `${prefix}_Old${Date.now().toString(36)}x${(n += 1)}`;

interface Receivable {
  gross: number;
  fee: number;
  status: 'pending' | 'paid' | 'canceled' | 'refunded' | 'chargeback';
  /** Whether it settled before it was closed (a receivable closed from the schedule never did). */
  settled: boolean;
  installment?: number;
}

interface OldCharge {
  method: 'pix' | 'credit';
  captured: number;
  status: string;
  receivables: Receivable[];
  refunds?: number[];
  dispute?: { status: 'open' | 'won' | 'lost'; amount: number };
}

/** Writes a charge as the code before the ledger left it: rows only, no ledger entries. */
async function writeOld(db: Db, merchantId: string, ch: OldCharge): Promise<{ id: string; disputeId: string | null }> {
  const tid = id('tra');
  const refunded = (ch.refunds ?? []).reduce((a, b) => a + b, 0);
  await db.query(
    `INSERT INTO transactions (id, merchant_id, mode, status, method, amount, original_amount, captured_amount, refunded_amount,
       installments, customer_id, customer, payment, paid_at, created_at, updated_at)
     VALUES ($1, $2, 'sandbox', $3, $4, $5, $5, $5, $6, $7, 'cus_Old1', '{}', '{}', $8, $8, $8)`,
    [tid, merchantId, ch.status, ch.method, ch.captured, refunded, ch.receivables.length, AT],
  );
  for (const [i, r] of ch.receivables.entries()) {
    await db.query(
      `INSERT INTO receivables (id, transaction_id, recipient, status, amount, gross_amount, fee, installment_number, description,
         paid_at, expected_on, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'Old payment', $9, '2026-10-01', $10, $10)`,
      [id('rec'), tid, merchantId, r.status, r.gross - r.fee, r.gross, r.fee, r.installment ?? i + 1, r.settled ? AT : null, AT],
    );
  }
  for (const [i, amount] of (ch.refunds ?? []).entries()) {
    // Later refunds are later in time: the backfill debits the latest first.
    const at = new Date(Date.parse(AT) + (i + 1) * 60_000).toISOString();
    await db.query(
      `INSERT INTO refunds (id, transaction_id, amount, status, refunded_at, created_at, updated_at)
       VALUES ($1, $2, $3, 'succeeded', $4, $4, $4)`,
      [id('rfd'), tid, amount, at],
    );
  }
  let disputeId: string | null = null;
  if (ch.dispute) {
    disputeId = id('dsp');
    await db.query(
      `INSERT INTO disputes (id, transaction_id, status, reason, amount, closed_at, created_at, updated_at)
       VALUES ($1, $2, $3, 'general', $4, $5, $6, $6)`,
      [disputeId, tid, ch.dispute.status, ch.dispute.amount, ch.dispute.status === 'open' ? null : AT, AT],
    );
  }
  return { id: tid, disputeId };
}

/** Settled money less what refunds and lost disputes took from it and what open disputes hold: the expected balance. */
function expectedAvailable(charges: OldCharge[]): number {
  let total = 0;
  for (const ch of charges) {
    const settled = ch.receivables.filter((r) => r.settled);
    const kept = ch.captured - (ch.refunds ?? []).reduce((a, b) => a + b, 0) - (ch.dispute?.status === 'lost' ? ch.dispute.amount : 0);
    const scheduled = ch.receivables.filter((r) => r.status === 'pending').reduce((a, r) => a + r.gross, 0);
    // What the charge still has in settled money is what it kept less what is still scheduled.
    total += kept - scheduled - settled.reduce((a, r) => a + r.fee, 0);
    if (ch.dispute?.status === 'open') total -= ch.dispute.amount;
  }
  return total;
}

const SETTLED_PIX: OldCharge = { method: 'pix', captured: 20000, status: 'approved', receivables: [{ gross: 20000, fee: 99, status: 'paid', settled: true }] };
const REFUNDED_PIX: OldCharge = {
  method: 'pix', captured: 10000, status: 'approved', refunds: [3000], receivables: [{ gross: 10000, fee: 50, status: 'paid', settled: true }],
};
// 3 × 10000: the first settled; refund 12000 closed #3 and replaced #2 by 8000; refund 9000 closed that and took 1000 settled.
const CARD: OldCharge = {
  method: 'credit', captured: 30000, status: 'approved', refunds: [12000, 9000],
  receivables: [
    { gross: 10000, fee: 300, status: 'paid', settled: true, installment: 1 },
    { gross: 10000, fee: 300, status: 'canceled', settled: false, installment: 2 },
    { gross: 10000, fee: 300, status: 'refunded', settled: false, installment: 3 },
    { gross: 8000, fee: 240, status: 'refunded', settled: false, installment: 2 },
  ],
};
const CARD_PENDING: OldCharge = {
  method: 'credit', captured: 20000, status: 'approved',
  receivables: [
    { gross: 10000, fee: 300, status: 'paid', settled: true },
    { gross: 10000, fee: 300, status: 'pending', settled: false },
  ],
};
const OPEN_DISPUTE: OldCharge = {
  method: 'pix', captured: 5000, status: 'dispute', dispute: { status: 'open', amount: 5000 }, receivables: [{ gross: 5000, fee: 25, status: 'paid', settled: true }],
};
const LOST_DISPUTE: OldCharge = {
  method: 'pix', captured: 7000, status: 'chargeback', dispute: { status: 'lost', amount: 7000 },
  receivables: [{ gross: 7000, fee: 35, status: 'chargeback', settled: true }],
};
const WON_DISPUTE: OldCharge = {
  method: 'pix', captured: 4000, status: 'approved', dispute: { status: 'won', amount: 4000 }, receivables: [{ gross: 4000, fee: 20, status: 'paid', settled: true }],
};
// A refund of 2000 from settled money, then a dispute of the rest lost: both causes debit their own part.
const REFUNDED_THEN_LOST: OldCharge = {
  method: 'pix', captured: 6000, status: 'chargeback', refunds: [2000], dispute: { status: 'lost', amount: 4000 },
  receivables: [{ gross: 6000, fee: 30, status: 'chargeback', settled: true }],
};
const ALL = [SETTLED_PIX, REFUNDED_PIX, CARD, CARD_PENDING, OPEN_DISPUTE, LOST_DISPUTE, WON_DISPUTE, REFUNDED_THEN_LOST];

describe.each(ENGINES)('migration 015_ledger_backfill on $name', (engine) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
    drop = undefined;
  });

  async function oldDatabase(): Promise<{ db: Db; merchantId: string; written: { id: string; disputeId: string | null }[] }> {
    const opened = await engine.open(BEFORE_LEDGER);
    drop = opened.drop;
    const merchantId = id('bus');
    await opened.db.query(`INSERT INTO merchants (id, name) VALUES ($1, 'Before The Ledger Ltda')`, [merchantId]);
    const written = [];
    for (const ch of ALL) written.push(await writeOld(opened.db, merchantId, ch));
    return { db: opened.db, merchantId, written };
  }
  const available = async (db: Db, merchantId: string) => (await balanceOf(db, { merchantId, mode: 'sandbox' }))[0]!.available;

  it('posts what the ledger rules would have written: the books are consistent and the balance is the money settled', async () => {
    const { db, merchantId } = await oldDatabase();
    await migrate(db);
    expect(await verifyLedger(db)).toEqual([]);
    expect(await available(db, merchantId)).toBe(expectedAvailable(ALL));
    const byType = await db.query<{ type: string; n: number }>(
      `SELECT type, count(*)::int AS n FROM ledger_entries WHERE merchant_id = $1 GROUP BY type ORDER BY type`, [merchantId]);
    expect(byType.rows).toEqual([
      { type: 'chargeback', n: 2 }, { type: 'dispute_hold', n: 1 }, { type: 'fee', n: 8 }, { type: 'refund', n: 3 }, { type: 'settlement', n: 8 },
    ]);
  });

  it('keeps entries the new code already wrote and posts only what is missing, once however often it runs', async () => {
    const { db, merchantId, written } = await oldDatabase();
    await migrate(db, WITHOUT_BACKFILL);
    // The new code wrote the refund-then-lost charge's refund entry before 015 ran (a database on 012–014 already).
    const refundTx = written[ALL.indexOf(REFUNDED_THEN_LOST)]!.id;
    const refund = await db.query<{ id: string }>(`SELECT id FROM refunds WHERE transaction_id = $1`, [refundTx]);
    await db.query(
      `INSERT INTO ledger_entries (id, merchant_id, mode, amount, type, source_kind, source_id, transaction_id, description, created_at)
       VALUES ('led_New1', $1, 'sandbox', -2000, 'refund', 'refund', $2, $3, 'Refund', now())`,
      [merchantId, refund.rows[0]!.id, refundTx],
    );
    const backfill = loadMigrations().filter((m) => m.version === 15);
    await migrate(db, backfill);
    await db.exec(backfill[0]!.sql);
    // The later migrations, in order, so the check reads today's shapes (the refunds' stored parties of 020).
    await migrate(db);
    expect(await verifyLedger(db)).toEqual([]);
    expect(await available(db, merchantId)).toBe(expectedAvailable(ALL));
  });

  it('a dispute of before the ledger, won afterwards, releases exactly its hold: no money that was never held', async () => {
    const { db, merchantId, written } = await oldDatabase();
    await migrate(db);
    const before = await available(db, merchantId);
    const { id: tid, disputeId } = written[ALL.indexOf(OPEN_DISPUTE)]!;
    await changeTransaction(db, { id: tid }, async (c) => {
      const dispute = await ledgerRepo.closeDispute(c.q, tid, 'won', c.at);
      await releaseDispute(c, dispute);
    });
    expect(await available(db, merchantId)).toBe(before + OPEN_DISPUTE.dispute!.amount);
    expect(await verifyLedger(db)).toEqual([]);
    const releases = await db.query(`SELECT 1 FROM ledger_entries WHERE type = 'dispute_release' AND source_id = $1`, [disputeId]);
    expect(releases.rowCount).toBe(1);
  });

  it.each(['won', 'lost'] as const)('a dispute without a hold (opened before the ledger, 015 not run) %s is decided without a release', async (outcome) => {
    const { db, merchantId, written } = await oldDatabase();
    await migrate(db, TODAY_WITHOUT_BACKFILL);
    const { id: tid, disputeId } = written[ALL.indexOf(OPEN_DISPUTE)]!;
    await changeTransaction(db, { id: tid }, async (c) => {
      const dispute = await ledgerRepo.closeDispute(c.q, tid, outcome, c.at);
      // The lost path releases through the same rule before its chargeback.
      if (outcome === 'won') await releaseDispute(c, dispute);
      else await chargeBack(c, dispute);
    });
    const releases = await db.query(`SELECT 1 FROM ledger_entries WHERE type = 'dispute_release' AND source_id = $1`, [disputeId]);
    expect(releases.rowCount).toBe(0);
    const credited = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_entries WHERE merchant_id = $1 AND amount > 0`, [merchantId]);
    expect(credited.rows[0]!.n).toBe(0);
  });
});
