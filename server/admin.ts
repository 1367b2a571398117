/**
 * `npm run admin -- <command>`: merchants and keys from the command line.
 *   create-merchant --name "Acme" [--json]
 *   create-key --merchant bus_… --mode sandbox|production --role <role> [--ip 10.0.0.0/8 ...] [--json]
 *   revoke-key --key-id key_…
 */
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { openDb } from './db/open';
import { createKey, createMerchantWithKeys, revokeKey, type Mode } from './domain/access/keys';
import { isRoleId, ROLES } from './domain/access/roles';

function fail(message: string): never {
  process.stderr.write(`admin: ${message}\n`);
  process.exit(2);
}

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    name: { type: 'string' },
    merchant: { type: 'string' },
    mode: { type: 'string' },
    role: { type: 'string' },
    ip: { type: 'string', multiple: true },
    'key-id': { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});

const db = await openDb(loadConfig());
try {
  if (command === 'create-merchant') {
    if (!values.name) fail('create-merchant needs --name');
    const out = await createMerchantWithKeys(db, values.name);
    process.stdout.write(
      values.json
        ? `${JSON.stringify(out)}\n`
        : `merchant ${out.merchantId}\n  sandbox key:    ${out.sandboxKey}\n  production key: ${out.productionKey}\n`,
    );
  } else if (command === 'create-key') {
    const mode = values.mode;
    if (!values.merchant) fail('create-key needs --merchant');
    if (mode !== 'sandbox' && mode !== 'production') fail('--mode must be sandbox or production');
    const role = values.role ?? 'developer';
    if (!isRoleId(role)) fail(`--role must be one of ${ROLES.map((r) => r.id).join(', ')}`);
    const out = await createKey(db, { merchantId: values.merchant, mode: mode as Mode, role, ipAllowlist: values.ip ?? null });
    process.stdout.write(values.json ? `${JSON.stringify(out)}\n` : `key ${out.keyId} (${mode}, ${role}): ${out.key}\n`);
  } else if (command === 'revoke-key') {
    if (!values['key-id']) fail('revoke-key needs --key-id');
    await revokeKey(db, values['key-id']);
    process.stdout.write(values.json ? '{"revoked":true}\n' : 'revoked\n');
  } else {
    fail('commands: create-merchant, create-key, revoke-key');
  }
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
} finally {
  await db.close();
}
