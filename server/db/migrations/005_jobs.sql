-- Background jobs: the PostgreSQL-backed queue of server/jobs/. Several worker processes on one database share it:
-- a claim takes due rows with FOR UPDATE SKIP LOCKED and leases them until `locked_until`; a running job whose lease
-- ran out belongs to a worker that died, and the next claim takes it over. Every time comparison uses now().

CREATE TABLE jobs (
  id            text PRIMARY KEY CHECK (id ~ '^job_[0-9A-Za-z]+$'),
  kind          text NOT NULL,
  payload       jsonb NOT NULL DEFAULT '{}',
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'failed')),
  -- Claims so far, this one included while running; a reschedule gives its claim back.
  attempts      integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts  integer NOT NULL DEFAULT 10 CHECK (max_attempts >= 1),
  run_at        timestamptz NOT NULL DEFAULT now(),
  -- The lease: set together while running, both null otherwise.
  locked_by     text,
  locked_until  timestamptz,
  last_error    text,
  -- Enqueuing the same logical job twice is a no-op; the key stays taken after the job is done or failed.
  dedupe_key    text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'running') = (locked_by IS NOT NULL AND locked_until IS NOT NULL))
);

CREATE UNIQUE INDEX jobs_dedupe_key ON jobs (dedupe_key) WHERE dedupe_key IS NOT NULL;

-- The claim reads live rows in (run_at, id) order and stops at its limit, without sorting the backlog; done and
-- failed rows, the bulk of the table, stay out of the index.
-- A running row's run_at is never in the future (it was due when claimed), so the claim filters on run_at for both.
CREATE INDEX jobs_due ON jobs (run_at, id) WHERE status IN ('pending', 'running');
