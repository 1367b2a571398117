-- The ledger for money that moved before it existed (012 started every balance at zero). Posts, for data written
-- before the ledger, the entries its rules would have written, so the invariant of verifyLedger holds on a migrated
-- database: a settlement and a fee per receivable that settled, a hold per dispute still open, and what refunds and
-- lost disputes took from settled money. Receivables, refunds and disputes are read, never changed. An entry the new
-- code already wrote is kept (`ON CONFLICT (type, source_id) DO NOTHING`) and counted in what is still missing.
-- Ids are derived from the cause (md5 hex is base62), so they cannot meet the random ids of the new code.

-- Every receivable that ever settled (closed as refunded or charged back afterwards too) credited its gross.
INSERT INTO ledger_entries (id, merchant_id, mode, amount, type, source_kind, source_id, transaction_id, description, created_at)
SELECT 'led_' || md5('settlement:' || r.id), t.merchant_id, t.mode, r.gross_amount, 'settlement', 'receivable', r.id, t.id,
       'Settlement of ' || r.id, r.paid_at
  FROM receivables r JOIN transactions t ON t.id = r.transaction_id
 WHERE r.paid_at IS NOT NULL AND r.gross_amount > 0
 ORDER BY r.paid_at, r.id
ON CONFLICT (type, source_id) DO NOTHING;

-- ...and was charged its fee, kept whatever happened to the money afterwards.
INSERT INTO ledger_entries (id, merchant_id, mode, amount, type, source_kind, source_id, transaction_id, description, created_at)
SELECT 'led_' || md5('fee:' || r.id), t.merchant_id, t.mode, -r.fee, 'fee', 'receivable', r.id, t.id,
       'Processing fee of ' || r.id, r.paid_at
  FROM receivables r JOIN transactions t ON t.id = r.transaction_id
 WHERE r.paid_at IS NOT NULL AND r.fee > 0
 ORDER BY r.paid_at, r.id
ON CONFLICT (type, source_id) DO NOTHING;

-- A dispute still open holds its amount: when it is decided, the release gives back exactly what was held. A dispute
-- decided while the ledger existed without holds (012 to 014 released what they never held) gets the hold its
-- release gives back.
INSERT INTO ledger_entries (id, merchant_id, mode, amount, type, source_kind, source_id, transaction_id, description, created_at)
SELECT 'led_' || md5('dispute_hold:' || d.id), t.merchant_id, t.mode, -d.amount, 'dispute_hold', 'dispute', d.id, t.id,
       'Hold for dispute ' || d.id, d.created_at
  FROM disputes d JOIN transactions t ON t.id = d.transaction_id
 WHERE d.status = 'open'
    OR EXISTS (SELECT 1 FROM ledger_entries e WHERE e.type = 'dispute_release' AND e.source_id = d.id)
 ORDER BY d.created_at, d.id
ON CONFLICT (type, source_id) DO NOTHING;

-- What refunds and lost disputes took from settled money is what the charge's money is short of: settled gross and
-- the gross still scheduled, less what the charge kept (captured − succeeded refunds − lost disputes). It is
-- debited from the causes without an entry of theirs yet, latest first (the old code took from the schedule first,
-- so the latest takes are the ones that reached settled money), each at most its own amount.
INSERT INTO ledger_entries (id, merchant_id, mode, amount, type, source_kind, source_id, transaction_id, description, created_at)
WITH kept AS (
  SELECT t.id, t.merchant_id, t.mode,
         COALESCE((SELECT sum(e.amount) FROM ledger_entries e
                    WHERE e.transaction_id = t.id AND e.type IN ('settlement', 'refund', 'chargeback')), 0)
         + COALESCE((SELECT sum(r.gross_amount) FROM receivables r WHERE r.transaction_id = t.id AND r.status = 'pending'), 0)
         - (t.captured_amount
            - COALESCE((SELECT sum(f.amount) FROM refunds f WHERE f.transaction_id = t.id AND f.status = 'succeeded'), 0)
            - COALESCE((SELECT sum(d.amount) FROM disputes d WHERE d.transaction_id = t.id AND d.status = 'lost'), 0))
         AS taken
    FROM transactions t
), causes AS (
  SELECT 'refund' AS type, 'refund' AS kind, f.id, f.transaction_id, f.amount, COALESCE(f.refunded_at, f.updated_at) AS at,
         'Refund ' || f.id AS description
    FROM refunds f
   WHERE f.status = 'succeeded'
     AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.type = 'refund' AND e.source_id = f.id)
  UNION ALL
  SELECT 'chargeback', 'dispute', d.id, d.transaction_id, d.amount, COALESCE(d.closed_at, d.updated_at),
         'Chargeback of dispute ' || d.id
    FROM disputes d
   WHERE d.status = 'lost'
     AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.type = 'chargeback' AND e.source_id = d.id)
), shares AS (
  SELECT c.*, k.merchant_id, k.mode, k.taken,
         COALESCE(sum(c.amount) OVER (PARTITION BY c.transaction_id ORDER BY c.at DESC, c.id DESC
                                      ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
    FROM causes c JOIN kept k ON k.id = c.transaction_id
   WHERE k.taken > 0
)
SELECT 'led_' || md5(s.type || ':' || s.id), s.merchant_id, s.mode, -LEAST(s.amount, s.taken - s.before), s.type, s.kind,
       s.id, s.transaction_id, s.description, s.at
  FROM shares s
 WHERE s.taken - s.before > 0
 ORDER BY s.at, s.id
ON CONFLICT (type, source_id) DO NOTHING;

-- Withdrawals made before the ledger (by the settlement back office) took their amount from the money credited above;
-- a failed one gave it back.
INSERT INTO ledger_entries (id, merchant_id, mode, amount, type, source_kind, source_id, transaction_id, description, created_at)
SELECT 'led_' || md5('withdrawal:' || w.id), w.merchant_id, w.mode, -w.amount, 'withdrawal', 'withdrawal', w.id, NULL,
       'Withdrawal ' || w.id, w.created_at
  FROM withdrawals w
 ORDER BY w.created_at, w.id
ON CONFLICT (type, source_id) DO NOTHING;

INSERT INTO ledger_entries (id, merchant_id, mode, amount, type, source_kind, source_id, transaction_id, description, created_at)
SELECT 'led_' || md5('withdrawal_reversal:' || w.id), w.merchant_id, w.mode, w.amount, 'withdrawal_reversal', 'withdrawal',
       w.id, NULL, 'Withdrawal ' || w.id || ' failed', w.updated_at
  FROM withdrawals w
 WHERE w.status = 'failed'
 ORDER BY w.created_at, w.id
ON CONFLICT (type, source_id) DO NOTHING;
