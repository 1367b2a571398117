-- Where a billing cycle's dunning run starts: the cycle's `attempts` when its retry schedule was (re)started. A charge
-- that failed while its subscription was paused is not a dunning attempt: resume charges again and counts the retry
-- days, and the retries, from that charge's failure (`failed_at` is cleared with it).
ALTER TABLE billing_cycles ADD COLUMN dunning_from integer NOT NULL DEFAULT 0 CHECK (dunning_from >= 0);

-- A `subscription.bill` job now names the attempt it charges and the time it was scheduled for (billing.ts bills
-- nothing for a job of another attempt), and its subscription (so that attaching the subscription to a sandbox clock
-- finds it); the jobs queued before carry none of them and are given them from their cycle.
UPDATE jobs j SET payload = j.payload || jsonb_build_object('attempts', c.attempts, 'at', to_jsonb(j.run_at),
                                                            'subscriptionId', c.subscription_id)
  FROM billing_cycles c
 WHERE j.kind = 'subscription.bill' AND j.status IN ('pending', 'running') AND NOT (j.payload ? 'attempts')
   AND c.id = j.payload->>'cycleId';

-- `subscriptions.ever_active` (017) records that a cycle was paid; the rule of a failed first charge does not read
-- it but the status: `pending` (no trial) cancels, `trialing` goes past-due and is retried (SubscriptionDunning).
