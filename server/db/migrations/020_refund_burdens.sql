-- Who bears each refund, fixed when the refund is requested: the charge's merchant alone, or on a split charge each
-- liable recipient its part and the merchant the rest. Each party's part of a `pending` refund is its `reserved`
-- (held out of what it can withdraw), and exactly that part is taken from it when the refund succeeds, so a recipient
-- can never withdraw money a refund in flight will need. Only parts above 0 are written.
CREATE TABLE refund_burdens (
  refund_id    text NOT NULL REFERENCES refunds (id) ON DELETE CASCADE,
  merchant_id  text NOT NULL REFERENCES merchants (id),
  -- The split the recipient is paid by; null for the charge's merchant.
  split_id     text,
  amount       bigint NOT NULL CHECK (amount > 0),
  PRIMARY KEY (refund_id, merchant_id)
);
-- A balance reads its own parts of pending refunds.
CREATE INDEX refund_burdens_merchant ON refund_burdens (merchant_id);

-- Refunds pending before this migration were reserved by the charge's merchant alone: they stay so.
INSERT INTO refund_burdens (refund_id, merchant_id, split_id, amount)
SELECT f.id, t.merchant_id, NULL, f.amount FROM refunds f JOIN transactions t ON t.id = f.transaction_id
 WHERE f.status = 'pending';
