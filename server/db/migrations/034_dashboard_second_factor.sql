-- The dashboard's second factor and password resets (issue 28).

-- A person's TOTP (RFC 6238, 30-second steps, 6 digits): the secret sealed with the secrets key, never stored in
-- clear nor shown after its set-up. `totp_pending_sealed` holds a secret being set up until a code of it is typed;
-- `totp_last_step` is the last step a code was accepted for, so a code is accepted once (a code read over a
-- shoulder or replayed from a proxy's log is refused).
ALTER TABLE dashboard_users ADD COLUMN totp_sealed text;
ALTER TABLE dashboard_users ADD COLUMN totp_pending_sealed text;
ALTER TABLE dashboard_users ADD COLUMN totp_enabled_at timestamptz;
ALTER TABLE dashboard_users ADD COLUMN totp_last_step bigint;

-- One-time recovery codes, given when the second factor is turned on: only their SHA-256 is kept.
CREATE TABLE dashboard_recovery_codes (
  user_id    text NOT NULL REFERENCES dashboard_users (id),
  code_hash  text NOT NULL,
  created_at timestamptz NOT NULL,
  used_at    timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- A password reset asked by e-mail: the link's random token kept only as its SHA-256, used once within an hour.
CREATE TABLE dashboard_password_resets (
  token_hash  text PRIMARY KEY,
  user_id     text NOT NULL REFERENCES dashboard_users (id),
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX dashboard_password_resets_user ON dashboard_password_resets (user_id);
