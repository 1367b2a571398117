-- The balance of each merchant and mode is the sum of an append-only ledger: an entry is written in the same
-- database transaction as the change that causes it (a receivable settled, a refund or chargeback taken from
-- settled money, a dispute hold, a withdrawal and its reversal) and is never changed or removed afterwards. A
-- correction is a new entry. Receivables stay the schedule of what will settle; the ledger is what has.
CREATE TABLE ledger_entries (
  id              text PRIMARY KEY CHECK (id ~ '^led_[0-9A-Za-z]+$'),
  merchant_id     text NOT NULL REFERENCES merchants (id),
  mode            text NOT NULL CHECK (mode IN ('sandbox', 'production')),
  currency        text NOT NULL DEFAULT 'BRL',
  -- Signed, in cents: a credit is positive, a debit negative.
  amount          bigint NOT NULL CHECK (amount <> 0),
  type            text NOT NULL CHECK (type IN ('settlement', 'fee', 'refund', 'chargeback', 'dispute_hold',
                    'dispute_release', 'withdrawal', 'withdrawal_reversal')),
  -- What caused it: a receivable (settlement, fee), a refund, a dispute, a withdrawal.
  source_kind     text NOT NULL CHECK (source_kind IN ('receivable', 'refund', 'dispute', 'withdrawal')),
  source_id       text NOT NULL,
  -- The charge the money belongs to, when it belongs to one (every entry but a withdrawal's).
  transaction_id  text REFERENCES transactions (id),
  description     text NOT NULL,
  seq             bigserial NOT NULL,
  created_at      timestamptz NOT NULL,
  -- One entry of a type per cause: a re-run of the work that writes it cannot write it twice.
  UNIQUE (type, source_id)
);
CREATE INDEX ledger_entries_scope ON ledger_entries (merchant_id, mode, currency, seq);
CREATE INDEX ledger_entries_transaction ON ledger_entries (transaction_id) WHERE transaction_id IS NOT NULL;

CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: % refused', TG_OP;
END;
$$;
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();
