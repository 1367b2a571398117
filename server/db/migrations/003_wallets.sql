-- Wallets: one live registration per bank account, per merchant and mode.
-- The key is the bank, the branch without its optional check digit (`0912` and `0912-3` are the same agência) and
-- the account number without leading zeros (`0045678-9` and `45678-9` are the same account). The index, not a
-- check before the insert, decides a race between identical registrations (23505 → 409 walletAlreadyExists).
-- Deleted wallets leave the index: the same account may be registered again after a delete.
CREATE UNIQUE INDEX wallets_account
  ON wallets (merchant_id, mode, bank_code, left(routing_number, 4), ltrim(account_number, '0'))
  WHERE deleted_at IS NULL;

