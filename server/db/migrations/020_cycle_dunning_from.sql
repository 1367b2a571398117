-- Where a billing cycle's dunning run starts: the cycle's `attempts` when its retry schedule was (re)started. A charge
-- that failed while its subscription was paused is not a dunning attempt: resume charges again and counts the retry
-- days, and the retries, from that charge's failure (`failed_at` is cleared with it).
ALTER TABLE billing_cycles ADD COLUMN dunning_from integer NOT NULL DEFAULT 0 CHECK (dunning_from >= 0);
