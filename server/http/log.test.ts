import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createMerchantWithKeys } from '../domain/access/keys';
import { createLogger } from '../logger';
import { startService, type Service } from '../service';
import { ENGINES } from '../testing/harness';
import { redactKeys } from './log';

describe('key redaction in logged URLs', () => {
  it('redacts every key-shaped value, wherever and however it is encoded', () => {
    const key = 'sk_test_AbC123dEf456GhI789jKl012MnO345pQ';
    expect(redactKeys(`/v1/wallets?key=${key}`)).toBe('/v1/wallets?key=sk_test_[redacted]');
    expect(redactKeys(`/v1/wallets?limit=5&x=${key.replace(/_/g, '%5F')}&y=sl_live_Zz9`)).toBe(
      '/v1/wallets?limit=5&x=sk_test_[redacted]&y=sl_live_[redacted]',
    );
    expect(redactKeys(`/v1/customers/${key}`)).toBe('/v1/customers/sk_test_[redacted]');
    expect(redactKeys('/v1/wallets?limit=5')).toBe('/v1/wallets?limit=5');
  });

  it("keeps 4 characters of a public page's token or access id: the log does not open the page", () => {
    const token = 'Q7vR2kLm9XpT4wZs8NbC1dFg6HjY3uAe';
    expect(redactKeys(`/pay/${token}`)).toBe('/pay/Q7vR…');
    expect(redactKeys(`/pay/${token}/qr.png`)).toBe('/pay/Q7vR…/qr.png');
    expect(redactKeys(`/pay/${token}/events?x=1`)).toBe('/pay/Q7vR…/events?x=1');
    expect(redactKeys('/c/acc_Ab12Cd34Ef56Gh78Ij90Kl12/pay')).toBe('/c/acc_Ab12…/pay');
    expect(redactKeys('/c/acc%5FAb12Cd34Ef56Gh78Ij90Kl12')).toBe('/c/acc%5FAb12…');
    // In a query (compared canonical: its slashes encoded).
    expect(redactKeys(`/v1/transactions?next=/pay/${token}`)).toBe('/v1/transactions?next=%2Fpay%2FQ7vR…');
    // A dashboard invitation's link signs its holder up to a team.
    expect(redactKeys('/dashboard/invitations/lYtS2q9-Xk_3abcdefghijklmnopqrstuvwxyz012345')).toBe('/dashboard/invitations/lYtS…');
    expect(redactKeys('/dashboard/password/reset/Q9aZ2q9-Xk_3abcdefghijklmnopqrstuvwxyz012345')).toBe('/dashboard/password/reset/Q9aZ…');
    expect(redactKeys('/dashboard%2Fpassword%2freset/Q9aZ2q9-Xk_3abcdefghijklmnopqrstuvwxyz012345')).toBe('/dashboard%2Fpassword%2freset/Q9aZ…');
    expect(redactKeys('/dashboard%2Finvitations%2FlYtS2q9Xk3abcdefghij')).toBe('/dashboard%2Finvitations%2FlYtS…');
  });
});

describe.each(ENGINES)('the request log on $name', (engine) => {
  const lines: string[] = [];
  let service: Service;
  let merchant: Awaited<ReturnType<typeof createMerchantWithKeys>>;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const opened = await engine.open();
    drop = opened.drop;
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'info' });
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    service = await startService(config, createLogger('info', sink), opened.db, { worker: 'off' });
    merchant = await createMerchantWithKeys(opened.db, 'Log Test Ltda');
  });
  afterAll(async () => {
    await service?.close();
    await drop?.();
  });

  it('never writes a key sent in the query, and does not take it as authentication', async () => {
    const key = merchant.sandboxKey;
    const res = await fetch(`${service.url}/v1/wallets?limit=5&key=${key}&also=${encodeURIComponent(merchant.productionKey)}`);
    expect(res.status).toBe(401);
    await new Promise((r) => setTimeout(r, 50));
    const logged = lines.join('');
    expect(logged).toContain('/v1/wallets?limit=5&key=sk_test_[redacted]');
    expect(logged).not.toContain(key);
    expect(logged).not.toContain(merchant.productionKey.slice(8));
  });

  it('writes one line per request: method, URL as sent, status, time and the correlation id answered', async () => {
    lines.length = 0;
    const res = await fetch(`${service.url}/v1/wallets?limit=5`, { headers: { ServiceKey: merchant.sandboxKey } });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(Object.keys(line)).toEqual(['level', 'time', 'pid', 'hostname', 'req', 'correlationId', 'res', 'responseTime', 'msg']);
    expect(line).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/v1/wallets?limit=5' },
      correlationId: res.headers.get('x-correlation-id'),
      res: { statusCode: 200 },
      msg: 'request completed',
    });
  });
});

describe.each(ENGINES)('the log at LOG_LEVEL=warn on $name', (engine) => {
  const lines: string[] = [];
  let service: Service;
  let logger: ReturnType<typeof createLogger>;
  let merchant: Awaited<ReturnType<typeof createMerchantWithKeys>>;
  let opened: Awaited<ReturnType<typeof engine.open>>;
  beforeAll(async () => {
    opened = await engine.open();
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'warn' });
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    logger = createLogger('warn', sink);
    service = await startService(config, logger, opened.db, { worker: 'off' });
    merchant = await createMerchantWithKeys(opened.db, 'Quiet Log Ltda');
  });
  afterAll(async () => {
    await service?.close();
    await opened?.drop();
  });

  const settle = () => new Promise((r) => setTimeout(r, 50));

  it('writes no request line, but logs a server error with the correlation id it answered', async () => {
    expect((await fetch(`${service.url}/v1/wallets`, { headers: { ServiceKey: merchant.sandboxKey } })).status).toBe(200);
    expect((await fetch(`${service.url}/v1/wallets`)).status).toBe(401);
    await settle();
    expect(lines).toEqual([]);
    // A table gone: the read fails inside the service (500), which the log must tell with the id the caller has.
    await opened.db.query('ALTER TABLE customers RENAME TO customers_away');
    try {
      const res = await fetch(`${service.url}/v1/customers`, { headers: { ServiceKey: merchant.sandboxKey } });
      expect(res.status).toBe(500);
      await settle();
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ level: 50, correlationId: res.headers.get('x-correlation-id') });
    } finally {
      await opened.db.query('ALTER TABLE customers_away RENAME TO customers');
    }
  });

  it('writes request lines again once the level is lowered while it runs', async () => {
    lines.length = 0;
    logger.level = 'info';
    try {
      const res = await fetch(`${service.url}/v1/wallets`, { headers: { ServiceKey: merchant.sandboxKey } });
      await settle();
      expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([
        expect.objectContaining({ msg: 'request completed', correlationId: res.headers.get('x-correlation-id') }),
      ]);
    } finally {
      logger.level = 'warn';
    }
  });
});
