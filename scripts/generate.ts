/**
 * Regenerates generated/ from spec/: the bundled document (with the code samples of every operation, `x-codeSamples`,
 * made from the spec's examples), openapi-typescript types and the route table; and, in spec/, the one generated
 * region of a hand-written file: the event catalogue of the Webhooks chapter, made from the spec's `webhooks`.
 * `--check` writes nothing and exits 1 when any generated file or region would change (the drift check of CI).
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
import { eventCatalogue, withCatalogue, type WebhooksDocument } from './lib/webhook-catalogue';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');
const outDir = join(root, 'generated');
const webhooksChapter = 'spec/descriptions/tag-webhooks.md';

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

/** Fills the event catalogue of the Webhooks chapter, in the chapter's file and in its copy inside the bundle. */
async function withEventCatalogue(bundled: Record<string, unknown>, files: Map<string, string>): Promise<void> {
  const table = eventCatalogue(bundled as WebhooksDocument);
  files.set(webhooksChapter, withCatalogue(await readFile(join(root, webhooksChapter), 'utf8'), table));
  const tag = ((bundled as BundledDocument).tags ?? []).find((t) => t.name === 'Webhooks') as { description?: string } | undefined;
  if (typeof tag?.description !== 'string') throw new Error(`the Webhooks tag has no description (${webhooksChapter})`);
  tag.description = withCatalogue(tag.description, table);
}

/** Every file to write, by its path from the repository's root. */
async function render(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  // The samples are generated, never written in spec/: they follow the examples they are made from.
  const bundled = withCodeSamples(await bundleSpec());
  await withEventCatalogue(bundled, files);
  // JSON has no comments: the do-not-edit mark is the first key of the document.
  const doc = { 'x-generated': GENERATED_HEADER.replace(/^\/\/ /, ''), ...bundled };
  files.set('generated/openapi.json', `${JSON.stringify(doc, null, 2)}\n`);

  const ast = await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0], { alphabetize: false, defaultNonNullable: false });
  files.set('generated/schema.d.ts', `${GENERATED_HEADER}\n${astToString(ast)}`);

  const tags = ((bundled as BundledDocument).tags ?? []).map((t) => t.name);
  files.set('generated/operations.ts', emitOperations(extractRoutes(bundled as BundledDocument), tags));
  return files;
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const files = await render();
  const stale: string[] = [];
  await mkdir(outDir, { recursive: true });
  for (const [name, text] of files) {
    const path = join(root, name);
    const current = await readFile(path, 'utf8').catch(() => null);
    if (current === text) continue;
    if (check) stale.push(name);
    else await writeFile(path, text);
  }
  if (check && stale.length) {
    console.error(`generated files are out of date with spec/: ${stale.join(', ')}. Run \`npm run generate\` and commit.`);
    process.exit(1);
  }
  console.log(check ? 'generated/ and the generated region of spec/ are up to date.' : `generated: ${[...files.keys()].join(', ')}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  if (err && typeof err === 'object' && 'stderr' in err) console.error(String((err as { stderr: unknown }).stderr));
  process.exit(1);
});
