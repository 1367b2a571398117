-- A replay answers the bytes first sent. jsonb keeps neither the key order nor the spacing of what it was given, so the
-- answer is kept as the text that went out. Answers stored before this keep jsonb's rendering: their first bytes are
-- gone, and they expire within IDEMPOTENCY_TTL_HOURS.
ALTER TABLE idempotency_keys ALTER COLUMN response_body TYPE text USING response_body::text;
