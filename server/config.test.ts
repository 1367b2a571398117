import { describe, expect, it } from 'vitest';
import { loadConfig, poolSizeFor, SettingError } from './config';

describe('settings', () => {
  it('HOST: 127.0.0.1 on the embedded database, every interface with DATABASE_URL, else as set', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/x' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::' }).host).toBe('::');
  });

  it('HTTP_TRUST_PROXY: off by default; true, hops, or a list of addresses, blocks and names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ HTTP_TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ HTTP_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ HTTP_TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ HTTP_TRUST_PROXY: 'loopback, 10.0.0.0/8,::1' }).trustProxy).toEqual(['loopback', '10.0.0.0/8', '::1']);
    expect(() => loadConfig({ HTTP_TRUST_PROXY: 'loopback,10.0.0.0/40' })).toThrow(SettingError);
    expect(() => loadConfig({ HTTP_TRUST_PROXY: 'my-balancer' })).toThrow(/HTTP_TRUST_PROXY must be/);
  });

  it('DATABASE_PREPARED_STATEMENTS: on unless DATABASE_SESSION_URL says a pooler sits in front of DATABASE_URL; on or off when set', () => {
    const db = 'postgres://u@pooler:6432/x';
    const direct = 'postgres://u@db:5432/x';
    expect(loadConfig({ DATABASE_URL: direct })).toMatchObject({ databaseSessionUrl: direct, databasePreparedStatements: true });
    expect(loadConfig({ DATABASE_URL: db, DATABASE_SESSION_URL: direct })).toMatchObject({ databaseSessionUrl: direct, databasePreparedStatements: false });
    expect(loadConfig({ DATABASE_URL: db, DATABASE_SESSION_URL: direct, DATABASE_PREPARED_STATEMENTS: 'on' }).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_URL: direct, DATABASE_PREPARED_STATEMENTS: 'off' }).databasePreparedStatements).toBe(false);
    expect(() => loadConfig({ DATABASE_URL: direct, DATABASE_PREPARED_STATEMENTS: 'yes' })).toThrow(/DATABASE_PREPARED_STATEMENTS must be on or off/);
  });

  it('LOG_FORMAT: pretty by default when stdout is a terminal, json otherwise', () => {
    const was = process.stdout.isTTY;
    try {
      process.stdout.isTTY = true;
      expect(loadConfig({}).logFormat).toBe('pretty');
      process.stdout.isTTY = false;
      expect(loadConfig({}).logFormat).toBe('json');
    } finally {
      process.stdout.isTTY = was;
    }
  });

  it('LOG_FORMAT: json or pretty', () => {
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT must be json or pretty/);
  });

  it('PUBLIC_BASE_URL: unset by default; an http(s) origin, trailing slash dropped, no path, query or credentials', () => {
    expect(loadConfig({}).publicBaseUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://pay.example.com/' }).publicBaseUrl).toBe('https://pay.example.com');
    expect(loadConfig({ PUBLIC_BASE_URL: 'http://localhost:8080' }).publicBaseUrl).toBe('http://localhost:8080');
    for (const bad of ['pay.example.com', 'ftp://pay.example.com', 'https://pay.example.com/?x=1', 'https://u:p@pay.example.com', 'https://example.com/payments']) {
      expect(() => loadConfig({ PUBLIC_BASE_URL: bad })).toThrow(/PUBLIC_BASE_URL must be/);
    }
  });

  it("SMTP_URL: unset by default (no e-mail); smtp:// or smtps:// with a host; a refused one never echoes its password", () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: undefined, from: 'Payments <no-reply@payments.invalid>' });
    expect(loadConfig({ SMTP_URL: 'smtp://u:p@mail.example.com:587', MAIL_FROM: 'Acme <a@acme.example>' }).mail).toEqual({
      smtpUrl: 'smtp://u:p@mail.example.com:587',
      from: 'Acme <a@acme.example>',
    });
    for (const bad of ['mail.example.com', 'http://mail.example.com', 'smtp://', 'smtps://user:s3cret@']) {
      expect(() => loadConfig({ SMTP_URL: bad })).toThrow(/SMTP_URL must be like/);
    }
    expect(() => loadConfig({ SMTP_URL: 'imap://user:s3cret@mail.example.com' })).not.toThrow(/s3cret/);
  });

  it('CHECKOUT_SESSION_TTL_SECONDS: 24 hours by default, at least 1', () => {
    expect(loadConfig({}).checkout.sessionTtlSeconds).toBe(86_400);
    expect(loadConfig({ CHECKOUT_SESSION_TTL_SECONDS: '30' }).checkout.sessionTtlSeconds).toBe(30);
    expect(() => loadConfig({ CHECKOUT_SESSION_TTL_SECONDS: '0' })).toThrow(SettingError);
  });

  it('DATABASE_POOL_MAX: sized to the role from WORKER_CONCURRENCY unless set, at least 1', () => {
    const api = { api: true, worker: false };
    const worker = { api: false, worker: true };
    const both = { api: true, worker: true };
    expect([api, worker, both].map((r) => poolSizeFor(loadConfig({}), r))).toEqual([10, 12, 22]);
    expect(poolSizeFor(loadConfig({ WORKER_CONCURRENCY: '8' }), worker)).toBe(20);
    expect(poolSizeFor(loadConfig({ WORKER_CONCURRENCY: '8', DATABASE_POOL_MAX: '5' }), both)).toBe(5);
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(SettingError);
  });

  it('DATABASE_URL must be a postgres URL; a bad setting names itself', () => {
    expect(() => loadConfig({ DATABASE_URL: 'localhost:5432' })).toThrow(/^DATABASE_URL must be a URL like postgres:/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u@h/db' })).toThrow(SettingError);
    const err = (() => {
      try {
        loadConfig({ PORT: 'eighty' });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(SettingError);
    expect((err as SettingError).setting).toBe('PORT');
  });

  it('every bad value is a SettingError naming its setting first, saying what it allows', () => {
    const bad: Record<string, string> = {
      PORT: '70000', LOG_LEVEL: 'loud', LOG_FORMAT: 'xml', SECRETS_KEY: 'not-base64!', DEMO_MERCHANT: 'true',
      RATE_LIMIT_STORE: 'disk', RATE_LIMIT_POINTS: '-1', KEY_CACHE_SECONDS: '61', BODY_LIMIT_BYTES: '1.5',
      PROVIDER_TIMEOUT_MS: '0', ROUTE_RETRY_SECONDS: '30,soon', WEBHOOK_RETRY_SECONDS: '5,soon', WEBHOOK_PRIVATE_ADDRESSES: 'maybe',
      HTTP_TRUST_PROXY: 'my-balancer', PUBLIC_BASE_URL: 'pay.example.com', REDIS_URL: 'http://r', JOB_LEASE_SECONDS: '0',
      WORKER_CONCURRENCY: 'four', DATABASE_URL: 'localhost:5432',
    };
    for (const [name, value] of Object.entries(bad)) {
      let err: unknown;
      try {
        loadConfig({ [name]: value });
      } catch (e) {
        err = e;
      }
      expect(err, name).toBeInstanceOf(SettingError);
      expect((err as SettingError).setting, name).toBe(name);
      expect((err as SettingError).message, name).toMatch(new RegExp(`^${name} (must|needs)`));
      expect((err as SettingError).message, name).not.toContain('\n');
    }
  });

  it('LOG_LEVEL: info by default, a pino level; SECRETS_KEY: 32 bytes of base64; DEMO_MERCHANT: on PGlite by default', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ SECRETS_KEY: key }).secretsKey).toBe(key);
    expect(() => loadConfig({ SECRETS_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/got 16 bytes/);
    expect(loadConfig({}).demoMerchant).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/x' }).demoMerchant).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/x', DEMO_MERCHANT: '1' }).demoMerchant).toBe(true);
    expect(loadConfig({ DEMO_MERCHANT: '0' }).demoMerchant).toBe(false);
  });
});
