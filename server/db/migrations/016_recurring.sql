-- The recurring half of the service: the catalogue (products and their variants), subscriptions with their billing
-- cycles and revenue splits, the sandbox test clock, and the links from a charge back to what it bills. Later
-- migrations of the same capability add columns; this one fixes the shapes every part is written against.

-- Sub-accounts are merchants under a parent: they receive split shares and have their own ledger and balance.
ALTER TABLE merchants ADD COLUMN parent_id text REFERENCES merchants (id);
ALTER TABLE merchants ADD CONSTRAINT merchants_parent_check CHECK (is_sub_account = (parent_id IS NOT NULL));

CREATE TABLE products (
  id           text PRIMARY KEY CHECK (id ~ '^prd_[0-9A-Za-z]+$'),
  merchant_id  text NOT NULL REFERENCES merchants (id),
  mode         text NOT NULL CHECK (mode IN ('sandbox', 'production')),
  name         text NOT NULL,
  description  text NOT NULL DEFAULT '',
  enabled      boolean NOT NULL DEFAULT true,
  metadata     jsonb NOT NULL DEFAULT '{}',
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL
);
CREATE INDEX products_list ON products (merchant_id, mode, created_at DESC, id DESC);

CREATE TABLE variants (
  id                       text PRIMARY KEY CHECK (id ~ '^var_[0-9A-Za-z]+$'),
  product_id               text NOT NULL REFERENCES products (id),
  merchant_id              text NOT NULL REFERENCES merchants (id),
  mode                     text NOT NULL CHECK (mode IN ('sandbox', 'production')),
  name                     text NOT NULL,
  description              text NOT NULL DEFAULT '',
  sku                      text NOT NULL DEFAULT '',
  enabled                  boolean NOT NULL DEFAULT true,
  images                   jsonb NOT NULL DEFAULT '[]',
  metadata                 jsonb NOT NULL DEFAULT '{}',
  external_reference       text NOT NULL DEFAULT '',
  attributes               jsonb,
  -- pricing
  price_type               text NOT NULL CHECK (price_type IN ('one-time', 'recurring')),
  unit_price               bigint NOT NULL CHECK (unit_price >= 0),
  old_price                bigint CHECK (old_price >= 0),
  cost_per_item            bigint CHECK (cost_per_item >= 0),
  currency                 text NOT NULL DEFAULT 'BRL',
  billing_type             text CHECK (billing_type IN ('prepaid', 'postpaid')),
  billing_frequency        text CHECK (billing_frequency IN ('daily', 'weekly', 'monthly', 'yearly')),
  billing_frequency_count  integer CHECK (billing_frequency_count >= 1),
  billing_exact_day        integer CHECK (billing_exact_day BETWEEN 1 AND 31),
  -- Cycles of a fixed-term plan; 0 renews until canceled.
  cycles                   integer CHECK (cycles >= 0),
  trial_interval           text CHECK (trial_interval IN ('day', 'week', 'month')),
  trial_interval_count     integer NOT NULL DEFAULT 0 CHECK (trial_interval_count >= 0),
  created_at               timestamptz NOT NULL,
  updated_at               timestamptz NOT NULL,
  -- A recurring price says how often; a one-time price says nothing about periods.
  CHECK ((price_type = 'recurring') = (billing_frequency IS NOT NULL AND billing_frequency_count IS NOT NULL
                                       AND billing_type IS NOT NULL AND cycles IS NOT NULL))
);
CREATE INDEX variants_list ON variants (merchant_id, mode, created_at DESC, id DESC);
CREATE INDEX variants_product ON variants (product_id);

-- The sandbox test clock: subscriptions attached to one bill on its time, not the wall clock's.
CREATE TABLE sandbox_clocks (
  id           text PRIMARY KEY CHECK (id ~ '^clk_[0-9A-Za-z]+$'),
  merchant_id  text NOT NULL REFERENCES merchants (id),
  mode         text NOT NULL CHECK (mode = 'sandbox'),
  name         text NOT NULL DEFAULT '',
  now          timestamptz NOT NULL,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL
);

CREATE TABLE subscriptions (
  id                       text PRIMARY KEY CHECK (id ~ '^subs?_[0-9A-Za-z]+$'),
  merchant_id              text NOT NULL REFERENCES merchants (id),
  mode                     text NOT NULL CHECK (mode IN ('sandbox', 'production')),
  customer_id              text NOT NULL REFERENCES customers (id),
  -- The variant subscribed to; null for a plan given explicitly in the request.
  variant_id               text REFERENCES variants (id),
  status                   text NOT NULL,
  amount                   bigint NOT NULL CHECK (amount > 0),
  currency                 text NOT NULL DEFAULT 'BRL',
  payment_method           text NOT NULL CHECK (payment_method IN ('pix', 'credit', 'billet')),
  -- The provider's reusable card token and the card's display fields; never the number or CVV.
  card                     jsonb,
  billing_type             text NOT NULL DEFAULT 'prepaid',
  billing_frequency        text NOT NULL CHECK (billing_frequency IN ('daily', 'weekly', 'monthly', 'yearly')),
  billing_frequency_count  integer NOT NULL CHECK (billing_frequency_count >= 1),
  billing_exact_day        integer CHECK (billing_exact_day BETWEEN 1 AND 31),
  -- null: renews until canceled.
  total_cycles             integer CHECK (total_cycles >= 1),
  current_cycle            integer NOT NULL DEFAULT 0,
  trial_ends_at            timestamptz,
  next_billing_at          timestamptz,
  cancel_at_period_end     boolean NOT NULL DEFAULT false,
  canceled_at              timestamptz,
  clock_id                 text REFERENCES sandbox_clocks (id),
  metadata                 jsonb NOT NULL DEFAULT '{}',
  created_at               timestamptz NOT NULL,
  updated_at               timestamptz NOT NULL
);
CREATE INDEX subscriptions_list ON subscriptions (merchant_id, mode, created_at DESC, id DESC);
CREATE INDEX subscriptions_clock ON subscriptions (clock_id) WHERE clock_id IS NOT NULL;

CREATE TABLE billing_cycles (
  id               text PRIMARY KEY CHECK (id ~ '^scy_[0-9A-Za-z]+$'),
  subscription_id  text NOT NULL REFERENCES subscriptions (id),
  merchant_id      text NOT NULL REFERENCES merchants (id),
  mode             text NOT NULL CHECK (mode IN ('sandbox', 'production')),
  cycle            integer NOT NULL CHECK (cycle >= 1),
  status           text NOT NULL,
  amount           bigint NOT NULL CHECK (amount > 0),
  transaction_id   text REFERENCES transactions (id),
  start_date       date NOT NULL,
  end_date         date NOT NULL,
  due_date         date NOT NULL,
  billed_at        timestamptz,
  -- Charges made for this cycle (the first one and every retry).
  attempts         integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  -- One row per period: a renewal run twice cannot bill a period twice.
  UNIQUE (subscription_id, cycle)
);
CREATE INDEX billing_cycles_list ON billing_cycles (subscription_id, cycle DESC);

CREATE TABLE subscription_splits (
  id                     text PRIMARY KEY CHECK (id ~ '^(ssp|split)_[0-9A-Za-z]+$'),
  subscription_id        text NOT NULL REFERENCES subscriptions (id),
  merchant_id            text NOT NULL REFERENCES merchants (id),
  mode                   text NOT NULL CHECK (mode IN ('sandbox', 'production')),
  recipient_id           text NOT NULL REFERENCES merchants (id),
  type                   text NOT NULL CHECK (type IN ('percentage', 'fixed')),
  -- percentage: hundredths of a percent (3000 is 30 %); fixed: cents.
  value                  bigint NOT NULL CHECK (value > 0),
  liable                 boolean NOT NULL DEFAULT false,
  charge_processing_fee  boolean NOT NULL DEFAULT false,
  created_at             timestamptz NOT NULL,
  updated_at             timestamptz NOT NULL,
  UNIQUE (subscription_id, recipient_id)
);

-- A charge made for a billing cycle points back at it.
ALTER TABLE transactions ADD COLUMN subscription_id text REFERENCES subscriptions (id);
ALTER TABLE transactions ADD COLUMN billing_cycle_id text REFERENCES billing_cycles (id);
-- The split applied to the charge (a copy of the template at billing time), null when not split.
ALTER TABLE transactions ADD COLUMN splits jsonb;
CREATE INDEX transactions_subscription ON transactions (subscription_id) WHERE subscription_id IS NOT NULL;

-- A job on a sandbox clock falls due on the clock's time: workers leave it alone, and advancing the clock runs it.
ALTER TABLE jobs ADD COLUMN clock_id text REFERENCES sandbox_clocks (id);
