/** Admin commands for sub-accounts: merchants under a parent that receive split shares into their own balance. */
import { createSubAccount, listSubAccounts } from '../domain/access/sub-accounts';
import { required, textTable, type AdminCommand } from './command';

const json = { type: 'boolean', default: false } as const;

export const subAccountCommands: Record<string, AdminCommand> = {
  'create-sub-account': {
    summary: 'a sub-account under a merchant (a split recipient), with an owner key per mode',
    usage: `create-sub-account --parent bus_… --name "Acme Partner" [--json]
  --parent <id>   the merchant the sub-account belongs to (not itself a sub-account)
  --name <name>   the sub-account's name
  --json          {"merchantId","parentId","sandboxKey","sandboxKeyId","productionKey","productionKeyId"}
The parent's subscriptions may split with its sub-accounts; a sub-account's keys read its own balance (the shares
credited to it) and withdraw from it. The keys are shown once: only their hashes are stored.`,
    options: { parent: { type: 'string' }, name: { type: 'string' }, json },
    check(flags) {
      required(flags, 'parent', 'create-sub-account');
      required(flags, 'name', 'create-sub-account');
    },
    async run(db, flags) {
      const out = await createSubAccount(db, required(flags, 'parent', 'create-sub-account'), required(flags, 'name', 'create-sub-account'));
      if (flags.json) return `${JSON.stringify(out)}\n`;
      return `sub-account ${out.merchantId} of ${out.parentId}\n  sandbox key:    ${out.sandboxKey}  (id ${out.sandboxKeyId})\n` +
        `  production key: ${out.productionKey}  (id ${out.productionKeyId})\n`;
    },
  },
  'list-sub-accounts': {
    summary: 'the sub-accounts of a merchant (or of every merchant)',
    usage: `list-sub-accounts [--parent bus_…] [--json]
  --parent <id>  only this merchant's sub-accounts
  --json         an array of {"merchantId","name","parentId","createdAt"}`,
    options: { parent: { type: 'string' }, json },
    async run(db, flags) {
      const list = await listSubAccounts(db, typeof flags.parent === 'string' ? flags.parent : undefined);
      if (flags.json) return `${JSON.stringify(list)}\n`;
      if (list.length === 0) return 'no sub-accounts\n';
      return textTable(['ID', 'NAME', 'PARENT', 'CREATED'], list.map((s) => [s.merchantId, s.name, s.parentId, s.createdAt]));
    },
  },
};
