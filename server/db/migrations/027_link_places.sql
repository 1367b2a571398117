-- A payment link's places: a payment takes one when it starts, so payers who start at once cannot together pay more
-- than `max_payments`. The session holds the place (one payment under way per session); the link counts the places
-- held, changed only together with a session's flag, in the same database transaction.

ALTER TABLE payment_links ADD COLUMN reserved_payments integer NOT NULL DEFAULT 0 CHECK (reserved_payments >= 0);
ALTER TABLE checkout_sessions ADD COLUMN holds_place boolean NOT NULL DEFAULT false;

-- Payments already under way when this runs take their places now: a session not yet approved whose latest charge
-- can still be approved, or whose recurring subscription has not made its first charge and has not ended.
UPDATE checkout_sessions s SET holds_place = true
 WHERE s.approved_amount = 0 AND s.status <> 'completed'
   AND (
     EXISTS (SELECT 1 FROM transactions t WHERE t.id = s.transaction_id
              AND t.status IN ('pending', 'analyzing', 'fraud-review', 'awaiting', 'pre-authorized'))
     OR (s.transaction_id IS NULL AND EXISTS (SELECT 1 FROM subscriptions u WHERE u.id = s.subscription_id
              AND u.status NOT IN ('canceled', 'expired', 'unpaid')))
   );
UPDATE payment_links l SET reserved_payments = (SELECT count(*) FROM checkout_sessions s WHERE s.payment_link_id = l.id AND s.holds_place);

