-- Revenue splits: a split charge's money belongs to several merchants (the charge's merchant and its split
-- recipients, sub-accounts). A refund or chargeback of such a charge is borne by each liable recipient in proportion
-- to its share, so one cause (a refund, a dispute) may write one entry per merchant: the ledger's uniqueness becomes
-- one entry of a type per cause and merchant. A re-run still finds its entry written.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_type_source_id_key;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_type_source_merchant_key UNIQUE (type, source_id, merchant_id);

-- A recipient's balance reads the receivables still due to it (its `pending`), whichever merchant's charge they are of.
CREATE INDEX receivables_recipient_pending ON receivables (recipient) WHERE status = 'pending';

-- Sub-accounts are listed by their parent.
CREATE INDEX merchants_parent ON merchants (parent_id) WHERE parent_id IS NOT NULL;
