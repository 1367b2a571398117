-- Customers and addresses (issue of the Customers and Addresses tags).

-- `firstName lastName` folded by the service (Unicode NFD without combining marks, lower case, single spaces): the
-- `name` filter of `GET /v1/customers` is case- and accent-insensitive without an extension (unaccent is not in
-- PGlite), so the same SQL runs on both engines.
ALTER TABLE customers ADD COLUMN search_name text NOT NULL DEFAULT '';
CREATE INDEX customers_telephone_line ON customers (merchant_id, mode, (telephone ->> 'line'));
CREATE INDEX customers_external_reference ON customers (merchant_id, mode, external_reference);

-- At most one live primary address per customer. Moving the mark happens in one transaction that holds the
-- customer's row lock; this index is the last guard should two writers ever slip past it.
CREATE UNIQUE INDEX addresses_one_primary ON addresses (merchant_id, mode, owner_id)
  WHERE is_primary AND deleted_at IS NULL;
