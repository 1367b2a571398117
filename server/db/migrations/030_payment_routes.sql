-- Real payment routes configured by the operator (`npm run admin -- routes add`, or ROUTES_FILE at start), and what
-- a route that notifies (API Pix) needs to match a notification to its charge exactly once.

-- One configured route. `settings` holds what may be shown (URLs, client id, the receiving PIX key, hints of the
-- secrets); `sealed` the secrets (client secret, certificate, key, CA) sealed with SECRETS_KEY, never printed back;
-- `callback_sealed` the secret of its notification URL. Routes of a mode are tried by `position`, before the sandbox's
-- own simulator routes when they serve sandbox keys.
CREATE TABLE payment_routes (
  id               text PRIMARY KEY CHECK (id ~ '^[a-z][a-z0-9-]{1,39}$'),
  kind             text NOT NULL CHECK (kind IN ('api-pix')),
  mode             text NOT NULL CHECK (mode IN ('sandbox', 'production')),
  position         integer NOT NULL,
  settings         jsonb NOT NULL,
  sealed           text NOT NULL,
  callback_sealed  text NOT NULL,
  status           text NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);

-- The charges an API Pix route created (`PUT /cob/{txid}`): the txid is ours, derived from the authorization's key,
-- written before the call so that a notification or a poll that finds the txid finds the charge.
CREATE TABLE api_pix_charges (
  route_id         text NOT NULL,
  txid             text NOT NULL CHECK (txid ~ '^[a-zA-Z0-9]{26,35}$'),
  transaction_id   text NOT NULL REFERENCES transactions (id),
  idempotency_key  text NOT NULL UNIQUE,
  amount           bigint NOT NULL,
  -- The charge's life in seconds from its creation at the PSP (`calendario.expiracao`), fixed at the first call: a
  -- retried PUT sends the same body, so the PSP's charge neither changes nor lapses earlier.
  expiracao        integer NOT NULL CHECK (expiracao > 0),
  created_at       timestamptz NOT NULL,
  -- When the sweep next reads the charge at the PSP while it is pending (GET /cob/{txid}), backing off per charge.
  next_poll_at     timestamptz NOT NULL,
  polls            integer NOT NULL DEFAULT 0,
  PRIMARY KEY (route_id, txid)
);
CREATE INDEX api_pix_charges_transaction ON api_pix_charges (transaction_id);
CREATE INDEX api_pix_charges_poll ON api_pix_charges (route_id, next_poll_at);

-- The refunds (devoluções) an API Pix route sent: our refund id is the key, the devolução id is derived from it.
CREATE TABLE api_pix_refunds (
  idempotency_key  text PRIMARY KEY,
  route_id         text NOT NULL,
  end_to_end_id    text NOT NULL,
  devolucao_id     text NOT NULL CHECK (devolucao_id ~ '^[a-zA-Z0-9]{1,35}$'),
  amount           bigint NOT NULL,
  created_at       timestamptz NOT NULL,
  -- When the PSP last accepted the devolução's PUT: a devolução it does not show yet is not taken as never made
  -- until an hour after this.
  sent_at          timestamptz NOT NULL,
  UNIQUE (end_to_end_id, devolucao_id)
);

-- Every Pix a route reported received (by notification, poll or sweep), once per end-to-end id: the key that makes
-- a repeated notification a no-op. `outcome` says what it did: `applied` (approved its charge), `held` (its charge
-- was not ready to take it yet: applied by the next sweep), or kept for an operator: `unknown` (no charge of ours has
-- its txid), `settled` (its charge was already approved, canceled or failed), `amount-mismatch` (not the charge's
-- amount: flagged, not approved).
CREATE TABLE pix_received (
  route_id         text NOT NULL,
  end_to_end_id    text NOT NULL,
  txid             text,
  amount           bigint NOT NULL,
  paid_at          timestamptz,
  transaction_id   text REFERENCES transactions (id),
  outcome          text NOT NULL CHECK (outcome IN ('applied', 'held', 'unknown', 'settled', 'amount-mismatch')),
  source           text NOT NULL CHECK (source IN ('notification', 'poll', 'sweep')),
  payload          jsonb NOT NULL,
  received_at      timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  PRIMARY KEY (route_id, end_to_end_id)
);
CREATE INDEX pix_received_transaction ON pix_received (transaction_id);
CREATE INDEX pix_received_attention ON pix_received (route_id, outcome) WHERE outcome <> 'applied';

-- A comparison of one day's Pix received at the PSP with our records (the daily reconciliation): what differed.
CREATE TABLE route_reconciliations (
  id               text PRIMARY KEY,
  route_id         text NOT NULL,
  day              date NOT NULL,
  psp_count        integer NOT NULL,
  ours_count       integer NOT NULL,
  differences      jsonb NOT NULL,
  created_at       timestamptz NOT NULL
);
CREATE INDEX route_reconciliations_route ON route_reconciliations (route_id, day DESC);
