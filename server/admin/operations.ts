/** Admin command for provider operations whose outcome is not known yet: the operator's view of what is held. */
import { operationsInState } from '../payments/operations';
import { textTable, UsageError, type AdminCommand, type Flags } from './command';

function stateFlag(flags: Flags): 'started' | 'uncertain' {
  const raw = flags.state === undefined ? 'uncertain' : String(flags.state);
  if (raw !== 'started' && raw !== 'uncertain') throw new UsageError(`--state takes uncertain or started, got "${raw}"`);
  return raw;
}

function limitFlag(flags: Flags): number {
  const raw = flags.limit === undefined ? '50' : String(flags.limit);
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > 1000) throw new UsageError(`--limit takes a whole number from 1 to 1000, got "${raw}"`);
  return Number(raw);
}

export const operationCommands: Record<string, AdminCommand> = {
  operations: {
    summary: 'provider operations whose outcome is not known yet (uncertain by default), oldest first',
    usage: `operations [--state uncertain|started] [--limit 50] [--json]
  --state <state>  uncertain (the call did not answer; default) or started (sent, or about to be, no answer recorded)
  --limit <n>      at most n operations, 1 to 1000 (default 50)
  --json           an array of the operations' rows
An uncertain capture or cancel holds its transaction until its operation.reconcile job gets the provider's answer;
a reconcile that ran out of attempts is in list-dead-jobs (retry it with retry-job once the provider answers).`,
    options: { state: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean', default: false } },
    check: (flags) => {
      stateFlag(flags);
      limitFlag(flags);
    },
    async run(db, flags) {
      const ops = await operationsInState(db, stateFlag(flags), limitFlag(flags));
      if (flags.json) return `${JSON.stringify(ops, null, 2)}\n`;
      if (ops.length === 0) return `no ${stateFlag(flags)} operations\n`;
      const rows = ops.map((o) => [
        o.id, o.kind, o.subject_id, o.idempotency_key, String(o.amount), String(o.attempts), o.updated_at.toISOString(), (o.reason ?? '-').slice(0, 80),
      ]);
      return textTable(['ID', 'KIND', 'SUBJECT', 'PROVIDER KEY', 'AMOUNT', 'ATTEMPTS', 'SINCE', 'REASON'], rows);
    },
  },
};
