/**
 * `npm test`: the checks (`npm run check`: spec lint, drift check, breaking-change gate, type check, layers) and the
 * test suites (`vitest run`, with any arguments given) at the same time. The suites mostly wait on databases, child
 * processes and browsers, so the checks' CPU fits into their idle time instead of adding a minute or more before
 * them. The checks' output is shown as one block when they end; the exit code is non-zero when either failed, and a
 * failed check stops the suites at once (the run is lost anyway).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const started = performance.now();
const seconds = () => `${Math.round((performance.now() - started) / 1000)} s`;

function run(args: string[], capture: boolean): { child: ChildProcess; output: () => string; done: Promise<number> } {
  const child = spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, { stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  let out = '';
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  const done = new Promise<number>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  return { child, output: () => out, done };
}

const check = run(['run', '--silent', 'check'], true);
const suites = run(['exec', '--', 'vitest', 'run', ...process.argv.slice(2)], false);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    check.child.kill(signal);
    suites.child.kill(signal);
  });
}

const checked = check.done.then((code) => {
  process.stdout.write(`\n── npm run check ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds()} ──\n${code === 0 ? '' : check.output()}`);
  if (code !== 0) suites.child.kill('SIGTERM');
  return code;
});
const [checkCode, suitesCode] = await Promise.all([checked, suites.done]);
process.stdout.write(`npm test: check ${checkCode === 0 ? 'passed' : 'failed'}, suites ${suitesCode === 0 ? 'passed' : 'failed'}, ${seconds()} in all\n`);
process.exit(checkCode !== 0 ? checkCode : suitesCode);
