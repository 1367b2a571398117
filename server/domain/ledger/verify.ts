/**
 * The ledger's invariant check, over every merchant and mode: the money of each charge adds up between its
 * amounts, its receivables and its entries; nothing that must exist once exists twice; every entry's cause exists
 * and matches it. Returns the violations found (none when the books are consistent). Read-only; each check is one
 * query, so a large database is read a few times, never row by row.
 */
import type { Queryable } from '../../db/types';
import { PARTY_CHECK, partyViolations } from './verify-parties';

export interface Violation {
  /** Which rule is broken (stable names: the admin command groups by them). */
  check: string;
  /** The record it concerns (a transaction, receivable, entry, provider operation or withdrawal id). */
  subject: string;
  detail: string;
}

interface Check {
  check: string;
  /** Rows of `subject` and `detail`, one per violation. */
  sql: string;
}

const sum = (table: string, where: string, expr = 'amount') =>
  `(SELECT transaction_id, sum(${expr}) AS s FROM ${table} WHERE ${where} GROUP BY transaction_id)`;

const CHECKS: Check[] = [
  {
    // captured − refunded − charged back = settled gross still in the balance + the gross still scheduled.
    check: 'transaction-money',
    sql: `SELECT t.id AS subject,
             'captured ' || t.captured_amount || ' - refunded ' || COALESCE(rf.s, 0) || ' - charged back ' || COALESCE(lo.s, 0)
             || ' <> ledger gross ' || COALESCE(g.s, 0) || ' + pending receivables ' || COALESCE(p.s, 0) AS detail
            FROM transactions t
            LEFT JOIN ${sum('refunds', `status = 'succeeded'`)} rf ON rf.transaction_id = t.id
            LEFT JOIN ${sum('disputes', `status = 'lost'`)} lo ON lo.transaction_id = t.id
            LEFT JOIN ${sum('ledger_entries', `type IN ('settlement', 'refund', 'chargeback')`)} g ON g.transaction_id = t.id
            LEFT JOIN ${sum('receivables', `status = 'pending'`, 'gross_amount')} p ON p.transaction_id = t.id
           WHERE t.captured_amount - COALESCE(rf.s, 0) - COALESCE(lo.s, 0) <> COALESCE(g.s, 0) + COALESCE(p.s, 0)`,
  },
  {
    check: 'transaction-refunded-amount',
    sql: `SELECT t.id AS subject, 'refundedAmount ' || t.refunded_amount || ' <> succeeded refunds ' || COALESCE(rf.s, 0) AS detail
            FROM transactions t LEFT JOIN ${sum('refunds', `status = 'succeeded'`)} rf ON rf.transaction_id = t.id
           WHERE t.refunded_amount <> COALESCE(rf.s, 0)`,
  },
  {
    // Fees on their own line: what was charged is the fee of every receivable that ever settled, kept afterwards.
    check: 'transaction-fees',
    sql: `SELECT t.id AS subject, 'fee entries ' || COALESCE(f.s, 0) || ' <> - fees of settled receivables ' || COALESCE(r.s, 0) AS detail
            FROM transactions t
            LEFT JOIN ${sum('ledger_entries', `type = 'fee'`)} f ON f.transaction_id = t.id
            LEFT JOIN ${sum('receivables', 'paid_at IS NOT NULL', 'fee')} r ON r.transaction_id = t.id
           WHERE COALESCE(f.s, 0) <> -COALESCE(r.s, 0)`,
  },
  {
    check: 'transaction-dispute-hold',
    sql: `SELECT t.id AS subject, 'dispute holds and releases ' || COALESCE(h.s, 0) || ' <> - open disputes ' || COALESCE(o.s, 0) AS detail
            FROM transactions t
            LEFT JOIN ${sum('ledger_entries', `type IN ('dispute_hold', 'dispute_release')`)} h ON h.transaction_id = t.id
            LEFT JOIN ${sum('disputes', `status = 'open'`)} o ON o.transaction_id = t.id
           WHERE COALESCE(h.s, 0) <> -COALESCE(o.s, 0)`,
  },
  {
    // A dispute's holds, one per party that bears it, add up to the disputed amount (none at all: opened before the ledger).
    check: 'dispute-holds',
    sql: `SELECT d.id AS subject, 'dispute of ' || d.amount || ' held ' || -h.s AS detail
            FROM disputes d
            JOIN (SELECT source_id, sum(amount) AS s FROM ledger_entries WHERE type = 'dispute_hold' GROUP BY source_id) h
              ON h.source_id = d.id
           WHERE h.s <> -d.amount`,
  },
  {
    // A refund's stored parts add up to it, each set aside for the charge's merchant or a liable split recipient.
    check: 'refund-parties',
    sql: `SELECT f.id AS subject, 'refund of ' || f.amount || ' divided ' || b.total || ' between ' || b.parties AS detail
            FROM refunds f JOIN transactions t ON t.id = f.transaction_id
            JOIN (SELECT refund_id, sum(amount) AS total, string_agg(merchant_id, ', ' ORDER BY merchant_id) AS parties,
                         array_agg(merchant_id) AS ids
                    FROM refund_burdens GROUP BY refund_id) b ON b.refund_id = f.id
           WHERE b.total <> f.amount
              OR EXISTS (SELECT 1 FROM unnest(b.ids) p(id) WHERE p.id <> t.merchant_id AND NOT EXISTS (
                   SELECT 1 FROM jsonb_array_elements(COALESCE(t.splits, '[]'::jsonb)) s
                    WHERE s->>'recipient' = p.id AND (s->>'liable')::boolean))`,
  },
  {
    // A receivable that settled has its credit and its fee, of its own amounts; one that never did has neither.
    check: 'receivable-settlement',
    sql: `SELECT r.id AS subject,
             'gross ' || r.gross_amount || ', fee ' || r.fee || ', settled ' || (r.paid_at IS NOT NULL)
             || '; entries: settlement ' || COALESCE(s.amount::text, 'none') || ', fee ' || COALESCE(f.amount::text, 'none') AS detail
            FROM receivables r
            LEFT JOIN ledger_entries s ON s.type = 'settlement' AND s.source_id = r.id
            LEFT JOIN ledger_entries f ON f.type = 'fee' AND f.source_id = r.id
           WHERE (r.paid_at IS NOT NULL AND (COALESCE(s.amount, 0) <> r.gross_amount OR COALESCE(f.amount, 0) <> -r.fee))
              OR (r.paid_at IS NULL AND (s.id IS NOT NULL OR f.id IS NOT NULL))`,
  },
  {
    check: 'receivable-twice',
    sql: `SELECT min(id) AS subject, count(*) || ' live receivables for installment ' || installment_number || ' of ' || transaction_id AS detail
            FROM receivables WHERE status IN ('pending', 'paid')
           GROUP BY transaction_id, installment_number, recipient, COALESCE(split, '') HAVING count(*) > 1`,
  },
  {
    // A receivable pays a party of its charge: the merchant (no split), or the recipient of one of the charge's splits.
    check: 'receivable-recipient',
    sql: `SELECT r.id AS subject, 'recipient ' || r.recipient || ' (split ' || COALESCE(r.split, 'none') || ') is not a party of ' || t.id AS detail
            FROM receivables r JOIN transactions t ON t.id = r.transaction_id
           WHERE CASE WHEN r.split IS NULL THEN r.recipient <> t.merchant_id
                      ELSE NOT EXISTS (SELECT 1 FROM jsonb_array_elements(COALESCE(t.splits, '[]'::jsonb)) s
                                        WHERE s->>'splitId' = r.split AND s->>'recipient' = r.recipient) END`,
  },
  {
    check: 'entry-twice',
    sql: `SELECT min(id) AS subject, count(*) || ' ' || type || ' entries caused by ' || source_id AS detail
            FROM ledger_entries GROUP BY type, source_id, merchant_id HAVING count(*) > 1`,
  },
  {
    // Every entry's cause exists, belongs to the same mode and transaction, and allows that entry; and the entry is in
    // the right ledger: a receivable's in its recipient's; a refund's in the ledger of one of the parties its parts
    // were set aside for, at most that part (a refund older than its stored parts: the charge's merchant's or a liable
    // recipient's); a dispute's (holds, releases, chargebacks) in the charge's merchant's or a liable split
    // recipient's, a release equal to the hold it ends; a withdrawal's in its merchant's.
    check: 'entry-cause',
    sql: `SELECT e.id AS subject, e.type || ' ' || e.amount || ' caused by ' || e.source_kind || ' ' || e.source_id || ': '
             || CASE WHEN t.id IS NULL AND e.source_kind <> 'withdrawal' THEN 'no such cause or charge'
                     WHEN e.source_kind = 'withdrawal' AND w.id IS NULL THEN 'no such withdrawal'
                     ELSE 'does not match its cause' END AS detail
            FROM ledger_entries e
            LEFT JOIN receivables r ON e.source_kind = 'receivable' AND r.id = e.source_id
            LEFT JOIN refunds f ON e.source_kind = 'refund' AND f.id = e.source_id
            LEFT JOIN disputes d ON e.source_kind = 'dispute' AND d.id = e.source_id
            LEFT JOIN withdrawals w ON e.source_kind = 'withdrawal' AND w.id = e.source_id
            LEFT JOIN transactions t ON t.id = COALESCE(r.transaction_id, f.transaction_id, d.transaction_id)
           WHERE CASE e.source_kind
             WHEN 'withdrawal' THEN w.id IS NULL OR w.merchant_id <> e.merchant_id OR w.mode <> e.mode OR e.transaction_id IS NOT NULL
               OR e.type NOT IN ('withdrawal', 'withdrawal_reversal')
             ELSE t.id IS NULL OR t.mode <> e.mode OR e.transaction_id IS DISTINCT FROM t.id
               OR CASE WHEN e.source_kind = 'receivable' THEN r.recipient <> e.merchant_id
                       WHEN e.source_kind = 'refund' AND EXISTS (SELECT 1 FROM refund_burdens b WHERE b.refund_id = f.id)
                         THEN NOT EXISTS (SELECT 1 FROM refund_burdens b
                                           WHERE b.refund_id = f.id AND b.merchant_id = e.merchant_id AND -e.amount <= b.amount)
                       ELSE t.merchant_id <> e.merchant_id AND NOT EXISTS (
                         SELECT 1 FROM jsonb_array_elements(COALESCE(t.splits, '[]'::jsonb)) s
                          WHERE s->>'recipient' = e.merchant_id AND (s->>'liable')::boolean) END
               OR CASE e.source_kind
                    WHEN 'receivable' THEN e.type NOT IN ('settlement', 'fee')
                    WHEN 'refund' THEN e.type <> 'refund' OR f.status <> 'succeeded' OR -e.amount > f.amount
                    ELSE CASE e.type
                      WHEN 'dispute_hold' THEN e.amount >= 0 OR -e.amount > d.amount
                      WHEN 'dispute_release' THEN d.status = 'open' OR e.amount IS DISTINCT FROM (
                        SELECT -h.amount FROM ledger_entries h
                         WHERE h.type = 'dispute_hold' AND h.source_id = e.source_id AND h.merchant_id = e.merchant_id)
                      WHEN 'chargeback' THEN d.status <> 'lost' OR -e.amount > d.amount
                      ELSE true END
                  END
             END`,
  },
  {
    check: 'provider-operation-twice',
    sql: `SELECT min(id) AS subject, count(*) || ' provider operations under key ' || idempotency_key AS detail
            FROM provider_operations GROUP BY idempotency_key HAVING count(*) > 1`,
  },
  {
    check: 'capture-twice',
    sql: `SELECT subject_id AS subject, count(*) || ' succeeded captures' AS detail
            FROM provider_operations WHERE kind = 'capture' AND state = 'succeeded' AND subject_kind = 'transaction'
           GROUP BY subject_id HAVING count(*) > 1`,
  },
  {
    // A withdrawal debits the balance when created; one that failed (or was canceled) gives it back, once.
    check: 'withdrawal-entries',
    sql: `SELECT w.id AS subject, w.status || ' withdrawal of ' || w.amount || ': debit ' || COALESCE(d.amount::text, 'none')
             || ', reversal ' || COALESCE(r.amount::text, 'none') AS detail
            FROM withdrawals w
            LEFT JOIN ledger_entries d ON d.type = 'withdrawal' AND d.source_id = w.id
            LEFT JOIN ledger_entries r ON r.type = 'withdrawal_reversal' AND r.source_id = w.id
           WHERE COALESCE(d.amount, 0) <> -w.amount
              OR (w.status IN ('failed', 'canceled') AND COALESCE(r.amount, 0) <> w.amount)
              OR (w.status NOT IN ('failed', 'canceled') AND r.id IS NOT NULL)`,
  },
];

/** The names of the checks, in the order they run (the per-party check of split charges last). */
export const CHECK_NAMES = [...CHECKS.map((c) => c.check), PARTY_CHECK];

/** Every violation of the ledger's invariant, in check order; an empty list when the books are consistent. */
export async function verifyLedger(q: Queryable): Promise<Violation[]> {
  const out: Violation[] = [];
  for (const c of CHECKS) {
    const res = await q.query<{ subject: string; detail: string }>(`${c.sql} ORDER BY 1`);
    for (const row of res.rows) out.push({ check: c.check, subject: row.subject, detail: row.detail });
  }
  out.push(...(await partyViolations(q)));
  return out;
}
