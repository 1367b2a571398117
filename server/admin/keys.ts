/** Admin commands for merchants and their keys: every key printed comes with its `key_…` id. */
import { MAX_ROLL_GRACE_SECONDS, listKeys, revokeKey, rollKey, type KeySummary } from '../domain/access/key-admin';
import { parseAllowEntry } from '../core/ip';
import { createKey, createMerchantWithKeys, type Mode } from '../domain/access/keys';
import { isRoleId, ROLES, type RoleId } from '../domain/access/roles';
import { parseDuration, required, textTable, UsageError, type AdminCommand, type Flags } from './command';

const json = { type: 'boolean', default: false } as const;
const DEFAULT_GRACE = '24h';

function keyIdFlag(flags: Flags, command: string): string {
  const id = required(flags, 'key-id', command).trim();
  // The secret itself must not be the way to name a key: it would end up in shell history and process lists.
  if (/^s[kl]_(test|live)_/.test(id)) throw new UsageError(`--key-id takes the key id key_…, not the key itself; see list-keys`);
  if (!/^key_[0-9A-Za-z]+$/.test(id)) throw new UsageError(`--key-id takes a key id key_…, got "${id}"; see list-keys`);
  return id;
}

function ipFlags(flags: Flags): string[] | null {
  const list = (flags.ip as string[] | undefined) ?? [];
  const bad = list.filter((entry) => parseAllowEntry(entry) === null);
  if (bad.length > 0) throw new UsageError(`--ip takes an IPv4/IPv6 address or a CIDR block (10.0.0.0/8, 2001:db8::/32), got ${bad.join(', ')}`);
  return list.length > 0 ? list : null;
}

function createKeyInput(flags: Flags): { merchantId: string; mode: Mode; role: RoleId; ipAllowlist: string[] | null } {
  const merchantId = required(flags, 'merchant', 'create-key');
  const mode = flags.mode;
  if (mode !== 'sandbox' && mode !== 'production') throw new UsageError('--mode must be sandbox or production');
  const role = typeof flags.role === 'string' ? flags.role : 'developer';
  if (!isRoleId(role)) throw new UsageError(`--role must be one of ${ROLES.map((r) => r.id).join(', ')}`);
  return { merchantId, mode, role, ipAllowlist: ipFlags(flags) };
}

/** The grace period of roll-key in seconds. */
function graceFlag(flags: Flags): number {
  const raw = String(flags['expire-in']);
  const grace = parseDuration(raw);
  if (grace === null || grace > MAX_ROLL_GRACE_SECONDS) throw new UsageError(`--expire-in takes 0 or a duration up to 7d (90s, 30m, 24h, 7d), got "${raw}"`);
  return grace;
}

function table(keys: KeySummary[]): string {
  if (keys.length === 0) return 'no keys\n';
  const head = ['ID', 'MERCHANT', 'MODE', 'ROLE', 'KEY', 'STATUS', 'CREATED', 'LAST USED', 'EXPIRES / REVOKED', 'IPS'];
  const rows = keys.map((k) => [
    k.keyId, k.merchantId, k.mode, k.role, k.hint, k.status, k.createdAt, k.lastUsedAt ?? '-',
    k.revokedAt ? `revoked ${k.revokedAt}` : (k.expiresAt ?? '-'), k.ipAllowlist?.join(',') ?? 'any',
  ]);
  return textTable(head, rows);
}

export const keyCommands: Record<string, AdminCommand> = {
  'create-merchant': {
    summary: 'a merchant with an owner key per mode (sandbox, production)',
    usage: `create-merchant --name "Acme" [--json]
  --name <name>   the merchant's name
  --json          {"merchantId","sandboxKey","sandboxKeyId","productionKey","productionKeyId"}
The keys are shown once: only their hashes are stored. Keep the ids (key_…) to revoke or roll a key later.`,
    options: { name: { type: 'string' }, json },
    check: (flags) => void required(flags, 'name', 'create-merchant'),
    async run(db, flags) {
      const out = await createMerchantWithKeys(db, required(flags, 'name', 'create-merchant'));
      if (flags.json) return `${JSON.stringify(out)}\n`;
      return `merchant ${out.merchantId}\n  sandbox key:    ${out.sandboxKey}  (id ${out.sandboxKeyId})\n` +
        `  production key: ${out.productionKey}  (id ${out.productionKeyId})\n`;
    },
  },
  'create-key': {
    summary: 'a key of a role for a merchant, optionally limited to IP addresses',
    usage: `create-key --merchant bus_… --mode sandbox|production [--role <role>] [--ip <address or CIDR> ...] [--json]
  --merchant <id>  the merchant (bus_…)
  --mode <mode>    sandbox (sk_test_…) or production (sk_live_…)
  --role <role>    ${ROLES.map((r) => r.id).join(', ')} (default developer)
  --ip <entry>     repeatable: an IPv4/IPv6 address or CIDR block the key may be used from; without it, any address.
                   Behind a load balancer set HTTP_TRUST_PROXY, or every request is seen from the balancer's address.
  --json           {"key","keyId","merchantId","mode","role","ipAllowlist"}`,
    options: { merchant: { type: 'string' }, mode: { type: 'string' }, role: { type: 'string' }, ip: { type: 'string', multiple: true }, json },
    check: (flags) => void createKeyInput(flags),
    async run(db, flags) {
      const { merchantId, mode, role, ipAllowlist } = createKeyInput(flags);
      const out = await createKey(db, { merchantId, mode, role, ipAllowlist });
      return flags.json ? `${JSON.stringify(out)}\n` : `key ${out.keyId} (${mode}, ${role}): ${out.key}\n`;
    },
  },
  'list-keys': {
    summary: 'the keys (id, merchant, mode, role, first and last characters, status, dates), never their secret',
    usage: `list-keys [--merchant bus_…] [--json]
  --merchant <id>  only this merchant's keys
  --json           an array of {"keyId","merchantId","mode","role","hint","ipAllowlist","status","createdAt",
                   "lastUsedAt","expiresAt","revokedAt","rolledTo"}; status is active, expiring (rolled, in its
                   grace period), expired or revoked. lastUsedAt is written at most once a minute.`,
    options: { merchant: { type: 'string' }, json },
    async run(db, flags) {
      const keys = await listKeys(db, typeof flags.merchant === 'string' ? { merchantId: flags.merchant } : {});
      return flags.json ? `${JSON.stringify(keys)}\n` : table(keys);
    },
  },
  'revoke-key': {
    summary: 'revokes a key at once (by its key_… id)',
    usage: `revoke-key --key-id key_… [--json]
  --key-id <id>  the key's id, as printed at creation and by list-keys (not the key itself)
  --json         {"keyId","revoked":true,"revokedAt","alreadyRevoked"}
An unknown id is refused (exit 1). To replace a key without downtime use roll-key instead.`,
    options: { 'key-id': { type: 'string' }, json },
    check: (flags) => void keyIdFlag(flags, 'revoke-key'),
    async run(db, flags) {
      const { key, alreadyRevoked } = await revokeKey(db, keyIdFlag(flags, 'revoke-key'));
      if (flags.json) return `${JSON.stringify({ keyId: key.keyId, revoked: true, revokedAt: key.revokedAt, alreadyRevoked })}\n`;
      return alreadyRevoked
        ? `key ${key.keyId} was already revoked at ${key.revokedAt}\n`
        : `revoked key ${key.keyId} (${key.mode}, ${key.role}, merchant ${key.merchantId})\n`;
    },
  },
  'roll-key': {
    summary: 'replaces a key: a new key with the same merchant, mode, role and IPs; the old one expires later',
    usage: `roll-key --key-id key_… [--expire-in ${DEFAULT_GRACE}] [--json]
  --key-id <id>       the key to replace (its key_… id)
  --expire-in <time>  how long the old key keeps working: 0 (at once), or 90s, 30m, 24h, 7d (default ${DEFAULT_GRACE},
                      at most 7d). After it, the old key is refused with 401 like a revoked one.
  --json              {"key","keyId","merchantId","mode","role","ipAllowlist","rolledFrom","oldKeyExpiresAt"}`,
    options: { 'key-id': { type: 'string' }, 'expire-in': { type: 'string', default: DEFAULT_GRACE }, json },
    check(flags) {
      keyIdFlag(flags, 'roll-key');
      graceFlag(flags);
    },
    async run(db, flags) {
      const keyId = keyIdFlag(flags, 'roll-key');
      const grace = graceFlag(flags);
      const { created, old } = await rollKey(db, keyId, grace);
      if (flags.json) return `${JSON.stringify({ ...created, rolledFrom: old.keyId, oldKeyExpiresAt: old.expiresAt })}\n`;
      return `rolled key ${old.keyId} to key ${created.keyId} (${created.mode}, ${created.role}): ${created.key}\n` +
        `  the old key ${old.keyId} ${grace === 0 ? 'no longer works' : `works until ${old.expiresAt}`}\n`;
    },
  },
};
