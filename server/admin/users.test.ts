/** `create-user` as the admin runner runs it, on every engine: the first owner of a merchant's dashboard. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { createMerchantWithKeys } from '../domain/access/keys';
import { checkPassword } from '../domain/team/passwords';
import { findUserByEmail, membershipsOf } from '../domain/team/users';
import { ENGINES } from '../testing/harness';
import { runAdmin } from './run';

describe.each(ENGINES)('npm run admin -- create-user on $name', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  let merchant: string;
  const dir = mkdtempSync(join(tmpdir(), 'create-user-'));
  beforeAll(async () => {
    ({ db, drop } = await engine.open());
    merchant = (await createMerchantWithKeys(db, 'Acme Ltda')).merchantId;
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await drop();
  });

  it('makes an owner with a password made up and shown once, or read from a file, hashed with argon2id', async () => {
    const made = await runAdmin(['create-user', '--merchant', merchant, '--email', 'Dona@Acme.example', '--json'], db);
    expect(made).toMatchObject({ code: 0, stderr: '' });
    const out = JSON.parse(made.stdout) as { userId: string; email: string; role: string; password: string };
    expect(out).toMatchObject({ email: 'dona@acme.example', role: 'owner', merchantId: merchant });
    const user = (await findUserByEmail(db, 'DONA@acme.example'))!;
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(await checkPassword(user.password_hash, out.password)).toBe(true);
    expect(await membershipsOf(db, out.userId)).toEqual([{ merchantId: merchant, merchantName: 'Acme Ltda', role: 'owner' }]);

    const file = join(dir, 'pw.txt');
    writeFileSync(file, 'a passphrase of mine\nignored second line\n');
    const fromFile = await runAdmin(['create-user', '--merchant', merchant, '--email', 'fin@acme.example', '--role', 'finance', '--password-file', file], db);
    expect(fromFile.code).toBe(0);
    expect(fromFile.stdout).not.toContain('password');
    const fin = (await findUserByEmail(db, 'fin@acme.example'))!;
    expect(await checkPassword(fin.password_hash, 'a passphrase of mine')).toBe(true);
  });

  it('refuses a taken e-mail, an unknown merchant or role, a short password, and missing flags, with one line', async () => {
    const short = join(dir, 'short.txt');
    writeFileSync(short, 'short\n');
    const cases: [string[], number, RegExp][] = [
      [['--merchant', merchant, '--email', 'dona@ACME.example'], 1, /already has an account/],
      [['--merchant', 'bus_nobody', '--email', 'x@acme.example'], 1, /No merchant bus_nobody/],
      [['--merchant', merchant, '--email', 'y@acme.example', '--role', 'boss'], 1, /Unknown role "boss"/],
      [['--merchant', merchant, '--email', 'not-an-address'], 1, /is not an e-mail address/],
      [['--merchant', merchant, '--email', 'z@acme.example', '--password-file', short], 1, /too short/],
      [['--merchant', merchant], 2, /create-user needs --email/],
    ];
    for (const [args, code, message] of cases) {
      const ran = await runAdmin(['create-user', ...args], db);
      expect({ args, code: ran.code }).toEqual({ args, code });
      expect(ran.stderr).toMatch(message);
      expect(ran.stderr.split('\n')[0]).not.toMatch(/at .*\.ts/);
    }
    expect((await findUserByEmail(db, 'y@acme.example'))).toBeNull();
  });
});
