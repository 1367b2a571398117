-- Withdrawals become a resource of the API (POST /v1/withdrawals): what the merchant asked for and how it ended.
-- The money side is the ledger: a `withdrawal` debit written with the row, and a `withdrawal_reversal` credit
-- written with a `failed` outcome. `canceled` is dropped from the statuses: nothing cancels a withdrawal (once sent,
-- only the bank's answer ends it) and no row was ever created with it.
ALTER TABLE withdrawals
  ADD COLUMN currency        text NOT NULL DEFAULT 'BRL',
  ADD COLUMN description     text,
  ADD COLUMN metadata        jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Why the bank refused or returned the transfer (`failed` only).
  ADD COLUMN failure_reason  text,
  ADD COLUMN paid_at         timestamptz,
  ADD COLUMN updated_at      timestamptz;
UPDATE withdrawals SET updated_at = created_at;
ALTER TABLE withdrawals ALTER COLUMN updated_at SET NOT NULL;
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check CHECK (status IN ('pending', 'paid', 'failed'));
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_id_check CHECK (id ~ '^wdr_[0-9A-Za-z]+$');
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_mode_check CHECK (mode IN ('sandbox', 'production'));
-- An outcome is recorded with its time: a paid withdrawal says when, a failed one why.
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_outcome_check CHECK (
  (status = 'paid') = (paid_at IS NOT NULL) AND (status = 'failed') = (failure_reason IS NOT NULL));
CREATE INDEX withdrawals_list ON withdrawals (merchant_id, mode, created_at DESC, id DESC);
