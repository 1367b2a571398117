/**
 * The breaking-change gate (`npm run check:breaking`, part of `npm run check` and so of `npm test`): compares the
 * released contract, spec/released/openapi.json, with the current bundle, generated/openapi.json (which
 * `generate:check` has just found up to date with spec/). Exit 1 when anything partners rely on was removed or
 * narrowed and the current `info.version` is not a new major version; a one-line summary otherwise.
 *
 *   tsx scripts/check-breaking.ts [released.json current.json]   compare (defaults: the two files above)
 *   tsx scripts/check-breaking.ts --release                      the same check, then (when it passes) the current
 *                                                                bundle becomes the released contract
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { gate, majorOf, summarize, versionOf, type Change } from './lib/breaking';

const root = resolve(import.meta.dirname, '..');
const RELEASED = resolve(root, 'spec/released/openapi.json');
const CURRENT = resolve(root, 'generated/openapi.json');
const name = (file: string): string => {
  const rel = relative(process.cwd(), file);
  return rel && !rel.startsWith('..') ? rel : file;
};

function load(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`cannot read ${name(file)}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`${name(file)} is not JSON: ${(err as Error).message}`);
  }
}

const line = (c: Change): string => `  ${c.location}: ${c.message}${c.usedBy ? ` (used by ${c.usedBy})` : ''}`;

/** Makes the current bundle the released contract, once it passes the gate against the previous one. */
function release(): number {
  if (check(RELEASED, CURRENT) !== 0) {
    console.error('spec:release: nothing released; spec/released/openapi.json is unchanged.');
    return 1;
  }
  const before = versionOf(load(RELEASED));
  copyFileSync(CURRENT, RELEASED);
  console.log(`spec:release: spec/released/openapi.json is now the released contract, version ${versionOf(load(RELEASED))} (was ${before}).`);
  return 0;
}

function check(releasedFile: string, currentFile: string): number {
  const result = gate(load(releasedFile), load(currentFile));
  const against = `the released contract ${result.releasedVersion} (${name(releasedFile)})`;
  const notes = result.info.map((c) => `; note: ${c.message}`).join('');
  const additive = (result.additive.length ? `${result.additive.length} additive (${summarize(result.additive)})` : 'nothing additive') + notes;
  if (!result.breaking.length) {
    console.log(`check:breaking: OK, no breaking change against ${against}; ${additive}.`);
    return 0;
  }
  if (result.passed) {
    const n = result.breaking.length;
    console.log(`check:breaking: OK, ${n} breaking change${n > 1 ? 's' : ''} allowed by the new major version ` +
      `${result.currentVersion} (released ${result.releasedVersion}); ${additive}.`);
    return 0;
  }
  console.log(`Breaking changes against ${against}:`);
  for (const c of result.breaking) console.log(line(c));
  const many = result.breaking.length > 1;
  console.log(`check:breaking: ${result.breaking.length} breaking change${many ? 's' : ''}: /v1 is additive-only. ` +
    `Undo ${many ? 'them' : 'it'}, or make a new major version (info.version ${majorOf(result.releasedVersion) + 1}.0.0 ` +
    'and a new path prefix); see spec/released/README.md.');
  return 1;
}

try {
  const args = process.argv.slice(2);
  if (args.length === 1 && args[0] === '--release') process.exit(release());
  else if (args.length !== 0 && args.length !== 2) {
    console.error('usage: tsx scripts/check-breaking.ts [released.json current.json], or --release');
    process.exit(2);
  } else process.exit(check(args[0] ? resolve(args[0]) : RELEASED, args[1] ? resolve(args[1]) : CURRENT));
} catch (err) {
  console.error(`check:breaking: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
}
