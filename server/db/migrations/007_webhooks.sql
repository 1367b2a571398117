-- Webhooks: the endpoints of each merchant and mode, and one dispatch per (event, endpoint) delivery.

-- Keys the service generates for itself when the environment gives none (the key sealing webhook secrets).
CREATE TABLE service_keys (
  name        text PRIMARY KEY,
  value       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_endpoints (
  id                text PRIMARY KEY CHECK (id ~ '^wbe_[0-9A-Za-z]+$'),
  merchant_id       text NOT NULL REFERENCES merchants (id),
  mode              text NOT NULL CHECK (mode IN ('sandbox', 'production')),
  name              text NOT NULL,
  url               text NOT NULL,
  events            jsonb NOT NULL,
  enabled           boolean NOT NULL DEFAULT true,
  force_active      boolean NOT NULL DEFAULT false,
  -- The signing secret and the authorization value are sealed (AES-256-GCM); `auth_hint` is what may be shown.
  secret_sealed     text NOT NULL,
  auth_type         text CHECK (auth_type IN ('basic', 'bearer', 'raw')),
  auth_sealed       text,
  auth_hint         text,
  shots_qty         integer NOT NULL DEFAULT 0,
  failed_shots_qty  integer NOT NULL DEFAULT 0,
  last_delivery_at  timestamptz,
  failing_since     timestamptz,
  disabled_reason   text CHECK (disabled_reason IN ('manual', 'failing')),
  metadata          jsonb NOT NULL DEFAULT '{}',
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL,
  deleted_at        timestamptz
);
-- One live endpoint per URL per merchant and mode.
CREATE UNIQUE INDEX webhook_endpoints_url ON webhook_endpoints (merchant_id, mode, url) WHERE deleted_at IS NULL;
CREATE INDEX webhook_endpoints_list ON webhook_endpoints (merchant_id, mode, created_at DESC, id DESC) WHERE deleted_at IS NULL;

CREATE TABLE webhook_dispatches (
  id                    text PRIMARY KEY CHECK (id ~ '^wdi_[0-9A-Za-z]+$'),
  event_id              text NOT NULL REFERENCES events (id),
  endpoint_id           text NOT NULL REFERENCES webhook_endpoints (id),
  url                   text NOT NULL,
  source                text NOT NULL CHECK (source IN ('automatic', 'manual')),
  status                text NOT NULL CHECK (status IN ('pending', 'delivering', 'succeeded', 'failed', 'canceled')),
  attempts              integer NOT NULL DEFAULT 0 CHECK (attempts BETWEEN 0 AND 8),
  response_status_code  integer,
  response_body         text,
  response_time_ms      double precision,
  last_error            text,
  next_attempt_at       timestamptz,
  last_attempt_at       timestamptz,
  success_at            timestamptz,
  seq                   bigserial NOT NULL,
  created_at            timestamptz NOT NULL,
  updated_at            timestamptz NOT NULL
);
CREATE INDEX webhook_dispatches_event ON webhook_dispatches (event_id, seq);
CREATE INDEX webhook_dispatches_endpoint_open ON webhook_dispatches (endpoint_id) WHERE status IN ('pending', 'delivering');
