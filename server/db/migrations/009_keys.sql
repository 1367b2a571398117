-- Keys are listed by id with their last four characters (never the secret), and when they were last used.
ALTER TABLE api_keys ADD COLUMN display_last4 text;
ALTER TABLE api_keys ADD COLUMN last_used_at timestamptz;
-- A rolled key names its successor; it stays valid until its expires_at (the grace period).
ALTER TABLE api_keys ADD COLUMN rolled_to text REFERENCES api_keys (id);
