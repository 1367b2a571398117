/**
 * Builds the package into `dist/` (`npm run build` in client/, and `prepack`): ESM JavaScript and type declarations of
 * every module of `src/`, compiled by the repository's TypeScript with `tsconfig.build.json` (NodeNext). The contract's
 * types are then copied in: `dist/schema.d.ts` becomes `generated/schema.d.ts` itself (the source module re-exports it
 * from outside the package, which a published package cannot reach), and `dist/schema.js` an empty module. `dist/` is
 * emptied first, so nothing of an older build is packed.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const contractTypes = join(root, '..', 'generated', 'schema.d.ts');

function fail(message: string): never {
  console.error(`build: ${message}`);
  process.exit(1);
}

if (!existsSync(contractTypes)) fail(`${contractTypes} is missing: run \`npm run generate\` at the repository's root.`);

// client/ has no node_modules of its own: Node's resolution finds the repository's TypeScript.
let tsc: string;
try {
  tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
} catch {
  fail('TypeScript was not found: run `npm ci` at the repository\'s root first.');
}

rmSync(dist, { recursive: true, force: true });
const compiled = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
if (compiled.status !== 0) fail('TypeScript reported errors (above); nothing was built.');

copyFileSync(contractTypes, join(dist, 'schema.d.ts'));
writeFileSync(join(dist, 'schema.js'), 'export {};\n');
