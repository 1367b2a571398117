/**
 * Migration 027: payments already under way when places are introduced take theirs, so a link's cap counts them
 * from the first start after the upgrade; sessions whose payment ended, or was approved, hold none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../../core/tenancy';
import { loadMigrations } from '../../db/migrate';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { CARD, insertLink, insertVariant, PAYER, openOnOffer } from '../../testing/checkout';
import { TEST_CARDS } from '../../testing/payments';
import type { LinkRow } from './links-repo';
import { abandonCheckout } from './outcome';
import { startPayment } from './sessions';

const migration = loadMigrations().find((m) => m.name === '027_link_places.sql');

describe.each(ENGINES)('migration 027_link_places on $name', (engine) => {
  let svc: TestService;
  let scope: Scope;
  beforeAll(async () => {
    svc = await startTestService(engine);
    scope = { merchantId: svc.merchant.merchantId, mode: 'sandbox' };
  });
  afterAll(async () => svc?.close());

  const open = (link: LinkRow) => openOnOffer(svc.payments, link);
  const card = (number: string) => ({ method: 'credit' as const, payer: PAYER, card: CARD(number), installments: 1 });

  it('gives a place to each session whose payment can still be approved, and counts them on their links', async () => {
    expect(migration).toBeDefined();
    const link = await insertLink(svc.db, scope, { max_payments: 10 });
    const pending = await open(link);
    await startPayment(svc.payments, pending.id, { method: 'pix', payer: PAYER });
    const declined = await open(link);
    await startPayment(svc.payments, declined.id, card(TEST_CARDS.declined));
    const paid = await open(link);
    await startPayment(svc.payments, paid.id, card(TEST_CARDS.visa));
    const untouched = await open(link);
    await svc.drain();
    // Started after the others were processed: a card still unprocessed when its session was abandoned.
    const late = await open(link);
    await startPayment(svc.payments, late.id, card(TEST_CARDS.visa));
    await abandonCheckout(svc.db, late.id);
    // A recurring link's subscription whose first charge is not made yet.
    const variantId = await insertVariant(svc.db, scope, 4900, true);
    const recurring = await insertLink(svc.db, scope, { items: [{ variantId, quantity: 1 }], recurring: true, methods: ['credit'], max_installments: 1 });
    const subscribing = await open(recurring);
    await startPayment(svc.payments, subscribing.id, card(TEST_CARDS.visa));
    const unlimited = await insertLink(svc.db, scope);

    // The schema of before, for these two tables: then the migration as an upgrade runs it.
    await svc.db.exec('ALTER TABLE payment_links DROP COLUMN reserved_payments; ALTER TABLE checkout_sessions DROP COLUMN holds_place;');
    await svc.db.exec(migration!.sql);

    const sessions = await svc.db.query<{ id: string; holds_place: boolean }>(
      'SELECT id, holds_place FROM checkout_sessions WHERE payment_link_id = ANY($1)',
      [[link.id, recurring.id]],
    );
    const holding = sessions.rows.filter((r) => r.holds_place).map((r) => r.id).sort();
    expect(holding).toEqual([pending.id, late.id, subscribing.id].sort());
    expect(sessions.rows.map((r) => r.id)).toEqual(expect.arrayContaining([declined.id, paid.id, untouched.id]));
    const links = await svc.db.query<{ id: string; reserved_payments: number }>(
      'SELECT id, reserved_payments FROM payment_links WHERE id = ANY($1)',
      [[link.id, recurring.id, unlimited.id]],
    );
    expect(Object.fromEntries(links.rows.map((r) => [r.id, r.reserved_payments]))).toEqual({ [link.id]: 2, [recurring.id]: 1, [unlimited.id]: 0 });
  });
});
