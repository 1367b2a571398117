/**
 * `create-user`: a person who signs in to the dashboard, with a role at a merchant (the first owner; the others are
 * invited from the dashboard). The password is read from a file, never from the command line (where `ps` and the
 * shell's history would keep it), or made up and printed once.
 */
import { readFile } from 'node:fs/promises';
import { randomBase62 } from '../ids';
import type { Db } from '../db/types';
import { ROLES } from '../domain/access/roles';
import { createUser, TeamError } from '../domain/team/users';
import { RefusedError, required, type AdminCommand } from './command';

const json = { type: 'boolean' } as const;

/** A password made up for a person: 20 base62 characters (119 bits), to be changed or kept in a password manager. */
export function madeUpPassword(): string {
  return randomBase62(20);
}

export const userCommands: Record<string, AdminCommand> = {
  'create-user': {
    summary: 'a person who signs in to the dashboard at /dashboard, with a role at a merchant',
    usage: `create-user --merchant bus_… --email <address> [--role <role>] [--name <name>] [--password-file <path>] [--json]
  --merchant <id>        the merchant (bus_…)
  --email <address>      what the person signs in with (one account per address, whatever its case)
  --role <role>          ${ROLES.map((r) => r.id).join(', ')} (default owner)
  --name <name>          shown in the dashboard and its audit trail
  --password-file <path> the password, the file's first line (at least 10 characters); without it one is made up
                         and printed once
  --json                 {"userId","email","merchantId","role","password"} (password only when made up)`,
    options: { merchant: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, 'password-file': { type: 'string' }, json },
    check: (flags) => {
      required(flags, 'merchant', 'create-user');
      required(flags, 'email', 'create-user');
    },
    async run(db: Db, flags) {
      const file = typeof flags['password-file'] === 'string' ? flags['password-file'] : null;
      const madeUp = file ? null : madeUpPassword();
      const password = file ? ((await readFile(file, 'utf8').catch(() => { throw new RefusedError(`cannot read --password-file ${file}`); })).split(/\r?\n/)[0] ?? '') : madeUp!;
      const merchantId = required(flags, 'merchant', 'create-user');
      const role = typeof flags.role === 'string' ? flags.role : 'owner';
      try {
        const user = await createUser(db, { email: required(flags, 'email', 'create-user'), password, merchantId, role, ...(typeof flags.name === 'string' ? { name: flags.name } : {}) });
        if (flags.json) return `${JSON.stringify({ userId: user.id, email: user.email, merchantId, role, ...(madeUp ? { password: madeUp } : {}) })}\n`;
        return `user ${user.id} ${user.email} (${role} of ${merchantId})\n${madeUp ? `  password: ${madeUp}  (shown once)\n` : ''}  sign in at /dashboard\n`;
      } catch (err) {
        if (err instanceof TeamError) throw new RefusedError(err.message);
        throw err;
      }
    },
  },
};
