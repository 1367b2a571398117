-- The sandbox test clock's mechanics (016 gave the shapes). An advance runs the clock's jobs one at a time, so it
-- holds the clock: `advancing` with a lease on the database's clock, renewed while it runs, so an advance whose
-- process died frees the clock once its lease ran out instead of holding it for good.
ALTER TABLE sandbox_clocks ADD COLUMN status text NOT NULL DEFAULT 'ready' CHECK (status IN ('ready', 'advancing'));
ALTER TABLE sandbox_clocks ADD COLUMN advance_lease_until timestamptz;
-- Who holds the advance: an advance that outlived its lease cannot move or free the clock another one took over.
ALTER TABLE sandbox_clocks ADD COLUMN advanced_by text;
ALTER TABLE sandbox_clocks ADD CONSTRAINT sandbox_clocks_lease
  CHECK ((status = 'advancing') = (advance_lease_until IS NOT NULL AND advanced_by IS NOT NULL));
CREATE INDEX sandbox_clocks_list ON sandbox_clocks (merchant_id, created_at DESC, id DESC);

-- Workers claim wall-clock jobs only, the advance of a clock only that clock's: each claim reads an index of its own
-- live rows in due order, and neither walks over the other's backlog.
DROP INDEX jobs_due;
CREATE INDEX jobs_due ON jobs (run_at, id) WHERE status IN ('pending', 'running') AND clock_id IS NULL;
CREATE INDEX jobs_clock_due ON jobs (clock_id, run_at, created_at, id)
  WHERE status IN ('pending', 'running') AND clock_id IS NOT NULL;
