/**
 * `redocly lint` that fails on warnings too: the spec must lint with zero errors and zero warnings.
 * Prints each problem as `file:line:col  severity  rule  message`.
 *
 * `.redocly.lint-ignore.yaml` may silence one known false positive only: Redocly checks a webhook's body examples
 * in "request context", where every `readOnly` property is refused, while a webhook body is the service's own
 * output (the resource as reading it returns it). Those examples are still checked by the ajv example test.
 * Any other entry in the ignore file fails this script. Regenerate it with
 * `npx redocly lint payments@v1 --generate-ignore-file` after changing a webhook example.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve, relative } from 'node:path';
import YAML from 'yaml';

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { source: { ref: string }; start?: { line: number; col: number }; pointer?: string }[];
}

const root = resolve(import.meta.dirname, '..');
const bin = resolve(root, 'node_modules/.bin/redocly');

const ignoreFile = resolve(root, '.redocly.lint-ignore.yaml');
if (existsSync(ignoreFile)) {
  const ignored = (YAML.parse(readFileSync(ignoreFile, 'utf8')) ?? {}) as Record<string, Record<string, unknown>>;
  const stray = Object.entries(ignored).flatMap(([file, rules]) =>
    Object.keys(rules)
      .filter((rule) => !(file.startsWith('spec/webhooks/') && rule === 'no-invalid-media-type-examples'))
      .map((rule) => `${file}: ${rule}`),
  );
  if (stray.length) {
    console.error(`.redocly.lint-ignore.yaml may only ignore webhook body examples; it also ignores:\n  ${stray.join('\n  ')}`);
    process.exit(1);
  }
}

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
