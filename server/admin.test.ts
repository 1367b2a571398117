/**
 * `npm run admin` as an operator types it (spawned processes, no service running): help for the command and each
 * sub-command, one line plus usage for a wrong flag (exit 2), refusals of unknown ids (exit 1), keys by id.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS, parseAdmin, type AdminResult } from './admin/run';
import { admin, adminJson } from './testing/processes';

/** What the admin process prints and exits with for a command line answered without a database (help, usage). */
function answered(argv: string[]): AdminResult {
  const parsed = parseAdmin(argv);
  if (parsed.kind !== 'done') throw new Error(`${argv.join(' ')} would run, not be answered`);
  return parsed.result;
}

const root = mkdtempSync(join(tmpdir(), 'payments-admin-'));
const dataDir = join(root, 'data');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('npm run admin', { timeout: 120_000 }, () => {
  let merchant: { merchantId: string; sandboxKey: string; sandboxKeyId: string; productionKeyId: string };
  beforeAll(async () => {
    merchant = await adminJson(dataDir, ['create-merchant', '--name', 'Acme']);
  }, 120_000);

  // The process answers help and usage errors with parseAdmin's result (server/admin.ts); one spawned command line
  // each shows that wiring, and the rest are checked on parseAdmin itself (a process per line cost minutes on a
  // loaded machine and tested nothing more).
  it('--help lists every command; <command> --help explains its flags (exit 0, no database needed)', async () => {
    const top = await admin(join(root, 'never-created'), ['--help']);
    expect(top.code).toBe(0);
    for (const name of Object.keys(COMMANDS)) expect(top.stdout).toContain(`  ${name}`);
    expect(top).toEqual({ ...answered(['--help']) });
    expect(existsSync(join(root, 'never-created'))).toBe(false);
    for (const name of Object.keys(COMMANDS)) {
      const sub = answered([name, '--help']);
      expect(sub.code, name).toBe(0);
      expect(sub.stdout).toMatch(new RegExp(`^usage: npm run admin -- ${name} `));
    }
    expect(answered(['set-fee-plan', '--help']).stdout).toContain('brands not named keep the --credit rate');
  });

  it('an unknown flag, command or argument is one line and the usage, exit 2, no stack', async () => {
    const flag = await admin(dataDir, ['create-key', '--merchnat', 'bus_x']);
    expect(flag.code).toBe(2);
    expect(flag.stderr.split('\n')[0]).toBe('admin: create-key: unknown flag --merchnat');
    expect(flag.stderr).toContain('usage: npm run admin -- create-key');
    expect(flag.stderr).not.toMatch(/\n\s+at /);
    const command = answered(['create-kye']);
    expect(command.code).toBe(2);
    expect(command.stderr.split('\n')[0]).toBe('admin: unknown command "create-kye"');
    const positional = answered(['list-keys', 'extra']);
    expect(positional.code).toBe(2);
    expect(positional.stderr.split('\n')[0]).toBe('admin: list-keys: unexpected argument extra');
  });

  it('--ip takes addresses and CIDR blocks only (exit 2, checked before any database is opened), and a valid list is kept', async () => {
    for (const bad of ['10.0.0.0/33', 'office', '10.0.0.0/8/1']) {
      const argv = ['create-key', '--merchant', merchant.merchantId, '--mode', 'sandbox', '--ip', bad];
      const ran = bad === 'office' ? await admin(join(root, 'never-created'), argv) : answered(argv);
      expect(ran.code, bad).toBe(2);
      expect(ran.stderr.split('\n')[0]).toBe(`admin: --ip takes an IPv4/IPv6 address or a CIDR block (10.0.0.0/8, 2001:db8::/32), got ${bad}`);
    }
    expect(existsSync(join(root, 'never-created'))).toBe(false);
    const ok = await adminJson(dataDir, ['create-key', '--merchant', merchant.merchantId, '--mode', 'sandbox', '--ip', '10.0.0.0/8', '--ip', '2001:db8::1']);
    expect(ok).toMatchObject({ ipAllowlist: ['10.0.0.0/8', '2001:db8::1'], keyId: expect.stringMatching(/^key_/) });
  });

  it('list-keys shows every key by id and never its secret', async () => {
    const ran = await admin(dataDir, ['list-keys', '--merchant', merchant.merchantId]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain(merchant.sandboxKeyId);
    expect(ran.stdout).toContain(merchant.productionKeyId);
    expect(ran.stdout).toContain(`${merchant.sandboxKey.slice(0, 12)}…${merchant.sandboxKey.slice(-4)}`);
    expect(ran.stdout).not.toContain(merchant.sandboxKey);
  });

  it('revoke-key refuses an unknown id (exit 1) and the key itself (exit 2), and revokes by id', async () => {
    const unknown = await admin(dataDir, ['revoke-key', '--key-id', 'key_doesNotExist0000']);
    expect(unknown).toMatchObject({ code: 1, stdout: '', stderr: 'admin: no key key_doesNotExist0000 (see list-keys)\n' });
    const secret = await admin(dataDir, ['revoke-key', '--key-id', merchant.sandboxKey]);
    expect(secret.code).toBe(2);
    expect(secret.stderr.split('\n')[0]).toBe('admin: --key-id takes the key id key_…, not the key itself; see list-keys');
    const k = await adminJson<{ keyId: string }>(dataDir, ['create-key', '--merchant', merchant.merchantId, '--mode', 'sandbox']);
    const revoked = await admin(dataDir, ['revoke-key', '--key-id', k.keyId]);
    expect(revoked).toMatchObject({ code: 0, stdout: `revoked key ${k.keyId} (sandbox, developer, merchant ${merchant.merchantId})\n` });
    const keys = await adminJson<{ keyId: string; status: string }[]>(dataDir, ['list-keys', '--merchant', merchant.merchantId]);
    expect(keys.find((x) => x.keyId === k.keyId)?.status).toBe('revoked');
  });

  it('roll-key makes a new key and leaves the old one expiring after --expire-in', async () => {
    const rolled = await adminJson<{ key: string; keyId: string; rolledFrom: string; oldKeyExpiresAt: string; role: string }>(dataDir, [
      'roll-key', '--key-id', merchant.productionKeyId, '--expire-in', '2h',
    ]);
    expect(rolled).toMatchObject({ rolledFrom: merchant.productionKeyId, role: 'owner', key: expect.stringMatching(/^sk_live_/) });
    const left = Date.parse(rolled.oldKeyExpiresAt) - Date.now();
    expect(left).toBeGreaterThan(7000_000);
    expect(left).toBeLessThanOrEqual(7200_000);
    const tooLong = await admin(dataDir, ['roll-key', '--key-id', rolled.keyId, '--expire-in', '8d']);
    expect(tooLong.code).toBe(2);
    expect(tooLong.stderr.split('\n')[0]).toBe('admin: --expire-in takes 0 or a duration up to 7d (90s, 30m, 24h, 7d), got "8d"');
    const unknown = await admin(dataDir, ['roll-key', '--key-id', 'key_doesNotExist0000']);
    expect(unknown.code).toBe(1);
  });

  it('set-fee-plan --brand: a named brand gets its rate, the others keep the card rate, =off refuses one', async () => {
    const plan = await adminJson<{ credit: { percent: number; brands: Record<string, number> } }>(dataDir, [
      'set-fee-plan', '--merchant', merchant.merchantId, '--credit', '3.5', '--brand', 'visa=3.19', '--brand', 'amex=off',
    ]);
    expect(plan.credit.brands.visa).toBe(3.19);
    expect(plan.credit.brands.mastercard).toBe(3.5);
    expect(plan.credit.brands).not.toHaveProperty('amex');
    const bad = await admin(dataDir, ['set-fee-plan', '--merchant', merchant.merchantId, '--brand', 'visa=cheap']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.split('\n')[0]).toMatch(/^admin: --brand takes <brand>=<percent> or <brand>=off/);
  });
});
