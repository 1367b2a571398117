-- Negotiated fee plans (issue of the Simulators tag). A merchant without a row here is on the default plan of the
-- spec (PIX 0.99 %, billet 349 cents flat, card 3.99 % + 2.49 % per installment after the first), which lives in
-- code, not in this table. One plan per merchant, the same in sandbox and production: a simulation in sandbox
-- must show what production will charge.
--
-- Percentages are basis points (hundredths of a percent: 0.99 % is 99) so that both drivers return exact integers
-- and the fee arithmetic stays in integers. A method whose columns are NULL is not priced by the plan (the
-- simulator answers 404 for it). `credit_brand_bps` maps a card brand to its base rate ({"visa": 319}); NULL means
-- `credit_bps` applies to every brand.
CREATE TABLE fee_plans (
  id                      text PRIMARY KEY CHECK (id ~ '^plan_[0-9A-Za-z]+$'),
  merchant_id             text NOT NULL UNIQUE REFERENCES merchants (id),
  pix_bps                 integer CHECK (pix_bps BETWEEN 0 AND 9999),
  pix_fixed               integer CHECK (pix_fixed >= 0),
  billet_bps              integer CHECK (billet_bps BETWEEN 0 AND 9999),
  billet_fixed            integer CHECK (billet_fixed >= 0),
  credit_bps              integer CHECK (credit_bps BETWEEN 0 AND 9999),
  credit_fixed            integer CHECK (credit_fixed >= 0),
  credit_installment_bps  integer CHECK (credit_installment_bps BETWEEN 0 AND 9999),
  credit_brand_bps        jsonb CHECK (credit_brand_bps IS NULL OR jsonb_typeof(credit_brand_bps) = 'object'),
  created_at              timestamptz NOT NULL DEFAULT now(),
  CHECK ((pix_bps IS NULL) = (pix_fixed IS NULL)),
  CHECK ((billet_bps IS NULL) = (billet_fixed IS NULL)),
  CHECK ((credit_bps IS NULL) = (credit_fixed IS NULL) AND (credit_bps IS NULL) = (credit_installment_bps IS NULL)),
  CHECK (credit_brand_bps IS NULL OR credit_bps IS NOT NULL)
);
