-- The payer of a subscription started on a checkout page as they typed themselves (name, e-mail, document). The
-- payer is matched to an existing customer by document or e-mail and that customer is never changed, so every
-- charge of the subscription copies these over the customer's stored ones: the public pages of a charge show its
-- copy's name, never the name stored under a CPF or e-mail someone else typed.
ALTER TABLE subscriptions ADD COLUMN checkout_payer jsonb;
