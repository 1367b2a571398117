-- Workers are woken by a notification whenever a statement inserts a job of the wall clock that is due now, whatever
-- inserted it (one enqueue, a job that is part of a charge's single statement, a delivery per dispatch). The trigger
-- is per statement: one notification however many rows, and PostgreSQL sends it on commit only (a rolled-back job
-- wakes nobody; repeats in one transaction are folded into one). Jobs due later or on a sandbox clock notify nobody.
-- The channel is per schema (server/jobs/sql/wake.ts): services in separate schemas of one database do not wake each
-- other.
CREATE FUNCTION jobs_wake_workers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_jobs WHERE clock_id IS NULL AND run_at <= clock_timestamp()) THEN
    PERFORM pg_notify('payments_jobs_' || current_schema(), '');
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER jobs_wake_workers
  AFTER INSERT ON jobs
  REFERENCING NEW TABLE AS new_jobs
  FOR EACH STATEMENT EXECUTE FUNCTION jobs_wake_workers();
