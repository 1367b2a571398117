/** `operations`: the operator's list of provider operations whose outcome is not known, as the admin runner runs it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { createMerchantWithKeys } from '../domain/access/keys';
import { markUncertain, startOperation } from '../payments/operations';
import { ENGINES } from '../testing/harness';
import { runAdmin } from './run';

describe.each(ENGINES)('the operations admin command on $name', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await engine.open());
    const { merchantId } = await createMerchantWithKeys(db, 'Acme Comércio Ltda');
    const op = (kind: 'capture' | 'refund', key: string, amount: number) =>
      startOperation(db, { scope: { merchantId, mode: 'sandbox' }, subject: { kind: 'transaction', id: 'tra_x' }, kind, provider: 'sandbox', idempotencyKey: key, amount }, new Date());
    await op('capture', 'tra_x:authorize:sandbox:0:capture:1200', 1200);
    await op('refund', 'rfd_y', 300);
    await markUncertain(db, 'tra_x:authorize:sandbox:0:capture:1200', 'no answer within 100 ms', new Date());
  });
  afterAll(async () => drop());

  it('lists the uncertain ones by default, the started ones on request, and refuses another state', async () => {
    const uncertain = await runAdmin(['operations'], db);
    expect(uncertain.code).toBe(0);
    expect(uncertain.stdout).toMatch(/^pop_\w+\s+capture\s+tra_x\s+tra_x:authorize:sandbox:0:capture:1200\s+1200\s+1\s+\S+\s+no answer within 100 ms$/m);
    expect(uncertain.stdout).not.toContain('rfd_y');
    const started = JSON.parse((await runAdmin(['operations', '--state', 'started', '--json'], db)).stdout) as { idempotency_key: string }[];
    expect(started.map((o) => o.idempotency_key)).toEqual(['rfd_y']);
    expect(await runAdmin(['operations', '--state', 'failed'], db)).toMatchObject({ code: 2, stderr: expect.stringContaining('--state takes uncertain or started') });
  });
});
