-- Payment links, the checkout sessions of payers who open them, and the public side of every charge: the
-- unguessable token of its invoice page, QR code image and printable billet, and the link and session a charge
-- made on a checkout page belongs to.

CREATE TABLE payment_links (
  id                  text PRIMARY KEY CHECK (id ~ '^link_[0-9A-Za-z]+$'),
  merchant_id         text NOT NULL REFERENCES merchants (id),
  mode                text NOT NULL CHECK (mode IN ('sandbox', 'production')),
  -- The public address (`/c/{access_id}`): random, never derived from the id.
  access_id           text NOT NULL UNIQUE CHECK (access_id ~ '^acc_[0-9A-Za-z]+$'),
  name                text NOT NULL,
  description         text NOT NULL DEFAULT '',
  enabled             boolean NOT NULL DEFAULT true,
  -- What is sold: catalogue variants with quantities ([{variantId, quantity}]), or a fixed amount (items null).
  items               jsonb,
  amount              bigint CHECK (amount > 0),
  methods             jsonb NOT NULL DEFAULT '["pix","credit","billet"]',
  max_installments    integer NOT NULL DEFAULT 1 CHECK (max_installments BETWEEN 1 AND 12),
  available_at        timestamptz,
  expires_at          timestamptz,
  max_payments        integer CHECK (max_payments >= 1),
  completed_payments  integer NOT NULL DEFAULT 0 CHECK (completed_payments >= 0),
  success_url         text,
  cancel_url          text,
  -- A recurring link starts a subscription to its one recurring variant instead of a one-off charge.
  recurring           boolean NOT NULL DEFAULT false,
  template_id         text,
  metadata            jsonb NOT NULL DEFAULT '{}',
  created_at          timestamptz NOT NULL,
  updated_at          timestamptz NOT NULL,
  CHECK ((items IS NULL) <> (amount IS NULL))
);
CREATE INDEX payment_links_list ON payment_links (merchant_id, mode, created_at DESC, id DESC);

CREATE TABLE checkout_sessions (
  id               text PRIMARY KEY CHECK (id ~ '^chs_[0-9A-Za-z]+$'),
  merchant_id      text NOT NULL REFERENCES merchants (id),
  mode             text NOT NULL CHECK (mode IN ('sandbox', 'production')),
  payment_link_id  text NOT NULL REFERENCES payment_links (id),
  status           text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed', 'abandoned')),
  -- The method of the payer's latest charge, and that charge (a retry after a declined card replaces it).
  method           text CHECK (method IN ('pix', 'credit', 'billet')),
  transaction_id   text,
  subscription_id  text,
  amount           bigint NOT NULL CHECK (amount >= 0),
  approved_amount  bigint NOT NULL DEFAULT 0 CHECK (approved_amount >= 0),
  started_at       timestamptz NOT NULL,
  expires_at       timestamptz NOT NULL,
  completed_at     timestamptz,
  abandoned_at     timestamptz,
  updated_at       timestamptz NOT NULL
);
CREATE INDEX checkout_sessions_period ON checkout_sessions (merchant_id, mode, started_at);
CREATE INDEX checkout_sessions_link ON checkout_sessions (payment_link_id, status);

ALTER TABLE transactions ADD COLUMN public_token text;
ALTER TABLE transactions ADD COLUMN payment_link_id text;
ALTER TABLE transactions ADD COLUMN checkout_session_id text;
-- Charges made before this migration get a token too; 64 hex characters from the strong generator.
UPDATE transactions SET public_token = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')
 WHERE public_token IS NULL;
CREATE UNIQUE INDEX transactions_public_token ON transactions (public_token);
CREATE INDEX transactions_checkout_session ON transactions (checkout_session_id) WHERE checkout_session_id IS NOT NULL;

-- A subscription started on a checkout page: its first cycle's charge belongs to that session.
ALTER TABLE subscriptions ADD COLUMN payment_link_id text;
ALTER TABLE subscriptions ADD COLUMN checkout_session_id text;
-- Every charge has one, whoever writes it (the service draws its own; a row written by hand gets one here).
ALTER TABLE transactions ALTER COLUMN public_token SET DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
ALTER TABLE transactions ALTER COLUMN public_token SET NOT NULL;
