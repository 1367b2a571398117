-- Invitations to a merchant's dashboard (issue 28): a person is invited by e-mail with a role; the link in the e-mail
-- carries a random token, of which only the SHA-256 is kept. An invitation is used once, within 7 days, unless revoked.
CREATE TABLE dashboard_invitations (
  id           text PRIMARY KEY CHECK (id ~ '^inv_[0-9A-Za-z]+$'),
  token_hash   text NOT NULL UNIQUE,
  merchant_id  text NOT NULL REFERENCES merchants (id),
  email        text NOT NULL CHECK (email = lower(email)),
  role         text NOT NULL CHECK (role IN ('owner', 'admin', 'developer', 'finance', 'read-only')),
  invited_by   text NOT NULL REFERENCES dashboard_users (id),
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  accepted_at  timestamptz,
  accepted_by  text REFERENCES dashboard_users (id),
  revoked_at   timestamptz
);
CREATE INDEX dashboard_invitations_merchant ON dashboard_invitations (merchant_id, created_at DESC);
