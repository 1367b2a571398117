-- Foundation: merchants, API keys, idempotency records, customers, addresses, wallets and withdrawals.
-- Every merchant-owned row carries (merchant_id, mode): no query may read across merchants or modes.

CREATE TABLE merchants (
  id              text PRIMARY KEY CHECK (id ~ '^bus_[0-9A-Za-z]+$'),
  name            text NOT NULL,
  is_sub_account  boolean NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL DEFAULT now()
);

-- Keys are stored only as SHA-256 hashes; `display_prefix` (first characters) lets people tell them apart.
CREATE TABLE api_keys (
  id              text PRIMARY KEY,
  merchant_id     text NOT NULL REFERENCES merchants (id),
  mode            text NOT NULL CHECK (mode IN ('sandbox', 'production')),
  role            text NOT NULL,
  key_hash        text NOT NULL UNIQUE,
  display_prefix  text NOT NULL,
  ip_allowlist    text[],
  revoked_at      timestamptz,
  expires_at      timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_keys_merchant ON api_keys (merchant_id);

-- One row per (merchant, mode, key): the primary key is what makes 50 identical requests create one resource.
CREATE TABLE idempotency_keys (
  merchant_id      text NOT NULL REFERENCES merchants (id),
  mode             text NOT NULL,
  key              text NOT NULL,
  fingerprint      text NOT NULL,
  state            text NOT NULL CHECK (state IN ('running', 'done')),
  response_status  integer,
  response_body    jsonb,
  -- A request still `running` past this instant belongs to a process that died: the next retry takes it over.
  locked_until     timestamptz NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, mode, key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);

CREATE TABLE customers (
  id                  text PRIMARY KEY CHECK (id ~ '^cus_[0-9A-Za-z]+$'),
  merchant_id         text NOT NULL REFERENCES merchants (id),
  mode                text NOT NULL,
  first_name          text NOT NULL,
  last_name           text NOT NULL,
  email               text NOT NULL,
  document_type       text,
  document_number     text,
  telephone           jsonb,
  birthdate           date,
  gender              text,
  available           boolean NOT NULL DEFAULT true,
  delinquent          boolean NOT NULL DEFAULT false,
  external_reference  text,
  additional_emails   jsonb,
  metadata            jsonb NOT NULL DEFAULT '{}',
  created_at          timestamptz NOT NULL,
  updated_at          timestamptz NOT NULL
);
CREATE UNIQUE INDEX customers_document ON customers (merchant_id, mode, document_number)
  WHERE document_number IS NOT NULL;
CREATE INDEX customers_list ON customers (merchant_id, mode, created_at DESC, id DESC);
CREATE INDEX customers_email ON customers (merchant_id, mode, email);

CREATE TABLE addresses (
  id           text PRIMARY KEY CHECK (id ~ '^addr_[0-9A-Za-z]+$'),
  merchant_id  text NOT NULL REFERENCES merchants (id),
  mode         text NOT NULL,
  owner_type   text NOT NULL,
  owner_id     text NOT NULL,
  street       text NOT NULL,
  number       text NOT NULL,
  complement   text NOT NULL DEFAULT '',
  district     text NOT NULL,
  city         text NOT NULL,
  state        text NOT NULL,
  country      text NOT NULL,
  postcode     text NOT NULL,
  latitude     double precision,
  longitude    double precision,
  is_primary   boolean NOT NULL DEFAULT false,
  metadata     jsonb,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL,
  deleted_at   timestamptz
);
CREATE INDEX addresses_owner ON addresses (merchant_id, mode, owner_id);

CREATE TABLE wallets (
  id               text PRIMARY KEY CHECK (id ~ '^wall_[0-9A-Za-z]+$'),
  merchant_id      text NOT NULL REFERENCES merchants (id),
  mode             text NOT NULL,
  name             text NOT NULL,
  bank_code        text NOT NULL,
  bank_name        text NOT NULL,
  holder_name      text NOT NULL,
  holder_document  jsonb NOT NULL,
  routing_number   text NOT NULL,
  account_number   text NOT NULL,
  account_type     text NOT NULL,
  is_primary       boolean NOT NULL DEFAULT false,
  enabled          boolean NOT NULL DEFAULT true,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  deleted_at       timestamptz
);
CREATE INDEX wallets_list ON wallets (merchant_id, mode, created_at DESC, id DESC) WHERE deleted_at IS NULL;
-- At most one primary wallet per merchant and mode.
CREATE UNIQUE INDEX wallets_one_primary ON wallets (merchant_id, mode) WHERE is_primary AND deleted_at IS NULL;

-- Withdrawals from a wallet; in v1 they are created by the settlement back office, not by this API.
CREATE TABLE withdrawals (
  id           text PRIMARY KEY,
  merchant_id  text NOT NULL REFERENCES merchants (id),
  mode         text NOT NULL,
  wallet_id    text NOT NULL REFERENCES wallets (id),
  amount       bigint NOT NULL CHECK (amount > 0),
  status       text NOT NULL CHECK (status IN ('pending', 'paid', 'failed', 'canceled')),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawals_wallet_pending ON withdrawals (wallet_id) WHERE status = 'pending';
