-- The merchant dashboard (issue 28): people who sign in with an e-mail and a password, what role they have at which
-- merchant, their signed-in sessions, and the audit trail of what each of them did from which session.

-- A person. The e-mail is kept lower-cased (one account per address, whatever its case); the password only as an
-- argon2id hash in its PHC string (parameters and salt inside). A person invited and not yet joined has no hash.
CREATE TABLE dashboard_users (
  id             text PRIMARY KEY CHECK (id ~ '^usr_[0-9A-Za-z]+$'),
  email          text NOT NULL UNIQUE CHECK (email = lower(email) AND email ~ '^[^@\s]+@[^@\s]+$'),
  name           text NOT NULL DEFAULT '',
  password_hash  text CHECK (password_hash LIKE '$argon2id$%'),
  locale         text NOT NULL DEFAULT 'pt-BR' CHECK (locale IN ('pt-BR', 'en')),
  created_at     timestamptz NOT NULL,
  disabled_at    timestamptz
);

-- A person's role at a merchant: the keys' roles (domain/access/roles.ts), checked on the server for every action.
CREATE TABLE dashboard_members (
  user_id      text NOT NULL REFERENCES dashboard_users (id),
  merchant_id  text NOT NULL REFERENCES merchants (id),
  role         text NOT NULL CHECK (role IN ('owner', 'admin', 'developer', 'finance', 'read-only')),
  created_at   timestamptz NOT NULL,
  PRIMARY KEY (user_id, merchant_id)
);
CREATE INDEX dashboard_members_merchant ON dashboard_members (merchant_id);

-- A signed-in session. The cookie holds a random token; only its SHA-256 is stored, so a copy of this table signs
-- nobody in. `id` is what the audit trail names (never the token). A session is of one merchant and shows one mode
-- at a time (the switch writes `mode`); it ends at `expires_at`, or earlier when idle past the service's limit.
CREATE TABLE dashboard_sessions (
  id            text PRIMARY KEY CHECK (id ~ '^ses_[0-9A-Za-z]+$'),
  token_hash    text NOT NULL UNIQUE,
  user_id       text NOT NULL REFERENCES dashboard_users (id),
  merchant_id   text NOT NULL REFERENCES merchants (id),
  mode          text NOT NULL CHECK (mode IN ('sandbox', 'production')),
  ip            text,
  user_agent    text,
  created_at    timestamptz NOT NULL,
  last_seen_at  timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  ended_at      timestamptz
);
CREATE INDEX dashboard_sessions_user ON dashboard_sessions (user_id);

-- Who did what: each sign-in (and refused one of a known person), sign-out and each action taken in the dashboard,
-- with the session and address it came from. An action is recorded under the idempotency key its form carried: the
-- retry of a form whose answer was lost records nothing twice, and records what the first did not get to.
CREATE TABLE audit_events (
  id               text PRIMARY KEY CHECK (id ~ '^aud_[0-9A-Za-z]+$'),
  merchant_id      text NOT NULL REFERENCES merchants (id),
  mode             text CHECK (mode IN ('sandbox', 'production')),
  actor_kind       text NOT NULL CHECK (actor_kind IN ('user', 'key')),
  actor_id         text NOT NULL,
  session_id       text,
  action           text NOT NULL,
  target           text,
  detail           jsonb NOT NULL DEFAULT '{}',
  ip               text,
  idempotency_key  text,
  created_at       timestamptz NOT NULL,
  UNIQUE (merchant_id, idempotency_key)
);
CREATE INDEX audit_events_list ON audit_events (merchant_id, created_at DESC, id DESC);
