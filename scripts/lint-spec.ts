/**
 * `redocly lint` that fails on warnings too: the spec must lint with zero errors and zero warnings.
 * Prints each problem as `file:line:col  severity  rule  message`.
 */
import { execFile } from 'node:child_process';
import { resolve, relative } from 'node:path';

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { source: { ref: string }; start?: { line: number; col: number }; pointer?: string }[];
}

const root = resolve(import.meta.dirname, '..');
const bin = resolve(root, 'node_modules/.bin/redocly');

execFile(bin, ['lint', 'payments@v1', '--format=json', '--max-problems=1000'], { cwd: root, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
  let report: { totals: { errors: number; warnings: number }; problems: Problem[] };
  try {
    report = JSON.parse(stdout.slice(stdout.indexOf('{')));
  } catch {
    console.error(stderr || stdout || String(err));
    process.exit(1);
  }
  for (const p of report.problems) {
    const loc = p.location[0];
    const where = loc ? `${relative(root, loc.source.ref)}${loc.pointer ? ` ${loc.pointer}` : ''}` : '?';
    console.log(`${where}\n  ${p.severity}  ${p.ruleId}  ${p.message}`);
  }
  const { errors, warnings } = report.totals;
  console.log(`spec lint: ${errors} errors, ${warnings} warnings`);
  process.exit(errors + warnings > 0 ? 1 : 0);
});
