/**
 * The per-party half of the ledger check, for split charges: each party of a charge (its merchant, each split
 * recipient) holds its share of the charge less the parts it bore of the refunds that succeeded and the disputes
 * lost — in its balance (its `settlement`, `refund` and `chargeback` entries of the charge) and in its `pending`
 * receivables. The shares follow the division rule (splits/allocate), so this part is computed here rather than in
 * SQL; the figures are read in one query. A charge with a refund or lost dispute older than its stored parts (no
 * `refund_burdens` rows, no holds) is skipped: what each party bore of it is not recorded.
 */
import type { Queryable } from '../../db/types';
import { splitAmounts } from '../splits/allocate';
import type { AppliedSplit } from '../splits/template';

export const PARTY_CHECK = 'party-money';

interface PartyRow {
  transaction_id: string;
  party: string;
  merchant_id: string;
  captured: string;
  installments: number;
  splits: AppliedSplit[];
  in_balance: string;
  scheduled: string;
  refunded: string;
  charged_back: string;
  unknown: boolean;
}

const SQL = `
  WITH split AS (SELECT id, merchant_id FROM transactions WHERE jsonb_typeof(splits) = 'array' AND jsonb_array_length(splits) > 0),
  parties AS (
    SELECT id AS transaction_id, merchant_id AS party FROM split
    UNION SELECT t.id, sp.value->>'recipient' FROM transactions t JOIN split ON split.id = t.id, jsonb_array_elements(t.splits) sp
  )
  SELECT p.transaction_id, p.party, t.merchant_id, t.captured_amount::text AS captured, t.installments, t.splits,
    (SELECT COALESCE(sum(e.amount), 0) FROM ledger_entries e WHERE e.transaction_id = p.transaction_id AND e.merchant_id = p.party
        AND e.type IN ('settlement', 'refund', 'chargeback'))::bigint::text AS in_balance,
    (SELECT COALESCE(sum(r.gross_amount), 0) FROM receivables r WHERE r.transaction_id = p.transaction_id AND r.recipient = p.party
        AND r.status = 'pending')::bigint::text AS scheduled,
    (SELECT COALESCE(sum(b.amount), 0) FROM refund_burdens b JOIN refunds f ON f.id = b.refund_id
      WHERE f.transaction_id = p.transaction_id AND f.status = 'succeeded' AND b.merchant_id = p.party)::bigint::text AS refunded,
    (SELECT COALESCE(sum(-h.amount), 0) FROM ledger_entries h JOIN disputes d ON d.id = h.source_id
      WHERE h.type = 'dispute_hold' AND d.transaction_id = p.transaction_id AND d.status = 'lost' AND h.merchant_id = p.party)::bigint::text AS charged_back,
    EXISTS (SELECT 1 FROM refunds f WHERE f.transaction_id = p.transaction_id AND f.status = 'succeeded'
              AND NOT EXISTS (SELECT 1 FROM refund_burdens b WHERE b.refund_id = f.id))
      OR EXISTS (SELECT 1 FROM disputes d WHERE d.transaction_id = p.transaction_id AND d.status = 'lost'
              AND NOT EXISTS (SELECT 1 FROM ledger_entries h WHERE h.type = 'dispute_hold' AND h.source_id = d.id)) AS unknown
    FROM parties p JOIN transactions t ON t.id = p.transaction_id
   ORDER BY p.transaction_id, p.party`;

/** One violation per party of a split charge whose money is not its share less what it bore. */
export async function partyViolations(q: Queryable): Promise<{ check: string; subject: string; detail: string }[]> {
  const rows = (await q.query<PartyRow>(SQL)).rows;
  const out: { check: string; subject: string; detail: string }[] = [];
  for (const r of rows) {
    if (r.unknown) continue;
    const captured = Number(r.captured);
    const amounts = splitAmounts(r.splits, r.merchant_id, captured, r.installments);
    const split = r.splits.find((s) => s.recipient === r.party);
    const share = r.party === r.merchant_id ? captured - [...amounts.values()].reduce((n, a) => n + a, 0) : split ? amounts.get(split.splitId)! : 0;
    const held = Number(r.in_balance) + Number(r.scheduled);
    const owed = share - Number(r.refunded) - Number(r.charged_back);
    if (held === owed) continue;
    out.push({
      check: PARTY_CHECK,
      subject: r.transaction_id,
      detail: `party ${r.party}: share ${share} - refunded ${r.refunded} - charged back ${r.charged_back} <> ledger gross ${r.in_balance} + pending receivables ${r.scheduled}`,
    });
  }
  return out;
}
