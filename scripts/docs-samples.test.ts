/**
 * The docs' shell samples run as pasted, with bash and curl, against a live service on a fresh database: every
 * operation's `curl` sample (`x-codeSamples` of generated/openapi.json) and every `sh` block of the chapters
 * (spec/descriptions/*.md), with only PAYMENTS_API_KEY set and, where a sample names a resource, the reader's own id
 * (a fixture) in place of the example's. Each must answer 2xx. Also: the chapters' TypeScript samples import the
 * client from its package, as a partner's code does.
 */
import dns from 'node:dns';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../server/testing/harness';
import { makeFixtures, type SampleFixtures } from '../server/testing/sample-fixtures';
import { readerTools, shellBlocks, shellCommands, ShellSession, type ShellCommand } from '../server/testing/shell';
import type { CodeSample } from './lib/code-samples';
import { HTTP_METHODS } from './lib/routes';

const root = resolve(import.meta.dirname, '..');
const doc = JSON.parse(await readFile(join(root, 'generated/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, { operationId: string; 'x-codeSamples'?: CodeSample[] }>>;
};
const chaptersDir = join(root, 'spec/descriptions');
const chapters = await Promise.all(
  (await readdir(chaptersDir)).filter((f) => f.endsWith('.md')).sort().map(async (f) => ({ file: f, text: await readFile(join(chaptersDir, f), 'utf8') })),
);

const EXAMPLE_HOST = 'hooks.acme.com.br';
/** An example id of the spec: a prefix and 16 letters or digits (`tra_8Hq2LmZx4RtY7vKc`). */
const EXAMPLE_ID = /(?<![A-Za-z0-9_])([a-z]+)_[0-9A-Za-z]{16}(?![A-Za-z0-9_])/g;
/**
 * Creations from nothing: the Introduction promises their samples run with the key alone, no id of the reader's.
 * (The clock's path twin, createSandboxClockAtClockPath, too.)
 */
const FROM_NOTHING = ['createTransaction', 'createCustomer', 'createProduct', 'createWallet', 'createWebhook', 'createWebhookEndpoint', 'createSandboxClock'];

const curlSamples = Object.values(doc.paths).flatMap((item) =>
  HTTP_METHODS.flatMap((m) => {
    const op = item[m];
    const source = op?.['x-codeSamples']?.find((s) => s.label === 'curl')?.source;
    return op && source ? [{ operationId: op.operationId, source }] : [];
  }),
);

/** A command of one line or more, as the shell runner takes it. */
const commandOf = (source: string): ShellCommand => ({ source, code: source, promise: undefined, line: 1 });

describe('the docs shell samples, run as pasted', () => {
  // The examples' webhook host is not ours, and tests reach no DNS: it resolves here to an address of the
  // documentation range, as any public host would. Nothing is delivered to it (no job runs after the samples).
  const realLookup = dns.promises.lookup.bind(dns.promises);
  let svc: TestService;
  let fixtures: SampleFixtures;
  let tools = '';
  beforeAll(async () => {
    tools = await readerTools();
    vi.spyOn(dns.promises, 'lookup').mockImplementation(((host: string, options: dns.LookupOptions) =>
      host === EXAMPLE_HOST ? Promise.resolve([{ address: '203.0.113.10', family: 4 }]) : realLookup(host, options)) as typeof dns.promises.lookup);
    svc = await startTestService(ENGINES[0]!, { RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' });
    fixtures = await makeFixtures(svc);
  }, 240_000);
  afterAll(async () => {
    vi.mocked(dns.promises.lookup).mockRestore();
    await svc?.close();
    if (tools) await rm(tools, { recursive: true, force: true });
  });

  /** A reader's shell: their key, and on the PATH only what a stock Debian with curl has for the samples. */
  const shell = (key: string) => new ShellSession(svc.url, key, { PATH: tools, PAYMENTS_API_KEY: key });

  it("finds curl, as a reader's shell does (CI installs it where missing: .ci/run)", async () => {
    const { body } = await shell(svc.merchant.sandboxKey).run(commandOf('type -P curl'));
    expect(body.trim()).toMatch(/\/curl$/);
  });

  it('answers every curl sample of the reference 2xx, with the key and the reader\'s own ids', async () => {
    expect(curlSamples.length).toBeGreaterThan(70);
    const failures: string[] = [];
    const keyAlone: string[] = [];
    for (const s of curlSamples) {
      let substituted = false;
      const source = s.source.replace(EXAMPLE_ID, (example, prefix: string) => {
        const id = fixtures.perOperation[s.operationId]?.[prefix] ?? fixtures.ids[prefix];
        if (!id) throw new Error(`${s.operationId}: no fixture stands for ${example}`);
        substituted = true;
        return id;
      });
      if (!substituted) keyAlone.push(s.operationId);
      const key = fixtures.ownMerchant.includes(s.operationId) ? (await svc.newMerchant()).sandboxKey : svc.merchant.sandboxKey;
      if (source.startsWith('curl -N ')) {
        // The event stream never ends by itself: read until its first message, then stop it, as a reader presses Ctrl-C.
        const out = await shell(key).runUntil(commandOf(source), 'event: ready');
        if (!out.includes('event: ready')) failures.push(`${s.operationId}: no ready event (${out.slice(0, 200)})`);
        continue;
      }
      const answer = await shell(key).run(commandOf(source)).catch((err: Error) => ({ status: 0, body: err.message }));
      if (!(answer.status! >= 200 && answer.status! < 300)) failures.push(`${s.operationId}: ${answer.status} ${answer.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(FROM_NOTHING.filter((id) => !keyAlone.includes(id)), 'samples that name an id of the reader').toEqual([]);
  }, 240_000);

  it('answers every command of the chapters\' shell blocks 2xx, each block in a new account, ids from its earlier answers', async () => {
    let ran = 0;
    const failures: string[] = [];
    for (const { file, text } of chapters) {
      for (const block of shellBlocks(text)) {
        const commands = shellCommands(block);
        // The CLI's `listen` runs until stopped: its behaviour is the CLI's tests' (cli/test/).
        if (commands.some((c) => /^npm run cli\b/.test(c.code))) continue;
        const session = shell((await svc.newMerchant()).sandboxKey);
        for (const command of commands) {
          if (!/^(curl|export) /.test(command.code)) throw new Error(`${file}: a command this test does not know how to run: ${command.code}`);
          const answer = await session.run(command).catch((err: Error) => ({ status: 0, body: err.message }));
          ran += 1;
          if (answer.status === undefined) continue; // an export
          if (!(answer.status >= 200 && answer.status < 300)) failures.push(`${file} (block line ${command.line}): ${answer.status} ${answer.body.slice(0, 300)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(ran).toBeGreaterThanOrEqual(8);
  }, 120_000);
});

/**
 * Keys whose dates may lie in the past: a birth date, and a sandbox clock's time, which may stand anywhere. Every other
 * date of a request example (a billet's `dueDate`, a link's `expiresAt`, …) is one the service wants in the future.
 */
const PAST_DATES_ALLOWED = new Set(['birthdate', 'now', 'to']);

describe('the request examples', () => {
  it('set no date the service wants in the future to one already past, in any example (the samples show the first)', () => {
    const dates: string[] = [];
    const past: string[] = [];
    const walk = (value: unknown, where: string, key: string) => {
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) {
        dates.push(where);
        // A calendar date counts as past once its day has ended in UTC.
        const end = value.length === 10 ? `${value}T23:59:59.999Z` : value;
        if (!PAST_DATES_ALLOWED.has(key) && Date.parse(end) <= Date.now()) past.push(`${where}: ${value}`);
      } else if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) walk(v, `${where}.${k}`, Array.isArray(value) ? key : k);
      }
    };
    for (const item of Object.values(doc.paths)) {
      for (const m of HTTP_METHODS) {
        const op = item[m] as { operationId: string; requestBody?: { content?: Record<string, { examples?: Record<string, { value?: unknown }> }> } } | undefined;
        for (const [name, example] of Object.entries(op?.requestBody?.content?.['application/json']?.examples ?? {})) {
          walk(example.value, `${op!.operationId} (${name})`, '');
        }
      }
    }
    expect(dates.length).toBeGreaterThan(3);
    expect(past).toEqual([]);
  });
});

describe('the TypeScript samples of the chapters and the README', () => {
  const texts = [...chapters, { file: 'README.md', text: '' }];
  beforeAll(async () => {
    texts[texts.length - 1]!.text = await readFile(join(root, 'README.md'), 'utf8');
  });

  it('import the client from its package (or Node and express), never from a path of this repository', async () => {
    const exported = Object.keys((JSON.parse(await readFile(join(root, 'client/package.json'), 'utf8')) as { exports: object }).exports);
    const allowed = new Set([...exported.map((e) => `@payments-service/client${e.slice(1)}`), 'express']);
    const wrong: string[] = [];
    let imports = 0;
    for (const { file, text } of texts) {
      for (const [, block] of text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)) {
        for (const [, from] of block!.matchAll(/^import [^;]+ from '([^']+)';$/gm)) {
          imports += 1;
          if (!from!.startsWith('node:') && !allowed.has(from!)) wrong.push(`${file}: ${from}`);
        }
      }
    }
    expect(imports).toBeGreaterThan(5);
    expect(wrong).toEqual([]);
  });
});
