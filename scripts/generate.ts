/**
 * Regenerates generated/ from spec/: the bundled document (with the code samples of every operation, `x-codeSamples`,
 * made from the spec's examples), openapi-typescript types and the route table.
 * `--check` writes nothing and exits 1 when any generated file would change (the drift check of CI).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { withCodeSamples } from './lib/code-samples';
import { emitOperations, GENERATED_HEADER } from './lib/emit-operations';
import { extractRoutes, type BundledDocument } from './lib/routes';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');
const outDir = join(root, 'generated');

async function bundleSpec(): Promise<Record<string, unknown>> {
  const dir = await mkdtemp(join(tmpdir(), 'bundle-'));
  try {
    const file = join(dir, 'openapi.json');
    await run(join(root, 'node_modules/.bin/redocly'), ['bundle', 'payments@v1', '--ext', 'json', '-o', file], {
      cwd: root,
    });
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function render(): Promise<Map<string, string>> {
  // The samples are generated, never written in spec/: they follow the examples they are made from.
  const bundled = withCodeSamples(await bundleSpec());
  // JSON has no comments: the do-not-edit mark is the first key of the document.
  const doc = { 'x-generated': GENERATED_HEADER.replace(/^\/\/ /, ''), ...bundled };
  const files = new Map<string, string>();
  files.set('openapi.json', `${JSON.stringify(doc, null, 2)}\n`);

  const ast = await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0], { alphabetize: false, defaultNonNullable: false });
  files.set('schema.d.ts', `${GENERATED_HEADER}\n${astToString(ast)}`);

  const tags = ((bundled as BundledDocument).tags ?? []).map((t) => t.name);
  files.set('operations.ts', emitOperations(extractRoutes(bundled as BundledDocument), tags));
  return files;
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const files = await render();
  const stale: string[] = [];
  await mkdir(outDir, { recursive: true });
  for (const [name, text] of files) {
    const path = join(outDir, name);
    const current = await readFile(path, 'utf8').catch(() => null);
    if (current === text) continue;
    if (check) stale.push(name);
    else await writeFile(path, text);
  }
  if (check && stale.length) {
    console.error(`generated/ is out of date with spec/: ${stale.join(', ')}. Run \`npm run generate\` and commit.`);
    process.exit(1);
  }
  console.log(check ? 'generated/ is up to date.' : `generated/: ${[...files.keys()].join(', ')}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  if (err && typeof err === 'object' && 'stderr' in err) console.error(String((err as { stderr: unknown }).stderr));
  process.exit(1);
});
