/**
 * Builds the package into `dist/` (`npm run build` in cli/, and `prepack`): ESM JavaScript of every module of `src/`,
 * compiled by the repository's TypeScript with `tsconfig.build.json` (NodeNext). The client is built first: the CLI
 * compiles against its built declarations, through the package name, as a partner's project would (the workspace
 * link in the repository's node_modules), so a module of the client the CLI uses but the client does not export is
 * an error here. The entry keeps its shebang and is made executable. `dist/` is emptied first, so nothing of an older
 * build is packed.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const client = join(root, '..', 'client');

function fail(message: string): never {
  console.error(`build: ${message}`);
  process.exit(1);
}

// cli/ has no node_modules of its own: Node's resolution finds the repository's TypeScript.
let tsc: string;
try {
  tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
} catch {
  fail('TypeScript was not found: run `npm ci` at the repository\'s root first.');
}

const built = spawnSync('npm', ['run', '--silent', 'build'], { cwd: client, stdio: 'inherit', shell: process.platform === 'win32' });
if (built.status !== 0) fail('the client did not build (above); the CLI compiles against it.');

rmSync(dist, { recursive: true, force: true });
const compiled = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
if (compiled.status !== 0) fail('TypeScript reported errors (above); nothing was built.');

const entry = join(dist, 'cli.js');
if (!readFileSync(entry, 'utf8').startsWith('#!/usr/bin/env node\n')) fail('dist/cli.js lost its "#!/usr/bin/env node" line.');
chmodSync(entry, 0o755);
