-- The recovery point of an idempotent request: the resource its work created or acted on ({resource, id, status}),
-- written in the same database transaction as that work. A key left `running` with a recovery point belongs to a
-- request whose effect is committed: once its lock lapses a retry answers that resource instead of running again.
-- Nullable, so existing rows (completed keys, or running ones from before) keep their meaning: nothing recorded.
ALTER TABLE idempotency_keys ADD COLUMN recovery jsonb;
