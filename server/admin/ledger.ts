/** `verify-ledger`: runs the ledger's invariant check and reports; a violation ends the command with exit 1. */
import { CHECK_NAMES, verifyLedger, type Violation } from '../domain/ledger/verify';
import { FailedCheck, textTable, type AdminCommand } from './command';

const json = { type: 'boolean', default: false } as const;

function counts(violations: Violation[]): string {
  return CHECK_NAMES.map((name) => `  ${name}: ${violations.filter((v) => v.check === name).length}`).join('\n');
}

export const ledgerCommands: Record<string, AdminCommand> = {
  'verify-ledger': {
    summary: 'checks that every charge\'s money adds up in the ledger and that nothing was recorded twice',
    usage: `verify-ledger [--json]
  --json   {"ok","checks","violations":[{"check","subject","detail"}]}
For every transaction: captured - refunded - charged back = its settlement, refund and chargeback entries + the gross
of its pending receivables; its fee entries = - the fees of its settled receivables; its dispute holds and releases =
- its open dispute. No receivable, entry, provider operation or capture twice; every receivable pays a party of its
charge (its merchant, or a split's recipient); every entry's cause exists and matches it, in the ledger of the party
it concerns; every withdrawal has its debit, and a failed one its reversal. Exit 0 when consistent, 1 on a violation.`,
    options: { json },
    async run(db, flags) {
      const violations = await verifyLedger(db);
      if (flags.json) {
        const body = `${JSON.stringify({ ok: violations.length === 0, checks: CHECK_NAMES, violations }, null, 2)}\n`;
        if (violations.length > 0) throw new FailedCheck(`verify-ledger: ${violations.length} violation(s)`, body);
        return body;
      }
      if (violations.length === 0) return `ledger consistent: ${CHECK_NAMES.length} checks, no violations\n`;
      const table = textTable(['CHECK', 'SUBJECT', 'DETAIL'], violations.map((v) => [v.check, v.subject, v.detail]));
      const report = `ledger inconsistent: ${violations.length} violation(s)\n${counts(violations)}\n${table}`;
      throw new FailedCheck(`verify-ledger: ${violations.length} violation(s)`, report);
    },
  },
};
