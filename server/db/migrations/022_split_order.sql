-- The order of a subscription's splits is the order they were written in: it is the order shares are taken in when
-- a charge leaves less than the rule asks for, and the order they are shown in. Splits given with a new subscription
-- are written in one database transaction and share `created_at`, so the time cannot order them: a sequence does.
ALTER TABLE subscription_splits ADD COLUMN seq bigserial;
CREATE INDEX subscription_splits_of ON subscription_splits (subscription_id, seq);
