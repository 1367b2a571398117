/**
 * The docs' code samples (`x-codeSamples` of generated/openapi.json, made by scripts/lib/code-samples.ts): what the
 * curl and client samples say for the cases that matter (quoting, parameters, bodies, idempotency keys, the event
 * stream), that the generated document holds exactly what the generator makes now, that every TypeScript sample
 * type-checks against the client, and that every one of them, run against a live service, is answered as documented.
 */
import { execFile } from 'node:child_process';
import dns from 'node:dns';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../server/testing/harness';
import { makeFixtures, type SampleFixtures } from '../server/testing/sample-fixtures';
import { codeSamples, literal, shellQuote, withCodeSamples, type CodeSample } from './lib/code-samples';
import { HTTP_METHODS } from './lib/routes';

const run = promisify(execFile);
const EXAMPLE_HOST = 'hooks.acme.com.br';
const root = resolve(import.meta.dirname, '..');
const doc = JSON.parse(await readFile(join(root, 'generated/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, { operationId: string; 'x-codeSamples'?: CodeSample[] }>>;
};

/** A document of one operation, `POST /v1/things/{thingId}` unless `method` says otherwise. */
function docOf(op: Record<string, unknown>, method = 'post', path = '/v1/things/{thingId}'): object {
  return {
    paths: { [path]: { [method]: { operationId: 'doThing', responses: { '200': { description: 'ok' } }, ...op } } },
    components: {
      parameters: {
        ThingId: { name: 'thingId', in: 'path', required: true, schema: { type: 'string' }, example: 'thg_4Fr6Yh8Uj2Ik0Ol9' },
        IdempotencyKey: { name: 'X-Idempotency-Key', in: 'header', required: false, schema: { type: 'string' } },
      },
    },
  };
}

const THING = { $ref: '#/components/parameters/ThingId' };
const IDEM = { $ref: '#/components/parameters/IdempotencyKey' };

function jsonBody(...values: unknown[]) {
  const examples = Object.fromEntries(values.map((value, i) => [`e${i}`, { value }]));
  return { requestBody: { content: { 'application/json': { schema: { type: 'object' }, examples } } } };
}

function sample(d: object, label: string, method = 'post', path = '/v1/things/{thingId}'): string {
  const found = codeSamples(d, path, method).find((s) => s.label === label);
  if (!found) throw new Error(`no ${label} sample`);
  return found.source;
}

/** The arguments curl would get: the sample run by bash with `curl` replaced by a function. */
async function curlArgs(source: string): Promise<string[]> {
  const script = `curl() { printf '%s\\0' "$@"; }\n${source}\n`;
  const { stdout } = await run('bash', ['-c', script], { env: { PATH: process.env.PATH ?? '', PAYMENTS_API_KEY: 'sk_test_abc' } });
  return stdout.split('\0').slice(0, -1);
}

describe('the curl sample', () => {
  it('sends the first body example exactly as written, whatever quotes and backslashes its strings hold', async () => {
    const tricky = { note: "it's Maria's order", path: 'C:\\temp\\"x"', shell: '$(echo expanded) `echo expanded` $HOME !!', lines: 'a\nb' };
    const long = { ...tricky, items: Array.from({ length: 6 }, (_, i) => ({ name: `Item ${i}'s`, quantity: i })) };
    for (const body of [tricky, long]) {
      const d = docOf({ parameters: [THING], ...jsonBody(body, { other: true }) });
      const args = await curlArgs(sample(d, 'curl'));
      expect(JSON.parse(args[args.indexOf('-d') + 1] ?? '')).toEqual(body);
      expect(args.slice(0, 3)).toEqual(['-X', 'POST', 'http://localhost:3000/v1/things/thg_4Fr6Yh8Uj2Ik0Ol9']);
      expect(args).toContain('ServiceKey: sk_test_abc');
      expect(args).toContain('Content-Type: application/json');
    }
    // Short bodies stay on the -d line; long ones are spread over lines, inside the same quotes.
    expect(sample(docOf({ parameters: [THING], ...jsonBody({ amount: 100 }) }), 'curl')).toContain(`-d '{"amount":100}'`);
    expect(sample(docOf({ parameters: [THING], ...jsonBody(long) }), 'curl').split('\n').length).toBeGreaterThan(8);
  });

  it('quotes path and query values for the shell and the URL, and shows only required query parameters', async () => {
    const d = docOf(
      {
        parameters: [
          { name: 'thingId', in: 'path', required: true, example: "thg_it's&me" },
          { name: 'q', in: 'query', required: true, example: "O'Neil & Sons (ltd)" },
          { name: 'state', in: 'query', required: false, example: 'open' },
        ],
      },
      'get',
    );
    const source = sample(d, 'curl', 'get');
    expect(source).not.toContain('state=');
    expect(source).not.toContain('-X');
    const args = await curlArgs(source);
    const url = new URL(args[0] ?? '');
    expect(decodeURIComponent(url.pathname)).toBe("/v1/things/thg_it's&me");
    expect(url.searchParams.get('q')).toBe("O'Neil & Sons (ltd)");
  });

  it('shows the page size of a list, and no body, Content-Type or idempotency key where the operation has none', async () => {
    const limit = { name: 'limit', in: 'query', required: false, example: 20 };
    const d = docOf({ parameters: [limit, { name: 'status', in: 'query', example: 'paid' }] }, 'get', '/v1/things');
    expect(await curlArgs(sample(d, 'curl', 'get', '/v1/things'))).toEqual(['http://localhost:3000/v1/things?limit=20', '-H', 'ServiceKey: sk_test_abc']);
    const del = await curlArgs(sample(docOf({ parameters: [THING] }, 'delete'), 'curl', 'delete'));
    expect(del).toEqual(['-X', 'DELETE', 'http://localhost:3000/v1/things/thg_4Fr6Yh8Uj2Ik0Ol9', '-H', 'ServiceKey: sk_test_abc']);
  });

  it('sends a fresh X-Idempotency-Key exactly where the operation declares the IdempotencyKey parameter', async () => {
    const withKey = sample(docOf({ parameters: [THING, IDEM] }), 'curl');
    expect(withKey).toContain('-H "X-Idempotency-Key: $(cat /proc/sys/kernel/random/uuid)"');
    // A new UUID at each run, with nothing but the kernel (no `uuidgen` on a stock Debian).
    const [first, second] = [await curlArgs(withKey), await curlArgs(withKey)].map((args) => args.find((a) => a.startsWith('X-Idempotency-Key:')));
    expect(first).toMatch(/^X-Idempotency-Key: [0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).not.toBe(first);
    expect(sample(docOf({ parameters: [THING] }), 'curl')).not.toContain('X-Idempotency-Key');
    // The client sets its own keys: its sample never does.
    expect(sample(docOf({ parameters: [THING, IDEM] }), 'Client')).not.toContain('Idempotency');
  });

  it('keeps an event stream open (-N) and points to the CLI instead of the client', () => {
    const d = docOf({ responses: { '200': { description: 'stream', content: { 'text/event-stream': { schema: { type: 'string' } } } } } }, 'get', '/v1/events/stream');
    const samples = codeSamples(d, '/v1/events/stream', 'get');
    expect(samples.map((s) => s.label)).toEqual(['curl', 'CLI']);
    expect(samples[0]?.source).toMatch(/^curl -N http:\/\/localhost:3000\/v1\/events\/stream \\\n/);
    expect(samples[1]?.source).toContain('npx payments listen --forward-to');
  });

  it('refuses a parameter without an example, naming the operation', () => {
    const d = docOf({ parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'string' } }] });
    expect(() => codeSamples(d, '/v1/things/{thingId}', 'post')).toThrow('doThing: parameter thingId (path) has no example');
  });

  it('shellQuote leaves plain words and quotes anything else', () => {
    expect(shellQuote('http://localhost:3000/v1/x')).toBe('http://localhost:3000/v1/x');
    expect(shellQuote("a'b c")).toBe(`'a'\\''b c'`);
  });
});

describe('the client sample', () => {
  it('passes path and query parameters and the body as a readable literal', () => {
    const d = docOf({
      parameters: [THING, IDEM, { name: 'mode', in: 'query', required: true, example: 'full' }],
      ...jsonBody({ amount: 100, 'odd-key': "it's", list: [1, 2] }),
    });
    expect(sample(d, 'Client')).toBe(
      [
        "import { createPaymentsClient } from '@payments-service/client';",
        '',
        "const client = createPaymentsClient({ baseUrl: 'http://localhost:3000', apiKey: process.env.PAYMENTS_API_KEY! });",
        '',
        "const { data, error } = await client.POST('/v1/things/{thingId}', {",
        "  params: { path: { thingId: 'thg_4Fr6Yh8Uj2Ik0Ol9' }, query: { mode: 'full' } },",
        "  body: { amount: 100, 'odd-key': 'it\\'s', list: [1, 2] },",
        '});',
        'if (error) throw new Error(`${error.code}: ${error.message}`);',
        'console.log(data);',
      ].join('\n'),
    );
    expect(sample(docOf({}, 'get', '/v1/things'), 'Client', 'get', '/v1/things')).toContain("await client.GET('/v1/things');");
  });

  it('writes a long literal one member per line, nested values on one line when they fit', () => {
    const value = { customer: { firstName: 'Maria', lastName: 'Silva', email: 'maria.silva@example.com', document: { type: 'cpf', number: '52998224725' } } };
    expect(literal(value, 'ts', '', 60)).toBe(
      [
        '{',
        '  customer: {',
        "    firstName: 'Maria',",
        "    lastName: 'Silva',",
        "    email: 'maria.silva@example.com',",
        "    document: { type: 'cpf', number: '52998224725' },",
        '  },',
        '}',
      ].join('\n'),
    );
    // Every string survives as the same value, whatever it holds.
    const odd = { s: "a'b\"c\\d\ne\u2028" };
    expect(new Function(`return ${literal(odd, 'ts')}`)()).toEqual(odd);
  });
});

describe('the generated document', () => {
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((m) => item[m]).map((method) => ({ path, method, op: item[method]! })),
  );

  it('gives every operation exactly its two samples, as the generator makes them now', () => {
    const bare = structuredClone(doc);
    for (const { path, method } of operations) delete bare.paths[path]![method]!['x-codeSamples'];
    const stale: string[] = [];
    for (const { path, method, op } of operations) {
      const samples = op['x-codeSamples'] ?? [];
      const labels = samples.map((s) => `${s.lang}/${s.label}`).join(' ');
      expect(labels, op.operationId).toMatch(/^Shell\/curl (TypeScript\/Client|Shell\/CLI)$/);
      if (JSON.stringify(samples) !== JSON.stringify(codeSamples(bare, path, method))) stale.push(op.operationId);
    }
    expect(operations.length).toBeGreaterThan(70);
    expect(stale, 'run `npm run generate`').toEqual([]);
    expect(JSON.stringify(withCodeSamples(bare))).toBe(JSON.stringify(doc));
  });

  it('keeps the hand-written spec free of samples', async () => {
    const files = (await readdir(join(root, 'spec'), { recursive: true })).filter((f) => /\.(ya?ml|json)$/.test(f));
    const holding: string[] = [];
    for (const f of files) if ((await readFile(join(root, 'spec', f), 'utf8')).includes('x-codeSamples')) holding.push(f);
    expect(files.length).toBeGreaterThan(100);
    expect(holding).toEqual([]);
  });
});

// ---- the TypeScript samples, compiled and run -----------------------------------------------------------------------

interface ClientSample {
  operationId: string;
  source: string;
}

const clientSamples: ClientSample[] = Object.values(doc.paths).flatMap((item) =>
  HTTP_METHODS.flatMap((m) => {
    const op = item[m];
    const source = op?.['x-codeSamples']?.find((s) => s.lang === 'TypeScript')?.source;
    return op && source ? [{ operationId: op.operationId, source }] : [];
  }),
);

describe('the TypeScript samples', () => {
  // The examples' webhook host (hooks.acme.com.br) is not ours, and tests reach no DNS: it resolves here to an address
  // of the documentation range, as any public host would. Nothing is delivered to it (no job runs after the samples).
  const realLookup = dns.promises.lookup.bind(dns.promises);
  beforeAll(() => {
    vi.spyOn(dns.promises, 'lookup').mockImplementation(((host: string, options: dns.LookupOptions) =>
      host === EXAMPLE_HOST ? Promise.resolve([{ address: '203.0.113.10', family: 4 }]) : realLookup(host, options)) as typeof dns.promises.lookup);
  });
  afterAll(() => vi.mocked(dns.promises.lookup).mockRestore());

  // Inside the repository, so that their imports resolve from its node_modules; removed afterwards.
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(root, '.code-samples-'));
    await mkdir(join(dir, 'typecheck'));
    for (const s of clientSamples) await writeFile(join(dir, 'typecheck', `${s.operationId}.ts`), `${s.source}\n`);
    const tsconfig = {
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2023', 'DOM'],
        types: ['node'],
        strict: true,
        skipLibCheck: true,
        noEmit: true,
        // What a partner's `npm install @payments-service/client` resolves to, here its sources.
        paths: { '@payments-service/client': ['../client/src/index.ts'] },
      },
      include: ['typecheck/*.ts'],
    };
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('type-check against the client, every one of them', async () => {
    expect(clientSamples.length).toBeGreaterThan(70);
    const tsc = join(root, 'node_modules/.bin/tsc');
    const out = await run(tsc, ['-p', 'tsconfig.json', '--pretty', 'false'], { cwd: dir }).then(
      (r) => r.stdout,
      (err: { stdout?: string; message: string }) => err.stdout || err.message,
    );
    // `typecheck/captureTransaction.ts(7,30): error TS2339: …` → `captureTransaction: (7,30) TS2339: …`
    const errors = out
      .split('\n')
      .filter((line) => line.includes('error TS'))
      .map((line) => line.replace(/^typecheck\/(\w+)\.ts(\(\d+,\d+\)): error (TS\d+:)/, '$1: $2 $3').slice(0, 200));
    expect(errors).toEqual([]);
  }, 120_000);

  describe('run against a live service', () => {
    let svc: TestService;
    let fixtures: SampleFixtures;
    beforeAll(async () => {
      svc = await startTestService(ENGINES[0]!, { RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' });
      fixtures = await makeFixtures(svc);
      await mkdir(join(dir, 'run'));
    }, 240_000);
    afterAll(async () => svc?.close());

    it('answers every sample as documented: a success, or the one refusal listed for it', async () => {
      const client = join(root, 'client/src/index.ts');
      const outcomes: Outcome[] = [];
      for (const s of clientSamples) {
        const source = s.source
          .replace("'@payments-service/client'", JSON.stringify(client))
          .replace("'http://localhost:3000'", JSON.stringify(svc.url))
          .replace(/'([a-z]+)_[0-9A-Za-z]{8,}'/g, (literal, prefix: string) => {
            const id = fixtures.perOperation[s.operationId]?.[prefix] ?? fixtures.ids[prefix];
            if (!id) throw new Error(`${s.operationId}: no fixture stands for ${literal} (prefix ${prefix})`);
            return `'${id}'`;
          });
        const file = join(dir, 'run', `${s.operationId}.ts`);
        await writeFile(file, `${source}\n`);
        const key = fixtures.ownMerchant.includes(s.operationId) ? (await svc.newMerchant()).sandboxKey : svc.merchant.sandboxKey;
        outcomes.push({ operationId: s.operationId, ...(await runSample(file, key)) });
      }
      const unexpected = outcomes.flatMap((o) => {
        const allowed = REFUSALS[o.operationId];
        const answer = o.calls.at(-1);
        if (!answer) return [`${o.operationId}: no request sent${o.thrown ? ` (threw ${o.thrown})` : ''}`];
        const what = `${o.operationId}: ${answer.method} ${answer.status} ${answer.code ?? ''}`.trim();
        if (answer.status >= 200 && answer.status < 300) {
          if (o.thrown) return [`${what}, yet the sample threw ${o.thrown}`];
          if (o.logged === undefined) return [`${what}, yet the sample logged no data`];
          return allowed ? [`${what}: succeeds now, remove it from REFUSALS`] : [];
        }
        if (!o.thrown) return [`${what}, yet the sample did not throw`];
        return allowed && allowed.status === answer.status && allowed.code === answer.code ? [] : [`${what} (${answer.message})`];
      });
      expect(outcomes.length).toBe(clientSamples.length);
      expect(unexpected).toEqual([]);
    }, 240_000);
  });
});

// ---- running one sample ---------------------------------------------------------------------------------------------

interface Answer {
  method: string;
  status: number;
  /** The error envelope's `code` and `message`, for an answer that is not a success. */
  code: string | undefined;
  message: string | undefined;
}

interface Outcome {
  operationId: string;
  /** Every request the sample sent, in order (the client may retry). */
  calls: Answer[];
  /** What the sample printed (`console.log(data)`). */
  logged: unknown;
  thrown: string | undefined;
}

/**
 * Imports the sample's module (it runs at once: top-level await), with PAYMENTS_API_KEY set and the global fetch and
 * console.log watched for its duration, then puts them back.
 */
async function runSample(file: string, key: string): Promise<Omit<Outcome, 'operationId'>> {
  const calls: Answer[] = [];
  let logged: unknown;
  let thrown: string | undefined;
  const realFetch = globalThis.fetch;
  const realLog = console.log;
  const realKey = process.env.PAYMENTS_API_KEY;
  globalThis.fetch = async (input, init) => {
    const res = await realFetch(input, init);
    const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
    const body = res.ok ? undefined : ((await res.clone().json().catch(() => undefined)) as { error?: { code?: string; message?: string } } | undefined);
    const { code, message } = body?.error ?? {};
    calls.push({ method, status: res.status, code, message });
    return res;
  };
  console.log = (value: unknown) => {
    logged = value;
  };
  process.env.PAYMENTS_API_KEY = key;
  try {
    await import(pathToFileURL(file).href);
  } catch (err) {
    thrown = err instanceof Error ? err.message : String(err);
  } finally {
    globalThis.fetch = realFetch;
    console.log = realLog;
    if (realKey === undefined) delete process.env.PAYMENTS_API_KEY;
    else process.env.PAYMENTS_API_KEY = realKey;
  }
  return { calls, logged, thrown };
}

// ---- what the samples act on ----------------------------------------------------------------------------------------

/**
 * Samples whose example cannot succeed against any state a fixture can give it, with the documented refusal (409 or
 * 422) they get and why. Every other sample must succeed. None today: the fixtures give every example what it needs.
 */
const REFUSALS: Record<string, { status: 409 | 422; code: string; reason: string }> = {};
