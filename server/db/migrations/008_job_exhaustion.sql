-- Jobs that run out of attempts, and facts written once.

-- A job failed for good (`failed`, "dead") keeps the time it died: the admin lists dead jobs newest first, and an
-- operator's retry clears it. Dead rows are few; the partial index keeps the listing off the bulk of done rows.
ALTER TABLE jobs ADD COLUMN failed_at timestamptz;
UPDATE jobs SET failed_at = updated_at WHERE status = 'failed';
ALTER TABLE jobs ADD CONSTRAINT jobs_failed_at CHECK ((status = 'failed') = (failed_at IS NOT NULL));
CREATE INDEX jobs_dead ON jobs (failed_at DESC, id DESC) WHERE status = 'failed';

-- A timeline entry that reports a fact which a re-run of the same job meets again (a route found unavailable in a
-- round, a route voided) carries the fact's key: a second write of it is a no-op. Other entries leave it null.
ALTER TABLE transaction_timeline ADD COLUMN fact text;
CREATE UNIQUE INDEX transaction_timeline_fact ON transaction_timeline (transaction_id, fact) WHERE fact IS NOT NULL;

-- The number of attempts of a dispatch is the configuration's (`WEBHOOK_RETRY_SECONDS`, one attempt more than it
-- lists), checked when the configuration is loaded; the table only refuses what no configuration means.
ALTER TABLE webhook_dispatches DROP CONSTRAINT webhook_dispatches_attempts_check;
ALTER TABLE webhook_dispatches ADD CONSTRAINT webhook_dispatches_attempts_check CHECK (attempts >= 0);
