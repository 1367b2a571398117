/**
 * Builds the API reference page (`npm run docs`): Redoc over generated/openapi.json, one HTML file that makes no
 * request outside itself when opened, online or offline. Redocly's in-page telemetry is off through `telemetry: off`
 * in redocly.yaml; the one asset Redoc still fetches from its CDN, the "API docs by" attribution logo, is replaced
 * here by an inline SVG. scripts/docs-page.test.ts opens the page in headless Chromium and fails on any outside
 * request, so a Redoc upgrade that adds one is caught.
 *
 * `tsx scripts/build-docs.ts [--out <file>] [--if-stale]`. With `--if-stale` (the `prestart` hook) the page is built
 * only when it is missing or was built from other inputs, and a failure is a warning: the service still starts, and
 * `GET /docs` serves the page built before or, when there is none, says how to build it.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');
const SPEC = resolve(root, 'generated/openapi.json');
const CONFIG = resolve(root, 'redocly.yaml');
const CLI_PACKAGE = resolve(root, 'node_modules/@redocly/cli/package.json');
/** Pictures the spec's Markdown chapters show (`![…](images/name.png)`, relative to spec/descriptions/). */
const IMAGES = resolve(root, 'spec/descriptions/images');

/** Where `npm run docs` writes the page and where the service reads it (server/http/docs.ts). */
export const DOCS_PAGE = resolve(root, 'dist/docs/index.html');

// Redoc's attribution logo, shown full in the sidebar footer and as a mark when the sidebar is collapsed. Drawn here
// as text in the system font the page already uses, so the attribution stays and nothing is fetched.
const LOGO_FULL =
  '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="12" viewBox="0 0 48 12">' +
  '<text x="1" y="10" textLength="46" lengthAdjust="spacingAndGlyphs" font-family="system-ui,sans-serif" font-size="11" ' +
  'font-weight="700" fill="#0044d4">Redocly</text></svg>';
const LOGO_MINI =
  '<svg xmlns="http://www.w3.org/2000/svg" width="14" height="14" viewBox="0 0 14 14">' +
  '<text x="7" y="11" text-anchor="middle" font-family="system-ui,sans-serif" font-size="12" font-weight="700" fill="#0044d4">R</text></svg>';
const INLINE_ASSETS: Record<string, string> = {
  'https://cdn.redoc.ly/redoc/logo-mini-full.svg': LOGO_FULL,
  'https://cdn.redoc.ly/redoc/logo-mini.svg': LOGO_MINI,
};

const DIGEST_META = /<meta name="docs-inputs" content="([^"]*)"/;

/** A data: URI without the characters that would end the JavaScript template literal it is written into. */
function dataUri(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The PNG files of spec/descriptions/images, by name, sorted. */
async function imageFiles(dir: string = IMAGES): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => /^[0-9A-Za-z_-]+\.png$/.test(n)).sort();
}

/**
 * Replaces every reference to a picture of spec/descriptions/images (`images/name.png`, as the Markdown chapters
 * write it so that they also show on a code host) by the picture itself as a data: URI: the page stays one file,
 * the docs' Content-Security-Policy (`img-src data: blob:`) lets it show, and nothing is fetched to show it.
 */
export async function inlineImages(html: string, dir: string = IMAGES): Promise<string> {
  let out = html;
  for (const name of await imageFiles(dir)) {
    const uri = `data:image/png;base64,${(await readFile(resolve(dir, name))).toString('base64')}`;
    out = out.replace(new RegExp(`(?<![\\w./-])images/${name.replace('.', '\\.')}`, 'g'), uri);
  }
  return out;
}

/** A fingerprint of everything the page is made from: the spec, its pictures, the Redocly settings, the CLI version, this script. */
export async function inputsDigest(): Promise<string> {
  const hash = createHash('sha256');
  const images = (await imageFiles()).map((n) => resolve(IMAGES, n));
  for (const file of [SPEC, ...images, CONFIG, CLI_PACKAGE, import.meta.filename]) {
    // A missing input (the CLI, a dev dependency, after `npm install --omit=dev`) is part of the fingerprint too.
    hash.update(await readFile(file).catch(() => 'missing'));
    hash.update('\0');
  }
  return `sha256-${hash.digest('hex')}`;
}

/** The inputs digest a built page records, or null when there is no page (or it predates the digest). */
async function recordedDigest(page: string): Promise<string | null> {
  const handle = await open(page, 'r').catch(() => null);
  if (!handle) return null;
  try {
    const head = Buffer.alloc(2048);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return DIGEST_META.exec(head.subarray(0, bytesRead).toString('utf8'))?.[1] ?? null;
  } finally {
    await handle.close();
  }
}

/** Replaces every known CDN asset by its inline copy; throws when one is gone, so a changed Redoc is looked at. */
export function inlineAssets(html: string): string {
  let out = html;
  for (const [url, svg] of Object.entries(INLINE_ASSETS)) {
    if (!out.includes(url)) {
      throw new Error(`Redoc no longer references ${url}: check what the page loads (scripts/docs-page.test.ts) and update ${relative(root, import.meta.filename)}`);
    }
    out = out.replaceAll(url, dataUri(svg));
  }
  return out;
}

/** Builds the page into `out`, atomically (a temporary file renamed over it), and returns the build time in ms. */
export async function buildDocs(out: string = DOCS_PAGE): Promise<number> {
  const started = performance.now();
  const digest = await inputsDigest();
  await mkdir(dirname(out), { recursive: true });
  const temp = `${out}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const cli = resolve(root, 'node_modules/.bin/redocly');
    if (!existsSync(cli)) throw new Error('@redocly/cli (a dev dependency) is not installed: run `npm install`');
    await run(cli, ['build-docs', SPEC, '--inlineBundle', '-o', temp], { cwd: root });
    const html = await inlineImages(inlineAssets(await readFile(temp, 'utf8')));
    const marked = html.replace('<head>', `<head>\n  <meta name="docs-inputs" content="${digest}" />`);
    if (marked === html) throw new Error('the page built by Redocly has no <head>');
    await writeFile(temp, marked);
    await rename(temp, out);
  } finally {
    await rm(temp, { force: true });
  }
  return Math.round(performance.now() - started);
}

/** Whether `page` exists and was built from the current inputs. */
export async function isFresh(page: string = DOCS_PAGE): Promise<boolean> {
  return (await recordedDigest(page)) === (await inputsDigest());
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  const out = outAt >= 0 && args[outAt + 1] ? resolve(args[outAt + 1] as string) : DOCS_PAGE;
  const ifStale = args.includes('--if-stale');
  const shown = relative(process.cwd(), out);
  try {
    if (ifStale && (await isFresh(out))) return;
    if (ifStale) process.stdout.write(`Building the API reference page ${shown} (GET /docs)…\n`);
    const ms = await buildDocs(out);
    process.stdout.write(`API reference page: ${shown} (${(ms / 1000).toFixed(1)} s)\n`);
  } catch (err) {
    const reason = (err as { stderr?: string }).stderr?.trim() || (err instanceof Error ? err.message : String(err));
    if (!ifStale) {
      process.stderr.write(`the API reference page was not built: ${reason}\n`);
      process.exitCode = 1;
      return;
    }
    // Starting the service matters more than its docs page: say why and go on. GET /docs serves the page built before,
    // or answers 503 docsNotBuilt when there is none.
    process.stderr.write(`warning: the API reference page was not rebuilt (run \`npm run docs\`): ${reason}\n`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) await main();
