/**
 * Migration 025: the QR images stored inline before they were served by URL are cleared, in the transactions and in
 * the copies their events carry; the BR Code and everything else stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations } from '../../db/migrate';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { pixBody } from '../../testing/payments';
import { transactionsApi } from '../../testing/transactions-api';

const migration = loadMigrations().find((m) => m.name === '025_qr_image_by_url.sql');
const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';

describe.each(ENGINES)('migration 025_qr_image_by_url on $name', (engine) => {
  let svc: TestService;
  const api = transactionsApi(() => svc);
  beforeAll(async () => {
    svc = await startTestService(engine);
  });
  afterAll(async () => svc?.close());

  it('sets every stored pixQrCodeImage to null and keeps the BR Code', async () => {
    expect(migration).toBeDefined();
    const id = await api.create(pixBody());
    await svc.drain();
    // As issuance stored it before the image moved to its URL.
    await svc.db.query(`UPDATE transactions SET payment = jsonb_set(payment, '{pixQrCodeImage}', to_jsonb($2::text)) WHERE id = $1`, [id, IMAGE]);
    await svc.db.query(
      `UPDATE events SET payload = jsonb_set(payload, '{object,payment,pixQrCodeImage}', to_jsonb($2::text)) WHERE resource_id = $1`,
      [id, IMAGE],
    );
    const before = await svc.db.query<{ emv: string }>(`SELECT payment->>'pixQrCodeEmv' AS emv FROM transactions WHERE id = $1`, [id]);
    expect(before.rows[0]!.emv).toMatch(/^000201/);

    await svc.db.exec(migration!.sql);

    const t = await svc.db.query<{ image: unknown; emv: string }>(
      `SELECT payment->'pixQrCodeImage' AS image, payment->>'pixQrCodeEmv' AS emv FROM transactions WHERE id = $1`,
      [id],
    );
    expect(t.rows[0]).toEqual({ image: null, emv: before.rows[0]!.emv });
    const events = await svc.db.query<{ image: unknown }>(`SELECT payload #> '{object,payment,pixQrCodeImage}' AS image FROM events WHERE resource_id = $1`, [id]);
    expect(events.rows.length).toBeGreaterThan(0);
    expect(events.rows.every((e) => e.image === null)).toBe(true);
  });
});
