/** The end-of-run coverage report of the contract tests (kept free of vitest imports: the global setup loads it). */
import { operationsByTag, routes, type OperationId, type Tag } from '../../generated/operations';
import { operation } from './spec';

/** One line of a coverage file. */
export interface CoverageRecord {
  file: string;
  calls: [OperationId, number][];
}

export const COVERAGE_FILE = 'calls.jsonl';

/** The end-of-run report: per tag and operation, the statuses exercised and the documented ones that were not. */
export function summarize(records: CoverageRecord[]): string {
  const seen = new Map<OperationId, Set<number>>();
  for (const r of records) {
    for (const [op, status] of r.calls) {
      if (!seen.has(op)) seen.set(op, new Set());
      seen.get(op)!.add(status);
    }
  }
  const lines: string[] = ['', 'Contract coverage (operationId: statuses exercised, ! = not documented; [documented but not exercised])'];
  const missing: OperationId[] = [];
  let pairs = 0;
  for (const [tag, ops] of Object.entries(operationsByTag) as [Tag, readonly OperationId[]][]) {
    lines.push(`  ${tag}`);
    for (const op of ops) {
      const statuses = [...(seen.get(op) ?? [])].sort((a, b) => a - b);
      pairs += statuses.length;
      const documented = Object.keys(operation(op).responses).filter((s) => !statuses.includes(Number(s)));
      if (statuses.length === 0) missing.push(op);
      const mark = statuses.length === 0 ? '✗' : statuses.every((s) => s === 501) ? '·' : '✓';
      const documentedAll = Object.keys(operation(op).responses);
      const shown = statuses.map((s) => (documentedAll.includes(String(s)) || s === 501 ? String(s) : `${s}!`));
      lines.push(`    ${mark} ${op}: ${shown.join(', ') || '—'}${documented.length ? `  [${documented.join(', ')}]` : ''}`);
    }
  }
  const exercised = routes.filter((r) => seen.has(r.operationId)).length;
  const only501 = routes.filter((r) => [...(seen.get(r.operationId) ?? [])].every((s) => s === 501) && seen.has(r.operationId));
  lines.push(
    `  ${exercised}/${routes.length} operations exercised (${only501.length} of them answer only 501 notImplemented), ${pairs} (operation, status) pairs.`,
  );
  lines.push(`  Not exercised: ${missing.length ? missing.join(', ') : 'none'}.`);
  return lines.join('\n');
}
