-- Subscriptions and their billing cycles become resources of the API: their closed statuses (the tables of
-- SubscriptionStatus and BillingCycleStatus in the spec), what the calendar needs (the anchor periods are counted
-- from), pause, and the dunning schedule of failed cycles.
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_status_check
  CHECK (status IN ('pending', 'trialing', 'active', 'past-due', 'paused', 'unpaid', 'canceled', 'expired'));
-- The first billed day (São Paulo calendar): period n starts n × the frequency after it.
ALTER TABLE subscriptions ADD COLUMN billing_anchor date;
-- The day of the month monthly and yearly periods start on (billing_exact_day, else the anchor's own day).
ALTER TABLE subscriptions ADD COLUMN anchor_day integer CHECK (anchor_day BETWEEN 1 AND 31);
ALTER TABLE subscriptions ADD COLUMN paused_at timestamptz;
-- { retryDays: number[], endAs: 'canceled' | 'unpaid', billetToleranceDays: number }
ALTER TABLE subscriptions ADD COLUMN dunning jsonb NOT NULL DEFAULT '{"retryDays":[1,3,5,7],"endAs":"canceled","billetToleranceDays":3}';
-- Set once a cycle of it was paid: a failure of a subscription never active cancels it instead of retrying.
ALTER TABLE subscriptions ADD COLUMN ever_active boolean NOT NULL DEFAULT false;
CREATE INDEX subscriptions_customer ON subscriptions (customer_id);

ALTER TABLE billing_cycles ADD CONSTRAINT billing_cycles_status_check
  CHECK (status IN ('scheduled', 'billing', 'paid', 'failed', 'canceled'));
-- When a failed cycle is charged again (its dunning schedule); null when no retry is due.
ALTER TABLE billing_cycles ADD COLUMN next_retry_at timestamptz;
-- When the cycle first failed: the retry days count from it.
ALTER TABLE billing_cycles ADD COLUMN failed_at timestamptz;
