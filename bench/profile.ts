/**
 * Summarises V8 CPU profiles (`node --cpu-prof`): the top self-time functions and the top packages/files, each with
 * its share of busy time (all samples but `(idle)`). Used by `npm run bench -- --profile`; also runnable alone:
 *
 *   npx tsx bench/profile.ts <file.cpuprofile | folder of them> [--top 12]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface CpuNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: CpuNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  files: number;
  busyMs: number;
  functions: Array<{ name: string; ms: number; share: number }>;
  packages: Array<{ name: string; ms: number; share: number }>;
  text: string;
}

/** The package (node_modules/<name> or <@scope/name>), the project file, `node:` internals, or a V8 pseudo-frame. */
export function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  // The service's only WebAssembly is PGlite's PostgreSQL.
  if (url.startsWith('wasm://')) return 'wasm (PGlite)';
  const u = url.replace(/^file:\/\//, '');
  const nm = u.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = u.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (u.startsWith('node:')) return u.startsWith('node:internal') ? 'node:internal' : u;
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  return u.startsWith(root) ? path.relative(root, u) : u;
}

function profileFiles(target: string): string[] {
  if (statSync(target).isDirectory()) {
    return readdirSync(target)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(target, f));
  }
  return [target];
}

export function summarise(target: string, top = 10): ProfileSummary {
  const files = profileFiles(target);
  const fn = new Map<string, number>();
  const pkg = new Map<string, number>();
  let busy = 0;
  for (const file of files) {
    const prof = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    const byId = new Map(prof.nodes.map((n) => [n.id, n]));
    const self = new Map<number, number>();
    prof.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
    for (const [id, us] of self) {
      const node = byId.get(id);
      if (!node) continue;
      const { functionName, url, lineNumber } = node.callFrame;
      if (functionName === '(idle)') continue;
      busy += us;
      const p = packageOf(url, functionName);
      const name = `${functionName || '(anonymous)'} ${url ? `${p}:${lineNumber + 1}` : ''}`.trim();
      fn.set(name, (fn.get(name) ?? 0) + us);
      pkg.set(p, (pkg.get(p) ?? 0) + us);
    }
  }
  const rank = (m: Map<string, number>): Array<{ name: string; ms: number; share: number }> =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: Math.round(us / 1000), share: busy ? Math.round((us / busy) * 1000) / 10 : 0 }));
  const functions = rank(fn);
  const packages = rank(pkg);
  const text = [
    '  top self time, functions:',
    ...functions.map((f) => `    ${f.share.toFixed(1).padStart(5)} %  ${f.name}`),
    '  top self time, packages / files:',
    ...packages.map((f) => `    ${f.share.toFixed(1).padStart(5)} %  ${f.name}`),
  ].join('\n');
  return { files: files.length, busyMs: Math.round(busy / 1000), functions, packages, text };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [target, flag, n] = process.argv.slice(2);
  if (!target) {
    process.stderr.write('usage: tsx bench/profile.ts <file.cpuprofile | folder> [--top N]\n');
    process.exit(2);
  }
  const s = summarise(target, flag === '--top' ? Number(n) : 10);
  process.stdout.write(`${s.files} profile(s), ${(s.busyMs / 1000).toFixed(1)} s busy\n${s.text}\n`);
}
