-- Two records read by server-sent-event streams in the order of migration 026, (tx, seq): `tx` the transaction that
-- wrote the row, `seq` its number; a stream reads only rows whose transaction is older than every one still running,
-- so a row that commits late never lands before one already sent, and a message id is an exact place to resume from.

-- A resend of an event on the sandbox's event stream (POST /v1/webhooks/events/{eventId}/redeliver), so that a running
-- `payments listen` forwards the event again. Its `seq` is drawn from the events' own sequence: (tx, seq) is then one
-- order over events and resends together, and never equal between the two.
CREATE TABLE event_resends (
  id           text PRIMARY KEY CHECK (id ~ '^wbr_[0-9A-Za-z]+$'),
  event_id     text NOT NULL REFERENCES events (id),
  merchant_id  text NOT NULL,
  mode         text NOT NULL,
  tx           xid8 NOT NULL DEFAULT pg_current_xact_id(),
  seq          bigint NOT NULL DEFAULT nextval('events_seq_seq'),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX event_resends_stream ON event_resends (merchant_id, mode, tx, seq);

-- The request log of a merchant and mode: what the Stripe dashboard's logs show of a request made with a key, never
-- its bodies, headers, query string or key. Written in batches after the answers (http/request-log.ts), kept 7 days.
CREATE TABLE request_logs (
  id              text PRIMARY KEY CHECK (id ~ '^req_[0-9A-Za-z]+$'),
  merchant_id     text NOT NULL,
  mode            text NOT NULL,
  key_id          text NOT NULL,
  method          text NOT NULL,
  path            text NOT NULL,
  status          integer NOT NULL,
  error_code      text,
  correlation_id  text NOT NULL,
  duration_ms     integer NOT NULL,
  created_at      timestamptz NOT NULL,
  tx              xid8 NOT NULL DEFAULT pg_current_xact_id(),
  seq             bigserial NOT NULL
);
CREATE INDEX request_logs_stream ON request_logs (merchant_id, mode, tx, seq);
CREATE INDEX request_logs_list ON request_logs (merchant_id, mode, created_at DESC, id DESC);
CREATE INDEX request_logs_age ON request_logs (created_at);
