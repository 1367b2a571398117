-- Stripe routes (issue 26): a configured route may be of kind `stripe` (cards, boleto and PIX through Stripe's API and
-- its official SDK), and what such a route needs to send each call once and to apply each of Stripe's events once.

ALTER TABLE payment_routes DROP CONSTRAINT payment_routes_kind_check;
ALTER TABLE payment_routes ADD CONSTRAINT payment_routes_kind_check CHECK (kind IN ('api-pix', 'stripe'));

-- One PaymentIntent per authorization key: written before the PaymentIntent is created, with the exact parameters of
-- its creation (a retry under the same Stripe Idempotency-Key must send the same ones, or Stripe refuses it), and its
-- id once Stripe answered. A void of a key whose creation never answered replays the creation to learn the id: a
-- PaymentIntent is only created there, never confirmed, so the replay moves no money.
CREATE TABLE stripe_intents (
  idempotency_key  text PRIMARY KEY,
  route_id         text NOT NULL,
  transaction_id   text NOT NULL REFERENCES transactions (id),
  method           text NOT NULL,
  amount           bigint NOT NULL CHECK (amount > 0),
  create_params    jsonb NOT NULL,
  intent_id        text UNIQUE CHECK (intent_id ~ '^pi_[0-9A-Za-z_]+$'),
  -- The refusal the intent answered before the route canceled it (a 3-D Secure challenge nobody can take): a run that
  -- asks the key again answers it.
  refused          jsonb,
  created_at       timestamptz NOT NULL
);
CREATE INDEX stripe_intents_transaction ON stripe_intents (transaction_id);

-- The refunds a Stripe route asked for, under our refund's key: the parameters sent (a retry sends the same) and the
-- Refund's id once Stripe answered.
CREATE TABLE stripe_refunds (
  idempotency_key  text PRIMARY KEY,
  route_id         text NOT NULL,
  intent_id        text NOT NULL,
  amount           bigint NOT NULL CHECK (amount > 0),
  refund_id        text UNIQUE,
  created_at       timestamptz NOT NULL
);

-- Every Stripe event a route received (by notification, or by the sweep's list of events), once per event id: the
-- key that makes a repeated delivery a no-op. `outcome` says what it did: `applied` (it moved a charge, a refund or a
-- dispute), `noted` (nothing to do: an echo of an answer already recorded, or a type we do not act on), `held` (its
-- charge's answer was not recorded yet: applied by the next sweep), `review` (kept for an operator: money that came
-- for a charge that ended or stands on another payment, a dispute with nothing left to hold), `unknown` (no charge of
-- ours). `payload` is what the event told in our terms (transformers.ts `StripeNotice`), never Stripe's object with
-- its payer's details.
CREATE TABLE stripe_events (
  route_id         text NOT NULL,
  event_id         text NOT NULL,
  type             text NOT NULL,
  intent_id        text,
  transaction_id   text REFERENCES transactions (id),
  outcome          text NOT NULL CHECK (outcome IN ('applied', 'noted', 'held', 'review', 'unknown')),
  source           text NOT NULL CHECK (source IN ('notification', 'sweep')),
  payload          jsonb NOT NULL,
  created_at       timestamptz NOT NULL,
  received_at      timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  PRIMARY KEY (route_id, event_id)
);
CREATE INDEX stripe_events_attention ON stripe_events (route_id, outcome) WHERE outcome IN ('held', 'review', 'unknown');
CREATE INDEX stripe_events_transaction ON stripe_events (transaction_id);

-- The dispute of a transaction opened by a provider's notification, under the provider's id of it: a dispute event
-- repeated or out of order finds it here.
ALTER TABLE disputes ADD COLUMN provider_dispute_id text UNIQUE;
