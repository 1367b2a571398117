-- Every call to a payment provider that moves or releases money is a row here, written before the call:
-- `started` when it is about to be sent, `uncertain` when the call timed out or broke (the provider may have done
-- it), `succeeded` or `failed` once the provider's answer is known. An uncertain row is never assumed either way:
-- a reconcile job asks the provider again under the same idempotency key until it knows.
CREATE TABLE provider_operations (
  id               text PRIMARY KEY CHECK (id ~ '^pop_[0-9A-Za-z]+$'),
  merchant_id      text NOT NULL REFERENCES merchants (id),
  mode             text NOT NULL CHECK (mode IN ('sandbox', 'production')),
  -- What the operation acts on: a transaction (authorize, capture, cancel, void, refund) or a withdrawal (payout).
  subject_kind     text NOT NULL CHECK (subject_kind IN ('transaction', 'withdrawal')),
  subject_id       text NOT NULL,
  -- The refund or other record the operation was made for, when it is not the subject itself.
  cause_id         text,
  kind             text NOT NULL CHECK (kind IN ('authorize', 'capture', 'cancel', 'void', 'release', 'refund', 'payout')),
  provider         text NOT NULL,
  -- The key the provider is called under; a provider answers a repeated key with its first answer.
  idempotency_key  text NOT NULL UNIQUE,
  amount           bigint NOT NULL CHECK (amount >= 0),
  state            text NOT NULL CHECK (state IN ('started', 'uncertain', 'succeeded', 'failed')),
  -- The provider's answer (a typed result, JSON-safe) once known; the reason of an uncertain or failed one.
  result           jsonb,
  reason           text,
  attempts         integer NOT NULL DEFAULT 1,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);
CREATE INDEX provider_operations_subject ON provider_operations (subject_id, created_at);
CREATE INDEX provider_operations_open ON provider_operations (state) WHERE state IN ('started', 'uncertain');
