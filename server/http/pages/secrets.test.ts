import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createMerchantWithKeys } from '../../domain/access/keys';
import { createLogger } from '../../logger';
import { startService, type Service } from '../../service';
import { insertLink } from '../../testing/checkout';
import { ENGINES } from '../../testing/harness';
import { CPF, TEST_CARDS } from '../../testing/payments';

describe.each(ENGINES)('card data on the checkout page on $name', (engine) => {
  const lines: string[] = [];
  let service: Service;
  let drop: () => Promise<void>;
  let accessId: string;
  beforeAll(async () => {
    const opened = await engine.open();
    drop = opened.drop;
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'trace' });
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    service = await startService(config, createLogger('trace', sink), opened.db, { worker: 'manual' });
    const merchant = await createMerchantWithKeys(opened.db, 'Log Test Ltda');
    accessId = (await insertLink(opened.db, { merchantId: merchant.merchantId, mode: 'sandbox' })).access_id;
  });
  afterAll(async () => {
    await service?.close();
    await drop?.();
  });

  it('is never written to the log: neither the form body nor the card, whatever the outcome', async () => {
    const page = await fetch(`${service.url}/c/${accessId}`);
    const cookie = page.headers.get('set-cookie')!.split(';')[0]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())![1]!;
    const cards = [TEST_CARDS.declined, '4111111111111112', TEST_CARDS.visa];
    for (const number of cards) {
      const form = { csrf, method: 'credit', name: 'Joana Pereira', email: 'joana@example.com', document: CPF, number, holderName: 'JOANA PEREIRA', expMonth: '11', expYear: '2034', cvv: '731', installments: '2' };
      const res = await fetch(`${service.url}/c/${accessId}/pay`, {
        method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, body: new URLSearchParams(form).toString(),
      });
      expect([303, 422]).toContain(res.status);
      await service.worker!.drain();
    }
    const logged = lines.join('');
    // The requests were logged (so the check below looks at something), their bodies were not.
    // The request is logged, its access id cut to its first characters (a bearer secret of the page).
    expect(logged).toContain(`"url":"/c/${accessId.slice(0, 8)}…/pay"`);
    expect(logged).not.toContain(accessId);
    for (const number of cards) expect(logged).not.toContain(number);
    expect(logged).not.toMatch(/cvv[^,}]*731/i);
    expect(logged).not.toContain('JOANA PEREIRA');
    expect(logged).not.toContain('joana@example.com');
  });
});
