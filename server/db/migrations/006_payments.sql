-- The payments engine: transactions with their timeline, receivables, refunds and disputes; the event outbox;
-- and the sandbox provider's own ledger. Every merchant-owned row carries (merchant_id, mode).

CREATE TABLE transactions (
  id                  text PRIMARY KEY CHECK (id ~ '^tra_[0-9A-Za-z]+$'),
  merchant_id         text NOT NULL REFERENCES merchants (id),
  mode                text NOT NULL CHECK (mode IN ('sandbox', 'production')),
  status              text NOT NULL CHECK (status IN ('pending', 'pre-authorized', 'approved', 'failed', 'refused',
                        'canceled', 'refunded', 'chargeback', 'dispute', 'fraud-review', 'analyzing', 'awaiting')),
  method              text NOT NULL CHECK (method IN ('pix', 'credit', 'billet')),
  amount              bigint NOT NULL CHECK (amount > 0),
  original_amount     bigint NOT NULL,
  captured_amount     bigint NOT NULL DEFAULT 0 CHECK (captured_amount >= 0),
  refunded_amount     bigint NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0 AND refunded_amount <= captured_amount),
  currency            text NOT NULL DEFAULT 'BRL',
  customer_id         text NOT NULL,
  -- Copies taken at creation (the spec: a later edit of the customer does not rewrite the record of the charge).
  customer            jsonb NOT NULL,
  billing_address     jsonb,
  external_reference  text,
  metadata            jsonb NOT NULL DEFAULT '{}',
  items               jsonb NOT NULL DEFAULT '[]',
  installments        integer NOT NULL DEFAULT 1 CHECK (installments BETWEEN 1 AND 12),
  capture             boolean NOT NULL DEFAULT true,
  -- What the background processing needs that the API does not show: the card token (never the number or CVV),
  -- the PIX lifetime, the billet's due date, whether the anti-fraud analysis has cleared the charge.
  processing          jsonb NOT NULL DEFAULT '{}',
  -- The `payment` object of the API as the providers last reported it.
  payment             jsonb NOT NULL,
  -- Rounds of background retries while every route was unavailable (status `awaiting`).
  route_rounds        integer NOT NULL DEFAULT 0,
  paid_at             timestamptz,
  created_at          timestamptz NOT NULL,
  updated_at          timestamptz NOT NULL
);
CREATE INDEX transactions_list ON transactions (merchant_id, mode, created_at DESC, id DESC);
CREATE INDEX transactions_customer ON transactions (merchant_id, mode, customer_id);
CREATE INDEX transactions_reference ON transactions (merchant_id, mode, external_reference);

CREATE TABLE transaction_timeline (
  id              text PRIMARY KEY CHECK (id ~ '^tml_[0-9A-Za-z]+$'),
  transaction_id  text NOT NULL REFERENCES transactions (id),
  type            text NOT NULL CHECK (type IN ('status', 'route', 'refund', 'dispute', 'capture', 'note')),
  message         text NOT NULL,
  details         jsonb,
  -- Entries of one database transaction share `created_at`; `seq` keeps their order.
  seq             bigserial NOT NULL,
  created_at      timestamptz NOT NULL
);
CREATE INDEX transaction_timeline_of ON transaction_timeline (transaction_id, seq);

CREATE TABLE receivables (
  id                     text PRIMARY KEY CHECK (id ~ '^rec_[0-9A-Za-z]+$'),
  transaction_id         text NOT NULL REFERENCES transactions (id),
  recipient              text NOT NULL,
  split                  text,
  status                 text NOT NULL CHECK (status IN ('pending', 'paid', 'canceled', 'refunded', 'chargeback')),
  amount                 bigint NOT NULL,
  gross_amount           bigint NOT NULL CHECK (gross_amount >= 0),
  fee                    bigint NOT NULL CHECK (fee >= 0),
  anticipation_fee       bigint NOT NULL DEFAULT 0,
  installment_number     integer NOT NULL CHECK (installment_number BETWEEN 1 AND 12),
  description            text NOT NULL,
  authorization_code     text,
  paid_at                timestamptz,
  refunded_at            timestamptz,
  canceled_at            timestamptz,
  expected_on            date NOT NULL,
  liable                 boolean NOT NULL DEFAULT true,
  charge_processing_fee  boolean NOT NULL DEFAULT true,
  created_at             timestamptz NOT NULL,
  updated_at             timestamptz NOT NULL
);
CREATE INDEX receivables_of ON receivables (transaction_id);

CREATE TABLE refunds (
  id              text PRIMARY KEY CHECK (id ~ '^rfd_[0-9A-Za-z]+$'),
  transaction_id  text NOT NULL REFERENCES transactions (id),
  amount          bigint NOT NULL CHECK (amount > 0),
  status          text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  reason          text,
  failure_reason  text,
  metadata        jsonb NOT NULL DEFAULT '{}',
  refunded_at     timestamptz,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);
CREATE INDEX refunds_of ON refunds (transaction_id);

CREATE TABLE disputes (
  id               text PRIMARY KEY CHECK (id ~ '^dsp_[0-9A-Za-z]+$'),
  transaction_id   text NOT NULL REFERENCES transactions (id),
  status           text NOT NULL CHECK (status IN ('open', 'won', 'lost')),
  reason           text NOT NULL,
  amount           bigint NOT NULL CHECK (amount > 0),
  evidence_due_by  timestamptz,
  closed_at        timestamptz,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);
CREATE INDEX disputes_of ON disputes (transaction_id);

-- The outbox: an event is written in the same database transaction as the change it reports. The webhook
-- dispatcher reads it from here; `payload` is the resource as reading it returned it right after the change.
CREATE TABLE events (
  id           text PRIMARY KEY CHECK (id ~ '^wbh_[0-9A-Za-z]+$'),
  merchant_id  text NOT NULL REFERENCES merchants (id),
  mode         text NOT NULL,
  type         text NOT NULL,
  resource     text NOT NULL,
  resource_id  text NOT NULL,
  source       text NOT NULL DEFAULT 'automatic',
  payload      jsonb NOT NULL,
  seq          bigserial NOT NULL,
  created_at   timestamptz NOT NULL
);
CREATE INDEX events_list ON events (merchant_id, mode, created_at DESC, id DESC);
CREATE INDEX events_resource ON events (resource_id, seq);

-- The sandbox provider's ledger: what it did for each idempotency key, so a retried call answers the first
-- answer again instead of charging twice. A real provider keeps this on its side.
CREATE TABLE sandbox_operations (
  idempotency_key  text PRIMARY KEY,
  provider         text NOT NULL,
  operation        text NOT NULL,
  transaction_id   text NOT NULL,
  amount           bigint NOT NULL,
  result           jsonb NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_operations_of ON sandbox_operations (transaction_id);
