/**
 * Card numbers and CVVs are used to reach the vault and go nowhere else: not into any table (transactions,
 * events, jobs, idempotency records, the sandbox ledger…) and not into the logs, even at the most verbose level,
 * whatever the charge's outcome.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { Db } from '../../db/types';
import { createMerchantWithKeys } from '../access/keys';
import { createLogger } from '../../logger';
import { startService, type Service } from '../../service';
import { ENGINES } from '../../testing/harness';
import { cardBody, TEST_CARDS } from '../../testing/payments';

/** Luhn-valid numbers of no test scenario, unlikely to appear by chance anywhere. */
const NUMBERS = ['4929395804151466', '5404003486413128'];
const CVV = '7319';

async function everyRow(db: Db): Promise<string> {
  const tables = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  const texts: string[] = [];
  for (const { table_name } of tables.rows) {
    const rows = await db.query<{ j: string }>(`SELECT row_to_json(t)::text AS j FROM "${table_name}" t`);
    texts.push(...rows.rows.map((r) => r.j));
  }
  return texts.join('\n');
}

describe.each(ENGINES)('card data at rest and in logs, on $name', (engine) => {
  let service: Service;
  let drop: () => Promise<void>;
  let key: string;
  const lines: string[] = [];
  beforeAll(async () => {
    const opened = await engine.open();
    drop = opened.drop;
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'trace' });
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    service = await startService(config, createLogger('trace', sink), opened.db, { worker: 'manual' });
    key = (await createMerchantWithKeys(opened.db, 'Acme')).sandboxKey;
  });
  afterAll(async () => {
    await service?.close();
    await drop?.();
  });

  const post = (json: unknown, headers: Record<string, string> = {}) =>
    fetch(`${service.url}/v1/transactions`, { method: 'POST', headers: { ServiceKey: key, 'content-type': 'application/json', ...headers }, body: JSON.stringify(json) });

  it('keeps no card number or CVV anywhere, for approved, refused, pre-authorized, invalid and replayed charges', async () => {
    const bodies = [
      cardBody(NUMBERS[0]!, {}),
      cardBody(NUMBERS[1]!, { capture: false, installments: 2 }),
      cardBody(TEST_CARDS.declined),
      cardBody(TEST_CARDS.review),
    ].map((b) => ({ ...b, payment: { ...b.payment, card: { ...b.payment.card, cvv: CVV.slice(0, 3) } } }));
    for (const b of bodies) expect((await post(b)).status).toBe(201);
    const replayed = { ...bodies[0]!, externalReference: 'idem' };
    expect((await post(replayed, { 'X-Idempotency-Key': 'secret-test-key-0001' })).status).toBe(201);
    expect((await post(replayed, { 'X-Idempotency-Key': 'secret-test-key-0001' })).status).toBe(201);
    const amex = cardBody('371449635398431');
    amex.payment.card.cvv = CVV;
    expect((await post(amex)).status).toBe(201);
    const invalid = cardBody(`${NUMBERS[0]!.slice(0, 15)}0`);
    expect((await post(invalid)).status).toBe(422);
    expect(await service.worker!.drain()).toBeGreaterThan(0);

    const stored = await everyRow(service.db);
    expect(stored).toMatch(/"cardLastDigits": ?"1466"/);
    for (const n of [...NUMBERS, '371449635398431', TEST_CARDS.declined, TEST_CARDS.review]) {
      expect(stored).not.toContain(n);
      expect(lines.join('')).not.toContain(n);
    }
    // A CVV is a string field: leaked, it stands as a quoted value of its own. A bare substring check would also
    // match random digits (an acquirer transaction number once held "7319").
    const cvvValue = new RegExp(`"(${CVV}|${CVV.slice(0, 3)})"`);
    expect(stored).not.toMatch(/"cvv"/i);
    expect(stored).not.toMatch(cvvValue);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.join('')).not.toMatch(/"cvv"/i);
    expect(lines.join('')).not.toMatch(cvvValue);
  });
});
