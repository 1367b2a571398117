/** SQL of fee plans: one row per merchant (both modes), percentages in basis points. */
import type { Queryable } from '../../db/types';

export interface FeePlanRow {
  id: string;
  pix_bps: number | null;
  pix_fixed: number | null;
  billet_bps: number | null;
  billet_fixed: number | null;
  credit_bps: number | null;
  credit_fixed: number | null;
  credit_installment_bps: number | null;
  /** Brand → base rate in basis points; null when `credit_bps` applies to every brand. */
  credit_brand_bps: Record<string, number> | null;
}

export type FeePlanValues = Omit<FeePlanRow, 'id'>;

const COLUMNS = `id, pix_bps, pix_fixed, billet_bps, billet_fixed, credit_bps, credit_fixed, credit_installment_bps,
  credit_brand_bps`;

export async function findByMerchant(q: Queryable, merchantId: string): Promise<FeePlanRow | null> {
  const res = await q.query<FeePlanRow>(`SELECT ${COLUMNS} FROM fee_plans WHERE merchant_id = $1`, [merchantId]);
  return res.rows[0] ?? null;
}

/** Creates the merchant's plan or replaces it whole, under the new id (a renegotiated plan is another plan). */
export async function upsert(q: Queryable, merchantId: string, id: string, v: FeePlanValues): Promise<FeePlanRow> {
  const res = await q.query<FeePlanRow>(
    `INSERT INTO fee_plans (id, merchant_id, pix_bps, pix_fixed, billet_bps, billet_fixed, credit_bps, credit_fixed,
       credit_installment_bps, credit_brand_bps)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb)
     ON CONFLICT (merchant_id) DO UPDATE SET id = EXCLUDED.id, pix_bps = EXCLUDED.pix_bps,
       pix_fixed = EXCLUDED.pix_fixed, billet_bps = EXCLUDED.billet_bps, billet_fixed = EXCLUDED.billet_fixed,
       credit_bps = EXCLUDED.credit_bps, credit_fixed = EXCLUDED.credit_fixed,
       credit_installment_bps = EXCLUDED.credit_installment_bps, credit_brand_bps = EXCLUDED.credit_brand_bps,
       created_at = now()
     RETURNING ${COLUMNS}`,
    [
      id, merchantId, v.pix_bps, v.pix_fixed, v.billet_bps, v.billet_fixed, v.credit_bps, v.credit_fixed,
      v.credit_installment_bps, v.credit_brand_bps === null ? null : JSON.stringify(v.credit_brand_bps),
    ],
  );
  return res.rows[0]!;
}

/** Deletes the merchant's plan (back to the default); false when it had none. */
export async function remove(q: Queryable, merchantId: string): Promise<boolean> {
  const res = await q.query('DELETE FROM fee_plans WHERE merchant_id = $1', [merchantId]);
  return res.rowCount > 0;
}
