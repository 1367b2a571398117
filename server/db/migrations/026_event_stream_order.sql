-- The order of the sandbox's event stream (`GET /v1/sandbox/events/stream`), which a reconnecting client resumes from
-- an event's id. `seq` alone is not an order a reader can trust: it is drawn when the row is inserted, so a
-- transaction may commit an event with a smaller `seq` after another transaction's event with a larger one was read.
-- `tx` is the transaction that recorded the event. The stream's order is (tx, seq), and it reads only events whose
-- transaction is older than every transaction still running (`tx < pg_snapshot_xmin(pg_current_snapshot())`): those
-- are all committed or gone, so nothing can appear before an event once it was sent.
-- Events recorded before this migration read as transaction 0: older than every new one, in their `seq` order. The
-- constant default first, so that adding the column does not rewrite the table.
ALTER TABLE events ADD COLUMN tx xid8 NOT NULL DEFAULT '0';
ALTER TABLE events ALTER COLUMN tx SET DEFAULT pg_current_xact_id();
CREATE INDEX events_stream ON events (merchant_id, mode, tx, seq);
